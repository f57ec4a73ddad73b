#pragma once
// A match as one library call: its games played on N threads (playtest/match_runner.h), the
// per-agent table and every statistic with its interval (playtest/match_statistics.h). What
// `mahjong match` prints and writes is made from this result; a test or another front end
// calls it without a command line. Its summary file: WriteSummary (playtest/summary_io.h).

#include <optional>

#include <nlohmann/json.hpp>

#include "playtest/match_progress.h"
#include "playtest/match_runner.h"
#include "playtest/match_statistics.h"
#include "playtest/match_stats.h"

namespace mj {

struct MatchResult {
  MatchRun run;                  // the games' records in game order, problems, time
  MatchHeader header;            // what makes two runs the same match
  std::optional<MatchStats> table;  // per-agent totals (unset when run.fatal is set)
  nlohmann::json statistics;     // MatchStatistics of the games (null when run.fatal is set)
};

// Plays the match `setup` describes (its shard's games); progress, when given, hears of each game.
[[nodiscard]] MatchResult PlayMatch(const MatchSetup& setup, MatchProgress* progress = nullptr);

}  // namespace mj
