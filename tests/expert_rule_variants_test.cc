// The `expert` agent in rulesets this repository does not ship: ruleset files that change one or
// two keys of a preset (no kuitan, no riichi, no dora, no kans, an east game, a two-han minimum,
// Dunpai with no or four shields and no tsumo protection, ...). Every game is complete, legal and
// checked after every event; and where a rule takes a way to win away the expert's choice
// follows it: under a two-han minimum a lone yakuhai pon makes a hand that can never win, so the
// pon it takes under the one-han preset is passed. The win-chance program's chance of being
// tenpai when the wall runs out (the noten payment's weight) is checked against its closed form.

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "agents/expert_agent.h"
#include "agents/expert_win_chance.h"
#include "engine/game.h"
#include "engine/legal_actions.h"
#include "engine/player_view.h"
#include "rules/presets.h"
#include "rules/ruleset.h"
#include "tests/agent_table.h"
#include "tests/play_specs.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace expert_rule_variants_test {
namespace {

Ruleset Variant(const char* text) {
  auto r = RulesetFromJson(nlohmann::json::parse(text));
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error());
  return r.ok() ? *r : Ruleset{};
}

// ---------------------------------------------------------------- whole games

class ExpertRuleVariantGames : public ::testing::TestWithParam<const char*> {};

TEST_P(ExpertRuleVariantGames, CompleteLegalAndDeterministic) {
  const Ruleset rules = Variant(GetParam());
  for (const std::array<std::string, 4>& specs : {std::array<std::string, 4>{"expert", "expert", "expert", "expert"},
                                                  std::array<std::string, 4>{"defensive", "expert", "greedy", "expert"}}) {
    std::string first;
    for (int run = 0; run < 2; ++run) {
      const GameRecord rec = test::PlaySpecs(rules, specs, 11, /*check_invariants=*/true);
      ASSERT_TRUE(rec.complete) << GetParam() << ": " << rec.error;
      std::string events;
      for (const Event& e : rec.events)
        events += std::string(EventTypeName(e.type)) + std::to_string(e.actor) + std::to_string(e.pai) + ";";
      if (run == 0) first = events;
      else EXPECT_EQ(events, first) << GetParam() << ": the same seed played a different game";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    NotShipped, ExpertRuleVariantGames,
    ::testing::Values(R"({"base": "riichi", "name": "no-kuitan", "kuitan": false})",
                      R"({"base": "riichi", "name": "no-riichi", "riichi_allowed": false})",
                      R"({"base": "riichi", "name": "no-dora", "dora": false, "red_fives": [0, 0, 0]})",
                      R"({"base": "riichi", "name": "no-kans-east", "kans": false, "length": "east"})",
                      R"({"base": "riichi", "name": "big-deposit", "riichi_deposit": 3000, "noten_payment": 0})",
                      R"({"base": "riichi", "name": "tanyao-3", "yaku": {"tanyao": {"closed": 3, "open": 3}}})",
                      R"({"base": "fuless", "name": "fuless-2-han", "minimum_han": 2})",
                      R"({"base": "ayame-competition", "name": "ayame-2-han", "minimum_han": 2})",
                      R"({"base": "ningbo", "name": "ningbo-2-han", "minimum_han": 2})",
                      R"({"base": "dunpai", "name": "dunpai-no-shields", "shields": {"per_hand": 0}})",
                      R"({"base": "dunpai", "name": "dunpai-4", "shields": {"per_hand": 4}, "max_hands": 4})",
                      R"({"base": "dunpai", "name": "dunpai-unprotected", "shields": {"tsumo_protection": false},
                          "dora": true, "dead_wall": true})"),
    [](const auto& info) {
      std::string n = nlohmann::json::parse(info.param)["name"].template get<std::string>();
      std::replace(n.begin(), n.end(), '-', '_');
      return n;
    });

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

// ---------------------------------------------------------------- the draw's weight

TEST(ExpertRuleVariants, TenpaiAtTheDrawIsTheChanceTheHandSurvives) {
  // A tenpai hand that cannot win (no yaku, every wait gone: no winning tile, no ron) is still
  // tenpai when the wall runs out, if nobody else has won: over n own draws with another seat
  // ending the hand at e + r x g in go-round r, that is the product of (1 - e - r g).
  WinChanceInput in;
  in.unseen = 80;
  in.draws = 9;
  in.shanten = 0;
  in.acceptance = 0;
  in.ron_share = 0;
  in.end_per_round = 0.05;
  in.end_growth = 0.01;
  double survive = 1;
  for (int r = 0; r < in.draws; ++r) survive *= 1 - (0.05 + 0.01 * r);
  const WinChance w = EstimateWinChance(in);
  EXPECT_EQ(w.win, 0.0);
  EXPECT_NEAR(w.tenpai_end, survive, 1e-12);
  // Tsumo only on one tile of 80 per draw, nothing else ends the hand: tenpai at the end unless
  // it won, (79/80)^9.
  in.acceptance = 1;
  in.end_per_round = 0;
  in.end_growth = 0;
  EXPECT_NEAR(EstimateWinChance(in).tenpai_end, std::pow(79.0 / 80.0, 9), 1e-12);
  // One from tenpai with every tile useful and no win possible after: tenpai from the first draw.
  in.shanten = 1;
  in.acceptance = 80;
  in.next_wait = 0;
  in.next_ron_share = 0;
  EXPECT_NEAR(EstimateWinChance(in).tenpai_end, 1.0, 1e-12);
}

}  // namespace
}  // namespace expert_rule_variants_test
}  // namespace mj
