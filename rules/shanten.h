#pragma once
// Shanten: how far a hand is from complete, as the minimum number of tiles that must be drawn
// (each replacing a useless tile) to complete it. -1 = complete, 0 = tenpai, 1 = one away, ...
//
// Exact in the sense of tomohxx's shanten-number and Mortal: the hand is completed by adding
// tiles, and a completion needing a fifth copy of a kind (counting the hand's own copies) does
// not count; e.g. 1111m234p567s789s with four 1m is not tenpai on 1m. Tiles in called melds,
// rivers and dora indicators are not counted against the four-copy limit.
//
// `counts` holds the concealed tiles only: 13 - 3 * num_melds (before a draw) or
// 14 - 3 * num_melds (after a draw) of them, each count 0..4; num_melds is 0..4 and counts a kan
// as one meld. Other inputs give an unspecified value, never undefined behaviour.
//
// The lookup tables (about 20 MB) are built on first use inside a function-local static
// (thread-safe); later calls are table lookups.

#include "engine/tile.h"

namespace mj {

// Four minus num_melds sets plus one pair.
[[nodiscard]] int ShantenStandard(const KindCounts& counts, int num_melds);
// Seven distinct pairs: 6 - pairs + max(0, 7 - distinct kinds); four of a kind is one pair.
// Meaningful for a closed hand (13 or 14 tiles).
[[nodiscard]] int ShantenChiitoitsu(const KindCounts& counts);
// Thirteen orphans: 13 - distinct terminal/honor kinds - (1 if any of them is paired).
[[nodiscard]] int ShantenKokushi(const KindCounts& counts);
// Minimum over the forms allowed: seven pairs and thirteen orphans only when num_melds == 0.
[[nodiscard]] int Shanten(const KindCounts& counts, int num_melds);

// Builds a fresh copy of the lookup tables and discards it, returning a checksum so the work is
// not optimised away. Only for measuring the first-use cost; queries never need it.
[[nodiscard]] uint64_t BuildShantenTablesForBenchmark();

}  // namespace mj
