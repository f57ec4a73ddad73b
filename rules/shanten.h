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

#include <array>
#include <cstdint>

#include "tiles/tile.h"

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

// The standard form's shanten of the hands one tile away from one hand, for asking about many
// draws (or discards) of the same hand: Plus(k) == ShantenStandard(counts + one k, num_melds) and
// Minus(k) == ShantenStandard(counts - one k, num_melds), for counts 0..4 and num_melds 0..4
// whatever the number of tiles (e.g. a 14-tile hand plus a draw). A one-tile change touches one
// group (one suit or the honours), so the other three groups are combined once, on construction
// (about two ShantenStandard calls' work); each answer is then one table read and a few vector
// instructions. Plus(k) needs counts[k] <= 3, Minus(k) counts[k] >= 1; otherwise the value is
// unspecified (never undefined behaviour). The object does not refer to `counts` afterwards.
class StandardShantenNeighbours {
 public:
  StandardShantenNeighbours(const KindCounts& counts, int num_melds);
  // The object for the same hand less one `k` (counts[k] >= 1; otherwise unspecified): the
  // groups `k` does not touch stay combined, so this is about two thirds of a construction's
  // work, with one table read instead of four.
  [[nodiscard]] StandardShantenNeighbours Without(Kind k) const;
  [[nodiscard]] int Plus(Kind k) const;
  [[nodiscard]] int Minus(Kind k) const;
  // ShantenStandard(counts, num_melds) itself.
  [[nodiscard]] int Unchanged() const;

 private:
  static constexpr int kGroups = 4;  // man, pin, sou, honours
  // A group's table entry: tiles to add for m = 0..4 sets and p = 0..1 pair at m * 2 + p.
  using Entry = std::array<uint8_t, 10>;

  // Shanten with group `group` at table index `index` and the other groups as held.
  [[nodiscard]] int With(int group, uint32_t index) const;

  std::array<const Entry*, kGroups> table_;  // each group's lookup table
  std::array<uint32_t, kGroups> index_;      // each group's index in it
  // Per group, the other three combined, arranged so that adding it lane by lane to the group's
  // entry and taking the minimum gives the tiles to add (rules/shanten.cc).
  std::array<std::array<uint8_t, 16>, kGroups> others_;
  // The halves others_ is built from: man with pin, sou with honours (Without reuses them).
  std::array<uint8_t, 16> man_pin_, sou_honor_;
  int sets_;  // sets to find in the concealed tiles (4 less the melds)
};

// Builds a fresh copy of the lookup tables and discards it, returning a checksum so the work is
// not optimised away. Only for measuring the first-use cost; queries never need it.
[[nodiscard]] uint64_t BuildShantenTablesForBenchmark();

}  // namespace mj
