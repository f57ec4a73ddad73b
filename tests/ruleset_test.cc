// Ruleset JSON: the riichi preset against RULES.md, round trips, "base" overrides, validation
// errors (each naming its key or yaku entry) and fractional han parsing.

#include "rules/ruleset.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "rules/presets.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace ruleset_test {
namespace {

using nlohmann::json;

const YakuValue& Yaku(const Ruleset& r, std::string_view name) {
  const auto id = YakuFromName(name);
  EXPECT_TRUE(id.has_value()) << name;
  return r.yaku[static_cast<int>(id.value_or(YakuId::kRiichi))];
}

Ruleset Preset() {
  auto r = LoadRuleset("riichi");
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? r.value() : Ruleset{};
}

// The error of parsing `j` ("" if it parsed).
std::string ErrorOf(const json& j) {
  auto r = RulesetFromJson(j);
  return r.ok() ? "" : r.error();
}

// Expects parsing `j` to fail with a message containing every one of `parts`.
void ExpectError(const json& j, std::initializer_list<std::string_view> parts) {
  const std::string err = ErrorOf(j);
  ASSERT_FALSE(err.empty()) << "accepted: " << j.dump();
  for (const auto part : parts)
    EXPECT_NE(err.find(part), std::string::npos)
        << "error \"" << err << "\" lacks \"" << part << "\"";
}

// Sixths of pinfu's closed value after parsing {"yaku": {"pinfu": {"closed": v}}}, or -1.
int ClosedSixths(const json& v) {
  auto r = RulesetFromJson({{"yaku", {{"pinfu", {{"closed", v}}}}}});
  return r.ok() ? Yaku(r.value(), "pinfu").closed_sixths : -1;
}

std::string Quote(std::string_view s) {
  std::string q = "\"";
  q += s;
  q += '"';
  return q;
}

std::string WriteTempFile(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

// ---- The preset against RULES.md -------------------------------------------------------------

TEST(RiichiPresetTest, OptionsAreTheTenhouValuesOfRulesMd) {
  const Ruleset r = Preset();
  EXPECT_EQ(r.name, "riichi");
  EXPECT_EQ(r.scoring, "riichi");
  // "red fives 1 per suit"
  EXPECT_EQ(r.red_fives, (std::array<uint8_t, 3>{1, 1, 1}));
  // "open tanyao allowed"
  EXPECT_TRUE(r.kuitan);
  // "no kiriage mangan (option)"
  EXPECT_FALSE(r.kiriage_mangan);
  // "no double yakuman for special waits"
  EXPECT_FALSE(r.double_yakuman_special_waits);
  // "several yakuman in one hand add up"
  EXPECT_TRUE(r.yakuman_stacking);
  // "13+ han = kazoe yakuman"
  EXPECT_TRUE(r.kazoe_yakuman);
  // "double-wind pair = 4 fu (option: 2)"
  EXPECT_EQ(r.double_wind_pair_fu, 4);
  // "open hand with no fu counts 30"
  EXPECT_TRUE(r.open_no_fu_30);
  // "Honba 300 (100 from each on tsumo); riichi deposits 1000 each"
  EXPECT_EQ(r.honba_value, 300);
  EXPECT_EQ(r.riichi_deposit, 1000);
  // "hanchan East+South, start 25000, return 30000"
  EXPECT_EQ(r.length, GameLength::kHanchan);
  EXPECT_EQ(r.starting_points, 25000);
  EXPECT_EQ(r.return_points, 30000);
  // "a player below 0 ends the game; West round when nobody has 30000 after South 4"
  EXPECT_TRUE(r.bust_ends_game);
  EXPECT_TRUE(r.west_extension);
  // "noten payments 3000 in all; nagashi mangan"
  EXPECT_EQ(r.noten_payment, 3000);
  EXPECT_TRUE(r.nagashi_mangan);
  // "abortive draws: nine terminals, four winds, four riichi, four kans by 2+ players, triple ron"
  EXPECT_TRUE(r.abort_nine_terminals);
  EXPECT_TRUE(r.abort_four_winds);
  EXPECT_TRUE(r.abort_four_riichi);
  EXPECT_TRUE(r.abort_four_kans);
  EXPECT_TRUE(r.triple_ron_abort);
  // "double ron allowed; pao for daisangen and daisuushii; all-last dealer agari-yame"
  EXPECT_TRUE(r.double_ron);
  EXPECT_TRUE(r.pao);
  EXPECT_TRUE(r.agari_yame);
  // The keys Dunpai changes keep riichi's behaviour here.
  EXPECT_FALSE(r.peach_tiles);
  EXPECT_TRUE(r.dora);
  EXPECT_TRUE(r.dead_wall);
  EXPECT_TRUE(r.round_wind);
  EXPECT_TRUE(r.dealer_pays_double);
  EXPECT_TRUE(r.renchan);
  EXPECT_FALSE(r.riichi_open_hand);
  EXPECT_FALSE(r.kuikae);  // riichi bans kuikae
  EXPECT_FALSE(r.closed_kan_hidden);
  EXPECT_EQ(r.end_point_gap, 0);
  EXPECT_EQ(r.max_hands, 0);
  EXPECT_TRUE(r.han_points.empty());
  EXPECT_FALSE(r.shields.enabled);
}

// ---- The dunpai preset against RULES.md `dunpai` (seed 003, その他の改訂 / 追加役) ---------------

TEST(DunpaiPresetTest, OptionsAreTheSeedsChanges) {
  auto loaded = LoadRuleset("dunpai");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const Ruleset& r = *loaded;
  EXPECT_EQ(r.name, "dunpai");
  EXPECT_EQ(r.scoring, "dunpai");
  // "Points by han alone: 1->1000, 2->2000, 3->4000, 4->8000, then +2000 a han"
  EXPECT_EQ(r.han_points, (std::vector<int>{1000, 2000, 4000, 8000}));
  EXPECT_EQ(r.han_points_step, 2000);
  // "No riichi deposit, no renchan, no honba, no dealer/non-dealer difference, no round wind"
  EXPECT_EQ(r.riichi_deposit, 0);
  EXPECT_FALSE(r.renchan);
  EXPECT_EQ(r.honba_value, 0);
  EXPECT_FALSE(r.dealer_pays_double);
  EXPECT_FALSE(r.round_wind);
  // "No dora or ura dora, no red fives, no dead wall ... Peach dora instead"
  EXPECT_FALSE(r.dora);
  EXPECT_EQ(r.red_fives, (std::array<uint8_t, 3>{0, 0, 0}));
  EXPECT_FALSE(r.dead_wall);
  EXPECT_TRUE(r.peach_tiles);
  // "Riichi is allowed with open melds ... Kuikae is allowed. A closed kong is laid all face down"
  EXPECT_TRUE(r.riichi_open_hand);
  EXPECT_TRUE(r.kuikae);
  EXPECT_TRUE(r.closed_kan_hidden);
  // "Everyone starts at 0. The game ends when the gap ... passes 50000, or after 10 hands."
  EXPECT_EQ(r.starting_points, 0);
  EXPECT_EQ(r.return_points, 0);
  EXPECT_EQ(r.uma, (std::array<int, 4>{0, 0, 0, 0}));
  EXPECT_EQ(r.end_point_gap, 50000);
  EXPECT_EQ(r.max_hands, 10);
  EXPECT_EQ(r.length, GameLength::kUnlimited);
  EXPECT_FALSE(r.bust_ends_game);
  EXPECT_FALSE(r.west_extension);
  EXPECT_FALSE(r.agari_yame);
  // Shields: 2 more tiles, 2 new shields a hand, tsumo protection, void against open riichi.
  EXPECT_EQ(r.shields, (ShieldRules{true, 2, 2, true, true}));
}

TEST(DunpaiPresetTest, YakuTableHasTheSeedsValues) {
  auto loaded = LoadRuleset("dunpai");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const Ruleset& r = *loaded;
  struct Row { const char* name; int closed; int open; };
  const Row rows[] = {
      {"riichi", 1, 1},            // riichi with open melds
      {"open_riichi", 2, 2},       // "Open riichi (the whole hand shown): 2 han"
      {"pinfu", 1, 0},             // redefined, still menzen-only
      {"iipeikou", 1, 1},          // "Iipeikou and ryanpeikou may be open", no kuisagari
      {"ryanpeikou", 3, 3},
      {"two_concealed_pungs", 2, 2}, {"sanankou", 3, 3}, {"kongs", 1, 1},
      {"chinitsu", 6, 4}, {"honitsu", 2, 2}, {"renroku", 1, 1},
      {"three_identical_sequences", 4, 4}, {"four_identical_sequences", 12, 12},
      {"chanta", 2, 2}, {"ittsu", 2, 2}, {"sanshoku", 2, 2}, {"junchan", 3, 3},  // no kuisagari
      {"menzen_tsumo", 1, 0}, {"chiitoitsu", 2, 0}};
  for (const Row& row : rows) {
    const YakuValue& v = Yaku(r, row.name);
    EXPECT_TRUE(v.enabled) << row.name;
    EXPECT_EQ(v.closed_sixths, row.closed * 6) << row.name;
    EXPECT_EQ(v.open_sixths, row.open * 6) << row.name;
  }
  // No kuisagari: every yaku allowed open is worth its closed value, except chinitsu (4 / 6).
  for (int i = 0; i < kNumYaku; ++i) {
    const auto id = static_cast<YakuId>(i);
    const YakuValue& v = r.yaku[i];
    if (!v.enabled || v.open_sixths == 0 || IsYakumanYaku(id) || id == YakuId::kChinitsu) continue;
    EXPECT_EQ(v.open_sixths, v.closed_sixths) << YakuName(id);
  }
  for (const char* gone : {"double_riichi", "tenhou", "chiihou", "sankantsu", "dora", "aka_dora", "ura_dora"})
    EXPECT_FALSE(Yaku(r, gone).enabled) << gone;
  const YakuValue& peach = Yaku(r, "peach_dora");
  EXPECT_TRUE(peach.enabled);
  EXPECT_EQ(peach.closed_sixths, 6);
  EXPECT_FALSE(peach.counts_for_minimum);
}

TEST(RiichiPresetTest, EqualsStructDefaultsWithTheRiichiYakuTable) {
  Ruleset defaults;
  defaults.yaku = RiichiYakuTable();
  EXPECT_EQ(RulesetFromJson(json::object()).value(), defaults);  // {} = all defaults
  // The preset follows current Tenhou's game end (tenpai_yame, docs/TENHOU.md "Game end by era");
  // the struct default keeps the older rule that the pre-2022 records need. Everything else is equal.
  Ruleset expected = defaults;
  expected.tenpai_yame = true;
  EXPECT_EQ(Preset(), expected);
}

TEST(RiichiPresetTest, PresetFileListsEveryKeyAndEveryYakuField) {
  const json all = RulesetToJson(Ruleset{});
  for (const auto& [name, text] : EmbeddedPresets()) {
    SCOPED_TRACE(std::string(name));
    const json preset = json::parse(text);
    std::set<std::string> expected_keys, keys;
    for (const auto& [k, v] : all.items()) expected_keys.insert(k);
    for (const auto& [k, v] : preset.items()) keys.insert(k);
    EXPECT_EQ(keys, expected_keys);
    ASSERT_TRUE(preset.contains("yaku"));
    EXPECT_EQ(preset["yaku"].size(), static_cast<size_t>(kNumYaku));
    for (const auto& [yaku, entry] : preset["yaku"].items()) {
      const bool yakuman = entry.contains("yakuman");
      for (const char* field : {"open", "counts_for_minimum", "enabled"})
        EXPECT_TRUE(entry.contains(field)) << yaku << " lacks " << field;
      if (!yakuman) {
        EXPECT_TRUE(entry.contains("closed")) << yaku << " lacks closed";
      }
    }
    EXPECT_EQ(preset.value("name", ""), name);
  }
}

// Tenhou's yaku values (closed han, open han; 0 = closed only), written out from the brief.
TEST(RiichiPresetTest, YakuTableHasTenhouValues) {
  const Ruleset r = Preset();
  struct Row { const char* name; int closed; int open; };
  const Row rows[] = {
      {"riichi", 1, 0}, {"double_riichi", 2, 0}, {"ippatsu", 1, 0}, {"menzen_tsumo", 1, 0},
      {"pinfu", 1, 0}, {"tanyao", 1, 1}, {"iipeikou", 1, 0}, {"yakuhai_seat_east", 1, 1},
      {"yakuhai_seat_south", 1, 1}, {"yakuhai_seat_west", 1, 1}, {"yakuhai_seat_north", 1, 1},
      {"yakuhai_round_east", 1, 1}, {"yakuhai_round_south", 1, 1}, {"yakuhai_round_west", 1, 1},
      {"yakuhai_round_north", 1, 1}, {"yakuhai_haku", 1, 1}, {"yakuhai_hatsu", 1, 1},
      {"yakuhai_chun", 1, 1}, {"chankan", 1, 1}, {"rinshan", 1, 1}, {"haitei", 1, 1},
      {"houtei", 1, 1}, {"chiitoitsu", 2, 0}, {"chanta", 2, 1}, {"ittsu", 2, 1},
      {"sanshoku", 2, 1}, {"sanshoku_doukou", 2, 2}, {"sankantsu", 2, 2}, {"toitoi", 2, 2},
      {"sanankou", 2, 2}, {"shousangen", 2, 2}, {"honroutou", 2, 2}, {"ryanpeikou", 3, 0},
      {"junchan", 3, 2}, {"honitsu", 3, 2}, {"chinitsu", 6, 5}};
  for (const Row& row : rows) {
    const YakuValue& v = Yaku(r, row.name);
    EXPECT_TRUE(v.enabled) << row.name;
    EXPECT_EQ(v.yakuman, 0) << row.name;
    EXPECT_EQ(v.closed_sixths, row.closed * 6) << row.name;
    EXPECT_EQ(v.open_sixths, row.open * 6) << row.name;
    EXPECT_TRUE(v.counts_for_minimum) << row.name;
  }
  for (const char* name : {"tenhou", "chiihou", "kokushi", "kokushi_13_wait", "suuankou",
                           "suuankou_tanki", "chuuren", "junsei_chuuren"}) {
    const YakuValue& v = Yaku(r, name);
    EXPECT_TRUE(v.enabled && v.yakuman == 1) << name;
    EXPECT_EQ(v.open_sixths, 0) << name << " must be closed only";
  }
  for (const char* name : {"daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou",
                           "chinroutou", "suukantsu"}) {
    const YakuValue& v = Yaku(r, name);
    EXPECT_TRUE(v.enabled && v.yakuman == 1) << name;
    EXPECT_NE(v.open_sixths, 0) << name << " must be allowed open";
  }
  for (const char* name : {"dora", "aka_dora", "ura_dora"}) {
    const YakuValue& v = Yaku(r, name);
    EXPECT_TRUE(v.enabled) << name;
    EXPECT_EQ(v.closed_sixths, 6) << name;
    EXPECT_FALSE(v.counts_for_minimum) << name;
  }
  EXPECT_FALSE(Yaku(r, "open_riichi").enabled);
  // Dunpai's own yaku and peach dora exist in the table but are off in riichi.
  for (const char* name : {"two_concealed_pungs", "kongs", "renroku", "three_identical_sequences",
                           "four_identical_sequences", "peach_dora"})
    EXPECT_FALSE(Yaku(r, name).enabled) << name;
  EXPECT_FALSE(Yaku(r, "peach_dora").counts_for_minimum);
  // The other rulesets' yaku (Ningbo's limit hands; fuless, ayame) are off in riichi too.
  for (const char* name : {"four_happiness", "thirteen_single_orphans", "thirteen_unconnected",
                           "closed_ron", "four_sequences", "open_kong", "closed_kong"})
    EXPECT_FALSE(Yaku(r, name).enabled) << name;
  // Every entry is covered above.
  EXPECT_EQ(std::size(rows) + 8 + 7 + 3 + 1 + 6 + 7, static_cast<size_t>(kNumYaku));
}

// ---- Round trip and overrides -----------------------------------------------------------------

TEST(RulesetJsonTest, RoundTripsTheDefaultsAndAChangedRuleset) {
  Ruleset r;
  r.yaku = RiichiYakuTable();
  EXPECT_EQ(RulesetFromJson(RulesetToJson(r)).value(), r);

  r.name = "test";
  r.red_fives = {0, 1, 0};
  r.kuitan = false;
  r.double_wind_pair_fu = 2;
  r.length = GameLength::kEast;
  r.uma = {15000, 5000, -5000, -15000};
  r.noten_payment = 0;
  r.tenpai_yame = true;
  r.yaku[static_cast<int>(YakuId::kPinfu)].closed_sixths = 4;   // 2/3
  r.yaku[static_cast<int>(YakuId::kToitoi)].closed_sixths = 14;  // 2 1/3
  r.yaku[static_cast<int>(YakuId::kToitoi)].open_sixths = 15;    // 2.5
  r.yaku[static_cast<int>(YakuId::kChanta)].open_sixths = 1;     // 1/6
  r.yaku[static_cast<int>(YakuId::kOpenRiichi)].enabled = true;
  r.yaku[static_cast<int>(YakuId::kChankan)].counts_for_minimum = false;
  r.renchan = false;
  r.kuikae = true;
  r.closed_kan_hidden = true;
  r.round_wind = false;
  r.max_hands = 12;
  r.end_point_gap = 40000;
  r.length = GameLength::kUnlimited;
  r.han_points = {1000, 3000};
  r.han_points_step = 500;
  r.shields = {true, 3, 3, false, false};
  const json j = RulesetToJson(r);
  EXPECT_EQ(j["length"], "unlimited");
  EXPECT_EQ(j["shields"]["per_hand"], 3);
  EXPECT_EQ(j["yaku"]["pinfu"]["closed"], "2/3");
  EXPECT_EQ(j["yaku"]["toitoi"]["closed"], "2 1/3");
  EXPECT_EQ(j["yaku"]["toitoi"]["open"], 2.5);
  auto back = RulesetFromJson(json::parse(j.dump()));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back.value(), r);
}

TEST(RulesetJsonTest, BaseThenOverride) {
  auto r = RulesetFromJson({{"base", "riichi"}, {"kuitan", false}});
  ASSERT_TRUE(r.ok()) << r.error();
  Ruleset expected = Preset();
  expected.kuitan = false;
  EXPECT_EQ(r.value(), expected);
}

TEST(RulesetJsonTest, YakuEntriesOverrideFieldByField) {
  auto r = RulesetFromJson(json::parse(R"({
    "base": "riichi",
    "yaku": {"pinfu": {"enabled": false}, "chinitsu": {"open": "4 1/2"},
             "kokushi_13_wait": {"yakuman": 2}, "daisangen": {"open": false},
             "toitoi": {"closed": 3}}
  })"));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_FALSE(Yaku(*r, "pinfu").enabled);
  EXPECT_EQ(Yaku(*r, "pinfu").closed_sixths, 6);  // kept
  EXPECT_EQ(Yaku(*r, "chinitsu").closed_sixths, 36);
  EXPECT_EQ(Yaku(*r, "chinitsu").open_sixths, 27);
  EXPECT_EQ(Yaku(*r, "kokushi_13_wait").yakuman, 2);
  EXPECT_EQ(Yaku(*r, "kokushi_13_wait").open_sixths, 0);  // still closed only
  EXPECT_EQ(Yaku(*r, "daisangen").yakuman, 1);
  EXPECT_EQ(Yaku(*r, "daisangen").open_sixths, 0);
  EXPECT_EQ(Yaku(*r, "toitoi").closed_sixths, 18);
  EXPECT_EQ(Yaku(*r, "toitoi").open_sixths, 12);  // kept
  EXPECT_EQ(Yaku(*r, "riichi"), Yaku(Preset(), "riichi"));  // others untouched
}

// ---- Han values -------------------------------------------------------------------------------

TEST(RulesetJsonTest, HanValuesInSixths) {
  EXPECT_EQ(ClosedSixths("2/3"), 4);
  EXPECT_EQ(ClosedSixths("1 2/3"), 10);
  EXPECT_EQ(ClosedSixths("1/3"), 2);
  EXPECT_EQ(ClosedSixths("1/2"), 3);
  EXPECT_EQ(ClosedSixths("3"), 18);
  EXPECT_EQ(ClosedSixths("2.5"), 15);
  EXPECT_EQ(ClosedSixths(0.5), 3);
  EXPECT_EQ(ClosedSixths(1.5), 9);
  EXPECT_EQ(ClosedSixths(2), 12);
  EXPECT_EQ(ClosedSixths(2.0 / 3.0), 4);  // within 1e-9 of a sixth
  EXPECT_EQ(ClosedSixths(1.25), -1);
  EXPECT_EQ(ClosedSixths("1/4"), -1);
  EXPECT_EQ(ClosedSixths("1 4/3"), -1);
  EXPECT_EQ(ClosedSixths("-1"), -1);
  EXPECT_EQ(ClosedSixths(-1), -1);
  EXPECT_EQ(ClosedSixths("2/0"), -1);
  EXPECT_EQ(ClosedSixths("one"), -1);
  EXPECT_EQ(ClosedSixths(1000), -1);
  EXPECT_EQ(ClosedSixths(true), -1);
  ExpectError({{"yaku", {{"pinfu", {{"closed", 1.25}}}}}},
              {"yaku \"pinfu\"", "\"closed\" must be", "1.25"});
}

// ---- Errors name the key ----------------------------------------------------------------------

TEST(RulesetErrorTest, UnknownKey) {
  ExpectError({{"kuitann", true}}, {"unknown key \"kuitann\" in ruleset"});
  ExpectError(json::array(), {"must be a JSON object"});
}

TEST(RulesetErrorTest, WrongTypes) {
  ExpectError({{"kuitan", "yes"}}, {"\"kuitan\" must be a boolean, got string"});
  ExpectError({{"pao", 1}}, {"\"pao\" must be a boolean, got number"});
  ExpectError({{"starting_points", "25000"}},
              {"\"starting_points\" must be an integer, got string"});
  ExpectError({{"honba_value", 300.5}}, {"\"honba_value\" must be an integer"});
  ExpectError({{"name", 3}}, {"\"name\" must be a string"});
  ExpectError({{"scoring", nullptr}}, {"\"scoring\" must be a string, got null"});
  ExpectError({{"length", 1}}, {"\"length\" must be a string"});
  ExpectError({{"uma", "20,10"}}, {"\"uma\" must be an array of 4 integers"});
  ExpectError({{"red_fives", true}}, {"\"red_fives\" must be an array of 3"});
  ExpectError({{"yaku", json::array()}}, {"\"yaku\" must be an object"});
  ExpectError({{"base", 1}}, {"\"base\" must be a string"});
}

TEST(RulesetErrorTest, OutOfRange) {
  ExpectError({{"red_fives", {1, 2, 1}}}, {"\"red_fives\"", "each 0 or 1"});
  ExpectError({{"red_fives", {1, 1}}}, {"\"red_fives\"", "3 integers"});
  ExpectError({{"double_wind_pair_fu", 3}}, {"\"double_wind_pair_fu\" must be 2 or 4, got 3"});
  ExpectError({{"starting_points", -1}}, {"\"starting_points\" must be an integer from 0"});
  ExpectError({{"noten_payment", -3000}}, {"\"noten_payment\" must be an integer from 0"});
  ExpectError({{"honba_value", 1e12}}, {"\"honba_value\""});
  ExpectError({{"uma", {20000, 10000, -10000, -10000}}}, {"\"uma\"", "sum to 0", "sum 10000"});
  ExpectError({{"uma", {20000, 10000, -30000}}}, {"\"uma\"", "4 integers"});
  ExpectError({{"length", "south"}},
              {"\"length\" must be \"east\", \"hanchan\" or \"unlimited\", got \"south\""});
  ExpectError({{"scoring", "mahjong_soul"}}, {"\"scoring\"", "\"mahjong_soul\"", "known: riichi"});
  ExpectError({{"name", ""}}, {"\"name\" must not be empty"});
  ExpectError({{"return_points", 20000}}, {"\"return_points\"", "\"starting_points\""});
  ExpectError({{"base", "riichii"}}, {"\"base\"", "unknown preset \"riichii\"", "riichi"});
}

TEST(RulesetErrorTest, YakuEntries) {
  ExpectError({{"yaku", {{"pinfuu", {{"closed", 1}}}}}}, {"unknown yaku \"pinfuu\""});
  ExpectError({{"yaku", {{"pinfu", 1}}}}, {"yaku \"pinfu\" must be an object, got number"});
  ExpectError({{"yaku", {{"pinfu", {{"clsoed", 1}}}}}}, {"yaku \"pinfu\": unknown key \"clsoed\""});
  ExpectError({{"yaku", {{"pinfu", {{"closed", "lots"}}}}}},
              {"yaku \"pinfu\": \"closed\" must be a han value", "\"lots\""});
  ExpectError({{"yaku", {{"tanyao", {{"open", true}}}}}}, {"yaku \"tanyao\": \"open\" must be"});
  ExpectError({{"yaku", {{"pinfu", {{"enabled", "no"}}}}}},
              {"yaku \"pinfu\": \"enabled\" must be a boolean, got string"});
  ExpectError({{"yaku", {{"pinfu", {{"closed", 0}}}}}}, {"yaku \"pinfu\"", "worth 0 han"});
  ExpectError({{"yaku", {{"kokushi", {{"yakuman", 0}}}}}},
              {"yaku \"kokushi\": \"yakuman\" must be an integer from 1"});
  ExpectError({{"yaku", {{"tenhou", {{"closed", 13}}}}}},
              {"yaku \"tenhou\": is a yakuman", "not \"closed\""});
  ExpectError({{"yaku", {{"pinfu", {{"yakuman", 1}}}}}},
              {"yaku \"pinfu\": is not a yakuman"});
  ExpectError({{"yaku", {{"kokushi", {{"open", 2}}}}}},
              {"yaku \"kokushi\": \"open\" of a yakuman must be a boolean"});
  ExpectError({{"yaku", {{"dora", {{"counts_for_minimum", true}}}}}}, {"yaku \"dora\"", "minimum"});
  ExpectError({{"yaku", {{"dora", {{"yakuman", 1}}}}}}, {"yaku \"dora\": is not a yakuman"});
  // A disabled entry may be worth nothing.
  EXPECT_EQ(ErrorOf({{"yaku", {{"pinfu", {{"closed", 0}, {"enabled", false}}}}}}), "");
}

TEST(RulesetErrorTest, NeverThrows) {
  const json inputs[] = {
      json(nullptr), json(42), json::parse(R"({"uma": [1e300, 0, 0, 0]})"),
      json::parse(R"({"uma": [18446744073709551615, 0, 0, 0]})"),
      json::parse(R"({"starting_points": 18446744073709551615})"),
      json::parse(R"({"yaku": {"pinfu": {"closed": 1e308}}})"),
      json::parse(R"({"yaku": {"pinfu": {"closed": "999999999999/1"}}})"),
      json::parse(R"({"yaku": {"pinfu": {"closed": "  "}}})"),
      json::parse(R"({"red_fives": [[1], {}, null]})")};
  for (const json& j : inputs) {
    EXPECT_NO_THROW({
      auto r = RulesetFromJson(j);
      EXPECT_FALSE(r.ok()) << j.dump();
    });
  }
}

// ---- Keys Dunpai added ------------------------------------------------------------------------

TEST(RulesetJsonTest, DunpaiPresetRoundTrips) {
  auto r = LoadRuleset("dunpai");
  ASSERT_TRUE(r.ok()) << r.error();
  auto back = RulesetFromJson(json::parse(RulesetToJson(*r).dump()));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, *r);
}

