// Whole-game speed: one complete game per iteration, a new seed each time, four agents of one
// kind, under the riichi and the dunpai presets. Reports games/s and hands/s (the Dunpai target
// is at least riichi's hands/s with the same agents), and draws/s with draws/hand: a Dunpai hand
// has no dead wall, so it has more draws than a riichi hand by rule (docs/PERFORMANCE.md).

#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/match_plan.h"
#include "playtest/match_stats.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

void BM_Game(benchmark::State& state, const std::string& agent, const std::string& preset) {
  auto rules = LoadRuleset(preset);
  if (!rules) {
    state.SkipWithError(rules.error().c_str());
    return;
  }
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    auto made = MakeAgent(agent);
    if (!made) {
      state.SkipWithError(made.error().c_str());
      return;
    }
    owned[s] = std::move(made).value();
    agents[s] = owned[s].get();
  }
  int game = 0;
  long hands = 0;
  long events = 0;
  long draws = 0;
  for (auto _ : state) {
    const GameRecord rec = PlayGame(*rules, MatchGameSeed(2024, ++game), agents);
    hands += HandCount(rec);
    events += static_cast<long>(rec.events.size());
    for (const Event& e : rec.events) draws += e.type == EventType::kTsumo;
    benchmark::DoNotOptimize(rec.end.scores);
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  state.counters["draws/s"] = benchmark::Counter(static_cast<double>(draws), benchmark::Counter::kIsRate);
  state.counters["draws/hand"] = static_cast<double>(draws) / static_cast<double>(hands);
  state.counters["hands/game"] = static_cast<double>(hands) / static_cast<double>(state.iterations());
  state.counters["events/game"] = static_cast<double>(events) / static_cast<double>(state.iterations());
}

BENCHMARK_CAPTURE(BM_Game, random, std::string("random"), std::string("riichi"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Game, greedy, std::string("greedy"), std::string("riichi"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Game, defensive, std::string("defensive"), std::string("riichi"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Game, dunpai_random, std::string("random"), std::string("dunpai"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Game, dunpai_greedy, std::string("greedy"), std::string("dunpai"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Game, dunpai_defensive, std::string("defensive"), std::string("dunpai"))->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mj
