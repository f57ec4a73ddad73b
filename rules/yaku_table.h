// The yaku table of a ruleset in JSON: reading the "yaku" section over a base table and writing
// one entry back. Internal to rules/; RiichiYakuTable (the default table) is declared in
// rules/ruleset.h and defined in yaku_table.cc.
#pragma once

#include <array>
#include <optional>

#include <nlohmann/json.hpp>

#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj::ruleset_json {

// One entry as RulesetToJson writes it.
[[nodiscard]] nlohmann::json YakuValueToJson(YakuId id, const YakuValue& v);

// Applies the "yaku" object on top of `yaku` (the base's table); entries not given keep it.
std::optional<Error> ApplyYakuTable(const nlohmann::json& table, std::array<YakuValue, kNumYaku>& yaku);

}  // namespace mj::ruleset_json
