#pragma once
// JsonLineParser: one line of JSON (an mjai message) into an nlohmann::json tree, fast: simdjson
// parses the text (a parser reused from line to line) and the tree is built straight from its
// document, instead of nlohmann's character-by-character parser. The tree is the one
// nlohmann::json::parse gives (objects keep the last of repeated keys; non-negative integers are
// unsigned, negative ones signed, others floating point; only "-0" differs, read as an unsigned
// 0, equal to nlohmann's signed one). A line simdjson refuses (not JSON, a number out of its
// range) goes to nlohmann's parser, so what is accepted and what is refused stays nlohmann's;
// within the bounds of a message (rules/bounded_json.h, kMessageLimits: 1 MiB, nesting 32 deep),
// beyond which a line is refused (a discarded value).

#include <string_view>

#include <nlohmann/json.hpp>
#include <simdjson.h>

namespace mj {

class JsonLineParser {
 public:
  JsonLineParser();
  // The value of `line`, or a discarded value (is_discarded()) when it is not JSON.
  [[nodiscard]] nlohmann::json Parse(std::string_view line);

 private:
  simdjson::dom::parser parser_;
};

}  // namespace mj
