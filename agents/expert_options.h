#pragma once
// ExpertOptions: the knobs of the `expert` agent (agents/expert_agent.h), parsed from the
// `expert:key=value,...` spec and printed back in canonical form (defaults omitted, keys in the
// order of the table in docs/AGENTS.md). Each knob turns one element of the expected-value play
// off or changes one number, so an ablation is `expert` against `expert:<key>=<value>`.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tiles/result.h"

namespace mj {

struct ExpertOptions {
  bool riichi = true;        // riichi / open riichi when its expected value beats dama
  bool calls = true;         // pon / chi / daiminkan when the open hand's value beats passing
  bool defence = true;       // deal-in cost in every discard (false: pure offence, never folds)
  bool placement = true;     // final-rank utility (uma, oka) where a hand can end the game
  bool exchange = true;      // Dunpai: exchanges weighed as defence actions
  bool open_riichi = true;   // Dunpai: open riichi weighed against riichi (false: never open)
  bool decline_wins = true;  // Dunpai: decline a win worth less than the shields it costs
  // Dunpai: bank pairs at the deal when this hand is slow; off by default: measured, banking costs
  // about 0.035 of mean rank against three defensive players (docs/AGENTS.md).
  bool deal_shields = false;
  bool greedy_calls = true;  // greedy_margin also takes greedy's chi / pon / kan in place of a pass
  bool lookahead = true;     // one-shanten hands valued by the tenpai hands each useful draw makes
  // Two-shanten hands valued by the one-shanten hands each useful draw makes (their acceptance,
  // and the waits and values of their tenpai hands).
  bool lookahead2 = true;
  // The noten payment a hand tenpai at an exhaustive draw collects (and does not pay), counted in
  // every hand's value with the chance of being tenpai when the wall runs out.
  bool draw_tenpai = true;
  // A riichi seat's river reweighs its deal-in chances: tiles outside its early discards safer,
  // a 1, 2, 8 or 9 next to its riichi tile more dangerous, the seat's total danger kept.
  bool river_reading = true;
  // A riichi seat's deal-in chances read by the wait reader (agents/expert_wait_reader.h), a
  // model of its whole river fitted to games where every hand is known, in place of
  // river_reading. Off by default: measured no better than river_reading (docs/AGENTS.md).
  bool wait_reader = false;
  // Dunpai: points one held shield is worth (0..20000); 100 measured best against three
  // defensive players (with deal_shields off, 0 and 250 worse; 500 and more clearly worse).
  int shield_value = 100;
  // With no opponent read as a threat, greedy's discard when its estimate is within this many
  // points (riichi scale) of the best one (0: never).
  int greedy_margin = 300;
  // Where the ruleset pays no uma and no oka (dunpai, ningbo), points one place of the final
  // order is worth (riichi scale) when a hand can end the game (0: points only).
  int rank_points = 0;
  friend bool operator==(const ExpertOptions&, const ExpertOptions&) = default;
};

// The options of `key=value` pairs (the part of a spec after "expert:"); an error names the
// key and what it wants ("agent \"expert\": option \"shield_value\" wants an integer 0..20000,
// got \"x\"").
[[nodiscard]] Result<ExpertOptions> ParseExpertOptions(
    const std::vector<std::pair<std::string_view, std::string_view>>& pairs);
// "riichi=false,shield_value=800": the options that differ from the defaults, in table order.
[[nodiscard]] std::string ExpertOptionText(const ExpertOptions& o);
// The known keys, comma separated, for error messages.
[[nodiscard]] std::string_view ExpertOptionKeys();

}  // namespace mj
