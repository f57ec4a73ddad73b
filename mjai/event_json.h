#pragma once
// Reading mjai messages parsed by simdjson's DOM, without a JSON tree: the mjai client folds every
// event straight from the parsed line (mjai/seat_state.h, mjai/client_bot.h).
//
// The values read mean what nlohmann::json::parse gives for the same text, which the rest of the
// project reads (JsonLineParser's contract, mjai/json_line.h): an object's repeated key reads as
// its last occurrence; a number without fraction or exponent that fits 64 bits is a whole number
// (simdjson's int64 / uint64), any other number is not. A JsonValue is valid while the parser that
// gave it holds its document (until its next Parse).

#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include "tiles/result.h"

namespace mj {

using JsonValue = simdjson::dom::element;

[[nodiscard]] inline bool JsonIsString(JsonValue v) { return v.type() == simdjson::dom::element_type::STRING; }
[[nodiscard]] inline bool JsonIsArray(JsonValue v) { return v.type() == simdjson::dom::element_type::ARRAY; }
[[nodiscard]] inline bool JsonIsObject(JsonValue v) { return v.type() == simdjson::dom::element_type::OBJECT; }

// Field `key` of `v`; nullopt when `v` is not an object or has no such key. (Inline: with a
// literal key the comparison compiles to a length test and a word compare.)
[[nodiscard]] inline std::optional<JsonValue> JsonFind(JsonValue v, std::string_view key) {
  if (!JsonIsObject(v)) return std::nullopt;
  std::optional<JsonValue> found;
  const simdjson::dom::object object = v.get_object().value_unsafe();
  for (auto it = object.begin(); it != object.end(); ++it)
    if (it.key_length() == key.size() && std::memcmp(it.key_c_str(), key.data(), key.size()) == 0)
      found = it.value();  // the last of repeated keys
  return found;
}
[[nodiscard]] inline bool JsonIsBool(JsonValue v) { return v.type() == simdjson::dom::element_type::BOOL; }
[[nodiscard]] inline bool JsonIsNull(JsonValue v) { return v.type() == simdjson::dom::element_type::NULL_VALUE; }
[[nodiscard]] inline bool JsonIsInteger(JsonValue v) {
  return v.type() == simdjson::dom::element_type::INT64 || v.type() == simdjson::dom::element_type::UINT64;
}
// The text of a string (empty for other values).
[[nodiscard]] inline std::string_view JsonString(JsonValue v) {
  return JsonIsString(v) ? std::string_view(v.get_string().value_unsafe()) : std::string_view();
}
// A whole number as long long (one above its range reads as its largest value); 0 for others.
[[nodiscard]] long long JsonInteger(JsonValue v);
// True only for the boolean true.
[[nodiscard]] inline bool JsonTrue(JsonValue v) { return JsonIsBool(v) && v.get_bool().value_unsafe(); }
// The number of items of an array (0 for other values).
[[nodiscard]] inline size_t JsonSize(JsonValue v) {
  return JsonIsArray(v) ? v.get_array().value_unsafe().size() : 0;
}
// The items of an array (an empty range for other values).
[[nodiscard]] simdjson::dom::array JsonItems(JsonValue v);
// The "type" string of an event (empty when `v` is not an object or its "type" not a string).
[[nodiscard]] inline std::string_view JsonType(JsonValue v) {
  const auto t = JsonFind(v, "type");
  return t ? JsonString(*t) : std::string_view();
}
// True when `v` is an object whose "type" is the string `type`.
[[nodiscard]] inline bool JsonIsType(JsonValue v, std::string_view type) { return JsonType(v) == type; }
// The value as compact JSON text (for error messages).
[[nodiscard]] std::string JsonDump(JsonValue v);

// One line of JSON parsed with simdjson (the parser and its buffers reused from line to line).
// A line simdjson refuses but nlohmann accepts (a whole number beyond 64 bits, which nlohmann reads
// as a floating-point number) is read as nlohmann's value written back as text, so that what is
// accepted stays nlohmann's. Bounded as every reader of outside input (rules/bounded_json.h,
// kMessageLimits): a line over 1 MiB or nesting arrays and objects more than 32 deep is refused
// (no mjai message nests more than four).
class JsonLineDocument {
 public:
  JsonLineDocument();
  // The value of `line`; an error when it is not JSON.
  [[nodiscard]] Result<JsonValue> Parse(std::string_view line);
  // The value of a tree, through its text (the tree forms of MjaiSeatState and MjaiBot).
  [[nodiscard]] Result<JsonValue> ParseTree(const nlohmann::json& tree);

 private:
  simdjson::dom::parser parser_;
  std::string text_;
};

}  // namespace mj
