#pragma once
// The preset JSON files of rules/presets/, embedded at build time (rules/embed_presets.cmake).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mj {

// (name, JSON text) for every file rules/presets/NAME.json.
const std::vector<std::pair<std::string_view, std::string_view>>& EmbeddedPresets();

}  // namespace mj
