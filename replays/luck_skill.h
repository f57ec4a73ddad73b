#pragma once
// Luck against skill in a duplicate match (docs/PLAYTEST.md): the stronger agent (the first
// --agents entry) against the weaker one (the last entry, or the last other label): its mean
// rank advantage, the shares of the variance of final points explained by the agent and by the
// deal, and the number of games after which it is ahead in points with 95% probability.

#include <vector>

#include <nlohmann/json.hpp>

#include "replays/figure_set.h"
#include "replays/game_summary.h"
#include "replays/match_statistics.h"

namespace mj {

// Registers the luck/skill figures under /luck_skill and writes its labels into out.
void AddLuckSkill(FigureSet& fs, nlohmann::json& out, const MatchHeader& h, const std::vector<GameSummary>& games,
                  const Units& units);
// After FigureSet::Compute: derives "games_to_lead" from "advantage_per_sd".
void FinishLuckSkill(nlohmann::json& luck_skill);

// Games after which an agent whose per-game points lead has mean/sd = d is ahead in total
// points with probability 95% (normal approximation): ceil((1.6449 / d)^2); infinity for d <= 0.
[[nodiscard]] double GamesToLead(double d);

}  // namespace mj
