#pragma once
// Placement for the `expert` agent: in the hand that ends the game, points are worth what they
// do to the final standing. The game value of a seat is its score plus the ruleset's uma for its
// rank plus the oka to first ((return_points - starting_points) x 4); PlacementGain gives the
// change in that value when the scores change by `delta`, so a win that lifts the seat to first
// is worth its points and the uma gap, and a deal-in that drops it a place costs the same way.
// Other hands count points as points (PlacementGain is then delta[seat]).

#include <array>

#include "engine/player_view.h"

namespace mj {

// True if the hand being played is the game's last by the ruleset's length: South 4 of a
// hanchan (and West, the extension), East 4 of an east game, the last of `max_hands` in a game
// without renchan (hand number = round x 4 + kyoku).
[[nodiscard]] bool IsLastHand(const PlayerView& view);

// The change in `view.seat()`'s game value when the scores change by `delta` (by seat).
[[nodiscard]] double PlacementGain(const PlayerView& view, const std::array<int, 4>& delta);

}  // namespace mj
