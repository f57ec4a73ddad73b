// Han values in ruleset JSON: a number (2, 2.5) or fraction text ("2/3", "1 2/3"), held in
// sixths of a han. Internal to rules/ (ruleset reading and writing).
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace mj::ruleset_json {

// "2", "2/3", "1 2/3", "2.5" in sixths, if exact and at most kMaxHan.
[[nodiscard]] std::optional<int> HanTextToSixths(std::string_view text);

// A JSON han value (number or fraction string) in sixths; null means 0 when allowed.
[[nodiscard]] std::optional<int> JsonToSixths(const nlohmann::json& v, bool null_is_zero);

// Whole and half han as JSON numbers, other values as fraction text ("1 2/3", "1/6").
[[nodiscard]] nlohmann::json SixthsToJson(int sixths);

}  // namespace mj::ruleset_json
