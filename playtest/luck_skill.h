#pragma once
// Luck against skill in a duplicate match (docs/PLAYTEST.md): the stronger agent (the first
// --agents entry) against the weaker one (the last entry, or the last other label): its mean
// rank advantage, the shares of the variance of final points explained by the agent and by the
// deal, and the number of games after which it is ahead in points with 95% probability.

#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/figure_set.h"
#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"

namespace mj {

// The luck/skill statistics of a duplicate match as functions of the set weights (for
// comparisons across rulesets that share their sets): rank advantage, score advantage, skill,
// luck and rest shares, advantage per sd.
struct LuckSkillStatistics {
  size_t strong = 0, weak = 0;  // indices into AgentLabels
  double games = 0;             // games with both agents and an end
  double whole_sets = 0;        // sets whose games all ended normally
  Statistic rank_advantage, score_advantage, skill_share, luck_share, rest_share, advantage_per_sd;
};
[[nodiscard]] LuckSkillStatistics MakeLuckSkillStatistics(const MatchHeader& h, const std::vector<GameSummary>& games,
                                                          const Units& units);

// Registers the luck/skill figures under /luck_skill and writes its labels into out.
void AddLuckSkill(FigureSet& fs, nlohmann::json& out, const MatchHeader& h, const std::vector<GameSummary>& games,
                  const Units& units);
// After FigureSet::Compute: derives "games_to_lead" from "advantage_per_sd".
void FinishLuckSkill(nlohmann::json& luck_skill);

// Games after which an agent whose per-game points lead has mean/sd = d is ahead in total
// points with probability 95% (normal approximation): ceil((1.6449 / d)^2); infinity for d <= 0.
[[nodiscard]] double GamesToLead(double d);

}  // namespace mj
