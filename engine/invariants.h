#pragma once
// Invariants of a hand in progress, checked after every event in tests and debug builds:
// 136 tiles accounted for, points plus deposits conserved, hand sizes right.

#include <string>

#include "engine/round_state.h"

namespace mj {

// Empty if each of the 136 tiles is in exactly one place (the undrawn wall, hands, melds, rivers,
// face-down and face-up shields, shields returned this hand), else the first tile that is not.
// Cheap enough to run after every event of every game (PlayGame does, in every build type).
[[nodiscard]] std::string CheckTileConservation(const RoundState& s);

// Empty if every invariant holds, else what is wrong. `expected_total` = starting points x 4.
[[nodiscard]] std::string CheckInvariants(const RoundState& s, int expected_total);

}  // namespace mj
