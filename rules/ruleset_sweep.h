#pragma once
// Ruleset sweeps (docs/PLAYTEST.md, "Sweeps"): a base ruleset with one or two of its keys set to
// each of several values, every variant read as a ruleset file {"base": <base>, the swept keys}
// would be (RulesetFromJson over the base: the keys a file ties follow, e.g. shields.extra_tiles
// follows shields.per_hand), so a value a file would refuse is refused with the reader's
// message. A variant is named "<base>[key=value]" or "<base>[key=value,key=value]" for a grid.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj {

// One `--vary` option: "key=v1,v2,..." where key is a dotted path into the ruleset JSON
// ("shields.per_hand"), or several paths joined by '+' that all take the same value
// ("shields.per_hand+shields.extra_tiles=1,2,3"). Values are JSON
// (numbers, true/false, quoted strings) or bare words, read as strings.
struct RulesetVary {
  std::vector<std::string> keys;
  std::vector<nlohmann::json> values;
  std::vector<std::string> texts;  // the values as written
};
[[nodiscard]] Result<RulesetVary> ParseRulesetVary(const std::string& text);

// The variants of `base`: one per value (one option) or per pair of values (two options, the
// first option's values outermost), in that order.
[[nodiscard]] Result<std::vector<Ruleset>> SweepRulesets(const Ruleset& base, const std::vector<RulesetVary>& vary);

}  // namespace mj
