// The statistics after a match (issue 14's --jobs target; docs/PLAYTEST.md): the figures of a
// duplicate match with their bootstrap intervals, and the ruleset comparison, computed on 1 and
// 2 threads from the same records (800 duplicate games each of riichi and Dunpai, greedy,
// defensive, random, random, played once). Wall time per computation.
//   BM_MatchStatistics/<rules>/jobs:N   MatchStatistics (1,000 resamples)
//   BM_CompareRulesets/jobs:N            CompareRulesets of the two rulesets

#include <benchmark/benchmark.h>

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "playtest/game_summary.h"
#include "engine/match_plan.h"
#include "playtest/match_statistics.h"
#include "playtest/ruleset_comparison.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

constexpr std::array<const char*, 4> kEntries = {"greedy", "defensive", "random", "random"};
constexpr long kGames = 800;
constexpr int kRotations = 4;

// The records of a duplicate match played once per ruleset (as `match --duplicate` plays it).
const RulesetRun& Run(const std::string& rules_name) {
  static std::map<std::string, RulesetRun> cache;
  RulesetRun& run = cache[rules_name];
  if (!run.games.empty()) return run;
  const Ruleset rules = LoadRuleset(rules_name).value();
  run.header.rules = rules.name;
  run.header.point_scale = PointScale(rules);
  run.header.shields = rules.shields.enabled;
  run.header.seed = 1;
  for (int e = 0; e < 4; ++e) run.header.entries[e] = kEntries[e];
  run.header.rotations = kRotations;
  for (long g = 1; g <= kGames; ++g) {
    const PlannedGame plan = PlanMatchGame(run.header.seed, g, kRotations);
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<Agent*, 4> agents{};
    MatchInfo info;
    for (int s = 0; s < 4; ++s) {
      owned[s] = MakeAgent(kEntries[plan.seating[s]]).value();
      agents[s] = owned[s].get();
      info.entries[s] = kEntries[s];
    }
    GameRecord rec = PlayGame(rules, plan.seed, agents);
    info.seed = run.header.seed;
    info.game = g;
    info.seating = plan.seating;
    info.rotations = kRotations;
    info.set = plan.set;
    info.rotation = plan.rotation;
    rec.match = info;
    run.games.push_back(SummarizeGame(rec));
  }
  run.statistics = MatchStatistics(run.header, run.games);
  return run;
}

void BM_MatchStatistics(benchmark::State& state, const std::string& rules) {
  const RulesetRun& run = Run(rules);
  const int jobs = static_cast<int>(state.range(0));
  for (auto _ : state) {
    nlohmann::json s = MatchStatistics(run.header, run.games, jobs);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK_CAPTURE(BM_MatchStatistics, riichi, std::string("riichi"))
    ->ArgName("jobs")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MatchStatistics, dunpai, std::string("dunpai"))
    ->ArgName("jobs")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_CompareRulesets(benchmark::State& state) {
  const std::vector<RulesetRun> runs = {Run("riichi"), Run("dunpai")};
  const int jobs = static_cast<int>(state.range(0));
  for (auto _ : state) {
    nlohmann::json c = CompareRulesets(runs, jobs);
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_CompareRulesets)->ArgName("jobs")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mj
