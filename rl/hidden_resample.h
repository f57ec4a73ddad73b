#pragma once
// HiddenResample: another state of the same table that one seat cannot tell from this one, for
// the no-leak test of the observation encoding (tests/python/test_no_leak.py): every tile the
// seat cannot see is dealt again at random among the places it cannot see: the other seats'
// concealed hands (not a hand shown by open riichi), their face-down shields, the undrawn live
// wall and the dead wall's unrevealed tiles (replacement tiles, indicators not turned, ura
// indicators). Everything public stays: hand sizes, shield counts, and (rulesets with peach
// tiles, whose backs are marked) where the peach tiles are: peach copies are exchanged only
// among themselves.

#include <cstdint>

#include "engine/round_state.h"

namespace mj::rl {

// A copy of `s` with what `seat` cannot see dealt again from `seed` (mj::Rng).
[[nodiscard]] RoundState ResampleHidden(const RoundState& s, int seat, uint64_t seed);

}  // namespace mj::rl
