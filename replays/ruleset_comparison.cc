#include "replays/ruleset_comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "replays/figure_set.h"
#include "replays/luck_skill.h"

namespace mj {

using nlohmann::json;

json CompareRulesets(const std::vector<RulesetRun>& runs, int jobs) {
  json out = json::object();
  json ranking = json::array();
  for (const RulesetRun& r : runs) {
    const json& s = r.statistics;
    if (!s.contains("luck_skill")) continue;
    const json& l = s["luck_skill"];
    ranking.push_back({{"rules", r.header.rules},
                       {"strong", l["strong"]},
                       {"weak", l["weak"]},
                       {"skill_share", l["skill_share"]},
                       {"luck_share", l["luck_share"]},
                       {"rank_advantage", l["rank_advantage"]},
                       {"games_to_lead", l["games_to_lead"]}});
  }
  auto est = [](const json& f) {
    return f["estimate"].is_number() ? f["estimate"].get<double>() : -std::numeric_limits<double>::infinity();
  };
  std::stable_sort(ranking.begin(), ranking.end(),
                   [&](const json& a, const json& b) { return est(a["skill_share"]) > est(b["skill_share"]); });
  out["ranking"] = ranking;
  out["differences"] = json::array();
  if (runs.size() < 2) return out;
  std::vector<Units> units;
  std::vector<LuckSkillStatistics> ls;
  for (const RulesetRun& r : runs) {
    units.push_back(GroupUnits(r.header, r.games));
    if (r.header.rotations == 0 || units.back().count != units.front().count || AgentLabels(r.header).size() < 2) {
      out["differences_note"] = "needs duplicate matches with the same number of sets under every ruleset";
      return out;
    }
    ls.push_back(MakeLuckSkillStatistics(r.header, r.games, units.back()));
  }
  FigureSet fs(units.front().count);
  json diffs = json::array();
  for (size_t a = 0; a < runs.size(); ++a) {
    for (size_t b = a + 1; b < runs.size(); ++b) {
      std::string at = "/";
      at += std::to_string(diffs.size());
      diffs.push_back({{"a", runs[a].header.rules}, {"b", runs[b].header.rules}});
      const Statistic sa = ls[a].skill_share, sb = ls[b].skill_share;
      fs.Custom(at + "/skill_share_difference", [sa, sb](std::span<const double> w) { return sa(w) - sb(w); }, true);
      const Statistic la = ls[a].luck_share, lb = ls[b].luck_share;
      fs.Custom(at + "/luck_share_difference", [la, lb](std::span<const double> w) { return la(w) - lb(w); }, true);
      const Statistic ra = ls[a].rank_advantage, rb = ls[b].rank_advantage;
      fs.Custom(at + "/rank_advantage_difference", [ra, rb](std::span<const double> w) { return ra(w) - rb(w); },
                true);
    }
  }
  fs.Compute(diffs, jobs);
  out["differences"] = diffs;
  return out;
}

}  // namespace mj
