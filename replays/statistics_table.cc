#include "replays/statistics_table.h"

#include <algorithm>
#include <cstdio>

namespace mj {

using nlohmann::json;

namespace {

std::string Num(const json& x, int decimals, double scale) {
  if (!x.is_number()) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x.get<double>() * scale);
  return buf;
}

std::string Pad(const std::string& s, size_t width) { return s.size() >= width ? s : s + std::string(width - s.size(), ' '); }

}  // namespace

std::string FormatFigure(const json& f, int decimals, double scale) {
  if (!f.is_object() || !f.contains("estimate")) return "-";
  return Num(f["estimate"], decimals, scale) + " [" + Num(f["ci95"][0], decimals, scale) + ", " +
         Num(f["ci95"][1], decimals, scale) + "]";
}

std::string FormatStatistics(const json& s) {
  std::string out;
  const json& units = s["units"];
  out += "95% intervals: bootstrap over " + std::to_string(units["count"].get<long>()) + " " +
         units["kind"].get<std::string>() + " (" + std::to_string(s["bootstrap"]["resamples"].get<int>()) +
         " resamples, fixed seed)\n";
  size_t width = 5;
  for (const json& a : s["agents"]) width = std::max(width, a["agent"].get<std::string>().size());
  out += Pad("agent", width) + "  " + Pad("avg rank", 20) + Pad("avg score", 24) + Pad("win %", 20) +
         Pad("deal-in %", 20) + "\n";
  for (const json& a : s["agents"]) {
    out += Pad(a["agent"].get<std::string>(), width) + "  " + Pad(FormatFigure(a["mean_rank"], 2), 20) +
           Pad(FormatFigure(a["mean_score"], 0), 24) + Pad(FormatFigure(a["win_rate"], 1, 100), 20) +
           Pad(FormatFigure(a["deal_in_rate"], 1, 100), 20) + "\n";
  }
  for (const json& p : s["pairs"]) {
    auto pv = [](const json& f) { return f["p_value"].is_number() ? Num(f["p_value"], 4, 1) : std::string("-"); };
    out += p["a"].get<std::string>() + " - " + p["b"].get<std::string>() + ": rank " +
           FormatFigure(p["rank_difference"], 2) + " (p " + pv(p["rank_difference"]) + "), score " +
           FormatFigure(p["score_difference"], 0) + " (p " + pv(p["score_difference"]) + ")\n";
  }
  if (s.contains("luck_skill")) {
    const json& l = s["luck_skill"];
    const json& g = l["games_to_lead"];
    auto games = [](const json& x) { return x.is_number() ? Num(x, 0, 1) : std::string("unbounded"); };
    out += "luck/skill (" + l["strong"].get<std::string>() + " against " + l["weak"].get<std::string>() +
           "): rank advantage " + FormatFigure(l["rank_advantage"], 3) + ", skill share " +
           FormatFigure(l["skill_share"], 3) + ", luck share " + FormatFigure(l["luck_share"], 3) +
           ", ahead with 95% after " + games(g["estimate"]) + " games [" + games(g["ci95"][0]) + ", " +
           games(g["ci95"][1]) + "]\n";
  }
  return out;
}

}  // namespace mj
