#pragma once
// `mahjong score --compare A,B,...`: one input hand scored under several rulesets side by side,
// so a playtester sees how each system values the same hand. One JSON Lines row per hand:
//   {"id": ..., "results": {"riichi": {score output without id}, "fuless": {...}, ...}}
// with the rulesets in the order given; with --table, a fixed-width text table instead.
// A hand one ruleset cannot score (no yaku, a tile it lacks) shows that ruleset's error.

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tiles/result.h"
#include "rules/ruleset.h"

namespace mj::cli {

struct NamedRuleset {
  std::string label;  // as given on the command line
  Ruleset rules;
};

// Splits "riichi,fuless" and loads each (a preset name or a JSON file); the error names the entry.
[[nodiscard]] Result<std::vector<NamedRuleset>> LoadCompareList(std::string_view list);

// The score outputs of `input` under each ruleset (each without its "id").
[[nodiscard]] std::vector<nlohmann::json> CompareOutputs(const nlohmann::json& input,
                                                         const std::vector<NamedRuleset>& sets);

// One JSON Lines row (keys in the order above).
[[nodiscard]] std::string CompareRowJson(const nlohmann::json& id, const std::vector<NamedRuleset>& sets,
                                         const std::vector<nlohmann::json>& outputs);

// The table header (two lines) and one table row: the hand, then per ruleset "han/fu/limit ->
// what the winner receives" or the error.
[[nodiscard]] std::string CompareTableHeader(const std::vector<NamedRuleset>& sets);
[[nodiscard]] std::string CompareTableRow(const nlohmann::json& input, const std::vector<NamedRuleset>& sets,
                                          const std::vector<nlohmann::json>& outputs);

}  // namespace mj::cli
