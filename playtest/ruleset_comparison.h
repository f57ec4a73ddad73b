#pragma once
// Rulesets compared (docs/PLAYTEST.md): the same agents and duplicate sets played under each
// ruleset, ranked by the skill share of the variance of final points, with paired intervals for
// the differences between every two rulesets (set k of one ruleset is paired with set k of the
// other: the same set seed) of the luck/skill figures and of every seed 003 claim's headline
// figure, and a verdict per claim for each ruleset against the baseline ruleset.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"

namespace mj {

struct RulesetRun {
  MatchHeader header;
  std::vector<GameSummary> games;   // sorted by game index
  nlohmann::json statistics;        // MatchStatistics(header, games)
};

// {"ranking": [{"rules", "skill_share", "luck_share", "rank_advantage", "games_to_lead"}...]
// (highest skill share first), "differences": [{"a", "b", "skill_share_difference",
// "luck_share_difference", "rank_advantage_difference", "claims": {figure: a - b}}...] (paired,
// with p-values), "baseline": name or null, "verdicts": [{"rules", "baseline", "claims": [{"id",
// "seed", "text", "about_shields", "parts": [{"figure", "direction", "own", "difference" (or
// "figure_value"), "verdict", "games_needed"}], "verdict", "games_needed"}]}] for every ruleset but
// the baseline}. A verdict is "supported", "contradicted", "undecided", or "no_shields" for a claim
// about shields (Claim::about_shields) judged on a ruleset without shields.
// `baseline` is an index into runs (-1: no verdicts). Needs duplicate runs with the same number
// of sets. The bootstrap runs on `jobs` threads; the result does not depend on them.
[[nodiscard]] nlohmann::json CompareRulesets(const std::vector<RulesetRun>& runs, int jobs = 1, int baseline = -1);

}  // namespace mj
