#pragma once
// The replay document's JSON Schema (replays/replay.schema.json, embedded at build time by
// replays/embed_schema.cmake), compiled once.

#include <string_view>

#include "tiles/result.h"
#include "replays/json_schema.h"

namespace mj {

// The schema file's text.
[[nodiscard]] std::string_view ReplaySchemaText();
// The compiled schema (an error only if the embedded file is broken; tests make sure it is not).
[[nodiscard]] const Result<JsonSchema>& ReplaySchema();

}  // namespace mj
