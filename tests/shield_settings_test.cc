// Shield (盾牌) rules that seed 003 leaves open, made ruleset settings (docs/DUNPAI.md "Settings
// the seed leaves open"): carried shields beyond what the wall can deal (shields.overflow),
// face-up shields at the hand's end (shields.carry_face_up), abortive draws
// (shields.abortive_keeps_all). Expected values follow the rules as documented there.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "agents/defensive_agent.h"
#include "agents/greedy_agent.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "engine/round.h"
#include "engine/shields.h"
#include "rules/ruleset.h"
#include "tests/scenario.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace shield_settings_test {
namespace {

using nlohmann::json;
using test::Policy;
using test::PolicyAgent;
using test::ShieldScenario;
using test::ShieldScenarioWall;

Ruleset Rules(const json& j) {
  auto r = RulesetFromJson(j);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

std::vector<const Event*> OfType(const std::vector<Event>& events, EventType t) {
  std::vector<const Event*> out;
  for (const Event& e : events)
    if (e.type == t) out.push_back(&e);
  return out;
}

std::vector<Tile> Ids(int from, int to) {  // from .. to - 1
  std::vector<Tile> out;
  for (int t = from; t < to; ++t) out.push_back(static_cast<Tile>(t));
  return out;
}

// ---- shields.overflow -----------------------------------------------------------------------

TEST(ShieldOverflow, CapacityIsTheWallLessTheDeal) {
  // 136 tiles less the shield deal (48 + 4 x (1 + extra) + 1), less 14 with a dead wall.
  EXPECT_EQ(CarriedShieldCapacity(Rules({{"base", "dunpai"}})), 136 - 61);
  EXPECT_EQ(CarriedShieldCapacity(Rules({{"base", "dunpai"}, {"shields", {{"per_hand", 4}, {"extra_tiles", 4}}}})),
            136 - 69);
  EXPECT_EQ(CarriedShieldCapacity(Rules({{"shields", {{"enabled", true}}}})), 136 - 14 - 61);
}

TEST(ShieldOverflow, TheSeatHoldingTheMostReturnsFaceUpTilesFirst) {
  // per_hand 4: capacity 67. Held: seat 0 20 face down + 3 face up (23), seat 1 22, seat 2 15,
  // seat 3 10: 70, 3 too many; this hand's dealer is seat 1.
  const Ruleset rules = Rules({{"base", "dunpai"}, {"shields", {{"per_hand", 4}, {"extra_tiles", 4}}}});
  RoundState s;
  s.rules = &rules;
  s.dealer = 1;
  s.seats[0].shields_down = Ids(0, 20);
  s.seats[0].shields_up = {20, 21, 22};
  s.seats[1].shields_down = Ids(30, 52);
  s.seats[2].shields_down = Ids(60, 75);
  s.seats[3].shields_down = Ids(80, 90);
  std::vector<Event> events;
  HandLog log(&events, &s);
  ReturnOverflowShields(s, log);
  // 1st: seat 0 (23) returns its last face-up tile 22. 2nd: seats 0 and 1 hold 22 each, seat 1
  // comes first from the dealer: its last face-down shield 51. 3rd: seat 0 (22) returns 21.
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].type, EventType::kShieldsLost);
  EXPECT_EQ(events[0].actor, 1);
  EXPECT_EQ(events[0].cause, ShieldLossCause::kOverflow);
  EXPECT_EQ(events[0].count, 1);
  EXPECT_TRUE(events[0].tiles.empty());
  EXPECT_EQ(events[1].actor, 0);
  EXPECT_EQ(events[1].cause, ShieldLossCause::kOverflow);
  EXPECT_EQ(events[1].count, 0);
  EXPECT_EQ(events[1].tiles, (std::vector<Tile>{22, 21}));
  EXPECT_EQ(s.shields_returned, (std::vector<Tile>{51, 22, 21}));
  EXPECT_EQ(s.seats[0].shields_down, Ids(0, 20));
  EXPECT_EQ(s.seats[0].shields_up, (std::vector<Tile>{20}));
  EXPECT_EQ(s.seats[1].shields_down, Ids(30, 51));
  EXPECT_EQ(s.seats[2].shields_down.size(), 15u);
  EXPECT_EQ(s.seats[3].shields_down.size(), 10u);

  // At the capacity exactly nothing goes back.
  events.clear();
  ReturnOverflowShields(s, log);
  EXPECT_TRUE(events.empty());
}

TEST(ShieldOverflow, RefuseModeReturnsNothing) {
  const Ruleset rules = Rules({{"base", "dunpai"}, {"shields", {{"overflow", "refuse"}}}});
  RoundState s;
  s.rules = &rules;
  s.seats[0].shields_down = Ids(0, 80);  // 80 > 75: the next hand stops with an error instead
  std::vector<Event> events;
  HandLog log(&events, &s);
  ReturnOverflowShields(s, log);
  EXPECT_TRUE(events.empty());
  EXPECT_EQ(s.seats[0].shields_down.size(), 80u);
}

