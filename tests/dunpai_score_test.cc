// Hand-worked Dunpai scoring cases (tests/data/dunpai_score_cases.jsonl) run through the `score`
// JSON contract under the dunpai preset. Each line is {"name", "input", "expect", "why"} and
// optionally "rules" (a preset name, default "dunpai"; used for the riichi rejections). Every
// expected value was worked out by hand from seed 003's table (1000, 2000, 4000, 8000, then
// +2000 a han) and shared/RULES.md `dunpai`, never by this code. Only the fields present in
// "expect" are compared; "yaku" is compared as an exact name -> han map.
// Below the cases: the points table and payments against the seed, and table edits a
// playtester may make (docs/DUNPAI.md).

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "rules/dunpai_scoring.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"

namespace mj {
namespace {

using nlohmann::json;

constexpr char kCasesFile[] = MJ_TEST_DATA_DIR "/dunpai_score_cases.jsonl";
constexpr size_t kMinCases = 40;

struct DunpaiCase {
  int line = 0;
  std::string name;
  std::string rules = "dunpai";
  json input;
  json expect;
  std::string why;
  std::string load_error;  // set when the line itself is broken
};

void PrintTo(const DunpaiCase& c, std::ostream* os) { *os << c.name << " (line " << c.line << ")"; }

std::vector<DunpaiCase> LoadCases() {
  std::vector<DunpaiCase> cases;
  std::ifstream in(kCasesFile);
  if (!in) return cases;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    DunpaiCase c;
    c.line = line;
    try {
      const json j = json::parse(text);
      c.name = j.at("name").get<std::string>();
      c.rules = j.value("rules", "dunpai");
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

const std::vector<DunpaiCase>& Cases() {
  static const std::vector<DunpaiCase> cases = LoadCases();
  return cases;
}

Ruleset Preset(const std::string& name) {
  auto r = LoadRuleset(name);
  EXPECT_TRUE(r.ok()) << "LoadRuleset(\"" << name << "\"): " << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

// The dunpai preset with `overrides` on top.
Ruleset DunpaiWith(json overrides) {
  overrides["base"] = "dunpai";
  auto r = RulesetFromJson(overrides);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

bool NumbersEqual(const json& a, const json& b) {
  if (!a.is_number() || !b.is_number()) return false;
  return std::fabs(a.get<double>() - b.get<double>()) < 1e-9;
}

std::map<std::string, double> YakuMap(const json& yaku, std::vector<std::string>& problems) {
  std::map<std::string, double> out;
  if (!yaku.is_array()) {
    problems.push_back("output \"yaku\" is not an array");
    return out;
  }
  for (const json& y : yaku) {
    if (!y.is_object() || !y.contains("name") || !y.contains("han") || !y["name"].is_string() ||
        !y["han"].is_number()) {
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
    } else if (want.is_object()) {  // payment: exact key set
      bool same = got.is_object() && got.size() == want.size();
      if (same)
        for (const auto& [k, v] : want.items())
          if (!got.contains(k) || !NumbersEqual(v, got[k])) same = false;
      if (!same) problems.push_back(key + ": expected " + want.dump() + ", got " + got.dump());
    } else if (want != got) {
      problems.push_back(key + ": expected " + want.dump() + ", got " + got.dump());
    }
  }
  // A successful output's han is the sum of its yaku (nothing is hidden in the total).
  if (actual.value("ok", false) && actual.contains("yaku") && actual["yaku"].is_array()) {
    double sum = 0;
    for (const json& y : actual["yaku"])
      if (y.contains("han") && y["han"].is_number()) sum += y["han"].get<double>();
    if (!actual.contains("han") || std::fabs(sum - actual["han"].get<double>()) > 1e-9)
      problems.push_back("the yaku add up to " + std::to_string(sum) + ", not han " + actual.value("han", json()).dump());
  }
  return problems;
}

class DunpaiScoreCaseTest : public ::testing::TestWithParam<DunpaiCase> {};

TEST_P(DunpaiScoreCaseTest, MatchesHandWorkedExpectation) {
  const DunpaiCase& c = GetParam();
  ASSERT_TRUE(c.load_error.empty()) << kCasesFile << " line " << c.line << ": " << c.load_error;
  const json actual = ScoreInputJson(c.input, Preset(c.rules));
  std::vector<std::string> problems = Compare(c.expect, actual);
  if (c.input.contains("id") && actual.contains("id") && actual["id"] != c.input["id"])
    problems.push_back("id not echoed: " + actual["id"].dump());
  if (!problems.empty()) {
    std::ostringstream msg;
    msg << "case " << c.name << " under " << c.rules << " (" << kCasesFile << " line " << c.line << ")\n";
    for (const std::string& p : problems) msg << "  - " << p << "\n";
    msg << "  why:      " << c.why << "\n"
        << "  input:    " << c.input.dump() << "\n"
        << "  expected: " << c.expect.dump() << "\n"
        << "  actual:   " << actual.dump() << "\n";
    ADD_FAILURE() << msg.str();
  }
}

std::string CaseName(const ::testing::TestParamInfo<DunpaiCase>& info) {
  std::string name = info.param.name;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  if (name.empty()) name = "line_" + std::to_string(info.param.line);
  return name;
}

INSTANTIATE_TEST_SUITE_P(DunpaiCases, DunpaiScoreCaseTest, ::testing::ValuesIn(Cases()), CaseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DunpaiScoreCaseTest);

// ---------------------------------------------------------------- the file itself

TEST(DunpaiScoreCasesFile, HasEnoughCases) { EXPECT_GE(Cases().size(), kMinCases) << "reading " << kCasesFile; }

TEST(DunpaiScoreCasesFile, NamesAreUniqueAndEveryCaseExplainsItself) {
  std::set<std::string> seen;
  for (const DunpaiCase& c : Cases()) {
    EXPECT_TRUE(seen.insert(c.name).second) << "duplicate case name " << c.name;
    if (!c.load_error.empty()) continue;
    EXPECT_FALSE(c.why.empty()) << c.name;
    ASSERT_TRUE(c.expect.contains("ok")) << c.name;
    if (c.expect["ok"].get<bool>()) {
      for (const char* key : {"han", "fu", "yakuman", "limit", "yaku", "payment", "honba_bonus", "deposits", "total"})
        EXPECT_TRUE(c.expect.contains(key)) << c.name << " lacks expect." << key;
    } else {
      EXPECT_TRUE(c.expect.contains("error")) << c.name;
    }
  }
}

TEST(DunpaiScoreCasesFile, EveryNewOrChangedYakuIsCovered) {
  static const char* const kYaku[] = {
      "pinfu", "iipeikou", "ryanpeikou", "sanankou", "chinitsu", "honitsu", "open_riichi", "riichi",
      "two_concealed_pungs", "kongs", "renroku", "three_identical_sequences",
      "four_identical_sequences", "peach_dora", "suukantsu", "junchan", "sanshoku"};
  std::map<std::string, int> count;
  for (const DunpaiCase& c : Cases())
    if (c.expect.contains("yaku") && c.expect["yaku"].is_object())
      for (const auto& [name, han] : c.expect["yaku"].items()) ++count[name];
  for (const char* y : kYaku) EXPECT_GE(count[y], 1) << "no case expects yaku " << y;
  for (const char* gone : {"dora", "aka_dora", "ura_dora", "double_riichi", "tenhou", "chiihou", "sankantsu",
                           "yakuhai_round_east", "yakuhai_round_south"})
    EXPECT_EQ(count[gone], 0) << gone << " does not exist in Dunpai";
}

TEST(DunpaiScoreCasesFile, ErrorKindsAreCovered) {
  std::map<std::string, int> count;
  for (const DunpaiCase& c : Cases())
    if (c.expect.contains("error")) ++count[c.expect["error"].get<std::string>()];
  EXPECT_GE(count["no_yaku"], 3);
  EXPECT_GE(count["not_a_winning_hand"], 1);
  EXPECT_GE(count["invalid_input"], 10);
}

// ---------------------------------------------------------------- points and payments

// Seed 003: "1. 1000 2. 2000 3. 4000 4. 8000 5. 以降2000ずつ増加", no cap.
TEST(DunpaiPointsTest, HandValueFollowsTheSeedTable) {
  const Ruleset r = Preset("dunpai");
  const int expected[] = {0,     1000,  2000,  4000,  8000,  10000, 12000, 14000, 16000, 18000,
                          20000, 22000, 24000, 26000, 28000, 30000};
  for (int han = 0; han < static_cast<int>(std::size(expected)); ++han)
    EXPECT_EQ(DunpaiHandValue(han, r), expected[han]) << han << " han";
  EXPECT_EQ(DunpaiHandValue(26, r), 52000);   // double yakuman: no cap
  EXPECT_EQ(DunpaiHandValue(100, r), 200000);
}

TEST(DunpaiPointsTest, TsumoIsAThirdEachRoundedUpTo100) {
  const Ruleset r = Preset("dunpai");
  // value -> each: 1000/3 = 333.3 -> 400; 2000 -> 700; 4000 -> 1400; 8000 -> 2700; 12000 -> 4000.
  const int rows[][2] = {{1000, 400}, {2000, 700}, {4000, 1400}, {8000, 2700}, {10000, 3400}, {12000, 4000},
                         {26000, 8700}};
  for (const auto& row : rows) {
    for (bool dealer : {false, true}) {
      const Payment p = DunpaiPayment(row[0], dealer, /*tsumo=*/true, r);
      EXPECT_EQ(p.kind, PaymentKind::kTsumoDealer);  // printed as {"each": n}
      EXPECT_EQ(p.each, row[1]) << row[0];
      const Payment ron = DunpaiPayment(row[0], dealer, /*tsumo=*/false, r);
      EXPECT_EQ(ron.kind, PaymentKind::kRon);
      EXPECT_EQ(ron.ron, row[0]);
    }
  }
}

// dealer_pays_double: true gives riichi's proportions (docs/DUNPAI.md): dealer 1.5 x.
TEST(DunpaiPointsTest, DealerDifferenceWhenSwitchedOn) {
  const Ruleset r = DunpaiWith({{"dealer_pays_double", true}});
  EXPECT_EQ(DunpaiPayment(1000, true, false, r).ron, 1500);
  EXPECT_EQ(DunpaiPayment(1000, false, false, r).ron, 1000);
  EXPECT_EQ(DunpaiPayment(1000, true, true, r).each, 500);
  const Payment nd = DunpaiPayment(1000, false, true, r);
  EXPECT_EQ(nd.kind, PaymentKind::kTsumoNonDealer);
  EXPECT_EQ(nd.dealer, 500);
  EXPECT_EQ(nd.non_dealer, 300);  // 250 -> 300
}

// ---------------------------------------------------------------- playtester edits

json Hand(const std::string& concealed, const std::string& win) {
  return {{"concealed", concealed}, {"win_tile", win}, {"seat_wind", "S"}};
}

TEST(DunpaiTableEditsTest, ValuesComeFromTheYakuTable) {
  // renroku made 2 han: 123m 456m + pinfu = 3 han -> 4000.
  const json out = ScoreInputJson(Hand("123456m234p55s789s", "4m"), DunpaiWith({{"yaku", {{"renroku", {{"closed", 2}}}}}}));
  EXPECT_EQ(out["han"], 3) << out.dump();
  EXPECT_EQ(out["total"], 4000) << out.dump();
}

TEST(DunpaiTableEditsTest, DisabledFourIdenticalFallsBackToThreeIdentical) {
  const json out = ScoreInputJson(Hand("111122223333m55p", "5p"),
                                  DunpaiWith({{"yaku", {{"four_identical_sequences", {{"enabled", false}}}}}}));
  // three identical 4 + pinfu 1 = 5 (better than ryanpeikou 3 + pinfu 1).
  EXPECT_EQ(out["han"], 5) << out.dump();
}

TEST(DunpaiTableEditsTest, YakumanStackingOffKeepsOneYakuman) {
  const json out = ScoreInputJson(Hand("555z666z777z111z22z", "2z"), DunpaiWith({{"yakuman_stacking", false}}));
  // one yakuman 13 + toitoi 2 + three dragon pungs 3 = 18.
  EXPECT_EQ(out["yakuman"], 1) << out.dump();
  EXPECT_EQ(out["han"], 18) << out.dump();
}

TEST(DunpaiTableEditsTest, HanPointsTableIsASetting) {
  const Ruleset r = DunpaiWith({{"han_points", {500, 1000}}, {"han_points_step", 1000}});
  EXPECT_EQ(DunpaiHandValue(1, r), 500);
  EXPECT_EQ(DunpaiHandValue(2, r), 1000);
  EXPECT_EQ(DunpaiHandValue(5, r), 4000);
}

TEST(DunpaiTableEditsTest, SuukantsuOffLetsKongsCountFour) {
  const json in = {{"concealed", "55z"}, {"win_tile", "5z"}, {"seat_wind", "S"},
                   {"melds", {{{"type", "minkan"}, {"tiles", "2222m"}}, {{"type", "minkan"}, {"tiles", "4444p"}},
                              {{"type", "kakan"}, {"tiles", "6666s"}}, {{"type", "minkan"}, {"tiles", "8888m"}}}}};
  const json out = ScoreInputJson(in, DunpaiWith({{"yaku", {{"suukantsu", {{"enabled", false}}}}}}));
  EXPECT_EQ(out["han"], 6) << out.dump();  // kongs 4 + toitoi 2
}

}  // namespace
}  // namespace mj
