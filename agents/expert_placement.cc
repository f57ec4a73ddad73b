#include "agents/expert_placement.h"

#include "engine/game.h"

namespace mj {

bool IsLastHand(const PlayerView& view) {
  const Ruleset& rules = view.rules();
  const int hand = view.round_wind() * 4 + view.kyoku();
  if (rules.max_hands > 0 && !rules.renchan && hand + 1 >= rules.max_hands) return true;
  switch (rules.length) {
    case GameLength::kEast: return hand >= 3;
    case GameLength::kHanchan: return hand >= 7;
    case GameLength::kUnlimited: return false;
  }
  return false;
}

double PlacementGain(const PlayerView& view, const std::array<int, 4>& delta) {
  const Ruleset& rules = view.rules();
  const int me = view.seat();
  std::array<int, 4> before{}, after{};
  for (int p = 0; p < 4; ++p) {
    before[p] = view.score(p);
    after[p] = before[p] + delta[p];
  }
  const int oka = (rules.return_points - rules.starting_points) * 4;
  auto value = [&](const std::array<int, 4>& s) {
    const int rank = RankSeats(s)[me];
    return static_cast<double>(s[me]) + rules.uma[rank - 1] + (rank == 1 ? oka : 0);
  };
  return value(after) - value(before);
}

}  // namespace mj