// The reproduction: four shields a hand, greedy and defensive agents (who decline no win
// but keep shields long), 200 games: before, hands 8-10 of some games dealt past the wall's end
// (a 137th tile). Every game completes with the tiles conserved after every event, the shields
// carried into a hand never exceed 67, and the excess went back at least once.
TEST(ShieldOverflow, FourShieldsAHandTwoHundredGamesConserveTheTiles) {
  const Ruleset rules = Rules({{"base", "dunpai"}, {"name", "d-4"}, {"shields", {{"per_hand", 4}, {"extra_tiles", 4}}}});
  int overflow_events = 0, most_carried = 0;
  for (uint64_t g = 0; g < 200; ++g) {
    GreedyAgent a0, a3;
    DefensiveAgent a1, a2;
    GameOptions options;
    std::string broken;
    options.observer = [&](const RoundState& s, const Event& e) {
      if (broken.empty()) broken = CheckTileConservation(s);
      if (e.type == EventType::kStartKyoku) {
        const auto& c = e.start->shields_carried;
        most_carried = std::max(most_carried, std::accumulate(c.begin(), c.end(), 0));
      }
      overflow_events += e.type == EventType::kShieldsLost && e.cause == ShieldLossCause::kOverflow;
    };
    const GameRecord rec = PlayGame(rules, 9 + 7919 * g, {&a0, &a1, &a2, &a3}, options);
    ASSERT_TRUE(rec.complete) << "game " << g << ": " << rec.error;
    ASSERT_EQ(broken, "") << "game " << g;
  }
  EXPECT_LE(most_carried, 67);
  EXPECT_GT(overflow_events, 0);
}

TEST(ShieldOverflow, RefusedWhenTheCarriedShieldsCanExceedTheWall) {
  // Four a hand for 10 hands: up to 4 x 4 x 9 = 144 carried into the last, the wall holds 67.
  auto r = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"per_hand", 4}, {"extra_tiles", 4}, {"overflow", "refuse"}}}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("\"shields.overflow\""), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("144"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("67"), std::string::npos) << r.error();
  // The preset's two a hand: at most 4 x 2 x 9 = 72 <= 75, accepted.
  EXPECT_TRUE(RulesetFromJson({{"base", "dunpai"}, {"shields", {{"overflow", "refuse"}}}}).ok());
  // No hand limit: no bound at all.
  auto unbounded = RulesetFromJson({{"shields", {{"enabled", true}, {"overflow", "refuse"}}}});
  ASSERT_FALSE(unbounded.ok());
  EXPECT_NE(unbounded.error().find("\"max_hands\" is 0"), std::string::npos) << unbounded.error();
  // Type errors name the key.
  auto bad = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"overflow", "cap"}}}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("\"shields.overflow\" must be \"return_to_wall\" or \"refuse\""), std::string::npos)
      << bad.error();
  auto bad_bool = RulesetFromJson({{"base", "dunpai"}, {"shields", {{"carry_face_up", 1}}}});
  ASSERT_FALSE(bad_bool.ok());
  EXPECT_NE(bad_bool.error().find("\"shields.carry_face_up\" must be a boolean"), std::string::npos)
      << bad_bool.error();
}

TEST(ShieldOverflow, RefuseModeStopsAHandThatCannotBeDealt) {
  // A ruleset built in code (past the reader's check) with 76 shields carried: an error, no deal.
  Ruleset rules = Rules({{"base", "dunpai"}});
  rules.shields.overflow = ShieldOverflow::kRefuse;
  RoundSetup setup;
  setup.scores.fill(0);
  setup.shields_carried[0] = Ids(0, 76);
  std::vector<Event> events;
  Round round(rules, Wall::Shuffled(1), setup, &events);
  PolicyAgent a({}), b({}), c({}), d({});
  auto outcome = round.Play({&a, &b, &c, &d});
  ASSERT_FALSE(outcome.ok());
  EXPECT_NE(outcome.error().find("76 shields carried"), std::string::npos) << outcome.error();
  EXPECT_TRUE(events.empty());
}

// ---- shields.carry_face_up -------------------------------------------------------------------

// Seat 1 exchanges its drawn 1z for a 5z shield (1z face up, 5z still face down); the dealer's
// 6p is then won by seat 2 (6p tanki), seat 1 passing its own 6p wait. Seat 1 is a bystander:
// it keeps its shields, the face-up 1z only when shields.carry_face_up is true.
struct FaceUpHand {
  std::vector<Event> events;
  RoundOutcome outcome;
};

FaceUpHand PlayFaceUpHand(const Ruleset& rules) {
  const ShieldScenario sc = ShieldScenarioWall(
      {"2468m2469p2468s7777z", "123m456m789m45p11s5z5z", "234m567m345s678s6p6z6z", "1479m1479p1479s1z2z3z"},
      "1z9s9m1m");
  std::array<Policy, 4> policy = test::ShieldDealPolicies();
  policy[0].discards = "7z6p";
  policy[1].exchanges = {{"1z", "5z"}};
  policy[2].win = true;
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  RoundSetup setup;
  setup.scores.fill(rules.starting_points);
  FaceUpHand out;
  Round round(rules, sc.wall, setup, &out.events);
  round.set_observer([&](const RoundState& s, const Event&) { EXPECT_EQ(CheckTileConservation(s), ""); });
  auto outcome = round.Play({&a0, &a1, &a2, &a3});
  EXPECT_TRUE(outcome.ok()) << (outcome.ok() ? "" : outcome.error());
  if (outcome.ok()) out.outcome = *outcome;
  return out;
}

