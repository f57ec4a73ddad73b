// Shanten speed: one closed hand per iteration, from a fixed pool of hands dealt from shuffled
// 136-tile walls (deterministic LCG + own Fisher-Yates), so the time per iteration is ns/hand.

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

#include "tiles/tile.h"
#include "rules/shanten.h"

namespace mj {
namespace {

constexpr int kPoolSize = 1 << 14;  // power of two: the loop masks the index

// Knuth's MMIX LCG; the high bits feed a multiply-shift bounded draw.
class BenchLcg {
 public:
  explicit BenchLcg(uint64_t seed) : state_(seed) {}
  uint32_t Below(uint32_t n) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(((state_ >> 32) * n) >> 32);
  }

 private:
  uint64_t state_;
};

std::vector<KindCounts> MakePool(int hand_size, uint64_t seed) {
  BenchLcg rng(seed);
  std::vector<KindCounts> pool(kPoolSize);
  std::array<Tile, kNumTiles> wall;
  for (int t = 0; t < kNumTiles; ++t) wall[t] = static_cast<Tile>(t);
  for (KindCounts& counts : pool) {
    for (int i = kNumTiles - 1; i > 0; --i) std::swap(wall[i], wall[rng.Below(i + 1)]);
    counts.fill(0);
    for (int i = 0; i < hand_size; ++i) ++counts[KindOf(wall[i])];
  }
  return pool;
}

void RunShanten(benchmark::State& state, int hand_size, bool standard_only) {
  const std::vector<KindCounts> pool = MakePool(hand_size, 20240601 + hand_size);
  benchmark::DoNotOptimize(Shanten(pool[0], 0));  // builds the tables outside the timing
  uint32_t i = 0;
  for (auto _ : state) {
    const KindCounts& counts = pool[i++ & (kPoolSize - 1)];
    benchmark::DoNotOptimize(standard_only ? ShantenStandard(counts, 0) : Shanten(counts, 0));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Shanten14(benchmark::State& state) { RunShanten(state, 14, false); }
void BM_Shanten13(benchmark::State& state) { RunShanten(state, 13, false); }
void BM_ShantenStandard14(benchmark::State& state) { RunShanten(state, 14, true); }

// The standard form's shanten of a 13-tile hand plus each kind it holds at most three of (an
// acceptance count), one hand per iteration: a full lookup per kind, or StandardShantenNeighbours.
void RunPlusEachKind(benchmark::State& state, bool neighbours) {
  const std::vector<KindCounts> pool = MakePool(13, 20240614);
  benchmark::DoNotOptimize(Shanten(pool[0], 0));
  uint32_t i = 0;
  for (auto _ : state) {
    KindCounts counts = pool[i++ & (kPoolSize - 1)];
    int sum = 0;
    if (neighbours) {
      const StandardShantenNeighbours standard(counts, 0);
      for (int k = 0; k < kNumKinds; ++k)
        if (counts[k] < 4) sum += standard.Plus(static_cast<Kind>(k));
    } else {
      for (int k = 0; k < kNumKinds; ++k) {
        if (counts[k] == 4) continue;
        ++counts[k];
        sum += ShantenStandard(counts, 0);
        --counts[k];
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_PlusEachKindLookups(benchmark::State& state) { RunPlusEachKind(state, false); }
void BM_PlusEachKindNeighbours(benchmark::State& state) { RunPlusEachKind(state, true); }

// The first-use cost: building both lookup tables from scratch.
void BM_ShantenTableBuild(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(BuildShantenTablesForBenchmark());
}

BENCHMARK(BM_Shanten14);
BENCHMARK(BM_Shanten13);
BENCHMARK(BM_ShantenStandard14);
BENCHMARK(BM_PlusEachKindLookups);
BENCHMARK(BM_PlusEachKindNeighbours);
BENCHMARK(BM_ShantenTableBuild)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mj
