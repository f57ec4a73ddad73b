#pragma once
// The wall of one hand, laid out in draw order (Tenhou's layout, abstracted):
//   tiles[0..kLiveSize)         the live wall: the deal (13 x 4, in dealing order) then draws;
//                               its last kans-many tiles move to the dead wall as kans are made
//   tiles[kRinshanStart..+4)    replacement draws after kans, in order
//   tiles[kDoraStart..+5)       dora indicators (first, then one per kan)
//   tiles[kUraStart..+5)        ura dora indicators, matching the dora indicators
// A wall is either shuffled from a seed or given explicitly (tests, imported games).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/result.h"
#include "engine/tile.h"

namespace mj {

struct Wall {
  static constexpr int kLiveSize = 122;
  static constexpr int kRinshanStart = 122;
  static constexpr int kDoraStart = 126;
  static constexpr int kUraStart = 131;
  std::array<Tile, kNumTiles> tiles{};

  // A shuffled wall (Fisher-Yates with the engine PRNG seeded by `seed`).
  [[nodiscard]] static Wall Shuffled(uint64_t seed);
  // An explicit wall: must be a permutation of 0..135.
  [[nodiscard]] static Result<Wall> FromTiles(const std::vector<Tile>& tiles);
  // Checks that every id 0..135 appears exactly once.
  [[nodiscard]] bool IsPermutation() const;

  [[nodiscard]] Tile DoraIndicator(int i) const { return tiles[kDoraStart + i]; }
  [[nodiscard]] Tile UraIndicator(int i) const { return tiles[kUraStart + i]; }
  [[nodiscard]] Tile Rinshan(int i) const { return tiles[kRinshanStart + i]; }
};

}  // namespace mj
