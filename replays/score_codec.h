#pragma once
// The scoring breakdown of a hora event in a replay: the `score` command's output object
// (rules/score_json.h, ScoreResultToJson) without "id", and back.

#include <string>

#include <nlohmann/json.hpp>

#include "tiles/result.h"
#include "rules/score_result.h"

namespace mj {

class SimdJsonValue;  // replays/simd_json_value.h

[[nodiscard]] nlohmann::json ScoreToJson(const ScoreResult& score);
// Reads a schema-valid breakdown; unknown yaku names, limits or fu reasons are errors at their
// JSON pointer below `pointer`.
[[nodiscard]] Result<ScoreResult> ScoreFromJson(const nlohmann::json& j, const std::string& pointer);
[[nodiscard]] Result<ScoreResult> ScoreFromSimdJson(const SimdJsonValue& j, const std::string& pointer);

}  // namespace mj
