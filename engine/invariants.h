#pragma once
// Invariants of a hand in progress, checked after every event in tests and debug builds:
// 136 tiles accounted for, points plus deposits conserved, hand sizes right.

#include <string>

#include "engine/round_state.h"

namespace mj {

// Empty if every invariant holds, else what is wrong. `expected_total` = starting points x 4.
[[nodiscard]] std::string CheckInvariants(const RoundState& s, int expected_total);

}  // namespace mj
