// Our JSON Schema validator (replays/json_schema.h) against the official JSON-Schema-Test-Suite
// (Debian's json-schema-test-suite, /usr/share/json-schema-test-suite): every case of the files
// of the keywords the replay schema uses. The package holds the suite up to draft 7; its cases
// are read in 2020-12 spelling (`definitions` is `$defs`). A group is left out only when its
// schema uses what our validator refuses to compile (a keyword or form the replay schema does
// not use: `items` as an array, a `$ref` other than "#" or "#/$defs/NAME", ...) or when draft 7
// and 2020-12 mean different things (a `$ref`'s sibling keywords are ignored in draft 7, applied
// in 2020-12); each left-out group is named in the test's output.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "replays/json_schema.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace json_schema_suite_test {
namespace {

namespace fs = std::filesystem;

nlohmann::json To202012(const nlohmann::json& schema);

// A "properties" object: its keys are property names (kept as they are), its values schemas.
nlohmann::json PropertiesTo202012(const nlohmann::json& properties) {
  if (!properties.is_object()) return properties;
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, sub] : properties.items()) out[name] = To202012(sub);
  return out;
}

// draft 7 spelling -> 2020-12: "definitions" -> "$defs", "#/definitions/..." -> "#/$defs/...".
nlohmann::json To202012(const nlohmann::json& schema) {
  if (schema.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& v : schema) out.push_back(To202012(v));
    return out;
  }
  if (!schema.is_object()) return schema;
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, value] : schema.items()) {
    if (key == "$ref" && value.is_string() && value.get<std::string>().rfind("#/definitions/", 0) == 0)
      out[key] = "#/$defs/" + value.get<std::string>().substr(14);
    else if (key == "definitions")
      out["$defs"] = PropertiesTo202012(value);
    else if (key == "properties" || key == "$defs")
      out[key] = PropertiesTo202012(value);
    else if (key == "enum" || key == "const")
      out[key] = value;  // values, not schemas
    else
      out[key] = To202012(value);
  }
  return out;
}

// The suite's files for the keywords of replays/replay.schema.json.
const char* const kKeywordFiles[] = {
    "type", "const", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems",
    "items", "required", "properties", "additionalProperties", "allOf", "anyOf", "oneOf", "if-then-else", "ref"};

// Where draft 7 and 2020-12 differ (the suite's draft 7 answer is not 2020-12's).
const std::set<std::string> kDraft7Only = {"ref overrides any sibling keywords"};

TEST(JsonSchemaSuite, OurValidatorPassesTheOfficialCasesOfEveryKeywordWeUse) {
  const fs::path dir = fs::path(MJ_SCHEMA_SUITE_DIR) / "tests" / "draft7";
  ASSERT_TRUE(fs::is_directory(dir)) << dir << " (json-schema-test-suite, scripts/install_deps.sh)";
  int groups = 0, cases = 0;
  std::vector<std::string> left_out;
  for (const char* keyword : kKeywordFiles) {
    std::ifstream in(dir / (std::string(keyword) + ".json"));
    ASSERT_TRUE(in) << keyword;
    const nlohmann::json file = nlohmann::json::parse(in);
    int file_groups = 0;
    for (const auto& group : file) {
      const std::string name = std::string(keyword) + ": " + group["description"].get<std::string>();
      if (kDraft7Only.count(group["description"].get<std::string>())) {
        left_out.push_back(name + " (draft 7 only)");
        continue;
      }
      auto schema = JsonSchema::Compile(To202012(group["schema"]));
      if (!schema) {
        left_out.push_back(name + " (" + schema.error() + ")");
        continue;
      }
      ++groups, ++file_groups;
      for (const auto& test : group["tests"]) {
        ++cases;
        const bool valid = test["valid"].get<bool>();
        EXPECT_EQ(schema->Accepts(test["data"]), valid) << name << " / " << test["description"].get<std::string>();
        EXPECT_EQ(schema->Validate(test["data"]).empty(), valid)
            << name << " / " << test["description"].get<std::string>();
      }
    }
    EXPECT_GT(file_groups, 0) << keyword << ": no group of its file was run";
  }
  for (const std::string& l : left_out) std::printf("left out: %s\n", l.c_str());
  std::printf("%d groups, %d cases run; %zu groups left out\n", groups, cases, left_out.size());
  EXPECT_GE(cases, 200);
}

}  // namespace
}  // namespace json_schema_suite_test
}  // namespace mj