TEST(RulesetJsonTest, ShieldFieldsOverrideOneByOne) {
  auto r = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"tsumo_protection", false}}}});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->shields, (ShieldRules{true, 2, 2, false, true}));
  // Shields switched on in riichi: a module any ruleset may use.
  auto riichi = RulesetFromJson({{"shields", {{"enabled", true}}}});
  ASSERT_TRUE(riichi.ok()) << riichi.error();
  EXPECT_TRUE(riichi->shields.enabled);
}

TEST(RulesetJsonTest, ShieldsPerHandZeroIsDunpaiWithoutShields) {
  // docs/RULESET.md "shields": per_hand 0 deals no shields, so the ruleset has none (enabled
  // false), extra_tiles follows a per_hand given alone, and every other key stays the base's.
  auto zero = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"per_hand", 0}}}});
  ASSERT_TRUE(zero.ok()) << zero.error();
  EXPECT_EQ(zero->shields, (ShieldRules{false, 0, 0, true, true}));
  Ruleset dunpai = LoadRuleset("dunpai").value();
  dunpai.shields = zero->shields;
  EXPECT_EQ(*zero, dunpai);
  auto back = RulesetFromJson(json::parse(RulesetToJson(*zero).dump()));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, *zero);
  // The same from a file, and with enabled false said outright.
  const std::string path = WriteTempFile("ruleset_test_no_shields.json",
                                         R"({"base": "dunpai", "name": "d0", "shields": {"per_hand": 0}})");
  auto file = LoadRuleset(path);
  ASSERT_TRUE(file.ok()) << file.error();
  EXPECT_EQ(file->shields, zero->shields);
  auto said = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"enabled", false}, {"per_hand", 0}, {"extra_tiles", 0}}}});
  ASSERT_TRUE(said.ok()) << said.error();
  EXPECT_EQ(said->shields, zero->shields);
  // A per_hand given alone carries extra_tiles with it; refusing still needs both given and unequal.
  auto three = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"per_hand", 3}}}});
  ASSERT_TRUE(three.ok()) << three.error();
  EXPECT_EQ(three->shields.extra_tiles, 3);
  EXPECT_TRUE(three->shields.enabled);
  // overflow "refuse" bounds only shields that exist: with per_hand 0 there is nothing to carry.
  auto refuse = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"per_hand", 0}, {"overflow", "refuse"}}}});
  ASSERT_TRUE(refuse.ok()) << refuse.error();
}

