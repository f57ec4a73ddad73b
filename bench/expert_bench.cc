// Speed of the `expert` agent (agents/expert_agent.h): per decision, on positions collected
// from whole games of four experts (every own turn after a draw with a choice, every answer to a
// discard with a choice, every shield decision at a Dunpai deal), with the median, 99th
// percentile and maximum of the single decisions' CPU times as counters; and whole games of four
// experts (riichi hanchan, Dunpai) with CPU time per game: the mean of five different games
// (one game's time varies with its length and its hands), on warm shanten tables (built once per
// process, as in a long match; about 90 ms the first time). Targets (issue 22): median <= 1 ms,
// p99 <= 50 ms, a four-expert hanchan <= 1 s CPU.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/legal_actions.h"
#include "engine/shields.h"
#include "engine/match_plan.h"
#include "playtest/match_stats.h"
#include "rules/ruleset.h"
#include "rules/shanten.h"

namespace mj {
namespace {

struct Position {
  RoundState state;
  int seat = 0;
  std::vector<Action> legal;
};

// Positions of a few four-expert games of `preset` (the ruleset stays alive in a static).
const std::vector<Position>& Positions(const std::string& preset) {
  static std::array<std::vector<Position>, 2> cache;
  static std::array<Ruleset, 2> rules_kept;
  const int slot = preset == "riichi" ? 0 : 1;
  if (!cache[slot].empty()) return cache[slot];
  auto rules = LoadRuleset(preset);
  if (!rules) return cache[slot];
  rules_kept[slot] = *rules;
  const Ruleset& r = rules_kept[slot];
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int p = 0; p < 4; ++p) {
    owned[p] = std::move(MakeAgent("expert")).value();
    agents[p] = owned[p].get();
  }
  std::vector<Position>& out = cache[slot];
  GameOptions options;
  options.observer = [&out](const RoundState& s, const Event& e) {
    if (e.type == EventType::kTsumo && s.phase == Phase::kAfterDraw) {
      Position pos{s, s.turn, LegalTurnActions(s)};
      if (pos.legal.size() > 1) out.push_back(std::move(pos));
    } else if (e.type == EventType::kStartKyoku) {
      for (int p = 0; p < 4; ++p) {
        Position pos{s, p, LegalShieldActions(s, p)};
        if (pos.legal.size() > 1) out.push_back(std::move(pos));
      }
    } else if (e.type == EventType::kDahai) {
      for (int p = 0; p < 4; ++p) {
        if (p == s.last_discarder) continue;
        Position pos{s, p, LegalDiscardResponses(s, p)};
        if (pos.legal.size() > 1) out.push_back(std::move(pos));
      }
    }
  };
  for (uint64_t seed = 1; seed <= 4; ++seed) (void)PlayGame(r, seed, agents, options);
  return out;
}

double CpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Every position once per iteration, each timed alone; counters in microseconds.
void BM_ExpertDecision(benchmark::State& state, const std::string& preset) {
  (void)Shanten(KindCounts{}, 4);  // the shanten tables outside the measurement
  const std::vector<Position>& positions = Positions(preset);
  if (positions.empty()) {
    state.SkipWithError("no positions");
    return;
  }
  auto agent = std::move(MakeAgent("expert")).value();
  agent->BeginGame(0, 1);
  std::vector<double> times;
  for (auto _ : state) {
    for (const Position& p : positions) {
      const double t0 = CpuSeconds();
      benchmark::DoNotOptimize(agent->Choose(PlayerView(p.state, p.seat), p.legal));
      times.push_back(CpuSeconds() - t0);
    }
  }
  std::sort(times.begin(), times.end());
  auto at = [&](double q) { return 1e6 * times[static_cast<size_t>(q * static_cast<double>(times.size() - 1))]; };
  state.counters["positions"] = static_cast<double>(positions.size());
  state.counters["median_us"] = at(0.5);
  state.counters["p99_us"] = at(0.99);
  state.counters["max_us"] = at(1.0);
  state.SetItemsProcessed(static_cast<int64_t>(times.size()));
}

void BM_ExpertGame(benchmark::State& state, const std::string& preset) {
  auto rules = LoadRuleset(preset);
  if (!rules) {
    state.SkipWithError(rules.error().c_str());
    return;
  }
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = std::move(MakeAgent("expert")).value();
    agents[s] = owned[s].get();
  }
  KindCounts warm{};
  for (int k = 0; k < 13; ++k) warm[k] = 1;
  (void)Shanten(warm, 0);  // the tables, once per process: not a game's cost
  int game = 0;
  long hands = 0;
  for (auto _ : state) {
    const GameRecord rec = PlayGame(*rules, MatchGameSeed(2024, ++game), agents);
    hands += HandCount(rec);
    benchmark::DoNotOptimize(rec.end.scores);
  }
  state.counters["hands/game"] = static_cast<double>(hands) / static_cast<double>(state.iterations());
}

BENCHMARK_CAPTURE(BM_ExpertDecision, riichi, std::string("riichi"))->Unit(benchmark::kMicrosecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_ExpertDecision, dunpai, std::string("dunpai"))->Unit(benchmark::kMicrosecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_ExpertGame, riichi, std::string("riichi"))
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->Iterations(5);
BENCHMARK_CAPTURE(BM_ExpertGame, dunpai, std::string("dunpai"))
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->Iterations(5);

}  // namespace
}  // namespace mj
