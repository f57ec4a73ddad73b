#pragma once
// Terminal tables of MatchStatistics (replays/match_statistics.h): each figure as
// "estimate [lo, hi]" (the 95% interval).

#include <string>

#include <nlohmann/json.hpp>

namespace mj {

[[nodiscard]] std::string FormatStatistics(const nlohmann::json& stats);
// "2.21 [2.05, 2.37]" with `decimals` digits after the point (scale multiplies first, e.g.
// 100 for percentages); "-" for a missing figure.
[[nodiscard]] std::string FormatFigure(const nlohmann::json& figure, int decimals, double scale = 1.0);

}  // namespace mj
