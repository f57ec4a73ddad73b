// The engine's instruction count per game, for callgrind (bench/game_instructions.sh): games
// 1..N of BM_Game's seeds (MatchGameSeed(2024, g)), four agents of one kind, a preset. One game
// is played first so that the shanten tables' one-time build stays out of the loop that callgrind
// collects (--toggle-collect='mj::Loop*'). It compiles against this tree and against builds from
// before the match plan moved to engine/ (027f7a4), so two builds can be compared on one loop.
//
//   game_loop AGENT GAMES [PRESET]      prints "events N"
#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include "agents/registry.h"
#include "engine/game.h"
#if __has_include("engine/match_plan.h")
#include "engine/match_plan.h"
#else
#include "replays/match_stats.h"
#endif
#include "rules/ruleset.h"
namespace mj {
__attribute__((noinline)) long Loop(const Ruleset& rules, std::array<Agent*, 4>& agents, int n) {
  long events = 0;
  for (int g = 1; g <= n; ++g) events += static_cast<long>(PlayGame(rules, MatchGameSeed(2024, g), agents).events.size());
  return events;
}
}
int main(int argc, char** argv) {
  using namespace mj;
  std::string agent = argv[1]; int n = std::atoi(argv[2]); std::string preset = argc > 3 ? argv[3] : "riichi";
  auto rules = LoadRuleset(preset);
  std::array<std::unique_ptr<Agent>, 4> owned; std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) { owned[s] = std::move(MakeAgent(agent)).value(); agents[s] = owned[s].get(); }
  (void)PlayGame(*rules, 999999, agents);  // warm the tables
  long ev = Loop(*rules, agents, n);
  std::printf("events %ld\n", ev);
}
