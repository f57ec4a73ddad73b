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

#include "tests/score_case_file.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace score_cases_test {
namespace {

using nlohmann::json;
using test::CheckScoreCase;
using test::LoadScoreCases;
using test::ScoreCase;
using test::ScoreCaseFileTest;
using test::ScoreCaseName;

constexpr char kCasesFile[] = MJ_TEST_DATA_DIR "/riichi_score_cases.jsonl";
constexpr size_t kMinCases = 250;

const std::vector<ScoreCase>& Cases() {
  static const std::vector<ScoreCase> cases = LoadScoreCases(kCasesFile, "riichi");
  return cases;
}

INSTANTIATE_TEST_SUITE_P(RiichiCases, ScoreCaseFileTest, ::testing::ValuesIn(Cases()), ScoreCaseName);

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
}  // namespace score_cases_test
}  // namespace mj
