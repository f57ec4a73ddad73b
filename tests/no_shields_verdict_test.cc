// Seed 003's claims on a ruleset without shields (docs/PLAYTEST.md, "Verdicts"): in a playtest of
// riichi (the baseline), Dunpai with shields.per_hand 0 (the sweep's own variant) and Dunpai, the
// four claims about what shields do (offence, defence, waves, whether to win) get the verdict
// "no shields in this ruleset" for the variant and a real verdict for Dunpai; claims 1-3 are
// judged for both. The variant's by-shield figures say everyone held 0 shields (the 0 bin is
// every player-hand) and leave the carried win rate undefined rather than divide by zero, and the
// printed measures say there are no shields instead of printing empty with/without rates.

#include <gtest/gtest.h>

#include <string>

#include "playtest/claim_statistics.h"
#include "playtest/playtest.h"
#include "playtest/statistics_table.h"
#include "rules/ruleset.h"
#include "rules/ruleset_sweep.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace no_shields_verdict_test {
namespace {

using nlohmann::json;

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(NoShieldsVerdict, ShieldClaimsGetNoVerdictWithoutShields) {
  const Ruleset dunpai = LoadRuleset("dunpai").value();
  auto vary = ParseRulesetVary("shields.per_hand=0");
  ASSERT_TRUE(vary.ok()) << vary.error();
  auto swept = SweepRulesets(dunpai, {*vary});
  ASSERT_TRUE(swept.ok()) << swept.error();
  PlaytestSetup setup;
  setup.rulesets = {LoadRuleset("riichi").value(), swept->front(), dunpai};
  setup.baseline = 0;
  setup.seed = 26;
  setup.entries = {"greedy", "defensive", "greedy", "defensive"};
  setup.rotations = 4;
  setup.games = 8;
  const PlaytestResult result = RunPlaytest(setup);
  ASSERT_TRUE(result.fatal.empty()) << result.fatal;
  EXPECT_FALSE(result.problems);
  ASSERT_EQ(result.runs.size(), 3u);
  EXPECT_EQ(result.runs[1].header.rules, "dunpai[shields.per_hand=0]");
  EXPECT_FALSE(result.runs[1].header.shields);
  EXPECT_TRUE(result.runs[2].header.shields);

  const json& verdicts = result.comparison["verdicts"];
  ASSERT_EQ(verdicts.size(), 2u);
  for (size_t v = 0; v < 2; ++v) {
    const bool shields = v == 1;
    EXPECT_EQ(verdicts[v]["rules"], result.runs[v + 1].header.rules);
    ASSERT_EQ(verdicts[v]["claims"].size(), SeedClaims().size());
    for (size_t c = 0; c < SeedClaims().size(); ++c) {
      const json& claim = verdicts[v]["claims"][c];
      const std::string id = claim["id"].get<std::string>();
      const bool about_shields = id == "offence" || id == "defence" || id == "waves" || id == "decline";
      EXPECT_EQ(claim["about_shields"].get<bool>(), about_shields) << id;
      const std::string verdict = claim["verdict"].get<std::string>();
      if (about_shields && !shields) {
        EXPECT_EQ(verdict, "no_shields") << id;
        EXPECT_TRUE(claim["games_needed"].is_null()) << id;
        for (const json& p : claim["parts"]) EXPECT_EQ(p["verdict"], "no_shields") << id;
      } else {
        EXPECT_TRUE(verdict == "supported" || verdict == "contradicted" || verdict == "undecided")
            << verdicts[v]["rules"] << " " << id << ": " << verdict;
      }
    }
  }
  const std::string printed = FormatVerdicts(result.comparison);
  EXPECT_EQ(Count(printed, "no shields in this ruleset"), 4u) << printed;

  // Everyone holds 0 shields at every deal: the 0 bin is all player-hands, the others are empty.
  const json& none = result.runs[1].statistics;
  EXPECT_FALSE(none["rules"].contains("shields")) << none["rules"].dump();
  const json& waves = none["claims"]["waves"];
  EXPECT_EQ(waves["shield_histogram"][0]["estimate"], 1.0) << waves["shield_histogram"].dump();
  EXPECT_TRUE(waves["shield_histogram"][2]["estimate"] == 0.0) << waves["shield_histogram"].dump();
  EXPECT_TRUE(waves["win_rate_carried"]["estimate"].is_null()) << waves.dump();
  EXPECT_TRUE(waves["carried_win_rate_difference"]["estimate"].is_null()) << waves.dump();
  EXPECT_TRUE(none["claims"]["offence"]["by_shields"][2]["tenpai_rate"]["estimate"].is_null());
  const std::string shown = FormatStatistics(none);
  EXPECT_NE(shown.find("waves: lead changes per hand"), std::string::npos) << shown;
  EXPECT_NE(shown.find("no shields in this ruleset"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("win rate carrying shields"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("with a face-down shield"), std::string::npos) << shown;
  // Dunpai itself still prints its shield rates.
  const std::string with = FormatStatistics(result.runs[2].statistics);
  EXPECT_NE(with.find("win rate carrying shields"), std::string::npos) << with;
  EXPECT_EQ(with.find("no shields in this ruleset"), std::string::npos) << with;
}

}  // namespace
}  // namespace no_shields_verdict_test
}  // namespace mj
