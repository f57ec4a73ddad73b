// The mjai client's cost per message (mjai/client_bot.h): one riichi hanchan of four greedy
// agents, its events as each seat receives them from a lock-step server (others' tiles hidden),
// replayed through four greedy MjaiBots: the JSON line parsed (simdjson), folded, answered (the
// agent asked when the seat may act) and the answer written as text, as `mjai-client` does.
// Reports messages/s and the client-side share of a lock-step game (games/s if the clients were
// the only cost). The _tree variant goes through the tree form (MjaiBot::React: nlohmann trees in
// and out).

#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/client_bot.h"
#include "mjai/event_json.h"
#include "engine/match_plan.h"
#include "replays/replay.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

using json = nlohmann::json;

// The lines each seat receives in one game (start_game with its id; others' tiles as "?").
std::array<std::vector<std::string>, 4> GameLines(const Ruleset& rules, uint64_t seed) {
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = std::move(MakeAgent("greedy")).value();
    agents[s] = owned[s].get();
  }
  const GameRecord rec = PlayGame(rules, seed, agents);
  std::array<std::vector<std::string>, 4> lines;
  for (const Event& e : rec.events) {
    const json j = EventToJson(e, rules);
    for (int p = 0; p < 4; ++p) {
      json h = j;
      if (e.type == EventType::kStartGame) h["id"] = p;
      if (e.type == EventType::kStartKyoku)
        for (int q = 0; q < 4; ++q)
          if (q != p)
            for (auto& t : h["tehais"][q]) t = "?";
      if (e.type == EventType::kTsumo && e.actor != p) h["pai"] = "?";
      lines[p].push_back(h.dump());
    }
  }
  return lines;
}

void BM_MjaiClient(benchmark::State& state, bool text) {
  auto rules = LoadRuleset("riichi");
  const auto lines = GameLines(*rules, MatchGameSeed(2024, 1));
  JsonLineDocument document;
  std::string out;
  long messages = 0;
  for (auto _ : state) {
    for (int p = 0; p < 4; ++p) {
      MjaiBot bot(*rules, std::move(MakeAgent("greedy")).value(), 1);
      for (size_t i = 0; i < lines[p].size(); ++i) {
        if (text) {
          auto event = document.Parse(lines[p][i]);
          out.clear();
          auto r = bot.Fold(*event);
          if (r) r = bot.Answer(*event, &out);
          if (!r) {
            state.SkipWithError(r.error().c_str());
            return;
          }
          benchmark::DoNotOptimize(out);
        } else {
          auto answer = bot.React(json::parse(lines[p][i]));
          std::string text_out = answer.ok() ? answer->dump() : answer.error();
          benchmark::DoNotOptimize(text_out);
        }
      }
      messages += static_cast<long>(lines[p].size());
    }
  }
  state.counters["messages/s"] = benchmark::Counter(static_cast<double>(messages), benchmark::Counter::kIsRate);
  state.counters["ns/message"] = benchmark::Counter(static_cast<double>(messages),
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["messages/game"] = static_cast<double>(messages) / static_cast<double>(state.iterations());
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_MjaiClient, lines, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MjaiClient, tree, false)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mj
