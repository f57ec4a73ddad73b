#include "mjai/event_json.h"

#include <cstdint>
#include <limits>

namespace mj {

long long JsonInteger(JsonValue v) {
  if (v.type() == simdjson::dom::element_type::INT64) return v.get_int64().value_unsafe();
  if (v.type() == simdjson::dom::element_type::UINT64) {
    const uint64_t u = v.get_uint64().value_unsafe();
    return u > static_cast<uint64_t>(std::numeric_limits<long long>::max()) ? std::numeric_limits<long long>::max()
                                                                             : static_cast<long long>(u);
  }
  return 0;
}

simdjson::dom::array JsonItems(JsonValue v) {
  if (JsonIsArray(v)) return v.get_array().value_unsafe();
  return {};
}

std::string JsonDump(JsonValue v) { return simdjson::minify(v); }

Result<JsonValue> JsonLineDocument::Parse(std::string_view line) {
  JsonValue v;
  if (parser_.parse(line.data(), line.size()).get(v) == simdjson::SUCCESS) return v;
  const nlohmann::json tree = nlohmann::json::parse(line, nullptr, false);
  if (tree.is_discarded()) return Error{"not JSON"};
  return ParseTree(tree);
}

Result<JsonValue> JsonLineDocument::ParseTree(const nlohmann::json& tree) {
  text_ = tree.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  JsonValue v;
  if (const auto error = parser_.parse(text_).get(v); error != simdjson::SUCCESS)
    return Error{std::string("not readable: ") + simdjson::error_message(error)};
  return v;
}

}  // namespace mj
