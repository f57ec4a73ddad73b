// Replay costs next to the game itself (issue 16's targets; docs/SCALE.md): one game per
// iteration, a new seed each time, four agents of one kind under the riichi preset.
//   BM_GameOnly        play the game                       (the engine-only games/s)
//   BM_GameAndReplay   play + write the replay text (+ zstd / gzip), as `match` does minus the file
//   BM_ReadReplay      replay text -> record (fast path: simdjson, schema where cheap)
//   BM_VerifyReplay    replay text -> record -> re-simulation, as `replay verify` does per file
// Reports games/s and, for the written variants, bytes/game.

#include <benchmark/benchmark.h>

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "replays/compression.h"
#include "engine/match_plan.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "replays/replay_writer.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

struct Players {
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  std::array<std::string, 4> names;
};

bool Make(const std::string& agent, Players* p, benchmark::State& state) {
  for (int s = 0; s < 4; ++s) {
    auto made = MakeAgent(agent);
    if (!made) {
      state.SkipWithError(made.error().c_str());
      return false;
    }
    p->owned[s] = std::move(made).value();
    p->agents[s] = p->owned[s].get();
    p->names[s] = agent;
  }
  return true;
}

void BM_GameAndReplay(benchmark::State& state, const std::string& agent, int mode) {
  // mode: -1 game only, 0 text, 1 text + zstd, 2 text + gzip
  auto rules = LoadRuleset("riichi");
  Players p;
  if (!rules || !Make(agent, &p, state)) return;
  int game = 0;
  double bytes = 0;
  for (auto _ : state) {
    GameRecord rec = PlayGame(*rules, MatchGameSeed(2024, ++game), p.agents);
    if (mode < 0) {
      benchmark::DoNotOptimize(rec.end.scores);
      continue;
    }
    rec.agents = p.names;
    std::string text = ReplayText(rec);
    if (mode > 0) {
      auto packed = Compress(text, mode == 1 ? Compression::kZstd : Compression::kGzip);
      if (!packed) {
        state.SkipWithError(packed.error().c_str());
        return;
      }
      text = std::move(packed).value();
    }
    bytes += static_cast<double>(text.size());
    benchmark::DoNotOptimize(text.data());
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  if (mode >= 0) state.counters["bytes/game"] = bytes / static_cast<double>(state.iterations());
}

// 200 replays made once; each iteration reads (and verifies) the next one.
const std::vector<std::string>& Texts(const std::string& agent) {
  static std::map<std::string, std::vector<std::string>> cache;
  auto& texts = cache[agent];
  if (texts.empty()) {
    auto rules = LoadRuleset("riichi");
    for (int g = 1; g <= 200; ++g) {
      std::array<std::unique_ptr<Agent>, 4> owned;
      std::array<Agent*, 4> agents{};
      for (int s = 0; s < 4; ++s) {
        owned[s] = std::move(MakeAgent(agent)).value();
        agents[s] = owned[s].get();
      }
      GameRecord rec = PlayGame(*rules, MatchGameSeed(7, g), agents);
      rec.agents = {agent, agent, agent, agent};
      texts.push_back(ReplayText(rec));
    }
  }
  return texts;
}

void BM_ReadReplay(benchmark::State& state, const std::string& agent, bool verify) {
  const std::vector<std::string>& texts = Texts(agent);
  size_t i = 0;
  for (auto _ : state) {
    auto rec = ReplayFromText(texts[i++ % texts.size()]);
    if (!rec) {
      state.SkipWithError(rec.error().c_str());
      return;
    }
    if (verify) {
      auto checked = VerifyReplay(*rec);
      if (!checked || !checked->ok()) {
        state.SkipWithError("a replay does not verify");
        return;
      }
    }
    benchmark::DoNotOptimize(rec->events.data());
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_GameAndReplay, random_game_only, std::string("random"), -1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GameAndReplay, random_json, std::string("random"), 0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GameAndReplay, random_zstd, std::string("random"), 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GameAndReplay, random_gzip, std::string("random"), 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GameAndReplay, greedy_game_only, std::string("greedy"), -1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GameAndReplay, greedy_json, std::string("greedy"), 0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GameAndReplay, greedy_zstd, std::string("greedy"), 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadReplay, random_read, std::string("random"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadReplay, random_verify, std::string("random"), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadReplay, greedy_verify, std::string("greedy"), true)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mj
