// Hand-worked fuless scoring cases (tests/data/fuless_score_cases.jsonl) run through the `score`
// JSON contract under the fuless preset. Each line is {"name", "input", "expect", "why"};
// every expected value was worked out by hand from shared/RULES.md `fuless` (seed 000) and the
// seed's own examples, never by this code. Only the fields present in "expect" are compared;
// "yaku" is compared as an exact name -> han map.
// Below the cases: the preset against RULES.md, the base table and payments, the seed's named
// examples, and table edits a playtester may make (docs/FULESS.md).

#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "rules/fuless_scoring.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"
#include "tests/score_case_file.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace fuless_score_test {
namespace {

using nlohmann::json;
using test::CheckScoreCase;
using test::LoadScoreCases;
using test::ScoreCase;
using test::ScoreCaseFileTest;
using test::ScoreCaseName;

constexpr char kCasesFile[] = MJ_TEST_DATA_DIR "/fuless_score_cases.jsonl";
constexpr size_t kMinCases = 40;

const std::vector<ScoreCase>& Cases() {
  static const std::vector<ScoreCase> cases = LoadScoreCases(kCasesFile, "fuless");
  return cases;
}

Ruleset Preset(const std::string& name) { return test::PresetOrFail(name); }

// The fuless preset with `overrides` on top, as a playtester's file {"base": "fuless", ...}.
Ruleset FulessWith(json overrides) { return test::PresetWith("fuless", std::move(overrides)); }

// The error a fuless-based ruleset file with `overrides` gets ("" if it loads).
std::string FulessError(json overrides) {
  overrides["base"] = "fuless";
  auto r = RulesetFromJson(overrides);
  return r.ok() ? "" : r.error();
}

const YakuValue& Yaku(const Ruleset& r, YakuId id) { return r.yaku[static_cast<int>(id)]; }

INSTANTIATE_TEST_SUITE_P(FulessCases, ScoreCaseFileTest, ::testing::ValuesIn(Cases()), ScoreCaseName);

// ---------------------------------------------------------------- the file itself

TEST(FulessScoreCasesFile, HasEnoughCases) { EXPECT_GE(Cases().size(), kMinCases) << "reading " << kCasesFile; }

TEST(FulessScoreCasesFile, NamesAreUniqueAndEveryCaseExplainsItself) {
  std::set<std::string> seen;
  for (const ScoreCase& c : Cases()) {
    EXPECT_TRUE(seen.insert(c.name).second) << "duplicate case name " << c.name;
    if (!c.load_error.empty()) continue;
    EXPECT_FALSE(c.why.empty()) << c.name;
    ASSERT_TRUE(c.expect.contains("ok")) << c.name;
    if (c.expect["ok"].get<bool>()) {
      for (const char* key : {"han", "fu", "yakuman", "limit", "yaku", "payment", "honba_bonus", "deposits", "total"})
        EXPECT_TRUE(c.expect.contains(key)) << c.name << " lacks expect." << key;
      EXPECT_EQ(c.expect.value("fu", -1), 0) << c.name << ": fuless has no fu";
    } else {
      EXPECT_TRUE(c.expect.contains("error")) << c.name;
    }
  }
}

TEST(FulessScoreCasesFile, EveryChangedYakuAndLimitIsCovered) {
  std::map<std::string, int> yaku, limits;
  for (const ScoreCase& c : Cases()) {
    if (c.expect.contains("limit")) ++limits[c.expect["limit"].get<std::string>()];
    if (c.expect.contains("yaku") && c.expect["yaku"].is_object())
      for (const auto& [name, han] : c.expect["yaku"].items()) ++yaku[name];
  }
  for (const char* y : {"pinfu", "closed_ron", "toitoi", "sanankou", "open_kong", "closed_kong", "sankantsu",
                        "chiitoitsu", "menzen_tsumo", "dora", "aka_dora", "ura_dora"})
    EXPECT_GE(yaku[y], 1) << "no case expects yaku " << y;
  for (const char* l : {"none", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"})
    EXPECT_GE(limits[l], 1) << "no case reaches limit " << l;
}

TEST(FulessScoreCasesFile, ErrorKindsAreCovered) {
  std::map<std::string, int> count;
  for (const ScoreCase& c : Cases())
    if (c.expect.contains("error")) ++count[c.expect["error"].get<std::string>()];
  EXPECT_GE(count["no_yaku"], 5);
  EXPECT_GE(count["not_a_winning_hand"], 1);
  EXPECT_GE(count["invalid_input"], 1);
}

// ---------------------------------------------------------------- the preset against RULES.md

TEST(FulessPresetTest, ValuesAreRulesMdFuless) {
  const Ruleset r = Preset("fuless");
  EXPECT_EQ(r.name, "fuless");
  EXPECT_EQ(r.scoring, "fuless");
  EXPECT_EQ(r.honba_value, 1500);  // 場センゴ
  EXPECT_EQ(r.minimum_sixths, 6);  // one whole han
  EXPECT_EQ(r.fuless.base_points, 250);
  EXPECT_EQ(r.fuless.third_percent, (std::array<int, 3>{100, 130, 160}));
  EXPECT_EQ(r.fuless.base_cap, 2000);
  EXPECT_EQ(r.fuless.limit_han, (std::array<int, 5>{4, 6, 8, 11, 14}));
  struct Row {
    YakuId id;
    int closed, open;  // sixths
    bool counts;
  };
  const Row rows[] = {{YakuId::kPinfu, 4, 0, true},       {YakuId::kClosedRon, 2, 0, true},
                      {YakuId::kToitoi, 14, 14, true},    {YakuId::kSanankou, 14, 14, true},
                      {YakuId::kOpenKong, 4, 4, false},   {YakuId::kClosedKong, 6, 6, false}};
  for (const Row& row : rows) {
    const YakuValue& v = Yaku(r, row.id);
    EXPECT_TRUE(v.enabled) << YakuName(row.id);
    EXPECT_EQ(v.closed_sixths, row.closed) << YakuName(row.id);
    EXPECT_EQ(v.open_sixths, row.open) << YakuName(row.id);
    EXPECT_EQ(v.counts_for_minimum, row.counts) << YakuName(row.id);
  }
}

TEST(FulessPresetTest, EverythingElseIsRiichis) {
  const Ruleset f = Preset("fuless");
  Ruleset expected = Preset("riichi");
  expected.name = "fuless";
  expected.scoring = "fuless";
  expected.honba_value = 1500;
  for (YakuId id : {YakuId::kPinfu, YakuId::kClosedRon, YakuId::kToitoi, YakuId::kSanankou, YakuId::kOpenKong,
                    YakuId::kClosedKong})
    expected.yaku[static_cast<int>(id)] = f.yaku[static_cast<int>(id)];
  EXPECT_EQ(f, expected);
}

TEST(FulessPresetTest, RoundTripsThroughJson) {
  const Ruleset r = Preset("fuless");
  auto back = RulesetFromJson(RulesetToJson(r));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back.value(), r);
}

// ---------------------------------------------------------------- base table and payments

int64_t Base200(int sixths, const Ruleset& r) { return FulessBaseOf(sixths, 0, r).base_x200; }

// RULES.md: 1 -> 250, 1 1/3 -> 325, 1 2/3 -> 400, 2 -> 500, 2 1/3 -> 650, 2 2/3 -> 800,
// 3 -> 1000, 3 1/3 -> 1300, 3 2/3 -> 1600.
TEST(FulessBaseTest, BelowFourHanFollowsRulesMdTable) {
  const Ruleset r = Preset("fuless");
  const int table[][2] = {{6, 250},   {8, 325},   {10, 400},  {12, 500},  {14, 650},
                          {16, 800},  {18, 1000}, {20, 1300}, {22, 1600}};
  for (const auto& row : table) {
    const FulessBase b = FulessBaseOf(row[0], 0, r);
    EXPECT_EQ(b.base_x200, 200 * row[1]) << row[0] << " sixths";
    EXPECT_EQ(b.limit, Limit::kNone) << row[0] << " sixths";
  }
}

// 4-5 mangan, 6-7 haneman, 8-10 baiman, 11-13 sanbaiman, 14+ yakuman; fractions dropped.
TEST(FulessBaseTest, LimitsByWholeHan) {
  const Ruleset r = Preset("fuless");
  struct Row {
    int sixths, base;
    Limit limit;
  };
  const Row rows[] = {{23, 1600, Limit::kNone},       {24, 2000, Limit::kMangan},    {34, 2000, Limit::kMangan},
                      {35, 2000, Limit::kMangan},     {36, 3000, Limit::kHaneman},   {46, 3000, Limit::kHaneman},
                      {48, 4000, Limit::kBaiman},     {64, 4000, Limit::kBaiman},    {66, 6000, Limit::kSanbaiman},
                      {82, 6000, Limit::kSanbaiman},  {84, 8000, Limit::kYakuman},   {200, 8000, Limit::kYakuman}};
  for (const Row& row : rows) {
    const FulessBase b = FulessBaseOf(row.sixths, 0, r);
    EXPECT_EQ(b.base_x200, 200 * row.base) << row.sixths << " sixths";
    EXPECT_EQ(b.limit, row.limit) << row.sixths << " sixths";
  }
  EXPECT_EQ(Base200(23, r), 200 * 1600);  // 3 5/6: a sixth beyond 2/3 is dropped, still 3 2/3
  const FulessBase double_yakuman = FulessBaseOf(156, 2, r);
  EXPECT_EQ(double_yakuman.base_x200, 200 * 16000);
  EXPECT_EQ(double_yakuman.limit, Limit::kYakuman);
}

// Riichi's payments: ron 4x / 6x, tsumo 1x / 2x per payer, each rounded up to 100.
TEST(FulessBaseTest, PaymentsAsRiichiRoundedUpTo100) {
  const Ruleset r = Preset("fuless");
  struct Row {
    int sixths;
    int ron, dealer_ron, others, dealer_pays, dealer_each;
  };
  const Row rows[] = {
      {6, 1000, 1500, 300, 500, 500},          // 250: 250 -> 300 on tsumo
      {8, 1300, 2000, 400, 700, 700},          // 325: 1950 -> 2000, 325 -> 400, 650 -> 700
      {10, 1600, 2400, 400, 800, 800},         // 400
      {14, 2600, 3900, 700, 1300, 1300},       // 650
      {22, 6400, 9600, 1600, 3200, 3200},      // 1600
      {24, 8000, 12000, 2000, 4000, 4000},     // mangan
      {84, 32000, 48000, 8000, 16000, 16000}}; // kazoe yakuman
  for (const Row& row : rows) {
    const FulessBase b = FulessBaseOf(row.sixths, 0, r);
    EXPECT_EQ(FulessPayment(b, false, false).ron, row.ron) << row.sixths;
    EXPECT_EQ(FulessPayment(b, true, false).ron, row.dealer_ron) << row.sixths;
    const Payment t = FulessPayment(b, false, true);
    EXPECT_EQ(t.kind, PaymentKind::kTsumoNonDealer);
    EXPECT_EQ(t.non_dealer, row.others) << row.sixths;
    EXPECT_EQ(t.dealer, row.dealer_pays) << row.sixths;
    const Payment d = FulessPayment(b, true, true);
    EXPECT_EQ(d.kind, PaymentKind::kTsumoDealer);
    EXPECT_EQ(d.each, row.dealer_each) << row.sixths;
  }
}

// ---------------------------------------------------------------- the seed's named examples

json Hand(const std::string& concealed, const std::string& win, bool tsumo, const std::string& seat = "S") {
  return {{"concealed", concealed}, {"win_tile", win}, {"tsumo", tsumo}, {"seat_wind", seat}, {"round_wind", "E"}};
}

constexpr char kPinfu[] = "123m456m789p234s66s";
constexpr char kChiitoitsu[] = "1133m5577p2299s44z";

TEST(FulessSeedExamplesTest, PinfuRonStaysOneHan) {  // seed 5(1)
  const json out = ScoreInputJson(Hand(kPinfu, "4s", false), Preset("fuless"));
  EXPECT_EQ(out["han_sixths"], 6) << out.dump();  // pinfu 2/3 + closed ron 1/3
  EXPECT_EQ(out["total"], 1000) << out.dump();
}

TEST(FulessSeedExamplesTest, PinfuTsumoIsOneAndTwoThirds) {  // seed 5(1): like 50 fu 1 han
  const json out = ScoreInputJson(Hand(kPinfu, "4s", true), Preset("fuless"));
  EXPECT_EQ(out["han_sixths"], 10) << out.dump();
  EXPECT_EQ(out["payment"], json({{"dealer", 800}, {"non_dealer", 400}})) << out.dump();
}

TEST(FulessSeedExamplesTest, ChiitoitsuRonIsTwoAndAThird) {  // seed 5(3): like 40 fu 2 han
  const json out = ScoreInputJson(Hand(kChiitoitsu, "4z", false), Preset("fuless"));
  EXPECT_EQ(out["han_sixths"], 14) << out.dump();
  EXPECT_EQ(out["total"], 2600) << out.dump();
}

TEST(FulessSeedExamplesTest, ChiitoitsuTsumoIsThreeHan) {  // seed 5(3): like 30 fu 3 han
  const json out = ScoreInputJson(Hand(kChiitoitsu, "4z", true), Preset("fuless"));
  EXPECT_EQ(out["han_sixths"], 18) << out.dump();
  EXPECT_EQ(out["payment"], json({{"dealer", 2000}, {"non_dealer", 1000}})) << out.dump();
}

// Seed 3 criticises naive fu-less rules that make riichi-pinfu-tsumo-dora1 a mangan; under the
// seed's own system it is 1 + 2/3 + 1 + 1 = 3 2/3 han, base 1600, not mangan.
TEST(FulessSeedExamplesTest, RiichiPinfuTsumoDora1IsNotMangan) {
  json in = Hand(kPinfu, "4s", true);
  in["riichi"] = true;
  in["dora_indicators"] = "1m";
  const json out = ScoreInputJson(in, Preset("fuless"));
  EXPECT_EQ(out["han_sixths"], 22) << out.dump();
  EXPECT_EQ(out["limit"], "none") << out.dump();
  EXPECT_EQ(out["payment"], json({{"dealer", 3200}, {"non_dealer", 1600}})) << out.dump();
}

// ---------------------------------------------------------------- playtester edits

TEST(FulessTableEditsTest, ClosedRonOffMakesPinfuRonTooSmall) {
  const Ruleset r = FulessWith({{"yaku", {{"closed_ron", {{"enabled", false}}}}}});
  const json pinfu = ScoreInputJson(Hand(kPinfu, "4s", false), r);
  EXPECT_EQ(pinfu["error"], "no_yaku") << pinfu.dump();  // pinfu 2/3 alone < 1 han
  const json chiitoi = ScoreInputJson(Hand(kChiitoitsu, "4z", false), r);
  EXPECT_EQ(chiitoi["han_sixths"], 12) << chiitoi.dump();  // 2 han -> 500 x 4
  EXPECT_EQ(chiitoi["total"], 2000) << chiitoi.dump();
}

TEST(FulessTableEditsTest, ToitoiTwoAndTwoThirds) {
  const json in = {{"concealed", "444s777s99m"}, {"win_tile", "9m"}, {"seat_wind", "S"}, {"round_wind", "E"},
                   {"melds", {{{"type", "pon"}, {"tiles", "222m"}}, {{"type", "pon"}, {"tiles", "888p"}}}}};
  const json base = ScoreInputJson(in, Preset("fuless"));
  EXPECT_EQ(base["total"], 2600) << base.dump();  // 2 1/3 -> 650 x 4
  const json out = ScoreInputJson(in, FulessWith({{"yaku", {{"toitoi", {{"open", "2 2/3"}}}}}}));
  EXPECT_EQ(out["han_sixths"], 16) << out.dump();  // 2 2/3 -> 800 x 4
  EXPECT_EQ(out["total"], 3200) << out.dump();
}

TEST(FulessTableEditsTest, HonbaThreeHundredOption) {
  json in = Hand(kPinfu, "4s", false);
  in["honba"] = 1;
  EXPECT_EQ(ScoreInputJson(in, Preset("fuless"))["total"], 2500);              // 1000 + 1500
  EXPECT_EQ(ScoreInputJson(in, FulessWith({{"honba_value", 300}}))["total"], 1300);  // 1000 + 300
}

// minimum_han "1/3": a bare closed ron wins; base 250 x 2^-1 x 1.3 = 162.5 exactly, so a
// non-dealer ron is 650 -> 700 and a dealer's 975 -> 1000.
TEST(FulessTableEditsTest, LowerMinimumAndAFractionalBase) {
  const Ruleset r = FulessWith({{"minimum_han", "1/3"}});
  const json nd = ScoreInputJson(Hand("123m456m789p234s44z", "4s", false), r);
  EXPECT_EQ(nd["han_sixths"], 2) << nd.dump();
  EXPECT_EQ(nd["total"], 700) << nd.dump();
  const json d = ScoreInputJson(Hand("123m456m789p234s44z", "4s", false, "E"), r);
  EXPECT_EQ(d["total"], 1000) << d.dump();
}

// third_percent [100, 126, 159] (closer to 2^(1/3), 2^(2/3)): 1 2/3 han -> 250 x 1.59 = 397.5;
// ron 1590 -> 1600, tsumo 397.5 -> 400 and 795 -> 800.
TEST(FulessTableEditsTest, ThirdPercentIsASetting) {
  const Ruleset r = FulessWith({{"fuless", {{"third_percent", {100, 126, 159}}}}});
  EXPECT_EQ(Base200(8, r), 200 * 315);  // 1 1/3: 250 x 1.26
  EXPECT_EQ(Base200(10, r), 79500);     // 397.5 x 200
  const json tsumo = ScoreInputJson(Hand(kPinfu, "4s", true), r);
  EXPECT_EQ(tsumo["payment"], json({{"dealer", 800}, {"non_dealer", 400}})) << tsumo.dump();
}

TEST(FulessTableEditsTest, LimitTableIsASetting) {
  // Mangan from 5 han and a higher cap: 4 1/3 han = 250 x 8 x 1.3 = 2600.
  const Ruleset r = FulessWith({{"fuless", {{"limit_han", {5, 6, 8, 11, 14}}, {"base_cap", 4000}}}});
  EXPECT_EQ(Base200(26, r), 200 * 2600);
  EXPECT_EQ(FulessBaseOf(26, 0, r).limit, Limit::kNone);
  // With the preset cap 2000 the same hand is cut to mangan by the cap.
  const Ruleset capped = FulessWith({{"fuless", {{"limit_han", {5, 6, 8, 11, 14}}}}});
  EXPECT_EQ(Base200(26, capped), 200 * 2000);
  EXPECT_EQ(FulessBaseOf(26, 0, capped).limit, Limit::kMangan);
  // No kazoe yakuman: through limit_han 0 or kazoe_yakuman false, 14+ han stay sanbaiman.
  for (const Ruleset& no_kazoe : {FulessWith({{"fuless", {{"limit_han", {4, 6, 8, 11, 0}}}}}),
                                  FulessWith({{"kazoe_yakuman", false}})}) {
    const FulessBase b = FulessBaseOf(90, 0, no_kazoe);
    EXPECT_EQ(b.base_x200, 200 * 6000);
    EXPECT_EQ(b.limit, Limit::kSanbaiman);
  }
}

TEST(FulessTableEditsTest, KongsCanBeMadeToCount) {
  const json in = {{"concealed", "345p678s789m55s"}, {"win_tile", "3p"}, {"seat_wind", "S"}, {"round_wind", "E"},
                   {"melds", {{{"type", "minkan"}, {"tiles", "2222m"}}}}};
  EXPECT_EQ(ScoreInputJson(in, Preset("fuless"))["error"], "no_yaku");
  // open_kong 1 han that counts: the kong alone now meets the minimum (1 han -> 1000).
  const json out = ScoreInputJson(in, FulessWith({{"yaku", {{"open_kong", {{"closed", 1}, {"open", 1}, {"counts_for_minimum", true}}}}}}));
  EXPECT_EQ(out["han_sixths"], 6) << out.dump();
  EXPECT_EQ(out["total"], 1000) << out.dump();
}

TEST(FulessTableEditsTest, InvalidEntriesAreRejectedNamingThem) {
  auto expect_names = [](const json& overrides, const std::string& what) {
    const std::string error = FulessError(overrides);
    EXPECT_NE(error.find(what), std::string::npos) << "error \"" << error << "\" should name " << what;
  };
  // Zero han while enabled: turn it off with "enabled": false instead.
  expect_names({{"yaku", {{"closed_ron", {{"closed", 0}}}}}}, "closed_ron");
  expect_names({{"yaku", {{"toitoi", {{"open", "2 1/4"}}}}}}, "toitoi");  // not a multiple of 1/6
  expect_names({{"yaku", {{"sanankou", {{"closed", "two"}}}}}}, "sanankou");
  expect_names({{"fuless", {{"third_percent", {100, 130}}}}}, "fuless.third_percent");
  expect_names({{"fuless", {{"limit_han", {4, 6, 5, 11, 14}}}}}, "fuless.limit_han");
  expect_names({{"fuless", {{"base_cap", -1}}}}, "fuless.base_cap");
}

}  // namespace
}  // namespace fuless_score_test
}  // namespace mj
