#include "agents/expert_placement.h"

#include <algorithm>
#include <cmath>

#include "engine/game.h"

namespace mj {

int HandsAfter(const PlayerView& view) {
  const Ruleset& rules = view.rules();
  int last = -1;  // the last hand's number (round x 4 + kyoku)
  if (rules.max_hands > 0 && !rules.renchan) {
    last = rules.max_hands - 1;
  } else if (rules.length == GameLength::kEast) {
    last = 3;
  } else if (rules.length == GameLength::kHanchan) {
    last = 7;
  }
  return last < 0 ? -1 : std::max(0, last - (view.round_wind() * 4 + view.kyoku()));
}

Placement::Placement(const PlayerView& view, double rank_points, double hand_sigma)
    : rules_(&view.rules()), me_(view.seat()) {
  const Ruleset& rules = *rules_;
  const int oka = (rules.return_points - rules.starting_points) * 4;
  bool paid = oka != 0;
  for (int r = 0; r < 4; ++r) {
    prize_[r] = rules.uma[r] + (r == 0 ? oka : 0);
    paid = paid || rules.uma[r] != 0;
  }
  if (!paid)
    for (int r = 0; r < 4; ++r) prize_[r] = rank_points * (1.5 - r);
  prizes_ = paid || rank_points > 0;
  for (int p = 0; p < 4; ++p) scores_[p] = view.score(p);
  const int after = HandsAfter(view);
  last_ = after == 0;
  // With no known end the game may go on for any number of hands: every place is as likely.
  double mean_prize = 0;
  for (double v : prize_) mean_prize += v / 4;
  const double spread = hand_sigma * std::sqrt(static_cast<double>(std::max(after, 0)));
  base_ = scores_[me_] + (after < 0 ? mean_prize : ExpectedPrize(scores_, spread));
}

double Placement::ExpectedPrize(const std::array<int, 4>& s, double spread) const {
  if (!prizes_) return 0;
  if (spread <= 0) return prize_[RankSeats(s)[me_] - 1];
  // dist[m]: chance that exactly m other seats finish ahead.
  std::array<double, 4> dist{1, 0, 0, 0};
  for (int p = 0; p < 4; ++p) {
    if (p == me_) continue;
    const double ahead = 0.5 * std::erfc((s[me_] - s[p]) / (spread * std::sqrt(2.0)));
    for (int m = 3; m >= 0; --m) dist[m] = dist[m] * (1 - ahead) + (m > 0 ? dist[m - 1] * ahead : 0.0);
  }
  double v = 0;
  for (int r = 0; r < 4; ++r) v += dist[r] * prize_[r];
  return v;
}

bool Placement::Ends(const std::array<int, 4>& s) const {
  if (last_) return true;
  const auto [low, top] = std::minmax_element(s.begin(), s.end());
  if (rules_->bust_ends_game && *low < 0) return true;
  return rules_->end_point_gap > 0 && *top - *low > rules_->end_point_gap;
}

std::optional<double> Placement::Gain(const std::array<int, 4>& delta) const {
  std::array<int, 4> after = scores_;
  for (int p = 0; p < 4; ++p) after[p] += delta[p];
  if (!Ends(after)) return std::nullopt;
  return after[me_] + ExpectedPrize(after, 0) - base_;
}

}  // namespace mj
