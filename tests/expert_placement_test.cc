// What the `expert` agent's points are worth where a hand can end the game
// (agents/expert_placement.h), and who pays a ron by the scoring module (TypicalValues::
// DiscarderShare). Expected values come from the rulesets: the riichi preset's uma
// (+20000 / +10000 / -10000 / -20000) and oka ((30000 - 25000) x 4 = 20000 to first), its bust
// rule, Dunpai's 50,000-point gap and ten hands, and Ningbo's 三家払い (docs/NINGBO.md "Payment":
// a non-dealer winner gets v from each non-dealer and 2v from the dealer, a dealer winner 2v from
// each).

#include <array>
#include <optional>

#include <gtest/gtest.h>

#include "agents/expert_hand_value.h"
#include "agents/expert_placement.h"
#include "engine/player_view.h"
#include "rules/ruleset.h"
#include "tests/agent_table.h"

namespace mj {
namespace expert_placement_test {
namespace {

Ruleset Preset(const char* name) {
  auto r = LoadRuleset(name);
  EXPECT_TRUE(r.ok()) << name;
  return r.ok() ? *r : Ruleset{};
}

// A table at hand `round_wind` x 4 + `kyoku` with these scores, seen by `seat`.
struct At {
  test::Table table;
  At(const Ruleset& rules, int round_wind, int kyoku, std::array<int, 4> scores) : table(rules) {
    RoundState& s = table.state();
    s.round_wind = round_wind;
    s.kyoku = kyoku;
    s.dealer = kyoku;
    s.scores = scores;
  }
  PlayerView View(int seat) { return PlayerView(table.state(), seat); }
};

TEST(ExpertPlacement, HandsAfterFollowTheGameLength) {
  const Ruleset riichi = Preset("riichi");
  EXPECT_EQ(HandsAfter(At(riichi, 0, 0, {25000, 25000, 25000, 25000}).View(0)), 7);  // East 1
  EXPECT_EQ(HandsAfter(At(riichi, 1, 3, {25000, 25000, 25000, 25000}).View(0)), 0);  // South 4
  EXPECT_EQ(HandsAfter(At(riichi, 2, 0, {25000, 25000, 25000, 25000}).View(0)), 0);  // West 1
  const Ruleset dunpai = Preset("dunpai");  // ten hands, the deal always passes
  EXPECT_EQ(HandsAfter(At(dunpai, 0, 0, {0, 0, 0, 0}).View(0)), 9);
  EXPECT_EQ(HandsAfter(At(dunpai, 2, 1, {0, 0, 0, 0}).View(0)), 0);  // the tenth hand
  Ruleset endless = dunpai;
  endless.max_hands = 0;  // only the gap ends it: no known last hand
  EXPECT_EQ(HandsAfter(At(endless, 0, 0, {0, 0, 0, 0}).View(0)), -1);
}

TEST(ExpertPlacement, TheLastHandCountsUmaAndOka) {
  // South 4: seat 1 (24000, fourth) wins 3900 from seat 2 (26000) and is first with 27900:
  // 27900 + 20000 uma + 20000 oka against 24000 - 20000 now = 63900.
  const Ruleset riichi = Preset("riichi");
  At at(riichi, 1, 3, {25000, 24000, 26000, 25000});
  const Placement p(at.View(1), 0, 6000);
  const std::optional<double> win = p.Gain({0, 3900, -3900, 0});
  ASSERT_TRUE(win.has_value());
  EXPECT_DOUBLE_EQ(*win, 63900);
  // A 1000 deal-in to seat 0 leaves it fourth: only the points.
  EXPECT_DOUBLE_EQ(p.Gain({1000, -1000, 0, 0}).value(), -1000);
}

TEST(ExpertPlacement, ABustEndsTheGameBeforeTheLastHand) {
  // East 2, seat 0 at 3000: an 8000 deal-in busts it (the riichi preset's bust_ends_game) and the
  // game ends with it fourth, a 2000 one does not end the game and is worth its points.
  const Ruleset riichi = Preset("riichi");
  At at(riichi, 0, 1, {3000, 32000, 33000, 32000});
  const Placement p(at.View(0), 0, 6000);
  EXPECT_FALSE(p.Gain({-2000, 2000, 0, 0}).has_value());
  const std::optional<double> bust = p.Gain({-8000, 8000, 0, 0});
  ASSERT_TRUE(bust.has_value());
  // It was already all but sure to finish fourth: the bust costs its points and a little of the
  // small chance of climbing, never more than the points plus the whole uma range.
  EXPECT_LT(*bust, -8000);
  EXPECT_GT(*bust, -8000 - 60000);
  // Nothing moved ends nothing; without the bust rule the 8000 deal-in is worth its points.
  Ruleset no_bust = riichi;
  no_bust.bust_ends_game = false;
  EXPECT_FALSE(Placement(at.View(0), 0, 6000).Gain({0, 0, 0, 0}).has_value());
  EXPECT_FALSE(Placement(At(no_bust, 0, 1, {3000, 32000, 33000, 32000}).View(0), 0, 6000)
                   .Gain({-8000, 8000, 0, 0})
                   .has_value());
}

TEST(ExpertPlacement, DunpaiGapEndsTheGameAndPaysRankOnlyWithRankPoints) {
  // Dunpai starts everyone at 0 and ends when first and last are more than 50,000 apart.
  const Ruleset dunpai = Preset("dunpai");
  At at(dunpai, 0, 3, {30000, 0, -19000, 0});
  // A 2000 win from seat 2: 32000 against -21000 is a 53,000 gap, the game ends. No uma, no oka:
  // with rank_points 0 the end is worth its points.
  const Placement plain(at.View(0), 0, 6000);
  EXPECT_DOUBLE_EQ(plain.Gain({2000, 0, -2000, 0}).value(), 2000);
  EXPECT_FALSE(plain.Gain({500, 0, -500, 0}).has_value());  // 30500 - -19500: not beyond 50,000
  // With 10,000 a place the first place (15,000) is locked in, worth more than the points.
  const Placement ranked(at.View(0), 10000, 6000);
  const double locked = ranked.Gain({2000, 0, -2000, 0}).value();
  EXPECT_GT(locked, 2000);
  EXPECT_LT(locked, 2000 + 30000);  // never more than the points and first against fourth
}

TEST(ExpertPlacement, WithNoKnownLastHandEveryPlaceIsAsLikely) {
  // Dunpai's gap alone ends the game (no ten-hand limit), with riichi's uma and oka: the prizes
  // 40000 / 10000 / -10000 / -20000 average 5000, so a win of 2000 that ends the game in first
  // place is worth 2000 + 40000 - 5000.
  Ruleset rules = Preset("dunpai");
  rules.max_hands = 0;
  rules.return_points = 5000;  // oka (5000 - 0) x 4
  rules.uma = {20000, 10000, -10000, -20000};
  At at(rules, 0, 3, {30000, 0, -19000, 0});
  const Placement p(at.View(0), 0, 6000);
  EXPECT_DOUBLE_EQ(p.Gain({2000, 0, -2000, 0}).value(), 2000 + 40000 - 5000);
  EXPECT_FALSE(p.Gain({500, 0, -500, 0}).has_value());
}

TEST(ExpertPlacement, NingboEverySeatPaysARon) {
  // 三家払い: a non-dealer's win of v: v from each non-dealer, 2v from the dealer (4v in all).
  const TypicalValues ningbo(Preset("ningbo"));
  EXPECT_DOUBLE_EQ(ningbo.DiscarderShare(false, false), 0.25);
  EXPECT_DOUBLE_EQ(ningbo.DiscarderShare(false, true), 0.5);
  EXPECT_DOUBLE_EQ(ningbo.DiscarderShare(true, false), 1.0 / 3);  // a dealer's: 2v from each
  const TypicalValues riichi(Preset("riichi"));  // the discarder pays all
  for (bool w : {false, true})
    for (bool d : {false, true}) EXPECT_DOUBLE_EQ(riichi.DiscarderShare(w, d), 1.0);
}

}  // namespace
}  // namespace expert_placement_test
}  // namespace mj