TEST(RulesetErrorTest, NewKeysWrongTypesAndRanges) {
  for (const char* key : {"peach_tiles", "dora", "dead_wall", "round_wind", "dealer_pays_double", "renchan",
                          "riichi_open_hand", "kuikae", "closed_kan_hidden"}) {
    const std::string want = Quote(key) + " must be a boolean, got number";
    ExpectError({{key, 1}}, {want});
  }
  ExpectError({{"end_point_gap", -1}}, {"\"end_point_gap\" must be an integer from 0"});
  ExpectError({{"end_point_gap", "50000"}}, {"\"end_point_gap\" must be an integer, got string"});
  ExpectError({{"max_hands", 10001}}, {"\"max_hands\" must be an integer from 0 to 10000"});
  ExpectError({{"max_hands", 1.5}}, {"\"max_hands\" must be an integer"});
  ExpectError({{"han_points", 1000}}, {"\"han_points\" must be an array"});
  ExpectError({{"han_points", {1000, -1}}}, {"\"han_points\" must be an array", "[1000,-1]"});
  ExpectError({{"han_points_step", -2000}}, {"\"han_points_step\" must be an integer from 0"});
  ExpectError({{"length", "forever"}}, {"\"length\" must be \"east\", \"hanchan\" or \"unlimited\""});
  ExpectError({{"shields", true}}, {"\"shields\" must be an object, got boolean"});
  ExpectError({{"shields", {{"enable", true}}}}, {"unknown key \"enable\" in \"shields\""});
  ExpectError({{"shields", {{"enabled", "yes"}}}}, {"\"shields.enabled\" must be a boolean, got string"});
  ExpectError({{"shields", {{"per_hand", 5}, {"extra_tiles", 5}}}},
              {"\"shields.per_hand\" must be an integer from 0 to 4, got 5"});
  ExpectError({{"shields", {{"per_hand", -1}}}}, {"\"shields.per_hand\" must be an integer from 0 to 4, got -1"});
  ExpectError({{"shields", {{"extra_tiles", "2"}}}}, {"\"shields.extra_tiles\" must be an integer, got string"});
  ExpectError({{"yaku", {{"peach_dora", {{"counts_for_minimum", true}}}}}}, {"yaku \"peach_dora\"", "minimum"});
  ExpectError({{"yaku", {{"kongs", {{"yakuman", 1}}}}}}, {"yaku \"kongs\": is not a yakuman"});
}

