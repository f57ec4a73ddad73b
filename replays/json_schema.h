#pragma once
// JsonSchema: a small validator for the JSON Schema (draft 2020-12) subset our own schemas use:
//   type, const, enum, minimum, maximum, minLength, maxLength, pattern,
//   minItems, maxItems, prefixItems, items, required, properties, additionalProperties,
//   allOf, anyOf, oneOf, if/then/else, $ref ("#" or "#/$defs/NAME");
// annotations ($schema, $id, $comment, title, description, examples, default) are ignored.
// A schema using any other keyword is refused when it is compiled, so nothing is skipped
// silently. Errors name the JSON pointer of the offending value:
//   /events/17/pai: "5x" is not one of the tile names
// (an enum's message uses the schema's "title" when it has one).

#include <map>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tiles/result.h"

namespace mj {

struct SchemaError {
  std::string pointer;  // JSON pointer ("" = the whole document)
  std::string message;
  // "/events/17/pai: ..." ("(root): ..." for the whole document).
  [[nodiscard]] std::string ToString() const;
};

class JsonSchema {
 public:
  // Checks that every keyword is supported, every $ref resolves and every pattern compiles.
  [[nodiscard]] static Result<JsonSchema> Compile(nlohmann::json schema);

  // Errors in document order of evaluation, at most `max_errors` (empty = valid).
  [[nodiscard]] std::vector<SchemaError> Validate(const nlohmann::json& doc, size_t max_errors = 20) const;

  // Whether the document is valid: Validate(doc).empty(), without building any error (it stops
  // at the first failure), for callers that only need the verdict.
  [[nodiscard]] bool Accepts(const nlohmann::json& doc) const;

  [[nodiscard]] const nlohmann::json& schema() const { return root_; }

 private:
  JsonSchema() = default;
  // True when the value is valid. With `errors`, every error is added (pointer and message);
  // without (nullptr), it returns at the first failure and builds no text.
  bool Check(const nlohmann::json& schema, const nlohmann::json& value, const std::string& pointer,
             std::vector<SchemaError>* errors, int depth) const;
  // The schema's own "type" (through a leading $ref) admits the value.
  [[nodiscard]] bool TypeMatches(const nlohmann::json& schema, const nlohmann::json& value, int depth) const;
  [[nodiscard]] bool Matches(const nlohmann::json& schema, const nlohmann::json& value, int depth) const;
  [[nodiscard]] const nlohmann::json* Resolve(const std::string& ref) const;

  nlohmann::json root_;
  std::map<std::string, std::regex> patterns_;
};

// Appends a reference token to a JSON pointer, escaping '~' and '/'.
[[nodiscard]] std::string PointerAppend(const std::string& pointer, const std::string& token);

}  // namespace mj
