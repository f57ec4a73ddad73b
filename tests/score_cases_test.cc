// Hand-worked riichi scoring cases (tests/data/riichi_score_cases.jsonl) run through the `score`
// JSON contract. Each line is {"name", "input", "expect", "why"}; every expected value was worked
// out by hand from the Tenhou rules (docs: shared/RULES.md, seed 001), never by this code.
// Only the fields present in "expect" are compared; "yaku" is compared as an exact name -> han map.

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "rules/ruleset.h"
#include "rules/score_json.h"

namespace mj {
namespace {

using nlohmann::json;

constexpr char kCasesFile[] = MJ_TEST_DATA_DIR "/riichi_score_cases.jsonl";
constexpr size_t kMinCases = 250;

struct ScoreCase {
  int line = 0;
  std::string name;
  json input;
  json expect;
  std::string why;
  std::string load_error;  // set when the line itself is broken
};

void PrintTo(const ScoreCase& c, std::ostream* os) { *os << c.name << " (line " << c.line << ")"; }

std::vector<ScoreCase> LoadCases() {
  std::vector<ScoreCase> cases;
  std::ifstream in(kCasesFile);
  if (!in) return cases;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    ScoreCase c;
    c.line = line;
    try {
      const json j = json::parse(text);
      c.name = j.at("name").get<std::string>();
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

const std::vector<ScoreCase>& Cases() {
  static const std::vector<ScoreCase> cases = LoadCases();
  return cases;
}

const Ruleset& Riichi() {
  static const Ruleset rules = [] {
    auto r = LoadRuleset("riichi");
    if (!r.ok()) {
      ADD_FAILURE() << "LoadRuleset(\"riichi\"): " << r.error();
      return Ruleset{};
    }
    return r.value();
  }();
  return rules;
}

bool NumbersEqual(const json& a, const json& b) {
  if (!a.is_number() || !b.is_number()) return false;
  return std::fabs(a.get<double>() - b.get<double>()) < 1e-9;
}

// The output's yaku array as a name -> han map; duplicates are reported in `problems`.
std::map<std::string, double> YakuMap(const json& yaku, std::vector<std::string>& problems) {
  std::map<std::string, double> out;
  if (!yaku.is_array()) {
    problems.push_back("output \"yaku\" is not an array");
    return out;
  }
  for (const json& y : yaku) {
    if (!y.is_object() || !y.contains("name") || !y.contains("han") || !y["name"].is_string() || !y["han"].is_number()) {
      problems.push_back("malformed yaku entry " + y.dump());
      continue;
    }
    const std::string name = y["name"].get<std::string>();
    if (out.count(name)) problems.push_back("yaku \"" + name + "\" listed twice");
    out[name] = y["han"].get<double>();
  }
  return out;
}

std::string MapText(const std::map<std::string, double>& m) {
  json j = json::object();
  for (const auto& [k, v] : m) j[k] = v;
  return j.dump();
}

// Compares every field of `expect` with `actual`; returns a list of differences.
std::vector<std::string> Compare(const json& expect, const json& actual) {
  std::vector<std::string> problems;
  for (const auto& [key, want] : expect.items()) {
    if (!actual.contains(key)) {
      problems.push_back("missing \"" + key + "\" (expected " + want.dump() + ")");
      continue;
    }
    const json& got = actual[key];
    if (key == "yaku") {
      std::map<std::string, double> want_map;
      for (const auto& [name, han] : want.items()) want_map[name] = han.get<double>();
      const std::map<std::string, double> got_map = YakuMap(got, problems);
      bool same = want_map.size() == got_map.size();
      for (const auto& [name, han] : want_map) {
        auto it = got_map.find(name);
        if (it == got_map.end() || std::fabs(it->second - han) > 1e-9) same = false;
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

class ScoreCaseTest : public ::testing::TestWithParam<ScoreCase> {};

TEST_P(ScoreCaseTest, MatchesHandWorkedExpectation) {
  const ScoreCase& c = GetParam();
  ASSERT_TRUE(c.load_error.empty()) << kCasesFile << " line " << c.line << ": " << c.load_error;
  const json actual = ScoreInputJson(c.input, Riichi());
  std::vector<std::string> problems = Compare(c.expect, actual);
  if (c.input.contains("id") && actual.contains("id") && actual["id"] != c.input["id"])
    problems.push_back("id not echoed: " + actual["id"].dump());
  if (!problems.empty()) {
    std::ostringstream msg;
    msg << "case " << c.name << " (" << kCasesFile << " line " << c.line << ")\n";
    for (const std::string& p : problems) msg << "  - " << p << "\n";
    msg << "  why:      " << c.why << "\n"
        << "  input:    " << c.input.dump() << "\n"
        << "  expected: " << c.expect.dump() << "\n"
        << "  actual:   " << actual.dump() << "\n";
    ADD_FAILURE() << msg.str();
  }
}

std::string CaseName(const ::testing::TestParamInfo<ScoreCase>& info) {
  std::string name = info.param.name;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  if (name.empty()) name = "line_" + std::to_string(info.param.line);
  return name;
}

INSTANTIATE_TEST_SUITE_P(RiichiCases, ScoreCaseTest, ::testing::ValuesIn(Cases()), CaseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ScoreCaseTest);

// ---------------------------------------------------------------- the file itself

TEST(ScoreCasesFile, HasEnoughCases) {
  EXPECT_GE(Cases().size(), kMinCases) << "reading " << kCasesFile;
}

TEST(ScoreCasesFile, NamesAreUniqueAndUsable) {
  std::set<std::string> seen;
  for (const ScoreCase& c : Cases()) {
    EXPECT_TRUE(seen.insert(c.name).second) << "duplicate case name " << c.name << " (line " << c.line << ")";
    EXPECT_FALSE(c.name.empty()) << "line " << c.line;
    for (char ch : c.name)
      EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') << "case name " << c.name << " (line " << c.line << ")";
  }
}

TEST(ScoreCasesFile, EveryCaseExplainsItself) {
  for (const ScoreCase& c : Cases()) {
    if (!c.load_error.empty()) continue;
    EXPECT_FALSE(c.why.empty()) << c.name;
    ASSERT_TRUE(c.expect.contains("ok")) << c.name;
    if (c.expect["ok"].get<bool>()) {
      for (const char* key : {"han", "yakuman", "limit", "yaku", "payment", "honba_bonus", "deposits", "total"})
        EXPECT_TRUE(c.expect.contains(key)) << c.name << " lacks expect." << key;
    } else {
      EXPECT_TRUE(c.expect.contains("error")) << c.name;
    }
  }
}

TEST(ScoreCasesFile, EveryYakuIsCovered) {
  static const char* const kYaku[] = {
      "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou",
      "yakuhai_seat_east", "yakuhai_seat_south", "yakuhai_seat_west", "yakuhai_seat_north",
      "yakuhai_round_east", "yakuhai_round_south", "yakuhai_round_west", "yakuhai_round_north",
      "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "chankan", "rinshan", "haitei", "houtei",
      "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi",
      "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu",
      "tenhou", "chiihou", "kokushi", "kokushi_13_wait", "suuankou", "suuankou_tanki",
      "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren",
      "junsei_chuuren", "suukantsu", "dora", "aka_dora", "ura_dora"};
  std::map<std::string, int> count;
  for (const ScoreCase& c : Cases())
    if (c.expect.contains("yaku") && c.expect["yaku"].is_object())
      for (const auto& [name, han] : c.expect["yaku"].items()) ++count[name];
  for (const char* y : kYaku) EXPECT_GE(count[y], 1) << "no case expects yaku " << y;
  // And no case expects a yaku name outside the list.
  const std::set<std::string> known(std::begin(kYaku), std::end(kYaku));
  for (const auto& [name, n] : count) EXPECT_TRUE(known.count(name)) << "unknown yaku name in expectations: " << name;
}

TEST(ScoreCasesFile, ErrorKindsAreCovered) {
  std::map<std::string, int> count;
  for (const ScoreCase& c : Cases())
    if (c.expect.contains("error")) ++count[c.expect["error"].get<std::string>()];
  EXPECT_GE(count["no_yaku"], 3);
  EXPECT_GE(count["not_a_winning_hand"], 3);
  EXPECT_GE(count["invalid_input"], 15);
}

}  // namespace
}  // namespace mj
