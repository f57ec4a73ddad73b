#include "tests/score_case_file.h"

#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "rules/ruleset.h"
#include "rules/score_json.h"

namespace mj::test {
namespace {

using nlohmann::json;

bool NumbersEqual(const json& a, const json& b) {
  if (!a.is_number() || !b.is_number()) return false;
  return std::fabs(a.get<double>() - b.get<double>()) < 1e-9;
}

// The output's yaku array as a name -> value map: the entry's "limit" ("limit", "half_limit":
// a Ningbo limit hand) when it has one, else its han. Duplicates are reported in `problems`.
std::map<std::string, json> YakuMap(const json& yaku, std::vector<std::string>& problems) {
  std::map<std::string, json> out;
  if (!yaku.is_array()) {
    problems.push_back("output \"yaku\" is not an array");
    return out;
  }
  for (const json& y : yaku) {
    if (!y.is_object() || !y.contains("name") || !y.contains("han") || !y["name"].is_string() || !y["han"].is_number() ||
        (y.contains("limit") && !y["limit"].is_string())) {
      problems.push_back("malformed yaku entry " + y.dump());
      continue;
    }
    const std::string name = y["name"].get<std::string>();
    if (out.count(name)) problems.push_back("yaku \"" + name + "\" listed twice");
    out[name] = y.contains("limit") ? y["limit"] : y["han"];
  }
  return out;
}

// An expected yaku value (han, or a limit name) against the output's.
bool SameYakuValue(const json& want, const json& got) {
  return want.is_number() ? NumbersEqual(want, got) : want == got;
}

std::string MapText(const std::map<std::string, json>& m) {
  json j = json::object();
  for (const auto& [k, v] : m) j[k] = v;
  return j.dump();
}

}  // namespace

std::vector<std::string> CompareScoreOutput(const json& expect, const json& actual) {
  std::vector<std::string> problems;
  for (const auto& [key, want] : expect.items()) {
    if (!actual.contains(key)) {
      problems.push_back("missing \"" + key + "\" (expected " + want.dump() + ")");
      continue;
    }
    const json& got = actual[key];
    if (key == "yaku") {
      std::map<std::string, json> want_map;
      for (const auto& [name, value] : want.items()) want_map[name] = value;
      const std::map<std::string, json> got_map = YakuMap(got, problems);
      bool same = want_map.size() == got_map.size();
      for (const auto& [name, value] : want_map) {
        auto it = got_map.find(name);
        if (it == got_map.end() || !SameYakuValue(value, it->second)) same = false;
      }
      if (!same) problems.push_back("yaku: expected " + MapText(want_map) + ", got " + MapText(got_map));
    } else if (want.is_number()) {
      if (!NumbersEqual(want, got)) problems.push_back(key + ": expected " + want.dump() + ", got " + got.dump());
    } else if (want.is_object()) {  // payment: exact key set, integer values
      bool same = got.is_object() && got.size() == want.size();
      if (same)
        for (const auto& [k, v] : want.items())
          if (!got.contains(k) || !NumbersEqual(v, got[k])) same = false;
      if (!same) problems.push_back(key + ": expected " + want.dump() + ", got " + got.dump());
    } else if (want != got) {
      problems.push_back(key + ": expected " + want.dump() + ", got " + got.dump());
    }
  }
  // Internal consistency of a successful output: han_sixths = 6 * han, id echoed.
  if (actual.value("ok", false) && actual.contains("han") && actual.contains("han_sixths") && actual["han"].is_number() &&
      actual["han_sixths"].is_number()) {
    if (std::fabs(actual["han"].get<double>() * 6 - actual["han_sixths"].get<double>()) > 1e-9)
      problems.push_back("han_sixths " + actual["han_sixths"].dump() + " is not 6 x han " + actual["han"].dump());
  }
  return problems;
}

std::vector<ScoreCase> LoadScoreCases(const std::string& path, const std::string& default_rules) {
  std::vector<ScoreCase> cases;
  std::ifstream in(path);
  if (!in) return cases;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    ScoreCase c;
    c.line = line;
    c.file = path;
    try {
      const json j = json::parse(text);
      c.name = j.at("name").get<std::string>();
      c.rules = j.value("rules", default_rules);
      c.input = j.at("input");
      c.expect = j.at("expect");
      c.why = j.value("why", "");
    } catch (const std::exception& e) {
      c.name = "line_" + std::to_string(line);
      c.load_error = e.what();
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::string CheckScoreCase(const ScoreCase& c, const std::string& file) {
  if (!c.load_error.empty()) return file + " line " + std::to_string(c.line) + ": " + c.load_error;
  auto rules = LoadRuleset(c.rules);
  if (!rules.ok()) return "case " + c.name + ": LoadRuleset(\"" + c.rules + "\"): " + rules.error();
  const json actual = ScoreInputJson(c.input, rules.value());
  std::vector<std::string> problems = CompareScoreOutput(c.expect, actual);
  if (c.input.contains("id") && actual.contains("id") && actual["id"] != c.input["id"])
    problems.push_back("id not echoed: " + actual["id"].dump());
  if (problems.empty()) return "";
  std::ostringstream msg;
  msg << "case " << c.name << " (" << file << " line " << c.line << ", rules " << c.rules << ")\n";
  for (const std::string& p : problems) msg << "  - " << p << "\n";
  msg << "  why:      " << c.why << "\n"
      << "  input:    " << c.input.dump() << "\n"
      << "  expected: " << c.expect.dump() << "\n"
      << "  actual:   " << actual.dump() << "\n";
  return msg.str();
}

std::string ScoreCaseName(const ::testing::TestParamInfo<ScoreCase>& info) {
  std::string name = info.param.name;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  if (name.empty()) name = "line_" + std::to_string(info.param.line);
  return name;
}

Ruleset PresetOrFail(const std::string& name) {
  auto r = LoadRuleset(name);
  EXPECT_TRUE(r.ok()) << "LoadRuleset(\"" << name << "\"): " << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

Ruleset PresetWith(const std::string& base, nlohmann::json overrides) {
  overrides["base"] = base;
  auto r = RulesetFromJson(overrides);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

TEST_P(ScoreCaseFileTest, MatchesHandWorkedExpectation) {
  const std::string failure = CheckScoreCase(GetParam(), GetParam().file);
  if (!failure.empty()) ADD_FAILURE() << failure;
}
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ScoreCaseFileTest);

}  // namespace mj::test