TEST(RulesetErrorTest, NewKeysImpossibleCombinations) {
  // The riichi module neither values peach tiles nor pays without the dealer difference.
  ExpectError({{"peach_tiles", true}}, {"\"peach_tiles\"", "\"riichi\"", "dunpai"});
  ExpectError({{"dealer_pays_double", false}}, {"\"dealer_pays_double\"", "\"riichi\""});
  // Dora indicators live in the dead wall.
  ExpectError({{"dead_wall", false}}, {"\"dora\" is true but \"dead_wall\" is false"});
  ExpectError({{"base", "dunpai"}, {"dora", true}}, {"\"dora\"", "\"dead_wall\""});
  // Riichi with open melds needs an open value for riichi.
  ExpectError({{"riichi_open_hand", true}}, {"\"riichi_open_hand\"", "yaku \"riichi\" has no open value"});
  EXPECT_EQ(ErrorOf({{"riichi_open_hand", true}, {"yaku", {{"riichi", {{"open", 1}}}}}}), "");
  // A game that nothing ends.
  ExpectError({{"length", "unlimited"}}, {"\"length\" is \"unlimited\"", "max_hands", "end_point_gap"});
  EXPECT_EQ(ErrorOf({{"length", "unlimited"}, {"max_hands", 8}}), "");
  // The extra tiles dealt become the new shields.
  ExpectError({{"shields", {{"extra_tiles", 3}}}}, {"\"shields.extra_tiles\" (3) must equal \"shields.per_hand\" (2)"});
  ExpectError({{"base", "dunpai"}, {"shields", {{"per_hand", 3}, {"extra_tiles", 2}}}},
              {"\"shields.extra_tiles\" (2) must equal \"shields.per_hand\" (3)"});
  // per_hand 0 is no shields at all: they cannot be switched on beside it.
  ExpectError({{"base", "dunpai"}, {"shields", {{"enabled", true}, {"per_hand", 0}}}},
              {"\"shields.enabled\" is true but \"shields.per_hand\" is 0"});
  ExpectError({{"base", "dunpai"}, {"shields", {{"per_hand", 0}, {"extra_tiles", 2}}}},
              {"\"shields.extra_tiles\" (2) must equal \"shields.per_hand\" (0)"});
  // The dunpai module pays by the han table.
  ExpectError({{"base", "dunpai"}, {"han_points", json::array()}}, {"\"han_points\"", "dunpai"});
  ExpectError({{"scoring", "dunpai"}}, {"\"han_points\""});
  // Under dunpai the dora switch can come back only with the dead wall.
  EXPECT_EQ(ErrorOf({{"base", "dunpai"}, {"dora", true}, {"dead_wall", true}}), "");
}

