// `playtest --vary` (rules/ruleset_sweep.h): a sweep's rulesets are exactly the hand-written
// ruleset files with the same keys (tests/data/sweep/), and a value a ruleset file could not have
// is refused with the reader's own message.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "rules/ruleset.h"
#include "rules/ruleset_sweep.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace ruleset_sweep_test {
namespace {

using nlohmann::json;

Ruleset Preset(const char* name) {
  auto r = LoadRuleset(name);
  EXPECT_TRUE(r.ok()) << r.error();
  return *r;
}

Ruleset HandWritten(const std::string& file) {
  std::ifstream in(std::string(MJ_TEST_DATA_DIR) + "/sweep/" + file);
  std::stringstream text;
  text << in.rdbuf();
  auto r = RulesetFromJson(json::parse(text.str()));
  EXPECT_TRUE(r.ok()) << r.error();
  return *r;
}

std::vector<RulesetVary> Vary(std::initializer_list<const char*> texts) {
  std::vector<RulesetVary> out;
  for (const char* t : texts) {
    auto v = ParseRulesetVary(t);
    EXPECT_TRUE(v.ok()) << v.error();
    out.push_back(*v);
  }
  return out;
}

TEST(RulesetSweep, TiedKeysEqualTheHandWrittenFile) {
  auto sweep = SweepRulesets(Preset("dunpai"), Vary({"shields.per_hand+shields.extra_tiles=1,3,4"}));
  ASSERT_TRUE(sweep.ok()) << sweep.error();
  ASSERT_EQ(sweep->size(), 3u);
  EXPECT_EQ((*sweep)[0].name, "dunpai[shields.per_hand+shields.extra_tiles=1]");
  EXPECT_EQ((*sweep)[0].shields.per_hand, 1);
  EXPECT_EQ((*sweep)[0].shields.extra_tiles, 1);
  EXPECT_EQ(RulesetToJson((*sweep)[1]), RulesetToJson(HandWritten("dunpai_per_hand_3.json")));
  EXPECT_EQ((*sweep)[2].shields.per_hand, 4);
}

TEST(RulesetSweep, GridIsTheFirstKeyOutermost) {
  auto sweep = SweepRulesets(Preset("dunpai"), Vary({"shields.carry_face_up=true,false", "max_hands=8,10"}));
  ASSERT_TRUE(sweep.ok()) << sweep.error();
  ASSERT_EQ(sweep->size(), 4u);
  EXPECT_EQ((*sweep)[0].name, "dunpai[shields.carry_face_up=true,max_hands=8]");
  EXPECT_EQ((*sweep)[1].name, "dunpai[shields.carry_face_up=true,max_hands=10]");
  EXPECT_EQ(RulesetToJson((*sweep)[2]), RulesetToJson(HandWritten("dunpai_face_up_false_8_hands.json")));
  // The unswept keys are the base's: only name, carry_face_up and max_hands differ from dunpai.
  json base = RulesetToJson(Preset("dunpai")), got = RulesetToJson((*sweep)[3]);
  base.erase("name");
  got.erase("name");
  got["shields"]["carry_face_up"] = true;
  EXPECT_EQ(got, base);
}

TEST(RulesetSweep, PerHandAloneIsTheHandWrittenFile) {
  // The issue's own sweep: per_hand alone, extra_tiles following it as in a ruleset file, and 0 a
  // Dunpai without shields (docs/RULESET.md "shields"): every other key stays Dunpai's.
  auto sweep = SweepRulesets(Preset("dunpai"), Vary({"shields.per_hand=0,1,2,3,4"}));
  ASSERT_TRUE(sweep.ok()) << sweep.error();
  ASSERT_EQ(sweep->size(), 5u);
  EXPECT_EQ((*sweep)[0].name, "dunpai[shields.per_hand=0]");
  EXPECT_EQ(RulesetToJson((*sweep)[0]), RulesetToJson(HandWritten("dunpai_per_hand_0.json")));
  EXPECT_FALSE((*sweep)[0].shields.enabled);
  for (int v = 1; v <= 4; ++v) {
    const Ruleset& r = (*sweep)[static_cast<size_t>(v)];
    EXPECT_EQ(r.name, "dunpai[shields.per_hand=" + std::to_string(v) + "]");
    EXPECT_TRUE(r.shields.enabled) << v;
    EXPECT_EQ(r.shields.per_hand, v);
    EXPECT_EQ(r.shields.extra_tiles, v);
  }
  json three = RulesetToJson((*sweep)[3]), written = RulesetToJson(HandWritten("dunpai_per_hand_3.json"));
  three.erase("name");
  written.erase("name");
  EXPECT_EQ(three, written);
  // Without shields the rest of Dunpai is unchanged: only the name and the shield switch and count.
  json base = RulesetToJson(Preset("dunpai")), zero = RulesetToJson((*sweep)[0]);
  base.erase("name");
  zero.erase("name");
  zero["shields"]["enabled"] = true;
  zero["shields"]["per_hand"] = 2;
  zero["shields"]["extra_tiles"] = 2;
  EXPECT_EQ(zero, base);
}

TEST(RulesetSweep, RefusesWhatARulesetFileWouldRefuse) {
  // Dunpai ties extra_tiles to per_hand (docs/DUNPAI.md): extra_tiles alone is refused by the reader.
  auto one = SweepRulesets(Preset("dunpai"), Vary({"shields.extra_tiles=2,3"}));
  ASSERT_FALSE(one.ok());
  EXPECT_NE(one.error().find("shields.extra_tiles=3"), std::string::npos) << one.error();
  EXPECT_NE(one.error().find("must equal \"shields.per_hand\""), std::string::npos) << one.error();
  // per_hand is 0 to 4.
  auto five = SweepRulesets(Preset("dunpai"), Vary({"shields.per_hand=4,5"}));
  ASSERT_FALSE(five.ok());
  EXPECT_NE(five.error().find("\"shields.per_hand\" must be an integer from 0 to 4, got 5"), std::string::npos)
      << five.error();
  // No shields cannot be switched on: a grid setting enabled true beside per_hand 0 is refused.
  auto on = SweepRulesets(Preset("dunpai"), Vary({"shields.enabled=true", "shields.per_hand=0"}));
  ASSERT_FALSE(on.ok());
  EXPECT_NE(on.error().find("\"shields.enabled\" is true but \"shields.per_hand\" is 0"), std::string::npos)
      << on.error();
  auto unknown = SweepRulesets(Preset("dunpai"), Vary({"shields.per_hnd=2"}));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("\"shields.per_hnd\" is not a key of ruleset \"dunpai\""), std::string::npos)
      << unknown.error();
  auto section = SweepRulesets(Preset("dunpai"), Vary({"shields=1"}));
  ASSERT_FALSE(section.ok());
  EXPECT_NE(section.error().find("is a section"), std::string::npos) << section.error();
  auto type = SweepRulesets(Preset("riichi"), Vary({"max_hands=many"}));
  ASSERT_FALSE(type.ok());
  EXPECT_NE(type.error().find("max_hands"), std::string::npos) << type.error();
  EXPECT_FALSE(ParseRulesetVary("max_hands").ok());
  EXPECT_FALSE(ParseRulesetVary("max_hands=8,,10").ok());
}

}  // namespace
}  // namespace ruleset_sweep_test
}  // namespace mj
