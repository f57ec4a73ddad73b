#pragma once
// Seed 003's claims as measures (docs/PLAYTEST.md, "Seed 003's claims"): per ruleset, from the
// per-game records' player-hand facts (playtest/hand_facts.h), per-unit sums of every measure,
// their figures under /claims with 95% bootstrap intervals, and the headline statistic of each
// claim as a function of the unit weights, so that two rulesets played on the same duplicate
// sets can be compared paired (playtest/ruleset_comparison.h) and a verdict given.

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/figure_set.h"
#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"

namespace mj {

// Shields held at the deal are binned 0, 1, ..., 6 and 7 or more.
inline constexpr int kShieldBins = 8;
// Curves over the hand index (leader after hand k, shields at the deal of hand k): hands 1..12.
inline constexpr int kHandCurve = 12;

// Per-unit sums of one ruleset's claim measures: every ratio figure as (numerator, denominator)
// vectors by its path under /claims, and the two-way layout of the first hand's point changes.
struct ClaimSums {
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> ratios;
  std::vector<double> first_n, first_sy, first_syy, first_cells;  // whole sets only
  bool duplicate = false;
  double point_scale = 25000;
};
[[nodiscard]] ClaimSums MakeClaimSums(const MatchHeader& h, const std::vector<GameSummary>& games, const Units& units);

// Registers every figure under /claims (ratios with num/den; the choice share; the difference of
// win rates with and without carried shields, with a p-value).
void AddClaimFigures(FigureSet& fs, const ClaimSums& c);

// A statistic of the claim sums by name: any ratio path ("offence/tenpai_rate"),
// "passive/first_hand_choice_share" or "waves/carried_win_rate_difference".
[[nodiscard]] Statistic ClaimStatistic(const ClaimSums& c, const std::string& name);

// One part of a claim's verdict: `figure` (a ClaimStatistic name, or "luck/luck_share" for the
// luck share of docs/PLAYTEST.md (b)) should be higher (direction +1) or lower (-1) under the
// ruleset than under the baseline; `own` parts compare the ruleset's own figure with 0 instead.
struct ClaimPart {
  std::string figure;
  int direction = 1;
  bool own = false;
};
struct Claim {
  std::string id;     // "luck", "passive", "win_and_run", "offence", "defence", "waves", "decline"
  std::string seed;   // the seed's words
  std::string text;   // what it claims for the ruleset against the baseline, in English
  std::vector<ClaimPart> parts;
  // The seed claims it of shields (offence, defence, waves, decline: what shields do to play): a
  // ruleset without shields gets the verdict kNoShieldsVerdict, whatever its figures.
  bool about_shields = false;
};
inline constexpr const char* kNoShieldsVerdict = "no_shields";
[[nodiscard]] const std::vector<Claim>& SeedClaims();

// The verdict of one part from its figure ({"estimate","ci95"}): "supported" when the interval
// lies on the claimed side of 0, "contradicted" when on the other, else "undecided".
[[nodiscard]] std::string PartVerdict(const nlohmann::json& figure, int direction);
// Units a decision would need at this effect and spread: n * ((hi - lo) / (2 |estimate|))^2,
// rounded up (the interval's half-width shrinks as 1 / sqrt(n)); NaN when the estimate is 0 or
// undefined.
[[nodiscard]] double UnitsNeeded(const nlohmann::json& figure, double units);

}  // namespace mj