// ---- LoadRuleset ------------------------------------------------------------------------------

TEST(LoadRulesetTest, PresetFileAndUnknownName) {
  EXPECT_TRUE(LoadRuleset("riichi").ok());
  EXPECT_EQ(LoadRuleset("riichi").value(), LoadRuleset("riichi").value());  // cached copy

  const std::string path = WriteTempFile("ruleset_test_ok.json",
                                         R"({"base": "riichi", "name": "mine", "length": "east"})");
  auto r = LoadRuleset(path);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->name, "mine");
  EXPECT_EQ(r->length, GameLength::kEast);
  EXPECT_TRUE(r->kuitan);

  auto missing = LoadRuleset("no_such_ruleset");
  ASSERT_FALSE(missing.ok());
  const std::string start = "unknown ruleset \"no_such_ruleset\": not a preset (";
  EXPECT_EQ(missing.error().rfind(start, 0), 0u) << missing.error();
  EXPECT_NE(missing.error().find("riichi"), std::string::npos) << missing.error();
  EXPECT_NE(missing.error().find("dunpai"), std::string::npos) << missing.error();
  EXPECT_NE(missing.error().find("nor a readable file"), std::string::npos);
  EXPECT_FALSE(LoadRuleset(testing::TempDir()).ok());  // a directory is not a file
}

TEST(LoadRulesetTest, FileErrorsNameTheFileAndPosition) {
  const std::string bad_json =
      WriteTempFile("ruleset_test_bad.json", "{\n  \"kuitan\": true,,\n}\n");
  auto r = LoadRuleset(bad_json);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find(bad_json), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("line 2, column 18"), std::string::npos) << r.error();

  const std::string bad_key = WriteTempFile("ruleset_test_key.json", R"({"kuitann": true})");
  r = LoadRuleset(bad_key);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find(bad_key), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("unknown key \"kuitann\""), std::string::npos) << r.error();
}

}  // namespace
}  // namespace ruleset_test
}  // namespace mj
