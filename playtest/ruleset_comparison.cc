#include "playtest/ruleset_comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "playtest/claim_statistics.h"
#include "playtest/figure_set.h"
#include "playtest/luck_skill.h"

namespace mj {

using nlohmann::json;

json CompareRulesets(const std::vector<RulesetRun>& runs, int jobs, int baseline) {
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
  out["baseline"] = baseline >= 0 && baseline < static_cast<int>(runs.size()) ? json(runs[baseline].header.rules)
                                                                              : json(nullptr);
  out["verdicts"] = json::array();
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
  std::vector<ClaimSums> claims;
  for (size_t r = 0; r < runs.size(); ++r) claims.push_back(MakeClaimSums(runs[r].header, runs[r].games, units[r]));
  // The headline figures of the claims, in order of first use.
  std::vector<std::string> figures;
  for (const Claim& c : SeedClaims())
    for (const ClaimPart& p : c.parts)
      if (std::find(figures.begin(), figures.end(), p.figure) == figures.end()) figures.push_back(p.figure);
  auto statistic = [&](size_t r, const std::string& figure) -> Statistic {
    if (figure == "luck/luck_share") return ls[r].luck_share;
    return ClaimStatistic(claims[r], figure);
  };
  FigureSet fs(units.front().count);
  json diffs = json::array();
  for (size_t a = 0; a < runs.size(); ++a) {
    for (size_t b = a + 1; b < runs.size(); ++b) {
      std::string at = "/differences/";
      at += std::to_string(diffs.size());
      diffs.push_back({{"a", runs[a].header.rules}, {"b", runs[b].header.rules}});
      const Statistic sa = ls[a].skill_share, sb = ls[b].skill_share;
      fs.Custom(at + "/skill_share_difference", [sa, sb](std::span<const double> w) { return sa(w) - sb(w); }, true);
      const Statistic la = ls[a].luck_share, lb = ls[b].luck_share;
      fs.Custom(at + "/luck_share_difference", [la, lb](std::span<const double> w) { return la(w) - lb(w); }, true);
      const Statistic ra = ls[a].rank_advantage, rb = ls[b].rank_advantage;
      fs.Custom(at + "/rank_advantage_difference", [ra, rb](std::span<const double> w) { return ra(w) - rb(w); },
                true);
      for (const std::string& f : figures) {
        const Statistic fa = statistic(a, f), fb = statistic(b, f);
        // The figure's name is one key ("offence/win_value_share"): '/' escaped in the pointer.
        std::string key;
        for (char ch : f) key += ch == '/' ? std::string("~1") : std::string(1, ch);
        fs.Custom(at + "/claims/" + key, [fa, fb](std::span<const double> w) { return fa(w) - fb(w); }, true);
      }
    }
  }
  // Verdicts: each ruleset against the baseline (ruleset - baseline, paired), or its own figure.
  json verdicts = json::array();
  if (baseline >= 0 && baseline < static_cast<int>(runs.size())) {
    const size_t base = static_cast<size_t>(baseline);
    for (size_t r = 0; r < runs.size(); ++r) {
      if (r == base) continue;
      const std::string at = "/verdicts/" + std::to_string(verdicts.size());
      json v = {{"rules", runs[r].header.rules}, {"baseline", runs[base].header.rules}, {"claims", json::array()}};
      for (size_t c = 0; c < SeedClaims().size(); ++c) {
        const Claim& claim = SeedClaims()[c];
        json parts = json::array();
        for (size_t p = 0; p < claim.parts.size(); ++p) {
          const ClaimPart& part = claim.parts[p];
          const std::string where = at + "/claims/" + std::to_string(c) + "/parts/" + std::to_string(p);
          parts.push_back({{"figure", part.figure}, {"direction", part.direction}, {"own", part.own}});
          const Statistic fr = statistic(r, part.figure);
          if (part.own) {
            fs.Custom(where + "/difference", fr, true);
          } else {
            const Statistic fb = statistic(base, part.figure);
            fs.Custom(where + "/difference", [fr, fb](std::span<const double> w) { return fr(w) - fb(w); }, true);
          }
        }
        v["claims"].push_back({{"id", claim.id},
                               {"seed", claim.seed},
                               {"text", claim.text},
                               {"parts", parts},
                               {"about_shields", claim.about_shields},
                               {"shields", runs[r].header.shields}});
      }
      verdicts.push_back(std::move(v));
    }
  }
  json computed = {{"differences", diffs}, {"verdicts", verdicts}};
  fs.Compute(computed, jobs);
  // The verdict of a claim: supported when every part is, contradicted when any part is, else
  // undecided with the games the undecided parts need (the most of them; null = unbounded).
  const double sets = static_cast<double>(units.front().count);
  const double rotations = runs.front().header.rotations;
  for (json& v : computed["verdicts"]) {
    for (json& c : v["claims"]) {
      bool all_supported = true, any_contradicted = false, unbounded = false;
      double needed = 0;
      // A claim about shields says nothing of a ruleset without them: its figures stay, no verdict.
      const bool no_shields = c["about_shields"].get<bool>() && !c["shields"].get<bool>();
      c.erase("shields");
      if (no_shields) {
        for (json& p : c["parts"]) {
          p["verdict"] = kNoShieldsVerdict;
          p["games_needed"] = nullptr;
        }
        c["verdict"] = kNoShieldsVerdict;
        c["games_needed"] = nullptr;
        continue;
      }
      for (json& p : c["parts"]) {
        const std::string verdict = PartVerdict(p["difference"], p["direction"].get<int>());
        p["verdict"] = verdict;
        p["games_needed"] = nullptr;
        if (verdict == "contradicted") any_contradicted = true;
        if (verdict != "supported") all_supported = false;
        if (verdict == "undecided") {
          const double units_needed = UnitsNeeded(p["difference"], sets);
          if (std::isfinite(units_needed)) {
            p["games_needed"] = static_cast<long long>(units_needed * rotations);
            needed = std::max(needed, units_needed * rotations);
          } else {
            unbounded = true;
          }
        }
      }
      c["verdict"] = any_contradicted ? "contradicted" : all_supported ? "supported" : "undecided";
      c["games_needed"] = c["verdict"] == "undecided" && !unbounded ? json(static_cast<long long>(needed)) : json(nullptr);
    }
  }
  out["differences"] = computed["differences"];
  out["verdicts"] = computed["verdicts"];
  return out;
}

}  // namespace mj
