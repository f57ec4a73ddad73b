// The replay reader's schema check, our validator (replays/json_schema.h) against valijson
// (Debian's libvalijson-dev, reading the same nlohmann documents), on the same documents: the
// replay documents of 20 games (greedy agents, riichi and dunpai), one document checked per
// iteration, round robin. ReplayFromJson runs exactly this check (JsonSchema::Accepts) on every
// replay it reads; the result is in docs/PERFORMANCE.md ("Schema check").
//   BM_SchemaCheck/ours       JsonSchema::Accepts(doc)
//   BM_SchemaCheck/valijson   valijson::Validator::validate(schema, doc) without error texts

#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/match_plan.h"
#include "replays/replay.h"
#include "replays/replay_schema.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

const std::vector<nlohmann::json>& Documents() {
  static const std::vector<nlohmann::json> docs = [] {
    std::vector<nlohmann::json> out;
    for (const char* name : {"riichi", "dunpai"}) {
      const Ruleset rules = LoadRuleset(name).value();
      for (int g = 1; g <= 10; ++g) {
        std::array<std::unique_ptr<Agent>, 4> owned;
        std::array<Agent*, 4> agents{};
        for (int s = 0; s < 4; ++s) {
          owned[s] = MakeAgent("greedy").value();
          agents[s] = owned[s].get();
        }
        GameRecord rec = PlayGame(rules, MatchGameSeed(2024, g), agents);
        rec.agents = {"greedy", "greedy", "greedy", "greedy"};
        out.push_back(ReplayToJson(rec));
      }
    }
    return out;
  }();
  return docs;
}

void BM_SchemaCheck(benchmark::State& state, bool valijson) {
  const std::vector<nlohmann::json>& docs = Documents();
  const Result<JsonSchema>& ours = ReplaySchema();
  if (!ours) {
    state.SkipWithError(ours.error().c_str());
    return;
  }
  valijson::Schema theirs;
  valijson::SchemaParser parser;
  const nlohmann::json schema_doc = nlohmann::json::parse(ReplaySchemaText());
  valijson::adapters::NlohmannJsonAdapter schema_adapter(schema_doc);
  parser.populateSchema(schema_adapter, theirs);
  valijson::Validator validator;
  size_t i = 0;
  long accepted = 0;
  for (auto _ : state) {
    const nlohmann::json& doc = docs[i++ % docs.size()];
    bool ok;
    if (valijson) {
      valijson::adapters::NlohmannJsonAdapter target(doc);
      ok = validator.validate(theirs, target, nullptr);
    } else {
      ok = ours->Accepts(doc);
    }
    accepted += ok;
    benchmark::DoNotOptimize(ok);
  }
  if (accepted != static_cast<long>(state.iterations())) state.SkipWithError("a replay document was rejected");
  size_t events = 0;
  for (const auto& d : docs) events += d["events"].size();
  state.counters["events/doc"] = static_cast<double>(events) / static_cast<double>(docs.size());
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

BENCHMARK_CAPTURE(BM_SchemaCheck, ours, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SchemaCheck, valijson, true)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace mj
