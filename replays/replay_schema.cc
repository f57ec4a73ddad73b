#include "replays/replay_schema.h"

#include <string>

namespace mj {
namespace {

// MJ_REPLAY_SCHEMA_INC is generated from replays/replay.schema.json by the build.
constexpr std::string_view kEmbedded =
#include MJ_REPLAY_SCHEMA_INC
    ;

}  // namespace

std::string_view ReplaySchemaText() { return kEmbedded; }

const Result<JsonSchema>& ReplaySchema() {
  static const Result<JsonSchema> schema = []() -> Result<JsonSchema> {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(kEmbedded);
    } catch (const nlohmann::json::exception& e) {
      return Error{std::string("replays/replay.schema.json is not valid JSON: ") + e.what()};
    }
    return JsonSchema::Compile(std::move(j));
  }();
  return schema;
}

}  // namespace mj
