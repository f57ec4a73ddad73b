#include "agents/expert_win_chance.h"

#include <algorithm>
#include <array>

namespace mj {

WinChance EstimateWinChance(const WinChanceInput& in) {
  WinChance out;
  if (in.shanten < 0 || in.draws <= 0 || in.unseen <= 0) return out;
  const int stages = std::min(in.shanten, 6) + 1;  // stage i: i useful draws made
  const double u = static_cast<double>(in.unseen);
  // The chance per own draw of the next useful tile at each stage (stage index = draws made).
  std::array<double, 8> step{};
  for (int i = 0; i < stages - 1; ++i) {
    const int shanten_at = in.shanten - i;  // shanten before this draw
    const double typical = 8.0 + 7.0 * (shanten_at - 1);
    const double acc = i == 0                               ? in.acceptance
                       : i == 1 && in.next_acceptance >= 0 ? in.next_acceptance
                                                           : std::min<double>(typical, std::max(in.acceptance, 6));
    step[i] = std::clamp(acc / u, 0.0, 1.0);
  }
  // Tenpai: the own wait if tenpai now, else a typical wait of about five tiles.
  const double wait = in.shanten == 0 ? in.acceptance : in.next_wait >= 0 ? in.next_wait : 5.0 * u / 110.0;
  const double tsumo = std::clamp(wait / u, 0.0, 1.0);
  const double share = in.shanten == 0         ? in.ron_share
                       : in.next_ron_share >= 0 ? in.next_ron_share
                                                : std::min(in.ron_share, in.future_ron_share);
  const double per_discard = std::clamp(wait / u * share, 0.0, 1.0);
  const double ron = 1.0 - (1.0 - per_discard) * (1.0 - per_discard) * (1.0 - per_discard);
  std::array<double, 8> at{};
  at[0] = 1.0;
  double win = 0, win_tsumo = 0, alive = 0;
  for (int r = 0; r < in.draws; ++r) {
    // Ron on the others' discards before the own draw, for a hand already tenpai.
    const double t = at[stages - 1];
    const double by_ron = t * ron;
    const double by_tsumo = (t - by_ron) * tsumo;
    win += by_ron + by_tsumo;
    win_tsumo += by_tsumo;
    at[stages - 1] = t - by_ron - by_tsumo;
    for (int i = stages - 2; i >= 0; --i) {
      const double moved = at[i] * step[i];
      at[i] -= moved;
      at[i + 1] += moved;
    }
    double total = 0;
    const double end = std::clamp(in.end_per_round + r * in.end_growth, 0.0, 1.0);
    for (int i = 0; i < stages; ++i) {
      at[i] *= 1.0 - end;
      total += at[i];
    }
    alive += total;
  }
  out.win = std::clamp(win, 0.0, 1.0);
  out.tsumo_share = win > 0 ? win_tsumo / win : 0;
  out.alive_rounds = alive;
  out.tenpai_end = std::clamp(at[stages - 1], 0.0, 1.0);
  return out;
}

}  // namespace mj
