// Ruleset presets (the JSON files of rules/presets/, embedded at build time) by name, parsed
// once. Internal to rules/; LoadRuleset (rules/ruleset.h) is defined in ruleset_presets.cc.
#pragma once

#include <string>
#include <string_view>

#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj::ruleset_json {

// "riichi, dunpai, ..." for error messages.
[[nodiscard]] std::string PresetNameList();

// A ruleset from JSON text; `depth` counts "base" links followed so far.
[[nodiscard]] Result<Ruleset> ParseText(std::string_view text, int depth);

// The preset `name` (cached after its first parse), or an error listing the presets.
[[nodiscard]] Result<Ruleset> PresetByName(std::string_view name, int depth);

[[nodiscard]] bool IsPreset(std::string_view name);

}  // namespace mj::ruleset_json
