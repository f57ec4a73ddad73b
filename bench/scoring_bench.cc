// Benchmarks of hand decomposition and full riichi scoring on deterministic random complete
// hands (four sets and a pair, some with called melds, some seven pairs), the kind a game
// produces. Run: build/mj_bench --benchmark_filter='Split|Score'.

#include <benchmark/benchmark.h>

#include <vector>

#include "engine/rng.h"
#include "rules/decompose.h"
#include "rules/ruleset.h"
#include "rules/scoring_module.h"

namespace mj {
namespace {

// A random complete hand: 4 sets + pair within the 4-copy limit; up to 2 of the sets called.
WinContext RandomWin(Rng& rng) {
  while (true) {
    WinContext ctx;
    KindCounts all{};
    bool ok = true;
    const int called = static_cast<int>(rng.Below(3));
    for (int i = 0; i < 4 && ok; ++i) {
      const bool seq = rng.Below(3) != 0;
      Kind k;
      if (seq) {
        const int suit = static_cast<int>(rng.Below(3));
        k = static_cast<Kind>(suit * 9 + rng.Below(7));
        for (int j = 0; j < 3; ++j) ok = ok && ++all[k + j] <= 4;
      } else {
        k = static_cast<Kind>(rng.Below(34));
        all[k] += 3;
        ok = ok && all[k] <= 4;
      }
      if (i < called) {
        Meld m;
        m.type = seq ? MeldType::kChi : MeldType::kPon;
        m.kind = k;
        ctx.melds.push_back(m);
      } else if (seq) {
        for (int j = 0; j < 3; ++j) ++ctx.concealed[k + j];
      } else {
        ctx.concealed[k] += 3;
      }
    }
    const Kind pair = static_cast<Kind>(rng.Below(34));
    all[pair] += 2;
    ctx.concealed[pair] += 2;
    if (!ok || all[pair] > 4) continue;
    // The winning tile: any concealed tile.
    std::vector<Kind> kinds;
    for (int k = 0; k < kNumKinds; ++k)
      if (ctx.concealed[k]) kinds.push_back(static_cast<Kind>(k));
    ctx.win_tile = kinds[rng.Below(kinds.size())];
    ctx.tsumo = rng.Below(2) == 0;
    ctx.riichi = ctx.melds.empty() && rng.Below(2) == 0;
    ctx.seat_wind = static_cast<Wind>(rng.Below(4));
    ctx.round_wind = static_cast<Wind>(rng.Below(2));
    ctx.dora_indicators.push_back(static_cast<Kind>(rng.Below(34)));
    return ctx;
  }
}

const std::vector<WinContext>& Hands() {
  static const std::vector<WinContext> hands = [] {
    Rng rng(20261122);
    std::vector<WinContext> v;
    for (int i = 0; i < 4096; ++i) v.push_back(RandomWin(rng));
    return v;
  }();
  return hands;
}

void BM_SplitStandard(benchmark::State& state) {
  const auto& hands = Hands();
  size_t i = 0;
  SplitList out;
  for (auto _ : state) {
    const WinContext& h = hands[i++ & 4095];
    SplitStandard(h.concealed, 4 - static_cast<int>(h.melds.size()), &out);
    benchmark::DoNotOptimize(out);
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SplitStandard);

void BM_ScoreRiichi(benchmark::State& state) {
  const auto& hands = Hands();
  const Ruleset rules;
  const ScoringModule* module = FindScoringModule("riichi");
  size_t i = 0;
  long long total = 0;
  for (auto _ : state) {
    const ScoreResult r = module->Score(hands[i++ & 4095], rules);
    total += r.total;
    benchmark::DoNotOptimize(total);
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ScoreRiichi);

// The same hands under each shipped scoring system (a hand a ruleset refuses, e.g. a kan under
// ayame, costs only its rejection).
constexpr const char* kPresets[] = {"riichi", "fuless", "ayame-blend", "dunpai", "ningbo"};

void BM_ScorePreset(benchmark::State& state) {
  const char* name = kPresets[state.range(0)];
  state.SetLabel(name);
  auto loaded = LoadRuleset(name);
  if (!loaded.ok()) {
    state.SkipWithError(loaded.error().c_str());
    return;
  }
  const Ruleset rules = loaded.value();
  const ScoringModule* module = FindScoringModule(rules.scoring);
  const auto& hands = Hands();
  size_t i = 0;
  long long total = 0;
  for (auto _ : state) {
    const ScoreResult r = module->Score(hands[i++ & 4095], rules);
    total += r.total;
    benchmark::DoNotOptimize(total);
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ScorePreset)->DenseRange(0, 4);

}  // namespace
}  // namespace mj
