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
#include "tests/score_case_file.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace dunpai_score_test {
namespace {

using nlohmann::json;
using test::CheckScoreCase;
using test::LoadScoreCases;
using test::ScoreCase;
using test::ScoreCaseFileTest;
using test::ScoreCaseName;

constexpr char kCasesFile[] = MJ_TEST_DATA_DIR "/dunpai_score_cases.jsonl";
constexpr size_t kMinCases = 40;

const std::vector<ScoreCase>& Cases() {
  static const std::vector<ScoreCase> cases = LoadScoreCases(kCasesFile, "dunpai");
  return cases;
}

Ruleset Preset(const std::string& name) { return test::PresetOrFail(name); }

// The dunpai preset with `overrides` on top.
Ruleset DunpaiWith(json overrides) { return test::PresetWith("dunpai", std::move(overrides)); }

INSTANTIATE_TEST_SUITE_P(DunpaiCases, ScoreCaseFileTest, ::testing::ValuesIn(Cases()), ScoreCaseName);

// ---------------------------------------------------------------- the file itself

TEST(DunpaiScoreCasesFile, HasEnoughCases) { EXPECT_GE(Cases().size(), kMinCases) << "reading " << kCasesFile; }

TEST(DunpaiScoreCasesFile, NamesAreUniqueAndEveryCaseExplainsItself) {
  std::set<std::string> seen;
  for (const ScoreCase& c : Cases()) {
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
  for (const ScoreCase& c : Cases())
    if (c.expect.contains("yaku") && c.expect["yaku"].is_object())
      for (const auto& [name, han] : c.expect["yaku"].items()) ++count[name];
  for (const char* y : kYaku) EXPECT_GE(count[y], 1) << "no case expects yaku " << y;
  for (const char* gone : {"dora", "aka_dora", "ura_dora", "double_riichi", "tenhou", "chiihou", "sankantsu",
                           "yakuhai_round_east", "yakuhai_round_south"})
    EXPECT_EQ(count[gone], 0) << gone << " does not exist in Dunpai";
}

TEST(DunpaiScoreCasesFile, ErrorKindsAreCovered) {
  std::map<std::string, int> count;
  for (const ScoreCase& c : Cases())
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
}  // namespace dunpai_score_test
}  // namespace mj
