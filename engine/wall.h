#pragma once
// The wall of one hand, laid out in draw order (Tenhou's layout, abstracted):
//   tiles[0..kLiveSize)         the live wall: the deal (13 x 4, in dealing order) then draws;
//                               its last kans-many tiles move to the dead wall as kans are made
//   tiles[kRinshanStart..+4)    replacement draws after kans, in order
//   tiles[kDoraStart..+5)       dora indicators (first, then one per kan)
//   tiles[kUraStart..+5)        ura dora indicators, matching the dora indicators
// A wall is either shuffled from a seed or given explicitly (tests, imported games).
//
// Shields (盾牌): tiles carried as shields from the last hand are physically out of the wall.
// Such a wall holds `size` < 136 tiles in tiles[0..size); the carried tiles sit (unused) in
// tiles[size..136). The dead wall, when the ruleset has one, is then the last 14 of the `size`
// tiles; the accessors below take positions relative to `size` (equal to the constants for a full
// wall). Without a dead wall (rules.dead_wall false) every one of the `size` tiles is drawn.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tiles/result.h"
#include "tiles/tile.h"

namespace mj {

struct Wall {
  static constexpr int kLiveSize = 122;
  static constexpr int kRinshanStart = 122;
  static constexpr int kDoraStart = 126;
  static constexpr int kUraStart = 131;
  std::array<Tile, kNumTiles> tiles{};
  int size = kNumTiles;  // tiles in the wall; tiles[size..136) are out of it (carried shields)

  // A shuffled wall (Fisher-Yates with the engine PRNG seeded by `seed`).
  [[nodiscard]] static Wall Shuffled(uint64_t seed);
  // An explicit wall: must be a permutation of 0..135.
  [[nodiscard]] static Result<Wall> FromTiles(const std::vector<Tile>& tiles);
  // Checks that every id 0..135 appears exactly once.
  [[nodiscard]] bool IsPermutation() const;

  // The same wall with `out` removed from it: the remaining tiles keep their relative order in
  // tiles[0..size), `out` (and tiles already out) follow. Idempotent. A shuffled wall without
  // some tiles is thus a deterministic shuffle of the others.
  [[nodiscard]] Wall Without(const std::vector<Tile>& out) const;

  // Dead-wall positions for a wall of `size` tiles (the constants when size == 136).
  [[nodiscard]] int LiveSize() const { return size - (kNumTiles - kLiveSize); }
  [[nodiscard]] int RinshanStart() const { return size - (kNumTiles - kRinshanStart); }
  [[nodiscard]] int DoraStart() const { return size - (kNumTiles - kDoraStart); }
  [[nodiscard]] int UraStart() const { return size - (kNumTiles - kUraStart); }
  [[nodiscard]] Tile DoraIndicator(int i) const { return tiles[DoraStart() + i]; }
  [[nodiscard]] Tile UraIndicator(int i) const { return tiles[UraStart() + i]; }
  [[nodiscard]] Tile Rinshan(int i) const { return tiles[RinshanStart() + i]; }
};

}  // namespace mj
