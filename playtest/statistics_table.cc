#include "playtest/statistics_table.h"

#include <algorithm>
#include <cstdio>

#include "playtest/claim_statistics.h"

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
  for (const json& a : s["agents"])
    if (a.contains("substituted_games"))
      out += "note: \"" + a["agent"].get<std::string>() + "\" faulted and a substitute (tsumogiri / pass) finished its seat in " +
             std::to_string(a["substituted_games"].get<long>()) + " player-game(s): no rank or score from those, and " +
             std::to_string(a["substituted_hands"].get<long>()) +
             " hand(s) from the faults on not counted as its play\n";
  for (const json& p : s["pairs"]) {
    auto pv = [](const json& f) { return f["p_value"].is_number() ? Num(f["p_value"], 4, 1) : std::string("-"); };
    out += p["a"].get<std::string>() + " - " + p["b"].get<std::string>() + ": rank " +
           FormatFigure(p["rank_difference"], 2) + " (p " + pv(p["rank_difference"]) + "), score " +
           FormatFigure(p["score_difference"], 0) + " (p " + pv(p["score_difference"]) + ")\n";
  }
  out += FormatClaims(s);
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

std::string FormatClaims(const json& s) {
  if (!s.contains("claims")) return "";
  const json& c = s["claims"];
  auto f = [&](const char* section, const char* name, int decimals, double scale = 1.0) {
    return FormatFigure(c[section][name], decimals, scale);
  };
  std::string out = "seed 003 measures:\n";
  if (c["passive"].contains("first_hand_choice_share"))
    out += "  passive hands: choice share of the first hand's point changes " +
           f("passive", "first_hand_choice_share", 3) + "\n";
  out += "  win-and-run: first winner finishes first " + f("win_and_run", "first_winner_top_rate", 1, 100) + "%\n";
  out += "  offence: tenpai " + f("offence", "tenpai_rate", 1, 100) + "% of player-hands, first tenpai after " +
         f("offence", "first_tenpai_turn", 2) + " own discards, win value " + f("offence", "win_value_share", 3) +
         " of the point scale\n";
  // Without shields nobody holds or carries one: the by-shield figures have nothing to compare.
  const bool shields = s.contains("rules") && s["rules"].contains("shields");
  out += "  defence: faced a riichi " + f("defence", "faced_riichi_rate", 1, 100) + "%, dealt in to it " +
         f("defence", "deal_in_vs_riichi_rate", 1, 100) + "%" +
         (shields ? " (with a face-down shield " + f("defence", "with_exchange_deal_in_rate", 1, 100) + "%, without " +
                        f("defence", "without_exchange_deal_in_rate", 1, 100) + "%)"
                  : std::string()) +
         ", kept tenpai or won " + f("defence", "push_rate", 1, 100) + "%\n";
  out += "  waves: lead changes per hand " + f("waves", "lead_changes_per_hand", 3) +
         (shields ? ", win rate carrying shields " + f("waves", "win_rate_carried", 1, 100) + "% against " +
                        f("waves", "win_rate_not_carried", 1, 100) + "%"
                  : std::string(", no shields in this ruleset")) +
         "\n";
  out += "  whether to win: a certain win declined in " + f("decline", "declined_rate", 2, 100) +
         "% of player-hands; after declining the seat won the hand " + f("decline", "declined_hand_won_rate", 1, 100) +
         "%, its points changed by " + f("decline", "declined_delta_share", 3) + " of the scale (won hands: " +
         f("decline", "won_delta_share", 3) + ")\n";
  return out;
}

std::string FormatVerdicts(const json& comparison) {
  std::string out;
  if (!comparison.contains("verdicts")) return out;
  for (const json& v : comparison["verdicts"]) {
    out += "seed 003's claims, " + v["rules"].get<std::string>() + " against " + v["baseline"].get<std::string>() +
           " (paired 95% intervals; docs/PLAYTEST.md):\n";
    for (const json& c : v["claims"]) {
      std::string verdict = c["verdict"].get<std::string>();
      if (verdict == kNoShieldsVerdict) {
        verdict = "no shields in this ruleset (the seed claims it of shields; no verdict)";
      } else if (verdict == "undecided") {
        verdict = "undecided at this sample size";
        verdict += c["games_needed"].is_number()
                       ? " (about " + std::to_string(c["games_needed"].get<long long>()) + " games per ruleset would decide)"
                       : " (no difference seen: no sample size would decide)";
      }
      out += "  " + c["id"].get<std::string>() + ": " + verdict + ": " + c["text"].get<std::string>() + "\n";
      for (const json& p : c["parts"]) {
        const std::string what = p["own"].get<bool>() ? p["figure"].get<std::string>()
                                                      : p["figure"].get<std::string>() + " difference";
        const std::string part = p["verdict"].get<std::string>();
        out += "      " + what + " " + FormatFigure(p["difference"], 3) + " -> " +
               (part == kNoShieldsVerdict ? std::string("no shields") : part) + "\n";
      }
    }
  }
  return out;
}

}  // namespace mj
