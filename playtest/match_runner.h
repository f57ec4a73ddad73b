#pragma once
// Plays the games of a match (plain or duplicate) on N threads and collects, in game-index
// order, each game's record (GameSummary) and optionally its replay file. Shared by PlayMatch
// (playtest/match.h) and RunPlaytest (playtest/playtest.h); every result is the same for any
// number of threads (docs/MATCH.md). Prints nothing: progress goes to a MatchProgress.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjai/bot_pool.h"
#include "mjai/mjai_table.h"
#include "playtest/match_progress.h"
#include "replays/compression.h"
#include "playtest/game_summary.h"
#include "playtest/match_shard.h"
#include "rules/ruleset.h"

namespace mj {

struct MatchSetup {
  Ruleset rules;
  uint64_t seed = 0;
  std::array<std::string, 4> entries;  // the --agents list (validated)
  int rotations = 0;                   // 0 plain, 4 or 24 duplicate
  long games = 1;                      // games of the whole match
  MatchShard shard;                    // the games played (--shard i/N); {0, 1} = all of them
  int jobs = 1;
  std::string out_dir;                 // replays game-NNNN.json go here; empty = none written
  Compression compression = Compression::kNone;  // .json, .json.zst or .json.gz (--compress)
  bool failed_only = false;            // replays of games stopped by an error only (--replays failed)
  BotOptions bots;                     // for mjai-stdio:CMD agents (docs/MJAI.md)
  bool keep_bots = false;              // --bot-lifetime match: bot processes serve many games
};

struct MatchRun {
  std::vector<GameSummary> games;      // in game-index order
  long hands = 0;
  std::vector<std::string> problems;   // one line per game stopped by an agent error
  std::vector<std::string> faults;     // one line per seat substituted after a fault (--bot-fault substitute)
  std::string fatal;                   // a replay that could not be written (the match stopped)
  double seconds = 0;
};

// Plays game `game` (1-based) of the match: its GameRecord with record.match filled in. Bot
// processes come from `pool` when given (else one per bot seat for this game).
[[nodiscard]] GameRecord PlayMatchGame(const MatchSetup& setup, long game, BotPool* pool = nullptr);

// Plays the shard's games (all games by default); `progress`, when given, hears of each game
// taken and of each problem and fault line as it happens.
[[nodiscard]] MatchRun RunMatchGames(const MatchSetup& setup, MatchProgress* progress = nullptr);

}  // namespace mj
