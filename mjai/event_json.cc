#include "mjai/event_json.h"

#include <cstdint>
#include <limits>

#include "rules/bounded_json.h"

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

std::string JsonDump(JsonValue v) { return QuotedText(simdjson::minify(v), 300); }

JsonLineDocument::JsonLineDocument() : parser_(kMessageLimits.max_bytes) {
  // simdjson refuses what is deeper or longer than a message may be (its error sends the line to
  // the bounded check below); allocated again for a longer line, the depth limit is kept.
  // (On failure, here only out of memory, the parser allocates at its first line as before.)
  if (parser_.allocate(4096, static_cast<size_t>(kMessageLimits.max_depth)) != simdjson::SUCCESS) return;
}

Result<JsonValue> JsonLineDocument::Parse(std::string_view line) {
  JsonValue v;
  if (parser_.parse(line.data(), line.size()).get(v) == simdjson::SUCCESS) return v;
  // Only what simdjson refused reaches nlohmann's parser, and only within the message bounds:
  // its tree, and the dump below, recurse once per level (100,000 levels overflowed the stack).
  if (line.size() > kMessageLimits.max_bytes)
    return Error{std::to_string(line.size()) + " bytes; at most " + std::to_string(kMessageLimits.max_bytes)};
  if (JsonNestingDepth(line, kMessageLimits.max_depth) > kMessageLimits.max_depth)
    return Error{"arrays and objects nested more than " + std::to_string(kMessageLimits.max_depth) + " deep"};
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
