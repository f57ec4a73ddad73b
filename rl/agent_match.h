#pragma once
// AgentMatch: a match (plain or duplicate) between built-in agents and *outside* entries (the
// Python agents of the module), played in this process by the engine's own game loop: the same
// plan (replays/match_plan.h: seeds and seatings), the same replay files and the same
// statistics (replays/match_statistics.h) as `mahjong match` with those agents. Several games
// are in flight at once (SteppedGame), so an outside entry is asked for all its pending
// decisions in one call (a policy network scores them as one batch); the results do not
// depend on how many games are in flight. An entry may also be an mjai bot process
// ("mjai-stdio:CMD", docs/MJAI.md): a game with one is played at an MjaiTable, as `mahjong
// match` plays it, a process per bot seat per game.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mjai/mjai_table.h"
#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"
#include "rl/stepped_game.h"
#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj::rl {

struct AgentMatchSetup {
  Ruleset rules;
  std::array<std::string, 4> entries;  // the entries' labels (the replays' agent names)
  std::array<bool, 4> outside{};       // entry answered by `decide`; otherwise entries[i] is an agent
                                       // spec: a built-in agent or "mjai-stdio:CMD"
  uint64_t seed = 1;
  long games = 4;
  int rotations = 0;       // 0 plain, 4 or 24 duplicate (games: a multiple of it)
  int in_flight = 1;       // games played at once
  std::string out_dir;     // one replay per game, game-0001.json ...; empty: none written
  // For "mjai-stdio:" entries (timeout, exchange, dialect, faults): `mahjong match`'s defaults,
  // the batched exchange included.
  BotOptions bots = [] {
    BotOptions o;
    o.exchange = MjaiExchange::kBatched;
    return o;
  }();
};

// One pending decision of an outside entry.
struct PendingDecision {
  const SteppedGame* game = nullptr;
  long game_index = 0;   // 1-based game of the match
};
// Called when a game starts, per outside seat: entry, seat, the agent seed (AgentSeed).
using BeginOutside = std::function<void(int entry, int seat, uint64_t agent_seed)>;
// Answers every pending decision of outside entry `entry` (an index into each game's legal()).
using DecideOutside =
    std::function<Result<std::vector<size_t>>(int entry, const std::vector<PendingDecision>& pending)>;

struct AgentMatchResult {
  MatchHeader header;                  // what the statistics were computed for
  std::vector<GameSummary> games;      // in game order
  nlohmann::json statistics;           // MatchStatistics
  std::vector<std::string> problems;   // games an agent error stopped
};

// `after_game` (when set) sees each finished record (in the order games finish).
[[nodiscard]] Result<AgentMatchResult> PlayAgentMatch(const AgentMatchSetup& setup, const BeginOutside& begin,
                                                      const DecideOutside& decide,
                                                      const std::function<void(const GameRecord&)>& after_game = {});

}  // namespace mj::rl
