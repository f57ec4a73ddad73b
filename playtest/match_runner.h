#pragma once
// Plays the games of a match (plain or duplicate) on N threads and collects, in game-index
// order, each game's record (GameSummary) and optionally its replay file. Shared by `match`
// and `playtest`; every result is the same for any number of threads (docs/MATCH.md).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mjai/bot_pool.h"
#include "mjai/mjai_table.h"
#include "replays/compression.h"
#include "playtest/game_summary.h"
#include "playtest/match_shard.h"
#include "rules/ruleset.h"

namespace mj::cli {

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
  std::string label;                   // prefix of progress lines, e.g. "mahjong match"
  BotOptions bots;                     // for mjai-stdio:CMD agents (docs/MJAI.md)
  bool keep_bots = false;              // --bot-lifetime match: bot processes serve many games
};

struct MatchRun {
  std::vector<GameSummary> games;      // in game-index order
  long hands = 0;
  std::vector<std::string> problems;   // one line per game stopped by an agent error
  std::string fatal;                   // a replay that could not be written (the match stopped)
  double seconds = 0;
};

// Plays game `game` (1-based) of the match: its GameRecord with record.match filled in. Bot
// processes come from `pool` when given (else one per bot seat for this game).
[[nodiscard]] GameRecord PlayMatchGame(const MatchSetup& setup, long game, BotPool* pool = nullptr);

// Plays the shard's games (all games by default); progress on stderr (games done, games/s, time left).
[[nodiscard]] MatchRun RunMatchGames(const MatchSetup& setup);

}  // namespace mj::cli
