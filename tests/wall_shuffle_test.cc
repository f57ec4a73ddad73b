// Wall::Shuffled is exactly the engine's reference shuffle, Rng(seed).Shuffle over 0..135
// (engine/rng.h): any faster way of drawing the wall must keep it so, or every replay changes.
// (A version with compile-time bounds, 22 KB of unrolled code run once a hand, passed this and
// was slower: docs/PERFORMANCE.md.)

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <span>

#include "engine/rng.h"
#include "engine/wall.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace wall_shuffle_test {
namespace {

TEST(WallShuffle, IsTheReferenceShuffleOfRng) {
  for (uint64_t i = 0; i < 3000; ++i) {
    const uint64_t seed = i < 1000 ? i : SplitMix64(i);
    std::array<Tile, kNumTiles> expected{};
    for (int t = 0; t < kNumTiles; ++t) expected[static_cast<size_t>(t)] = static_cast<Tile>(t);
    Rng rng(seed);
    rng.Shuffle(std::span<Tile>(expected));
    const Wall wall = Wall::Shuffled(seed);
    ASSERT_EQ(wall.tiles, expected) << "seed " << seed;
    EXPECT_EQ(wall.size, kNumTiles);
    EXPECT_TRUE(wall.IsPermutation());
  }
}

}  // namespace
}  // namespace wall_shuffle_test
}  // namespace mj
