// Decision speed of the built-in agents on real positions: decision points are collected from
// whole games (every own turn after a draw, every seat's answer to a discard), then each
// benchmark iteration asks the agent about one of them. The game loop itself is measured in
// bench/game_bench.cc.

#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/legal_actions.h"
#include "rules/ruleset.h"
#include "rules/shanten.h"

namespace mj {
namespace {

struct Position {
  RoundState state;
  int seat = 0;
  std::vector<Action> legal;
};

// Positions from a few greedy games: `turns` after draws, else answers to discards (only
// those with a choice, as the engine asks only then).
const std::vector<Position>& Positions(bool turns) {
  static const auto* all = [] {
    auto* out = new std::array<std::vector<Position>, 2>;
    static const Ruleset rules;
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<Agent*, 4> agents{};
    for (int p = 0; p < 4; ++p) {
      owned[p] = std::move(MakeAgent("greedy")).value();
      agents[p] = owned[p].get();
    }
    GameOptions options;
    options.observer = [out](const RoundState& s, const Event& e) {
      if (e.type == EventType::kTsumo && s.phase == Phase::kAfterDraw) {
        Position pos{s, s.turn, LegalTurnActions(s)};
        if (pos.legal.size() > 1) (*out)[1].push_back(std::move(pos));
      } else if (e.type == EventType::kDahai) {
        for (int p = 0; p < 4; ++p) {
          if (p == s.last_discarder) continue;
          Position pos{s, p, LegalDiscardResponses(s, p)};
          if (pos.legal.size() > 1) (*out)[0].push_back(std::move(pos));
        }
      }
    };
    for (uint64_t seed = 1; seed <= 20; ++seed) (void)PlayGame(rules, seed, agents, options);
    return out;
  }();
  return (*all)[turns ? 1 : 0];
}

void BM_AgentDecision(benchmark::State& state, const std::string& spec, bool turns) {
  (void)Shanten(KindCounts{}, 4);  // build the shanten tables outside the measurement
  const std::vector<Position>& positions = Positions(turns);
  auto made = MakeAgent(spec);
  if (!made || positions.empty()) {
    state.SkipWithError("no agent or no positions");
    return;
  }
  std::unique_ptr<Agent> agent = std::move(made).value();
  agent->BeginGame(0, 1);
  size_t i = 0;
  for (auto _ : state) {
    const Position& p = positions[i];
    // The rules pointer was the collector's static Ruleset: still alive.
    benchmark::DoNotOptimize(agent->Choose(PlayerView(p.state, p.seat), p.legal));
    if (++i == positions.size()) i = 0;
  }
  state.counters["positions"] = static_cast<double>(positions.size());
}

// Dunpai positions from a few greedy games: own turns after a draw (discards, exchanges, open
// riichi), the shield decisions at the deal (the state at "start_kyoku", every seat: its first
// decision) and each seat's last shield decision (the one that also ranks by acceptance).
enum class DunpaiKind { kTurn, kFirstShield, kLastShield };
const std::vector<Position>& DunpaiPositions(DunpaiKind kind) {
  static const auto* all = [] {
    auto* out = new std::array<std::vector<Position>, 3>;
    static const Ruleset rules = LoadRuleset("dunpai").value();
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<Agent*, 4> agents{};
    for (int p = 0; p < 4; ++p) {
      owned[p] = std::move(MakeAgent("greedy")).value();
      agents[p] = owned[p].get();
    }
    GameOptions options;
    options.observer = [out](const RoundState& s, const Event& e) {
      if (e.type == EventType::kTsumo && s.phase == Phase::kAfterDraw) {
        Position pos{s, s.turn, LegalTurnActions(s)};
        if (pos.legal.size() > 1) (*out)[0].push_back(std::move(pos));
      } else if (e.type == EventType::kStartKyoku) {
        for (int p = 0; p < 4; ++p) {
          Position pos{s, p, LegalShieldActions(s, p)};
          if (pos.legal.size() > 1) (*out)[1].push_back(std::move(pos));
        }
      }
      // A seat's last shield decision comes right after its one before (every seat makes two
      // or more).
      if (e.type == EventType::kShieldSet && s.shields_to_set[e.actor] == 1) {
        Position pos{s, e.actor, LegalShieldActions(s, e.actor)};
        if (pos.legal.size() > 1) (*out)[2].push_back(std::move(pos));
      }
    };
    for (uint64_t seed = 1; seed <= 20; ++seed) (void)PlayGame(rules, seed, agents, options);
    return out;
  }();
  return (*all)[static_cast<size_t>(kind)];
}

void BM_DunpaiDecision(benchmark::State& state, const std::string& spec, DunpaiKind kind) {
  (void)Shanten(KindCounts{}, 4);
  const std::vector<Position>& positions = DunpaiPositions(kind);
  auto made = MakeAgent(spec);
  if (!made || positions.empty()) {
    state.SkipWithError("no agent or no positions");
    return;
  }
  std::unique_ptr<Agent> agent = std::move(made).value();
  agent->BeginGame(0, 1);
  size_t i = 0;
  for (auto _ : state) {
    const Position& p = positions[i];
    benchmark::DoNotOptimize(agent->Choose(PlayerView(p.state, p.seat), p.legal));
    if (++i == positions.size()) i = 0;
  }
  state.counters["positions"] = static_cast<double>(positions.size());
}

BENCHMARK_CAPTURE(BM_AgentDecision, greedy_turn, std::string("greedy"), true);
BENCHMARK_CAPTURE(BM_AgentDecision, greedy_call, std::string("greedy"), false);
BENCHMARK_CAPTURE(BM_AgentDecision, defensive_turn, std::string("defensive"), true);
BENCHMARK_CAPTURE(BM_AgentDecision, defensive_call, std::string("defensive"), false);
BENCHMARK_CAPTURE(BM_AgentDecision, random_turn, std::string("random"), true);
BENCHMARK_CAPTURE(BM_DunpaiDecision, greedy_dunpai_turn, std::string("greedy"), DunpaiKind::kTurn);
BENCHMARK_CAPTURE(BM_DunpaiDecision, defensive_dunpai_turn, std::string("defensive"), DunpaiKind::kTurn);
BENCHMARK_CAPTURE(BM_DunpaiDecision, greedy_shield, std::string("greedy"), DunpaiKind::kFirstShield);
BENCHMARK_CAPTURE(BM_DunpaiDecision, greedy_shield_last, std::string("greedy"), DunpaiKind::kLastShield);

}  // namespace
}  // namespace mj
