#pragma once
// Rulesets compared by how much skill decides the result (docs/PLAYTEST.md): the same agents and
// duplicate sets played under each ruleset, ranked by the skill share of the variance of final
// points, with paired intervals for the differences between every two rulesets (set k of one
// ruleset is paired with set k of the other: the same set seed).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "replays/game_summary.h"
#include "replays/match_statistics.h"

namespace mj {

struct RulesetRun {
  MatchHeader header;
  std::vector<GameSummary> games;   // sorted by game index
  nlohmann::json statistics;        // MatchStatistics(header, games)
};

// {"ranking": [{"rules", "skill_share", "luck_share", "rank_advantage", "games_to_lead"}...]
// (highest skill share first), "differences": [{"a", "b", "skill_share_difference",
// "luck_share_difference", "rank_advantage_difference"}...] (a - b, paired, with p-values)}. Needs duplicate runs with
// the same number of sets. The bootstrap runs on `jobs` threads; the result does not depend on them.
[[nodiscard]] nlohmann::json CompareRulesets(const std::vector<RulesetRun>& runs, int jobs = 1);

}  // namespace mj
