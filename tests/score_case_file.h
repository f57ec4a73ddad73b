#pragma once
// Test support for hand-worked scoring case files (tests/data/*_score_cases.jsonl): one JSON
// object per line, {"name", "input", "expect", "why"} and optionally "rules" (a preset name).
// Only the fields present in "expect" are compared; "yaku" as an exact name -> han map (a Ningbo
// limit-hand entry: name -> its "limit", "limit" or "half_limit").

#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "rules/ruleset.h"

namespace mj::test {

struct ScoreCase {
  int line = 0;
  std::string name;
  std::string rules;        // preset to score under
  nlohmann::json input;
  nlohmann::json expect;
  std::string why;
  std::string load_error;   // set when the line itself is broken
  std::string file;         // the case file it came from (for messages)
};

inline void PrintTo(const ScoreCase& c, std::ostream* os) { *os << c.name << " (line " << c.line << ")"; }

// Every case of `path`; a case without "rules" is scored under `default_rules`.
[[nodiscard]] std::vector<ScoreCase> LoadScoreCases(const std::string& path, const std::string& default_rules);

// The differences between `expect` and a `score` output object (empty = all match).
[[nodiscard]] std::vector<std::string> CompareScoreOutput(const nlohmann::json& expect, const nlohmann::json& actual);

// Scores the case under its ruleset and returns a readable failure report, or "" when it matches.
[[nodiscard]] std::string CheckScoreCase(const ScoreCase& c, const std::string& file);

// The preset `name`; a load failure fails the calling test (and gives the default ruleset).
[[nodiscard]] Ruleset PresetOrFail(const std::string& name);
// The preset `base` with `overrides` on top, as a playtester's file {"base": base, ...}; a load
// failure fails the calling test.
[[nodiscard]] Ruleset PresetWith(const std::string& base, nlohmann::json overrides);

// The one parameterized test of every case file (tests/score_case_file.cc): a file's test adds
//   INSTANTIATE_TEST_SUITE_P(FulessCases, ScoreCaseFileTest, ::testing::ValuesIn(Cases()), ScoreCaseName);
class ScoreCaseFileTest : public ::testing::TestWithParam<ScoreCase> {};

// A gtest parameter name made of the case name.
[[nodiscard]] std::string ScoreCaseName(const ::testing::TestParamInfo<ScoreCase>& info);

}  // namespace mj::test
