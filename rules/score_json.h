#pragma once
// The `score` command's JSON contract (see README / docs/SCORE.md): one input object in, one
// output object out. Bad input never throws: it becomes {"ok": false, "error": ...}.

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "tiles/result.h"
#include "rules/ruleset.h"
#include "rules/score_result.h"
#include "rules/win_context.h"

namespace mj {

// Converts a score input object to a WinContext, validating every key and tile.
[[nodiscard]] Result<WinContext> WinContextFromJson(const nlohmann::json& input, const Ruleset& rules);
// The output object for a result (ok or error), with "id" copied from the input.
[[nodiscard]] nlohmann::json ScoreResultToJson(const nlohmann::json& id, const ScoreResult& result);
// Parse + score + print for one input object.
[[nodiscard]] nlohmann::json ScoreInputJson(const nlohmann::json& input, const Ruleset& rules);
// The output object as one line of text with its keys in the documented order (id first).
[[nodiscard]] std::string DumpScoreOutput(const nlohmann::json& output);
// Same for one line of text (invalid JSON gives an invalid_input error with "id": null).
[[nodiscard]] std::string ScoreInputLine(std::string_view line, const Ruleset& rules);

// A fu breakdown entry as the output's "reason" text ("base", "closed pung 5z", ...).
[[nodiscard]] std::string FuReasonText(const FuEntry& e);

// Han in sixths printed as the JSON number of the output ("han": 1, 1.5, 1.6666666666666667).
[[nodiscard]] nlohmann::json HanToJson(int sixths);
// Han in sixths as text for people: "1", "1 2/3", "2.5".
[[nodiscard]] std::string HanToText(int sixths);

}  // namespace mj
