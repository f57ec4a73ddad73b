// Hand-worked Ningbo scoring cases (tests/data/ningbo_score_cases.jsonl) run through the `score`
// JSON contract under the ningbo preset. Each line is {"name", "input", "expect", "why"}; every
// expected value was worked out by hand from seed 004 (想定寧波規則) and shared/RULES.md `ningbo`,
// never by this code. Only the fields present in "expect" are compared.
// Below the cases: the seed's worked examples without a limit, the 1952 limit of 200, limit hands
// without a limit, the dealt-hand wins on a non-dealer's first draw, the losers' side values
// (LoserValue), table edits and rejected settings (docs/NINGBO.md), and limit hands named
// limit (満貫) / half_limit (半満貫) by the `score` command, plain and --pretty.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "rules/ningbo_scoring.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"
#include "tests/program_run.h"
#include "tests/score_case_file.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace ningbo_score_test {
namespace {

using nlohmann::json;
using test::CheckScoreCase;
using test::LoadScoreCases;
using test::ScoreCase;
using test::ScoreCaseFileTest;
using test::ScoreCaseName;

constexpr char kCasesFile[] = MJ_TEST_DATA_DIR "/ningbo_score_cases.jsonl";
constexpr size_t kMinCases = 40;

const std::vector<ScoreCase>& Cases() {
  static const std::vector<ScoreCase> cases = LoadScoreCases(kCasesFile, "ningbo");
  return cases;
}

Ruleset Preset(const std::string& name) { return test::PresetOrFail(name); }

// The ningbo preset with `overrides` on top.
Ruleset NingboWith(json overrides) { return test::PresetWith("ningbo", std::move(overrides)); }

INSTANTIATE_TEST_SUITE_P(NingboCases, ScoreCaseFileTest, ::testing::ValuesIn(Cases()), ScoreCaseName);

// ---------------------------------------------------------------- the file itself

TEST(NingboScoreCasesFile, HasEnoughCases) { EXPECT_GE(Cases().size(), kMinCases) << "reading " << kCasesFile; }

TEST(NingboScoreCasesFile, NamesAreUniqueAndEveryCaseExplainsItself) {
  std::set<std::string> seen;
  for (const ScoreCase& c : Cases()) {
    EXPECT_TRUE(seen.insert(c.name).second) << "duplicate case name " << c.name;
    EXPECT_TRUE(c.load_error.empty()) << c.name << ": " << c.load_error;
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

TEST(NingboScoreCasesFile, EveryFanAndLimitHandIsCovered) {
  static const char* const kYaku[] = {
      "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_east", "yakuhai_seat_south",
      "honitsu", "chinitsu", "tenhou", "chiihou", "daisangen", "four_happiness", "junsei_chuuren",
      "thirteen_single_orphans", "thirteen_unconnected"};
  std::map<std::string, int> count;
  for (const ScoreCase& c : Cases())
    if (c.expect.contains("yaku") && c.expect["yaku"].is_object())
      for (const auto& [name, han] : c.expect["yaku"].items()) ++count[name];
  for (const char* y : kYaku) EXPECT_GE(count[y], 1) << "no case expects yaku " << y;
  for (const char* gone : {"riichi", "menzen_tsumo", "pinfu", "tanyao", "toitoi", "rinshan", "haitei", "chankan",
                           "yakuhai_round_east", "chiitoitsu", "kokushi", "suuankou", "chuuren", "shousuushii",
                           "daisuushii", "dora"})
    EXPECT_EQ(count[gone], 0) << gone << " is not a Ningbo fan";
}

// Every fu item of the module appears in the output of some case (the cases' own totals say
// whether it was right).
TEST(NingboScoreCasesFile, EveryFuAdditionIsCovered) {
  const Ruleset rules = Preset("ningbo");
  std::map<std::string, int> count;
  for (const ScoreCase& c : Cases()) {
    if (!c.load_error.empty() || !c.expect.value("ok", false) || c.rules != "ningbo") continue;
    const json out = ScoreInputJson(c.input, rules);
    for (const json& e : out.value("fu_breakdown", json::array())) {
      std::string reason = e.value("reason", "");
      for (const char* prefix : {"open pung", "closed pung", "open kong", "closed kong", "value pair"})
        if (reason.rfind(prefix, 0) == 0) reason = prefix;
      ++count[reason];
    }
  }
  for (const char* r : {"base", "open pung", "closed pung", "open kong", "closed kong", "value pair",
                        "single wait (kanchan)", "single wait (penchan)", "single wait (tanki)",
                        "two-chance shanpon", "tsumo", "toitoi", "rinshan", "haitei",
                        "robbing a kong on a single wait (kinkei dasshoku)"})
    EXPECT_GE(count[r], 1) << "no case shows fu item \"" << r << "\"";
}

TEST(NingboScoreCasesFile, ErrorKindsAreCovered) {
  std::map<std::string, int> count;
  for (const ScoreCase& c : Cases())
    if (c.expect.contains("error")) ++count[c.expect["error"].get<std::string>()];
  EXPECT_GE(count["not_a_winning_hand"], 3);
  EXPECT_GE(count["invalid_input"], 4);
}

// ---------------------------------------------------------------- the preset

TEST(NingboPresetTest, LoadsWithTheRulesOfRulesMd) {
  const Ruleset r = Preset("ningbo");
  EXPECT_EQ(r.name, "ningbo");
  EXPECT_EQ(r.scoring, "ningbo");
  EXPECT_FALSE(r.riichi_allowed);
  EXPECT_FALSE(r.dora);
  EXPECT_EQ(r.red_fives, (std::array<uint8_t, 3>{0, 0, 0}));
  EXPECT_TRUE(r.dead_wall);
  EXPECT_FALSE(r.round_wind);
  EXPECT_EQ(r.minimum_sixths, 0);
  EXPECT_EQ(r.chiihou_kind, ChiihouKind::kDealerFirstDiscard);
  EXPECT_EQ(r.honba_value, 0);
  EXPECT_EQ(r.riichi_deposit, 0);
  EXPECT_EQ(r.noten_payment, 0);
  EXPECT_FALSE(r.double_ron);
  EXPECT_TRUE(r.abort_nine_terminals);
  EXPECT_TRUE(r.nine_terminals_no_pair);
  EXPECT_FALSE(r.abort_four_winds);
  EXPECT_FALSE(r.abort_four_kans);
  EXPECT_FALSE(r.tenpai_renchan);
  EXPECT_TRUE(r.pao);
  EXPECT_TRUE(r.pao_one_suit);
  EXPECT_EQ(r.ningbo, NingboRules{});  // base 10, limit 300, half 150, +2s and +4s, side settlement
  auto value = [&](const char* name) { return r.yaku[static_cast<int>(*YakuFromName(name))]; };
  for (const char* on : {"yakuhai_seat_east", "yakuhai_seat_south", "yakuhai_seat_west", "yakuhai_seat_north",
                         "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "honitsu"}) {
    EXPECT_TRUE(value(on).enabled) << on;
    EXPECT_EQ(value(on).closed_sixths, 6) << on;
    EXPECT_EQ(value(on).open_sixths, 6) << on;
  }
  EXPECT_EQ(value("chinitsu").closed_sixths, 18);
  EXPECT_EQ(value("chinitsu").open_sixths, 18);
  for (const char* limit : {"tenhou", "chiihou", "daisangen", "four_happiness", "junsei_chuuren",
                            "thirteen_single_orphans", "thirteen_unconnected"})
    EXPECT_TRUE(value(limit).enabled) << limit;
  for (const char* off : {"riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "yakuhai_round_east",
                          "chankan", "rinshan", "haitei", "houtei", "chiitoitsu", "toitoi", "sanankou", "kokushi",
                          "suuankou", "chuuren", "shousuushii", "daisuushii", "tsuuiisou", "suukantsu", "dora"})
    EXPECT_FALSE(value(off).enabled) << off;
}

// ---------------------------------------------------------------- the seed's worked examples

json JMeld(const char* type, const char* tiles) { return {{"type", type}, {"tiles", tiles}}; }

// メキドラ's highest hand (seed 004, 2012/03/11), South seat: closed kongs 發 白 南 一, a 中 pair won
// by tsumo on 中 from the dead wall (or the last tile).
json SeedMaxHand(bool rinshan) {
  json in = {{"concealed", "77z"}, {"win_tile", "7z"}, {"seat_wind", "S"}, {"tsumo", true},
             {"melds",
              {JMeld("ankan", "6666z"), JMeld("ankan", "5555z"), JMeld("ankan", "2222z"), JMeld("ankan", "1111m")}}};
  in[rinshan ? "rinshan" : "haitei"] = true;
  return in;
}

TEST(NingboSeedExamplesTest, HighestHandWithoutLimit) {
  // 10 + 2 (中 pair) + 2 (tanki) + 2 (tsumo) + 4 (rinshan or haitei) + 4 (toitoi) + 4 x 32 = 152 fu;
  // 發 1 + 白 1 + 南 1 + honitsu 1 = 4 fan: 152 x 16 = 2432 from each non-dealer, 4864 from the dealer.
  const Ruleset rules = NingboWith({{"ningbo", {{"limit", 0}}}});
  for (bool rinshan : {true, false}) {
    const json out = ScoreInputJson(SeedMaxHand(rinshan), rules);
    EXPECT_EQ(out["fu"], 152) << out.dump();
    EXPECT_EQ(out["han"], 4) << out.dump();
    EXPECT_EQ(out["limit"], "none") << out.dump();
    EXPECT_EQ(out["payment"], (json{{"dealer", 4864}, {"non_dealer", 2432}})) << out.dump();
    EXPECT_EQ(out["total"], 9728) << out.dump();  // 2432 + 2432 + 4864
  }
}

TEST(NingboSeedExamplesTest, LowestHandOfFourOpenKongs) {
  // 10 + 4 x 8 + 2 (pure tanki) + 4 (toitoi) = 48: 48 from each non-dealer, 96 from the dealer.
  const json in = {{"concealed", "44s"}, {"win_tile", "4s"}, {"seat_wind", "S"},
                   {"melds", {JMeld("kakan", "3333m"), JMeld("minkan", "5555p"), JMeld("minkan", "6666s"),
                              JMeld("kakan", "8888m")}}};
  for (const Ruleset& rules : {Preset("ningbo"), NingboWith({{"ningbo", {{"limit", 0}}}})}) {
    const json out = ScoreInputJson(in, rules);
    EXPECT_EQ(out["fu"], 48) << out.dump();
    EXPECT_EQ(out["payment"], (json{{"dealer", 96}, {"non_dealer", 48}})) << out.dump();
    EXPECT_EQ(out["total"], 192) << out.dump();
  }
}

// The 1952 text: limit 200, half limit 100.
TEST(NingboSeedExamplesTest, LimitOf200From1952) {
  const Ruleset rules = NingboWith({{"ningbo", {{"limit", 200}, {"half_limit", 100}}}});
  const json big = ScoreInputJson(SeedMaxHand(true), rules);
  EXPECT_EQ(big["payment"], (json{{"dealer", 400}, {"non_dealer", 200}})) << big.dump();
  EXPECT_EQ(big["limit"], "mangan") << big.dump();
  EXPECT_EQ(big["total"], 800) << big.dump();
  // 地和 on a 10-fu hand: the half limit 100, the dealer 200.
  const json chiihou = ScoreInputJson(
      {{"concealed", "123m456m789p234s55p"}, {"win_tile", "4s"}, {"seat_wind", "W"}, {"chiihou", true}}, rules);
  EXPECT_EQ(chiihou["payment"], (json{{"dealer", 200}, {"non_dealer", 100}})) << chiihou.dump();
  EXPECT_EQ(chiihou["limit"], "half_limit") << chiihou.dump();  // seed (F) 半満貫(百点): 地和
  // 三元和: the limit 200 from each non-dealer, 400 from the dealer.
  const json daisangen = ScoreInputJson(
      {{"concealed", "555z666z777z123m99m"}, {"win_tile", "3m"}, {"seat_wind", "N"}}, rules);
  EXPECT_EQ(daisangen["payment"], (json{{"dealer", 400}, {"non_dealer", 200}})) << daisangen.dump();
  EXPECT_EQ(daisangen["limit"], "limit") << daisangen.dump();  // seed (G)(ロ) 満貫(二百点): 三元和
  EXPECT_EQ(daisangen["yakuman"], 0) << daisangen.dump();
  EXPECT_EQ(daisangen["han"], 0) << daisangen.dump();
}

// Without a limit (0) a full limit hand is worth twice the half limit (300), or its ordinary value
// when that is more (docs/NINGBO.md).
TEST(NingboSeedExamplesTest, LimitHandsWithoutALimit) {
  const Ruleset rules = NingboWith({{"ningbo", {{"limit", 0}}}});
  // 三元和 with pungs: 10 + 3 x 8 = 34 fu (23p waits 1p/4p) x 2^3 = 272 < 300 -> 300.
  const json pungs =
      ScoreInputJson({{"concealed", "555z666z777z234p99s"}, {"win_tile", "4p"}, {"seat_wind", "S"}}, rules);
  EXPECT_EQ(pungs["payment"], (json{{"dealer", 600}, {"non_dealer", 300}})) << pungs.dump();
  EXPECT_EQ(pungs["limit"], "limit") << pungs.dump();  // seed (G)(ロ) 満貫: 三元和
  EXPECT_EQ(pungs["yakuman"], 0) << pungs.dump();
  // 三元和 with closed kongs: 10 + 3 x 32 = 106 fu x 8 = 848 > 300 -> paid as an ordinary hand.
  const json kong_hand = {{"concealed", "234p99s"}, {"win_tile", "4p"}, {"seat_wind", "S"},
                          {"melds", {JMeld("ankan", "5555z"), JMeld("ankan", "6666z"), JMeld("ankan", "7777z")}}};
  const json kongs = ScoreInputJson(kong_hand, rules);
  EXPECT_EQ(kongs["fu"], 106) << kongs.dump();
  EXPECT_EQ(kongs["payment"], (json{{"dealer", 1696}, {"non_dealer", 848}})) << kongs.dump();
  EXPECT_EQ(kongs["yakuman"], 0) << kongs.dump();
  EXPECT_EQ(kongs["limit"], "none") << kongs.dump();  // counted: 3 dragon fan, no cap
  // The same hand under the preset's limit: 300.
  const json capped = ScoreInputJson(kong_hand, Preset("ningbo"));
  EXPECT_EQ(capped["payment"], (json{{"dealer", 600}, {"non_dealer", 300}})) << capped.dump();
  // 地和 on a 10-fu hand: the half limit 150 stays.
  const json chiihou = ScoreInputJson(
      {{"concealed", "123m456m789p234s55p"}, {"win_tile", "4s"}, {"seat_wind", "S"}, {"chiihou", true}}, rules);
  EXPECT_EQ(chiihou["payment"], (json{{"dealer", 300}, {"non_dealer", 150}})) << chiihou.dump();
  EXPECT_EQ(chiihou["limit"], "half_limit") << chiihou.dump();
}

// Equal values: a limit hand whose counted value reaches the cap is still reported as the limit
// hand. Seed 004 lists 三元和 among the 役 valued 満貫 ("(G)満貫(二百点) ... (ロ)三元和"); the
// payment is the same either way.
TEST(NingboLimitHandsTest, AtEqualValueTheLimitHandIsReported) {
  const json kong_hand = {{"concealed", "234p99s"}, {"win_tile", "4p"}, {"seat_wind", "S"},
                          {"melds", {JMeld("ankan", "5555z"), JMeld("ankan", "6666z"), JMeld("ankan", "7777z")}}};
  // Counted: 106 fu x 2^3 = 848, capped at 300 = the limit 300.
  const json out = ScoreInputJson(kong_hand, Preset("ningbo"));
  EXPECT_EQ(out["limit"], "limit") << out.dump();
  EXPECT_EQ(out["han"], 0) << out.dump();
  EXPECT_EQ(out["yakuman"], 0) << out.dump();
  EXPECT_EQ(out["yaku"], json::parse(R"([{"name":"daisangen","han":0,"limit":"limit"}])")) << out.dump();
  EXPECT_EQ(out["fu"], 106) << out.dump();  // the reading's fu, shown, not paid
  EXPECT_EQ(out["payment"], (json{{"dealer", 600}, {"non_dealer", 300}})) << out.dump();
}

// ---------------------------------------------------------------- the score command

// Runs `mahjong score ARGS` on `lines` (through a temporary file).
test::ProgramRun RunScore(const std::string& args, const std::string& lines) {
  const std::filesystem::path in =
      std::filesystem::temp_directory_path() / ("mj_ningbo_score_" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(in) << lines;
  test::ProgramRun r = test::Program("score " + args + " < " + in.string());
  std::filesystem::remove(in);
  return r;
}

// 三元和 with two dragon pons open (seed (G)(ロ) 満貫: 三元和) and 地和 on a 10-fu hand (seed (F)
// 半満貫: 地和 "親の最初の打牌で子が和ったとき"), non-dealer South: 300 / 600 and 150 / 300.
constexpr char kLimitHands[] =
    R"({"id":"daisangen","concealed":"777z234p99s","win_tile":"9s","seat_wind":"S","melds":[{"type":"pon","tiles":"555z"},{"type":"pon","tiles":"666z"}]})"
    "\n"
    R"({"id":"chiihou","concealed":"123m456m789p234s55p","win_tile":"4s","seat_wind":"S","chiihou":true})"
    "\n";

TEST(NingboScoreCommand, LimitHandsAreNamedLimitAndHalfLimitNotYakuman) {
  const test::ProgramRun r = RunScore("--rules ningbo", kLimitHands);
  ASSERT_EQ(r.status, 0) << r.out;
  std::istringstream lines(r.out);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  const json big = json::parse(line);
  EXPECT_EQ(big["limit"], "limit") << line;
  EXPECT_EQ(big["han"], 0) << line;
  EXPECT_EQ(big["han_sixths"], 0) << line;
  EXPECT_EQ(big["yakuman"], 0) << line;
  EXPECT_EQ(big["yaku"], json::parse(R"([{"name":"daisangen","han":0,"limit":"limit"}])")) << line;
  EXPECT_EQ(big["payment"], (json{{"dealer", 600}, {"non_dealer", 300}})) << line;
  EXPECT_EQ(big["total"], 1200) << line;
  ASSERT_TRUE(std::getline(lines, line));
  const json half = json::parse(line);
  EXPECT_EQ(half["limit"], "half_limit") << line;
  EXPECT_EQ(half["han"], 0) << line;
  EXPECT_EQ(half["yakuman"], 0) << line;
  EXPECT_EQ(half["yaku"], json::parse(R"([{"name":"chiihou","han":0,"limit":"half_limit"}])")) << line;
  EXPECT_EQ(half["payment"], (json{{"dealer", 300}, {"non_dealer", 150}})) << line;
  EXPECT_EQ(half["total"], 600) << line;
  EXPECT_EQ(r.out.find("yakuman\":1"), std::string::npos) << r.out;
}

TEST(NingboScoreCommand, PrettyNamesTheLimitInEnglishAndJapanese) {
  const test::ProgramRun r = RunScore("--rules ningbo --pretty", kLimitHands);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\n  daisangen limit (満貫)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  limit (満貫): payment {\"dealer\":600,\"non_dealer\":300}, honba +0, deposits +0, total 1200\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  chiihou half_limit (半満貫)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  half_limit (半満貫): payment {\"dealer\":300,\"non_dealer\":150}, honba +0, deposits +0, total 600\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("yakuman"), std::string::npos) << r.out;
}

TEST(NingboScoreCommand, CompareTableNamesTheLimit) {
  const test::ProgramRun r = RunScore("--compare ningbo --table", kLimitHands);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("| limit 1200"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| half_limit 600"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------- dealt-hand wins (first draw)

// A non-dealer's first draw: the score input has no first_turn key, so the context is built
// from JSON and first_turn set here (the engine sets it).
ScoreResult ScoreFirstDraw(const std::string& concealed, const std::string& win, const Ruleset& rules,
                           bool first_turn = true) {
  const json in = {{"concealed", concealed}, {"win_tile", win}, {"seat_wind", "S"}, {"tsumo", true}};
  auto ctx = WinContextFromJson(in, rules);
  EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error());
  if (!ctx.ok()) return {};
  WinContext c = ctx.value();
  c.first_turn = first_turn;
  return NingboScoring().Score(c, rules);
}

bool HasYaku(const ScoreResult& r, YakuId id) {
  for (const YakuEntry& e : r.yaku)
    if (e.id == id) return true;
  return false;
}

TEST(NingboDealtHandTest, ThirteenUnconnectedSeedExampleOnANonDealersFirstDraw) {
  // (147)258三六九中發東南 = 147p 258s 369m 中 發 東 南; the drawn 14th tile is 白.
  const Ruleset rules = Preset("ningbo");
  const ScoreResult r = ScoreFirstDraw("369m147p258s12567z", "5z", rules);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_TRUE(HasYaku(r, YakuId::kThirteenUnconnected));
  EXPECT_EQ(r.limit, Limit::kLimit);  // seed (G)(ヘ) 満貫: 十三不搭
  EXPECT_EQ(r.yakuman, 0);
  EXPECT_EQ(r.han_sixths, 0);
  EXPECT_EQ(r.payment.kind, PaymentKind::kTsumoNonDealer);
  EXPECT_EQ(r.payment.dealer, 600);
  EXPECT_EQ(r.payment.non_dealer, 300);
  EXPECT_EQ(r.total, 1200);
  // The same suits swapped (147s 258p 369m) are as unconnected.
  EXPECT_TRUE(ScoreFirstDraw("369m258p147s12567z", "5z", rules).ok());
  // Not on a later draw.
  EXPECT_EQ(ScoreFirstDraw("369m147p258s12567z", "5z", rules, false).error, ScoreError::kNotWinningHand);
}

TEST(NingboDealtHandTest, ThirteenSingleOrphansOnANonDealersFirstDraw) {
  const Ruleset rules = Preset("ningbo");
  const ScoreResult r = ScoreFirstDraw("119m19p19s1234567z", "1m", rules);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_TRUE(HasYaku(r, YakuId::kThirteenSingleOrphans));
  EXPECT_FALSE(HasYaku(r, YakuId::kThirteenUnconnected));  // the named hand only
  EXPECT_EQ(r.total, 1200);  // 300 + 300 + 600
  // The 13 dealt tiles must hold each kind once: drawn 9m, the 13 were 11m and no 9m.
  EXPECT_EQ(ScoreFirstDraw("119m19p19s1234567z", "9m", rules).error, ScoreError::kNotWinningHand);
  // With 十三ヤオ switched off the same tiles are still 十三不搭 (1 and 9 are far apart).
  const ScoreResult off =
      ScoreFirstDraw("119m19p19s1234567z", "1m",
                     NingboWith({{"yaku", {{"thirteen_single_orphans", {{"enabled", false}}}}}}));
  ASSERT_TRUE(off.ok()) << off.message;
  EXPECT_TRUE(HasYaku(off, YakuId::kThirteenUnconnected));
}

TEST(NingboDealtHandTest, ConnectedTilesAreNoWin) {
  const Ruleset rules = Preset("ningbo");
  // 3m and 5m are two apart (a kanchan shape): not 十三不搭.
  EXPECT_EQ(ScoreFirstDraw("358m147p258s12567z", "5z", rules).error, ScoreError::kNotWinningHand);
  // A pair of 東 among the 13: no.
  EXPECT_EQ(ScoreFirstDraw("369m147p258s11267z", "2z", rules).error, ScoreError::kNotWinningHand);
  // Without a limit the dealt-hand limit is 2 x half limit = 300.
  const ScoreResult nolimit = ScoreFirstDraw("369m147p258s12567z", "5z", NingboWith({{"ningbo", {{"limit", 0}}}}));
  ASSERT_TRUE(nolimit.ok()) << nolimit.message;
  EXPECT_EQ(nolimit.payment.non_dealer, 300);
}

TEST(NingboDealtHandTest, ShapeHelpers) {
  auto counts = [](const std::string& tiles) { return CountKinds(ParseTiles(tiles).value()); };
  EXPECT_TRUE(IsThirteenUnconnected13(counts("369m147p258s1267z")));
  EXPECT_TRUE(IsThirteenUnconnected13(counts("159m159p159s1234z")));
  EXPECT_FALSE(IsThirteenUnconnected13(counts("368m147p258s1267z")));  // 6 and 8
  EXPECT_FALSE(IsThirteenUnconnected13(counts("369m147p258s1167z")));  // a pair
  EXPECT_FALSE(IsThirteenUnconnected13(counts("369m147p258s126z")));   // 12 tiles
  EXPECT_TRUE(IsThirteenSingleOrphans13(counts("19m19p19s1234567z")));
  EXPECT_FALSE(IsThirteenSingleOrphans13(counts("19m19p19s1234566z")));
}

// ---------------------------------------------------------------- values and payments

TEST(NingboPointsTest, ShareValueAndThreePayers) {
  const Ruleset rules = Preset("ningbo");
  EXPECT_EQ(NingboShareValue(10, 0, rules), 10);
  EXPECT_EQ(NingboShareValue(26, 3, rules), 208);
  EXPECT_EQ(NingboShareValue(152, 4, rules), 300);  // 2432 capped
  EXPECT_EQ(NingboShareValue(152, 4, NingboWith({{"ningbo", {{"limit", 0}}}})), 2432);
  const Payment nd = NingboPayment(48, false);
  EXPECT_EQ(nd.kind, PaymentKind::kTsumoNonDealer);
  EXPECT_EQ(nd.dealer, 96);
  EXPECT_EQ(nd.non_dealer, 48);
  EXPECT_EQ(nd.Total(), 192);
  const Payment d = NingboPayment(48, true);
  EXPECT_EQ(d.kind, PaymentKind::kTsumoDealer);
  EXPECT_EQ(d.each, 96);
  EXPECT_EQ(d.Total(), 288);
}

// ---------------------------------------------------------------- side settlement values

WinContext Loser(const std::string& concealed, std::vector<Meld> melds, Wind seat) {
  WinContext h;
  h.concealed = CountKinds(ParseTiles(concealed).value());
  for (const Meld& m : melds) h.melds.push_back(m);
  h.seat_wind = seat;
  h.has_round_wind = false;
  return h;
}

Kind K(const char* tile) { return ParseTile(tile).value().kind; }

TEST(NingboLoserValueTest, ValuesWorkedByHand) {
  const Ruleset rules = Preset("ningbo");
  const NingboScoring m;
  // A plain hand: the base 10.
  EXPECT_EQ(m.LoserValue(Loser("123m456p789s1357z", {}, Wind::kSouth), rules), 10);
  // Pon of 白 (open honour 4, 1 fan) + 777m held (closed simple pung 4): (10 + 4 + 4) x 2 = 36.
  EXPECT_EQ(m.LoserValue(Loser("123m456p777m9s", {Meld{MeldType::kPon, K("5z")}}, Wind::kSouth), rules), 36);
  // Closed kong 1111m (32) + 南 held three times by South (closed honour 8, 1 fan) + 中 pair (2):
  // (10 + 32 + 8 + 2) x 2 = 104.
  EXPECT_EQ(m.LoserValue(Loser("222z77z23m456p", {Meld{MeldType::kAnkan, K("1m")}}, Wind::kSouth), rules), 104);
  // Two value pairs (白, 中): one pair counts: 10 + 2 = 12.
  EXPECT_EQ(m.LoserValue(Loser("55z77z123m456p789s", {}, Wind::kSouth), rules), 12);
  // Four 1m held but not declared: a closed terminal pung, 10 + 8 = 18.
  EXPECT_EQ(m.LoserValue(Loser("1111m234p567s89s2z", {}, Wind::kSouth), rules), 18);
  // The dealer's East pung held: (10 + 8) x 2 = 36 (the engine doubles the dealer's share).
  EXPECT_EQ(m.LoserValue(Loser("111z23m456p789s57z", {}, Wind::kEast), rules), 36);
  // A West pung for the South seat: fu only, 10 + 8 = 18.
  EXPECT_EQ(m.LoserValue(Loser("333z23m456p789s57z", {}, Wind::kSouth), rules), 18);
  // Closed kongs of 白 and 發 (32 + 32) and a pon of 中 (4): 78 fu x 2^3 = 624 -> the limit 300.
  const WinContext big = Loser("1234m", {Meld{MeldType::kAnkan, K("5z")}, Meld{MeldType::kAnkan, K("6z")},
                                         Meld{MeldType::kPon, K("7z")}},
                               Wind::kSouth);
  EXPECT_EQ(m.LoserValue(big, rules), 300);
  EXPECT_EQ(m.LoserValue(big, NingboWith({{"ningbo", {{"limit", 0}}}})), 624);
  // No honitsu for an unfinished hand: an all-man hand with no pungs is the base only.
  EXPECT_EQ(m.LoserValue(Loser("1234567899m", {Meld{MeldType::kChi, K("1m")}}, Wind::kSouth), rules), 10);
  // Side settlement switched off: none.
  EXPECT_FALSE(m.LoserValue(Loser("123m456p789s1357z", {}, Wind::kSouth),
                            NingboWith({{"ningbo", {{"side_settlement", false}}}}))
                   .has_value());
}

// ---------------------------------------------------------------- table edits and settings

TEST(NingboTableEditsTest, HonitsuTwoFan) {
  // 333z closed honour 8: 18 fu; honitsu made 2 fan: 18 x 4 = 72; total 72 + 72 + 144 = 288.
  const json in = {{"concealed", "123m456m789m333z11z"}, {"win_tile", "9m"}, {"seat_wind", "S"}};
  const json out = ScoreInputJson(in, NingboWith({{"yaku", {{"honitsu", {{"closed", 2}, {"open", 2}}}}}}));
  EXPECT_EQ(out["han"], 2) << out.dump();
  EXPECT_EQ(out["payment"], (json{{"dealer", 144}, {"non_dealer", 72}})) << out.dump();
  EXPECT_EQ(out["total"], 288) << out.dump();
}

TEST(NingboTableEditsTest, DisabledLimitHandScoresAsOrdinary) {
  // 三元和 switched off: 10 + 3 x 8 = 34 fu x 2^3 (three dragon pungs) = 272.
  const json in = {{"concealed", "555z666z777z234p99s"}, {"win_tile", "4p"}, {"seat_wind", "S"}};
  const json out = ScoreInputJson(in, NingboWith({{"yaku", {{"daisangen", {{"enabled", false}}}}}}));
  EXPECT_EQ(out["yakuman"], 0) << out.dump();
  EXPECT_EQ(out["payment"], (json{{"dealer", 544}, {"non_dealer", 272}})) << out.dump();
}

TEST(NingboTableEditsTest, AdditionsAreSettings) {
  // 金鶏奪食 made 6 and the pure wait 3: 10 + 3 + 6 = 19.
  const json in = {{"concealed", "123m456m789p234s55p"}, {"win_tile", "3s"}, {"seat_wind", "S"}, {"chankan", true}};
  const json out = ScoreInputJson(in, NingboWith({{"ningbo", {{"robbing_pure_wait_fu", 6}, {"pure_wait_fu", 3}}}}));
  EXPECT_EQ(out["fu"], 19) << out.dump();
}

TEST(NingboTableEditsTest, MinimumHanAsksForFan) {
  const Ruleset rules = NingboWith({{"minimum_han", 1}});
  const json plain =
      ScoreInputJson({{"concealed", "123m456m789p234s55p"}, {"win_tile", "4s"}, {"seat_wind", "S"}}, rules);
  EXPECT_EQ(plain["error"], "no_yaku") << plain.dump();
  const json chun =
      ScoreInputJson({{"concealed", "777z123m456p234s99m"}, {"win_tile", "4s"}, {"seat_wind", "S"}}, rules);
  EXPECT_EQ(chun["total"], 144) << chun.dump();  // 18 x 2 = 36; 36 + 36 + 72
}

TEST(NingboTableEditsTest, InvalidNingboFieldsAreRejectedByName) {
  auto error = [](const json& j) {
    auto r = RulesetFromJson(j);
    EXPECT_FALSE(r.ok()) << j.dump();
    return r.ok() ? std::string() : r.error();
  };
  const std::string unknown = error({{"base", "ningbo"}, {"ningbo", {{"limt", 300}}}});
  EXPECT_NE(unknown.find("\"limt\""), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("ningbo"), std::string::npos) << unknown;
  const std::string negative = error({{"base", "ningbo"}, {"ningbo", {{"base_fu", -10}}}});
  EXPECT_NE(negative.find("ningbo.base_fu"), std::string::npos) << negative;
  const std::string wrong_type = error({{"base", "ningbo"}, {"ningbo", {{"side_settlement", 1}}}});
  EXPECT_NE(wrong_type.find("ningbo.side_settlement"), std::string::npos) << wrong_type;
  const std::string half = error({{"base", "ningbo"}, {"ningbo", {{"limit", 100}}}});
  EXPECT_NE(half.find("ningbo.half_limit"), std::string::npos) << half;
}

}  // namespace
}  // namespace ningbo_score_test
}  // namespace mj
