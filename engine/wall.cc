#include "engine/wall.h"

#include <span>

#include "engine/rng.h"

namespace mj {

Wall Wall::Shuffled(uint64_t seed) {
  Wall w;
  for (int i = 0; i < kNumTiles; ++i) w.tiles[i] = static_cast<Tile>(i);
  Rng rng(seed);
  rng.Shuffle(std::span<Tile>(w.tiles));
  return w;
}

bool Wall::IsPermutation() const {
  std::array<bool, kNumTiles> seen{};
  for (Tile t : tiles) {
    if (t >= kNumTiles || seen[t]) return false;
    seen[t] = true;
  }
  return true;
}

Wall Wall::Without(const std::vector<Tile>& out) const {
  std::array<bool, kNumTiles> gone{};
  for (Tile t : out) gone[t] = true;
  // Each tile is written at the next free place and kept there only if it belongs to that
  // pass (the place advances), which leaves no branch on the tiles to mispredict.
  Wall w;
  int n = 0;
  for (int i = 0; i < size; ++i) {
    w.tiles[n] = tiles[i];
    n += gone[tiles[i]] ? 0 : 1;
  }
  w.size = n;
  for (int i = 0; i < kNumTiles && n < kNumTiles; ++i) {
    w.tiles[n] = tiles[i];
    n += (i >= size || gone[tiles[i]]) ? 1 : 0;
  }
  return w;
}

Result<Wall> Wall::FromTiles(const std::vector<Tile>& tiles) {
  if (tiles.size() != kNumTiles)
    return Error{"a wall has 136 tiles, got " + std::to_string(tiles.size())};
  Wall w;
  std::array<int, kNumTiles> seen{};
  for (size_t i = 0; i < tiles.size(); ++i) {
    if (tiles[i] >= kNumTiles) return Error{"wall position " + std::to_string(i) + ": tile id " + std::to_string(tiles[i]) + " is not 0..135"};
    if (seen[tiles[i]]++) return Error{"wall position " + std::to_string(i) + ": tile id " + std::to_string(tiles[i]) + " appears twice"};
    w.tiles[i] = tiles[i];
  }
  return w;
}

}  // namespace mj
