// The `expert` agent in rulesets this repository does not ship: where a rule takes a way to win
// away, the expert's choice follows it: under a two-han minimum a lone yakuhai pon makes a hand
// that can never win, so the pon it takes under the one-han preset is passed.

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "agents/expert_agent.h"
#include "engine/legal_actions.h"
#include "engine/player_view.h"
#include "rules/ruleset.h"
#include "tests/agent_table.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace expert_rule_variants_test {
namespace {

Ruleset Variant(const char* text) {
  auto r = RulesetFromJson(nlohmann::json::parse(text));
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error());
  return r.ok() ? *r : Ruleset{};
}

// ---------------------------------------------------------------- a two-han minimum

// Seat 1 holds 23m 456p 78p 11s 9s 55z 4z, two from tenpai, and seat 0 throws the white dragon:
// the pon makes it one from tenpai with the white dragon's one han as its only yaku (no tanyao
// with 11s 9s, no one suit). Under fuless's one-han minimum that is a yaku and the pon is the
// fast way to a win; with "minimum_han": 2 no hand it can reach wins (RULES.md: the minimum counts
// yaku, not dora), and the closed hand keeps riichi and pinfu on top of its other chances.
Action PonOnWhite(const Ruleset& rules, std::vector<ActionEstimate>* est) {
  test::Table t(rules);
  t.SetHand(1, "23m456p78p119s55z4z");
  t.Go({"1z", "9m", "2z", "3z", "5z"});
  t.OnDiscard();
  const std::vector<Action> legal = LegalDiscardResponses(t.state(), 1);
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Action& a) { return a.type == ActionType::kPon; }));
  ExpertAgent expert;
  expert.BeginGame(1, 1);
  const PlayerView view(t.state(), 1);
  *est = expert.Evaluate(view, legal);
  return expert.Choose(view, legal);
}

TEST(ExpertRuleVariants, ATwoHanMinimumTurnsALoneYakuhaiPonDown) {
  auto one = LoadRuleset("fuless");
  ASSERT_TRUE(one.ok()) << one.error();
  std::vector<ActionEstimate> est;
  EXPECT_EQ(PonOnWhite(*one, &est).type, ActionType::kPon) << "one-han minimum: the yakuhai pon is a yaku";
  const Ruleset two = Variant(R"({"base": "fuless", "name": "fuless-2-han", "minimum_han": 2})");
  const Action a = PonOnWhite(two, &est);
  EXPECT_EQ(a.type, ActionType::kPass) << ActionToString(a);
  for (const ActionEstimate& e : est)
    if (e.action.type == ActionType::kPon) {
      EXPECT_LT(e.win_chance, 0.02) << "a white-dragon-only hand cannot reach two han";
    }
}

}  // namespace
}  // namespace expert_rule_variants_test
}  // namespace mj
