#pragma once
// Terminal tables of MatchStatistics (playtest/match_statistics.h): each figure as
// "estimate [lo, hi]" (the 95% interval).

#include <string>

#include <nlohmann/json.hpp>

namespace mj {

[[nodiscard]] std::string FormatStatistics(const nlohmann::json& stats);
// "2.21 [2.05, 2.37]" with `decimals` digits after the point (scale multiplies first, e.g.
// 100 for percentages); "-" for a missing figure.
[[nodiscard]] std::string FormatFigure(const nlohmann::json& figure, int decimals, double scale = 1.0);
// The claims of seed 003 (playtest/claim_statistics.h) of one ruleset's statistics, one line per
// measure ("" when the statistics have none).
[[nodiscard]] std::string FormatClaims(const nlohmann::json& stats);
// The verdicts of CompareRulesets' "verdicts": per ruleset and claim, the verdict, the games a
// decision would need when undecided, and each part's paired difference with its interval.
[[nodiscard]] std::string FormatVerdicts(const nlohmann::json& comparison);

}  // namespace mj
