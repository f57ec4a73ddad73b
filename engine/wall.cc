#include "engine/wall.h"

#include <cstdint>
#include <utility>

#include "engine/rng.h"

namespace mj {

namespace {

// The wall's Fisher-Yates draws exactly what Rng(seed).Shuffle draws over 0..135 (Rng::Below's
// rejection sampling, i from 136 down to 2), with each bound a compile-time constant: the two
// 64-bit divisions of each draw (tens of cycles each, 270 a hand) become multiplications.
template <uint64_t n>
uint64_t BelowConstant(boost::random::mt19937_64& engine) {
  constexpr uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do {
    x = engine();
  } while (x >= limit);
  return x % n;
}

template <size_t... k>
void ShuffleTiles(std::array<Tile, kNumTiles>& tiles, boost::random::mt19937_64& engine, std::index_sequence<k...>) {
  // k = 0, 1, ...: i = 136, 135, ..., 2 in that order (a comma fold runs left to right).
  ((std::swap(tiles[kNumTiles - k - 1], tiles[BelowConstant<kNumTiles - k>(engine)])), ...);
}

}  // namespace

Wall Wall::Shuffled(uint64_t seed) {
  Wall w;
  for (int i = 0; i < kNumTiles; ++i) w.tiles[i] = static_cast<Tile>(i);
  boost::random::mt19937_64 engine(seed);  // Rng(seed)'s engine
  ShuffleTiles(w.tiles, engine, std::make_index_sequence<kNumTiles - 1>{});
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
