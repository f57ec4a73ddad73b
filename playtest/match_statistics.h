#pragma once
// The statistics of a match with 95% bootstrap intervals, computed from the per-game records
// alone (GameSummary, sorted by game index): per-agent figures, paired differences between
// agents, the ruleset's own figures (what changes between rulesets) and, for duplicate
// matches, luck against skill. A pure function of (header, records), so a match, the same
// match played with any --jobs, its replays read back by `mahjong stats`, and its shards merged
// all give the same bytes. Definitions: docs/PLAYTEST.md.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/game_summary.h"
#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj {

// What the statistics need to know about the match besides its games.
struct MatchHeader {
  std::string rules;                   // ruleset name
  int point_scale = 25000;             // hand values are normalised by it (PointScale)
  bool shields = false;                // the ruleset has shields
  uint64_t seed = 0;                   // the match seed
  std::array<std::string, 4> entries;  // the --agents list
  int rotations = 0;                   // duplicate rotations per set (0 = not duplicate)
};

// The scale hand values are divided by: the starting points, or for a ruleset that starts at 0
// (Dunpai) half its end-of-game point gap (Dunpai: 50,000 / 2 = 25,000, like riichi's stack);
// for Ningbo scoring (neither) 12.5 times its limit per share, so that its limit hand (満貫)
// has the share of riichi's mangan (2,000 from each non-dealer of 25,000: 300 -> 3,750);
// otherwise 25,000.
[[nodiscard]] int PointScale(const Ruleset& rules);

[[nodiscard]] nlohmann::json MatchHeaderToJson(const MatchHeader& h);
[[nodiscard]] Result<MatchHeader> MatchHeaderFromJson(const nlohmann::json& j);

// The distinct agent labels of the entries, in first-appearance order.
[[nodiscard]] std::vector<std::string> AgentLabels(const MatchHeader& h);

// Units of resampling: duplicate sets (rotations > 0) or single games. unit_of[i] is the unit
// of games[i]; games must be sorted by game index.
struct Units {
  size_t count = 0;
  std::vector<size_t> unit_of;
};
[[nodiscard]] Units GroupUnits(const MatchHeader& h, const std::vector<GameSummary>& games);

// Every figure with its interval (docs/PLAYTEST.md lists them): {"units", "bootstrap",
// "agents", "pairs", "rules", "luck_skill" (duplicate only)}. The bootstrap runs on `jobs`
// threads; the result does not depend on them.
[[nodiscard]] nlohmann::json MatchStatistics(const MatchHeader& h, const std::vector<GameSummary>& games,
                                             int jobs = 1);

// A figure as JSON: {"estimate", "ci95": [lo, hi]} (+ "num", "den" for a ratio); NaN -> null.
[[nodiscard]] nlohmann::json FigureJson(double estimate, double lo, double hi);

// The summary document: {"format": "mahjong-match-summary", "version", "command", "header",
// "record_fields", "games": [records...], "statistics"}.
[[nodiscard]] nlohmann::json SummaryDocument(const MatchHeader& h, const std::vector<GameSummary>& games,
                                             const std::string& command);
// The same with the statistics already computed (MatchStatistics(h, games)), so a command that
// prints them does not compute them twice; the records are made on `jobs` threads.
[[nodiscard]] nlohmann::json SummaryDocument(const MatchHeader& h, const std::vector<GameSummary>& games,
                                             const std::string& command, nlohmann::json statistics, int jobs = 1);
// Reads a summary document's header and records back (checked: unique game indices, sorted).
[[nodiscard]] Result<std::pair<MatchHeader, std::vector<GameSummary>>> SummaryFromJson(const nlohmann::json& doc);

}  // namespace mj
