// Hand-worked ayame scoring cases (tests/data/ayame-competition_score_cases.jsonl and
// tests/data/ayame-blend_score_cases.jsonl) run through the `score` JSON contract under the two
// presets. Each line is {"name", "input", "expect", "why"}; every expected value was worked out
// by hand from seed 002's table p = floor(x+1) x ceil(x+1) and shared/RULES.md `ayame` (unit
// 250, dealer 150 %, cap 13 han, ron / tsumo splits rounded up to 100), never by this code.
// Below the cases: the seed's points table 0..13 han, payments, the engine offering no kan in
// an ayame game, and table edits a playtester may make (docs/AYAME.md).

#include <array>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "rules/ayame_scoring.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"
#include "tests/scenario.h"
#include "tests/score_case_file.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace ayame_score_test {
namespace {

using nlohmann::json;
using test::CheckScoreCase;
using test::LoadScoreCases;
using test::ScoreCase;
using test::ScoreCaseFileTest;
using test::ScoreCaseName;

constexpr char kCompetitionFile[] = MJ_TEST_DATA_DIR "/ayame-competition_score_cases.jsonl";
constexpr char kBlendFile[] = MJ_TEST_DATA_DIR "/ayame-blend_score_cases.jsonl";
constexpr size_t kMinCases = 40;

const std::vector<ScoreCase>& CompetitionCases() {
  static const std::vector<ScoreCase> cases = LoadScoreCases(kCompetitionFile, "ayame-competition");
  return cases;
}

const std::vector<ScoreCase>& BlendCases() {
  static const std::vector<ScoreCase> cases = LoadScoreCases(kBlendFile, "ayame-blend");
  return cases;
}

Ruleset Preset(const std::string& name) { return test::PresetOrFail(name); }

// The preset `base` with `overrides` on top.
Ruleset With(const std::string& base, json overrides) { return test::PresetWith(base, std::move(overrides)); }

// ---------------------------------------------------------------- the hand-worked cases

INSTANTIATE_TEST_SUITE_P(AyameCompetitionCases, ScoreCaseFileTest,
                         ::testing::ValuesIn(CompetitionCases()), ScoreCaseName);
INSTANTIATE_TEST_SUITE_P(AyameBlendCases, ScoreCaseFileTest, ::testing::ValuesIn(BlendCases()),
                         ScoreCaseName);

// ---------------------------------------------------------------- the files themselves

void CheckFile(const std::vector<ScoreCase>& cases, const char* file) {
  EXPECT_GE(cases.size(), kMinCases) << "reading " << file;
  std::set<std::string> seen;
  for (const ScoreCase& c : cases) {
    EXPECT_TRUE(seen.insert(c.name).second) << "duplicate case name " << c.name;
    EXPECT_TRUE(c.load_error.empty()) << file << " line " << c.line << ": " << c.load_error;
    if (!c.load_error.empty()) continue;
    EXPECT_FALSE(c.why.empty()) << c.name;
    ASSERT_TRUE(c.expect.contains("ok")) << c.name;
    if (c.expect["ok"].get<bool>()) {
      for (const char* key :
           {"han", "fu", "yakuman", "limit", "yaku", "payment", "honba_bonus", "deposits", "total"})
        EXPECT_TRUE(c.expect.contains(key)) << c.name << " lacks expect." << key;
      EXPECT_EQ(c.expect["fu"], 0) << c.name << ": ayame has no fu";
    } else {
      EXPECT_TRUE(c.expect.contains("error")) << c.name;
    }
  }
}

// name -> number of cases expecting it; error kind -> number of cases.
std::map<std::string, int> YakuCount(const std::vector<ScoreCase>& cases) {
  std::map<std::string, int> count;
  for (const ScoreCase& c : cases)
    if (c.expect.contains("yaku") && c.expect["yaku"].is_object())
      for (const auto& [name, han] : c.expect["yaku"].items()) ++count[name];
  return count;
}

std::map<std::string, int> ErrorCount(const std::vector<ScoreCase>& cases) {
  std::map<std::string, int> count;
  for (const ScoreCase& c : cases)
    if (c.expect.contains("error")) ++count[c.expect["error"].get<std::string>()];
  return count;
}

TEST(AyameScoreCasesFile, CompetitionFileIsWellFormed) { CheckFile(CompetitionCases(), kCompetitionFile); }
TEST(AyameScoreCasesFile, BlendFileIsWellFormed) { CheckFile(BlendCases(), kBlendFile); }

TEST(AyameScoreCasesFile, CompetitionCoversTheSeedsChanges) {
  auto count = YakuCount(CompetitionCases());
  // 四順子 and the yaku that keep their value open (no kuisagari), yakuman as the cap.
  for (const char* y : {"four_sequences", "chanta", "ittsu", "sanshoku", "junchan", "honitsu", "chinitsu",
                        "daisangen", "kokushi"})
    EXPECT_GE(count[y], 1) << "no case expects yaku " << y;
  for (const char* gone : {"pinfu", "dora", "aka_dora", "ura_dora", "sankantsu", "rinshan", "chankan"})
    EXPECT_EQ(count[gone], 0) << gone << " does not exist in ayame-competition";
  auto errors = ErrorCount(CompetitionCases());
  EXPECT_GE(errors["no_yaku"], 2);
  EXPECT_GE(errors["invalid_input"], 4);  // kans, chankan, dora, red fives
  EXPECT_GE(errors["not_a_winning_hand"], 1);
}

TEST(AyameScoreCasesFile, BlendCoversDoraRedAndUra) {
  auto count = YakuCount(BlendCases());
  for (const char* y : {"four_sequences", "dora", "aka_dora", "ura_dora", "honitsu", "chinitsu"})
    EXPECT_GE(count[y], 1) << "no case expects yaku " << y;
  for (const char* gone : {"pinfu", "sankantsu", "rinshan", "chankan"})
    EXPECT_EQ(count[gone], 0) << gone << " does not exist in ayame-blend";
  auto errors = ErrorCount(BlendCases());
  EXPECT_GE(errors["no_yaku"], 3);  // dora alone are not enough
  EXPECT_GE(errors["invalid_input"], 2);
}

// ---------------------------------------------------------------- points and payments

// Seed 002's table, typed from the seed: x = 0, 0.5, 1, ..., 13 han.
TEST(AyamePointsTest, SeedTableZeroToThirteenHan) {
  const int expected[] = {1,  2,  4,  6,  9,  12,  16,  20,  25,  30,  36,  42,  49, 56,
                          64, 72, 81, 90, 100, 110, 121, 132, 144, 156, 169, 182, 196};
  ASSERT_EQ(std::size(expected), 27u);
  for (int halves = 0; halves <= 26; ++halves)
    EXPECT_EQ(AyamePoints(halves * 3), expected[halves]) << halves / 2.0 << " han";
}

// floor and ceil of the exact x + 1, for thirds (a user table may give them).
TEST(AyamePointsTest, ThirdsUseFloorAndCeilOfTheExactValue) {
  EXPECT_EQ(AyamePoints(2), 1 * 2);    // 1/3: x + 1 = 4/3
  EXPECT_EQ(AyamePoints(4), 1 * 2);    // 2/3: 5/3
  EXPECT_EQ(AyamePoints(8), 2 * 3);    // 1 1/3: 7/3
  EXPECT_EQ(AyamePoints(28), 5 * 6);   // 4 2/3: 17/3
  EXPECT_EQ(AyamePoints(1), 1 * 2);    // 1/6
  EXPECT_EQ(AyamePoints(-6), 1);       // below 0 counts as 0
}

TEST(AyamePointsTest, PaymentsAtTheDefaults) {
  const Ruleset r = Preset("ayame-competition");
  // 1 han: V = 1000. Ron 1000; dealer ron 1500; tsumo 500 / 250 -> 300; dealer tsumo 500 each.
  EXPECT_EQ(AyamePayment(6, false, false, r).ron, 1000);
  EXPECT_EQ(AyamePayment(6, true, false, r).ron, 1500);
  const Payment nd = AyamePayment(6, false, true, r);
  EXPECT_EQ(nd.kind, PaymentKind::kTsumoNonDealer);
  EXPECT_EQ(nd.dealer, 500);
  EXPECT_EQ(nd.non_dealer, 300);
  const Payment d = AyamePayment(6, true, true, r);
  EXPECT_EQ(d.kind, PaymentKind::kTsumoDealer);
  EXPECT_EQ(d.each, 500);
  // 2 han: V = 2250 -> ron 2300; tsumo 1125 -> 1200, 562.5 -> 600.
  EXPECT_EQ(AyamePayment(12, false, false, r).ron, 2300);
  EXPECT_EQ(AyamePayment(12, false, true, r).dealer, 1200);
  EXPECT_EQ(AyamePayment(12, false, true, r).non_dealer, 600);
  // The cap: 13, 14 and 20 han pay alike (V = 49000).
  for (int han : {13, 14, 20}) {
    EXPECT_EQ(AyamePayment(han * 6, false, false, r).ron, 49000) << han;
    EXPECT_EQ(AyamePayment(han * 6, true, false, r).ron, 73500) << han;
  }
  EXPECT_EQ(AyamePayment(75, false, false, r).ron, 45500);  // 12.5: 13 x 14 x 250
}

TEST(AyamePointsTest, SharesFollowDealerPercent) {
  // 100 %: no dealer difference; a tsumo is a third from each (1000 / 3 -> 400).
  const Ruleset same = With("ayame-blend", {{"ayame", {{"dealer_percent", 100}}}});
  EXPECT_EQ(AyamePayment(6, true, false, same).ron, 1000);
  EXPECT_EQ(AyamePayment(6, true, true, same).each, 400);
  EXPECT_EQ(AyamePayment(6, false, true, same).dealer, 400);
  EXPECT_EQ(AyamePayment(6, false, true, same).non_dealer, 400);
  // 200 %: the dealer's hand is 2000; on a non-dealer's tsumo the dealer pays 1000 x 2/3 =
  // 666.7 -> 700 and the others 1000 x 1/6 = 166.7 -> 200.
  const Ruleset twice = With("ayame-blend", {{"ayame", {{"dealer_percent", 200}}}});
  EXPECT_EQ(AyamePayment(6, true, false, twice).ron, 2000);
  EXPECT_EQ(AyamePayment(6, true, true, twice).each, 700);
  EXPECT_EQ(AyamePayment(6, false, true, twice).dealer, 700);
  EXPECT_EQ(AyamePayment(6, false, true, twice).non_dealer, 200);
}

// ---------------------------------------------------------------- presets

TEST(AyamePresetTest, PresetsCarryTheSeedsRules) {
  for (const char* name : {"ayame-competition", "ayame-blend"}) {
    SCOPED_TRACE(name);
    const Ruleset r = Preset(name);
    EXPECT_EQ(r.name, name);
    EXPECT_EQ(r.scoring, "ayame");
    EXPECT_FALSE(r.kans);
    EXPECT_FALSE(r.abort_four_kans);
    EXPECT_EQ(r.minimum_sixths, 3);
    EXPECT_EQ(r.ayame.unit, 250);
    EXPECT_EQ(r.ayame.dealer_percent, 150);
    EXPECT_EQ(r.ayame.cap_sixths, 78);
    auto yaku = [&](const char* y) { return r.yaku[static_cast<int>(*YakuFromName(y))]; };
    EXPECT_FALSE(yaku("pinfu").enabled);
    EXPECT_TRUE(yaku("four_sequences").enabled);
    EXPECT_EQ(yaku("four_sequences").closed_sixths, 3);
    EXPECT_EQ(yaku("four_sequences").open_sixths, 0);
    for (const char* y : {"chanta", "ittsu", "sanshoku", "junchan", "honitsu", "chinitsu"})
      EXPECT_EQ(yaku(y).open_sixths, yaku(y).closed_sixths) << y << ": no kuisagari";
    for (const char* y : {"sankantsu", "suukantsu", "rinshan", "chankan"})
      EXPECT_FALSE(yaku(y).enabled) << y << ": there are no kongs";
    for (const char* y : {"dora", "aka_dora", "ura_dora"}) {
      EXPECT_EQ(yaku(y).closed_sixths, 3) << y;
      EXPECT_EQ(yaku(y).open_sixths, 3) << y;
    }
  }
  const Ruleset c = Preset("ayame-competition");
  EXPECT_FALSE(c.dora);
  EXPECT_EQ(c.red_fives, (std::array<uint8_t, 3>{0, 0, 0}));
  const Ruleset b = Preset("ayame-blend");
  EXPECT_TRUE(b.dora);
  EXPECT_EQ(b.red_fives, (std::array<uint8_t, 3>{1, 1, 1}));
}

TEST(AyamePresetTest, KanMeldMessageSaysThereAreNoKongs) {
  const json in = {{"concealed", "567m789p234s99s"}, {"win_tile", "2s"}, {"seat_wind", "S"}, {"round_wind", "E"},
                   {"melds", {{{"type", "ankan"}, {"tiles", "2222m"}}}}};
  for (const char* name : {"ayame-competition", "ayame-blend"}) {
    const json out = ScoreInputJson(in, Preset(name));
    EXPECT_EQ(out["error"], "invalid_input") << out.dump();
    EXPECT_NE(out.value("message", "").find("ayame has no kongs"), std::string::npos) << out.dump();
  }
}

// ---------------------------------------------------------------- the engine: no kan

std::vector<const Event*> OfType(const std::vector<Event>& events, EventType t) {
  std::vector<const Event*> out;
  for (const Event& e : events)
    if (e.type == t) out.push_back(&e);
  return out;
}

// Every seat holds a quad and its policy makes closed kans: riichi plays four kans, ayame none.
TEST(AyameEngineTest, NoKanIsOfferedEvenWithFourOfAKind) {
  const Wall wall = test::ScenarioWall(
      {"1111m258p369s123z", "2222m147p258s567z", "3333m369p147s125z", "4444m258p369s345z"}, "9m9p9s8m", 0, "",
      "8p8s7m7p");
  test::Policy kan;
  kan.kan = true;
  auto play = [&](const Ruleset& rules) {
    test::PolicyAgent a0(kan), a1(kan), a2(kan), a3(kan);
    GameOptions options;
    options.wall_for_hand = [&](int) { return std::optional<Wall>(wall); };
    options.max_hands = 1;
    GameRecord rec = PlayGame(rules, 1, {&a0, &a1, &a2, &a3}, options);
    EXPECT_TRUE(rec.complete) << rec.error;
    return rec.events;
  };
  EXPECT_EQ(OfType(play(Preset("riichi")), EventType::kAnkan).size(), 4u);  // the wall does offer kans
  for (const char* name : {"ayame-competition", "ayame-blend"}) {
    SCOPED_TRACE(name);
    const auto events = play(Preset(name));
    for (EventType t : {EventType::kAnkan, EventType::kKakan, EventType::kDaiminkan})
      EXPECT_TRUE(OfType(events, t).empty()) << EventTypeName(t);
  }
}

// Whole games between greedy agents: no kan event, and every win is scored without fu in halves.
TEST(AyameEngineTest, SeededGamesHaveNoKanAndScoreInHalves) {
  for (const char* name : {"ayame-competition", "ayame-blend"}) {
    const Ruleset rules = Preset(name);
    int wins = 0;
    for (uint64_t seed : {1u, 2u, 3u}) {
      SCOPED_TRACE(std::string(name) + " seed " + std::to_string(seed));
      std::array<std::unique_ptr<Agent>, 4> agents;
      for (auto& a : agents) a = std::move(MakeAgent("greedy")).value();
      const GameRecord rec =
          PlayGame(rules, seed, {agents[0].get(), agents[1].get(), agents[2].get(), agents[3].get()});
      ASSERT_TRUE(rec.complete) << rec.error;
      for (EventType t : {EventType::kAnkan, EventType::kKakan, EventType::kDaiminkan})
        EXPECT_TRUE(OfType(rec.events, t).empty()) << EventTypeName(t);
      for (const Event* e : OfType(rec.events, EventType::kHora)) {
        ++wins;
        const ScoreResult& s = e->hora->score;
        EXPECT_TRUE(s.ok()) << s.message;
        EXPECT_EQ(s.fu, 0);
        EXPECT_EQ(s.han_sixths % 3, 0) << s.han_sixths;
        EXPECT_GE(s.han_sixths, 3);
      }
    }
    EXPECT_GT(wins, 0) << name;
  }
}

// ---------------------------------------------------------------- playtester edits

json Hand(const std::string& concealed, const std::string& win) {
  return {{"concealed", concealed}, {"win_tile", win}, {"seat_wind", "S"}, {"round_wind", "E"}};
}

TEST(AyameTableEditsTest, ValuesComeFromTheYakuTable) {
  const json h4 = Hand("123m567m789p234s99s", "2s");
  // 四順子 made 1 han: 1 han -> p = 4 -> 1000 (the preset's 0.5 gives 500).
  EXPECT_EQ(ScoreInputJson(h4, Preset("ayame-blend"))["total"], 500);
  const json one = ScoreInputJson(h4, With("ayame-blend", {{"yaku", {{"four_sequences", {{"closed", 1}}}}}}));
  EXPECT_EQ(one["han"], 1) << one.dump();
  EXPECT_EQ(one["total"], 1000) << one.dump();
  // Dora back at 1 han: 四順子 0.5 + the 9s pair 2 = 2.5 -> p = 12 -> 3000.
  json with_dora = h4;
  with_dora["dora_indicators"] = "8s";
  const json dora = ScoreInputJson(with_dora, With("ayame-blend", {{"yaku", {{"dora", {{"closed", 1}, {"open", 1}}}}}}));
  EXPECT_EQ(dora["han"], 2.5) << dora.dump();
  EXPECT_EQ(dora["total"], 3000) << dora.dump();
}

TEST(AyameTableEditsTest, InvalidEntryIsRejectedNamingIt) {
  auto r = RulesetFromJson({{"base", "ayame-blend"}, {"yaku", {{"four_sequences", {{"closed", "half"}}}}}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("four_sequences"), std::string::npos) << r.error();
  auto cap = RulesetFromJson({{"base", "ayame-competition"}, {"ayame", {{"cap_han", 0}}}});
  ASSERT_FALSE(cap.ok());
  EXPECT_NE(cap.error().find("cap_han"), std::string::npos) << cap.error();
}

TEST(AyameTableEditsTest, UnitCapAndMinimumAreSettings) {
  const json h4 = Hand("123m567m789p234s99s", "2s");
  // unit 100: 0.5 han -> p = 2 -> 200.
  EXPECT_EQ(ScoreInputJson(h4, With("ayame-competition", {{"ayame", {{"unit", 100}}}}))["total"], 200);
  // minimum 1 han: 四順子 alone (0.5) is not enough; with riichi (1.5) it is.
  const Ruleset min1 = With("ayame-competition", {{"minimum_han", 1}});
  const json low = ScoreInputJson(h4, min1);
  EXPECT_EQ(low["error"], "no_yaku") << low.dump();
  EXPECT_NE(low.value("message", "").find("minimum"), std::string::npos) << low.dump();
  json riichi = h4;
  riichi["riichi"] = true;
  EXPECT_EQ(ScoreInputJson(riichi, min1)["total"], 1500);
  // cap 10 han: the 13.5-han tsumo pays p(10) = 121: V = 30250; 15125 -> 15200, 7562.5 -> 7600.
  json big = Hand("11223345556789p", "5p");
  for (const char* k : {"riichi", "ippatsu", "tsumo", "haitei"}) big[k] = true;
  const json capped = ScoreInputJson(big, With("ayame-competition", {{"ayame", {{"cap_han", 10}}}}));
  EXPECT_EQ(capped["han"], 13.5) << capped.dump();
  EXPECT_EQ(capped["payment"], (json{{"dealer", 15200}, {"non_dealer", 7600}})) << capped.dump();
}

TEST(AyameTableEditsTest, ThirdsOfAHanWork) {
  // 四順子 at 1/3 (minimum 1/3): riichi 1 + 1/3 = 4/3 han; x + 1 = 7/3 -> 2 x 3 = 6 -> 1500.
  const Ruleset r = With("ayame-competition",
                         {{"minimum_han", "1/3"}, {"yaku", {{"four_sequences", {{"closed", "1/3"}}}}}});
  json h = Hand("123m567m789p234s99s", "2s");
  h["riichi"] = true;
  const json out = ScoreInputJson(h, r);
  EXPECT_EQ(out["han_sixths"], 8) << out.dump();
  EXPECT_EQ(out["total"], 1500) << out.dump();
  h["riichi"] = false;
  const json third = ScoreInputJson(h, r);  // 1/3 han: 4/3 -> 1 x 2 = 2 -> 500
  EXPECT_EQ(third["han_sixths"], 2) << third.dump();
  EXPECT_EQ(third["total"], 500) << third.dump();
}

TEST(AyameTableEditsTest, PinfuBackOnCountsBesideFourSequences) {
  // A playtester who enables riichi's pinfu gets both on a ryanmen hand with a plain pair:
  // pinfu 1 + 四順子 0.5 = 1.5 -> 1500.
  const json out = ScoreInputJson(Hand("123m567m789p234s99s", "2s"),
                                  With("ayame-competition", {{"yaku", {{"pinfu", {{"enabled", true}}}}}}));
  EXPECT_EQ(out["han"], 1.5) << out.dump();
  EXPECT_EQ(out["total"], 1500) << out.dump();
}

}  // namespace
}  // namespace ayame_score_test
}  // namespace mj