TEST(ShieldCarryFaceUp, BystanderKeepsItsFaceUpTileOnlyWhenSet) {
  const Kind k1z = ParseTile("1z")->kind, k5z = ParseTile("5z")->kind;
  const FaceUpHand kept = PlayFaceUpHand(Rules({{"base", "dunpai"}}));
  ASSERT_EQ(OfType(kept.events, EventType::kHora).size(), 1u);
  EXPECT_EQ(OfType(kept.events, EventType::kHora)[0]->actor, 2);
  ASSERT_EQ(kept.outcome.shields_kept[1].size(), 2u);
  EXPECT_EQ(KindOf(kept.outcome.shields_kept[1][0]), k5z);
  EXPECT_EQ(KindOf(kept.outcome.shields_kept[1][1]), k1z);

  const FaceUpHand dropped = PlayFaceUpHand(Rules({{"base", "dunpai"}, {"shields", {{"carry_face_up", false}}}}));
  ASSERT_EQ(dropped.outcome.shields_kept[1].size(), 1u);
  EXPECT_EQ(KindOf(dropped.outcome.shields_kept[1][0]), k5z);
  EXPECT_EQ(dropped.outcome.shields_kept[3].size(), 2u);  // no face-up tile: all kept
  std::vector<const Event*> not_carried;
  for (const Event* e : OfType(dropped.events, EventType::kShieldsLost))
    if (e->cause == ShieldLossCause::kFaceUpNotCarried) not_carried.push_back(e);
  ASSERT_EQ(not_carried.size(), 1u);
  EXPECT_EQ(not_carried[0]->actor, 1);
  EXPECT_EQ(not_carried[0]->count, 0);
  ASSERT_EQ(not_carried[0]->tiles.size(), 1u);
  EXPECT_EQ(KindOf(not_carried[0]->tiles[0]), k1z);
}

// ---- shields.abortive_keeps_all --------------------------------------------------------------

// Seat 1 declares nine terminals on its first draw (1m9m1p9p1s9s1z2z3z4z); seat 2 is tenpai
// (6p tanki), the others noten. Kept: nothing is lost. Otherwise as at an exhaustive draw: the
// noten seats lose their two face-down shields, tenpai seat 2 (nothing face up) keeps its two.
RoundOutcome PlayNineTerminals(const Ruleset& rules, std::vector<Event>* events) {
  const ShieldScenario sc = ShieldScenarioWall(
      {"2468m2489p2468s7777z", "1234m9m19p19s1234z5z5z", "234m567m345s678s6p6z6z", "1479m1479p1479s3z4z4z"}, "5m");
  std::array<Policy, 4> policy = test::ShieldDealPolicies();
  policy[1].nine = true;
  policy[3].shields = "4z4z";
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  RoundSetup setup;
  setup.scores.fill(rules.starting_points);
  Round round(rules, sc.wall, setup, events);
  auto outcome = round.Play({&a0, &a1, &a2, &a3});
  EXPECT_TRUE(outcome.ok()) << (outcome.ok() ? "" : outcome.error());
  return outcome.ok() ? *outcome : RoundOutcome{};
}

TEST(ShieldAbortiveDraw, KeepsAllOrLosesAsAtAnExhaustiveDraw) {
  std::vector<Event> kept_events;
  const RoundOutcome kept = PlayNineTerminals(Rules({{"base", "dunpai"}}), &kept_events);
  ASSERT_TRUE(kept.abortive);
  EXPECT_TRUE(OfType(kept_events, EventType::kShieldsLost).empty());
  for (int p = 0; p < 4; ++p) EXPECT_EQ(kept.shields_kept[p].size(), 2u) << p;

  std::vector<Event> events;
  const RoundOutcome lost = PlayNineTerminals(Rules({{"base", "dunpai"}, {"shields", {{"abortive_keeps_all", false}}}}), &events);
  ASSERT_TRUE(lost.abortive);
  const auto losses = OfType(events, EventType::kShieldsLost);
  ASSERT_EQ(losses.size(), 3u);
  for (const Event* e : losses) {
    EXPECT_NE(e->actor, 2);
    EXPECT_EQ(e->cause, ShieldLossCause::kNoten);
    EXPECT_EQ(e->count, 2);
  }
  EXPECT_EQ(lost.shields_kept[2].size(), 2u);
  EXPECT_TRUE(lost.shields_kept[0].empty());
  EXPECT_TRUE(lost.shields_kept[1].empty());
  EXPECT_TRUE(lost.shields_kept[3].empty());
}

}  // namespace
}  // namespace shield_settings_test
}  // namespace mj
