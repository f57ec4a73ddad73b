// The built-in agents (agents/): hand-built table positions with answers argued from mahjong
// reasoning in the comments, whole games between agents (completion, invariants, win and
// deal-in rates, determinism), the acceptance shortcut, and the registry's parsing.

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/agent_table.h"
#include "tests/scenario.h"

#include "agents/defensive_agent.h"
#include "agents/greedy_agent.h"
#include "agents/hand_eval.h"
#include "agents/random_agent.h"
#include "agents/registry.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "engine/legal_actions.h"
#include "engine/player_view.h"
#include "engine/rng.h"
#include "rules/shanten.h"
#include "rules/waits.h"
#include "tests/play_specs.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace agents_test {
namespace {

using ::testing::HasSubstr;

// ---------------------------------------------------------------- table builder
using test::Table;

Action Decide(Agent& agent, const RoundState& s, int seat, const std::vector<Action>& legal) {
  agent.BeginGame(seat, 1);
  const PlayerView view(s, seat);
  const Action a = agent.Choose(view, legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << "answer not legal: " << ActionToString(a);
  return a;
}

Action DecideTurn(Agent& agent, Table& t) {
  return Decide(agent, t.state(), t.state().turn, LegalTurnActions(t.state()));
}

std::string KindText(const Action& a) { return a.tile == kNoTile ? "-" : FormatKind(KindOf(a.tile)); }

// ---------------------------------------------------------------- greedy: own turn

TEST(GreedyAgent, DiscardsTheIsolatedHonourOfAOneShantenHand) {
  // 123m 68m 456p 789s 35s + North (seat 0 is East in the East round: North is a guest wind).
  // Discarding North or any of 3s 5s 6m 8m keeps one-shanten (three sets, two partial
  // shapes); the sets themselves must stay. Acceptance decides: without North the hand takes
  // 4s and 7m (four each, completing a shape) and 3s 5s 6m 8m (three each, a pair): 20 tiles;
  // discarding 3s instead leaves 7m (4), 5s 6m 8m and North pairs (3 each): 16. So North goes.
  Table t;
  t.SetHand(0, "123m68m456p789s35s", "4z");
  t.TurnOf(0);
  GreedyAgent greedy;
  const Action a = DecideTurn(greedy, t);
  EXPECT_EQ(a.type, ActionType::kDiscard);
  EXPECT_EQ(KindText(a), "4z");
}

TEST(GreedyAgent, PrefersTheLoneGuestWindOverALoneTerminal) {
  // 123m 55m 456p 78s 35s 9m + North: two sets, two partial shapes and a pair; 9m and North
  // are both lone tiles adding nothing to acceptance (the hand already has its four blocks and
  // a pair). A 9m can still grow into 79m / 89m; a guest wind only into a pair: North goes.
  Table t;
  t.SetHand(0, "123m55m456p78s35s9m", "4z");
  t.TurnOf(0);
  GreedyAgent greedy;
  EXPECT_EQ(KindText(DecideTurn(greedy, t)), "4z");
}

TEST(GreedyAgent, TakesTsumo) {
  // 123m 456p 789s 234s 55m, the last 5m just drawn: a complete closed hand (menzen tsumo).
  Table t;
  t.SetHand(0, "123m456p789s234s5m", "5m");
  t.TurnOf(0);
  GreedyAgent greedy;
  EXPECT_EQ(DecideTurn(greedy, t).type, ActionType::kTsumo);
}

TEST(GreedyAgent, DeclaresRiichiOnTheWidestWait) {
  // 123m 456p 789p EE 34s 6s: discarding 6s leaves the 34s two-sided wait (2s and 5s, eight
  // tiles); discarding 3s leaves 46s waiting on 5s alone (four). Riichi on 6s.
  Table t;
  t.SetHand(0, "123m456p789p11z34s", "6s");
  t.TurnOf(0);
  GreedyAgent greedy;
  const Action a = DecideTurn(greedy, t);
  EXPECT_EQ(a.type, ActionType::kRiichi);
  EXPECT_EQ(KindText(a), "6s");
}

TEST(GreedyAgent, NineTerminalsOnlyWhenFarFromAnyHand) {
  // 1m 9m 1p 9p 1s 9s E S W + 2m 5m 4p 7s 6p: nine kinds of terminals and honours without a pair
  // is four-shanten for thirteen orphans and further for anything else: abort.
  {
    Table t;
    t.SetHand(0, "19m19p19s123z25m4p7s", "6p");
    t.TurnOf(0);
    GreedyAgent greedy;
    EXPECT_EQ(DecideTurn(greedy, t).type, ActionType::kNineTerminals);
  }
  // Eleven kinds (1m 9m 1p 9p 1s 9s E S W N White) is two-shanten for thirteen orphans: play it.
  {
    Table t;
    t.SetHand(0, "19m19p19s12345z5m4p", "6p");
    t.TurnOf(0);
    GreedyAgent greedy;
    const Action a = DecideTurn(greedy, t);
    EXPECT_EQ(a.type, ActionType::kDiscard);
    // The discard keeps every orphan: one of 5m 4p 6p.
    EXPECT_TRUE(IsSimple(KindOf(a.tile))) << KindText(a);
  }
}

// ---------------------------------------------------------------- greedy: calls

TEST(GreedyAgent, PonsAYakuhaiPair) {
  // Seat 0 holds White White 234m 67p 13s 88m 9p North; seat 3 discards White. The pon secures
  // a yaku (yakuhai) and takes the hand from two-shanten to one-shanten after discarding North.
  Table t;
  t.SetHand(0, "55z234m67p13s88m9p4z");
  t.Go({"1m", "9p", "1p"});
  t.Discard(3, "5z");
  t.OnDiscard();
  GreedyAgent greedy;
  const Action a = Decide(greedy, t.state(), 0, LegalDiscardResponses(t.state(), 0));
  EXPECT_EQ(a.type, ActionType::kPon);
}

TEST(GreedyAgent, DoesNotChiIntoAHandWithoutYaku) {
  // 45m 1p 9p 1s 234p 678s South South (a guest wind for the East seat in the East round):
  // chi 3m with 45m would take it from two-shanten to one-shanten, but the open hand would keep
  // terminals and a non-yakuhai pair with no yakuhai meld: no yaku, so it passes.
  Table t;
  t.SetHand(0, "45m1p9p1s234p678s22z");
  t.Go({"1m", "9m", "2z"});
  t.Discard(3, "3m");
  t.OnDiscard();
  GreedyAgent greedy;
  const auto legal = LegalDiscardResponses(t.state(), 0);
  ASSERT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Action& a) { return a.type == ActionType::kChi; }));
  EXPECT_EQ(Decide(greedy, t.state(), 0, legal).type, ActionType::kPass);
}

TEST(GreedyAgent, ChisForOpenTanyao) {
  // 45m 234p 678s 66p 57s 8p, all simples, one-shanten (two sets, two partial shapes, a pair).
  // Chi 3m with 45m, then discarding 8p, leaves 345m+ 234p 678s 66p 57s: tenpai on 6s. Every
  // tile is a simple and open tanyao is allowed, so the open hand has a yaku: it calls.
  Table t;
  t.SetHand(0, "45m234p678s66p57s8p");
  t.Go({"1m", "9m", "2z"});
  t.Discard(3, "3m");
  t.OnDiscard();
  GreedyAgent greedy;
  EXPECT_EQ(Decide(greedy, t.state(), 0, LegalDiscardResponses(t.state(), 0)).type, ActionType::kChi);
}

TEST(GreedyAgent, ChisWhenAConcealedYakuhaiTripletGivesTheYaku) {
  // White White White 45m 13p 78s 99s + North 6p: two-shanten. Chi 3m with 45m, then
  // discarding North, leaves two sets (one called), 13p 78s and the 99s pair: one-shanten, and
  // the White triplet is a yaku whatever happens to the rest: call.
  {
    Table t;
    t.SetHand(0, "555z45m13p78s99s4z6p");
    t.Go({"1m", "9m", "2z"});
    t.Discard(3, "3m");
    t.OnDiscard();
    GreedyAgent greedy;
    EXPECT_EQ(Decide(greedy, t.state(), 0, LegalDiscardResponses(t.state(), 0)).type, ActionType::kChi);
  }
  // The same with a North triplet (a guest wind for the East seat): no yaku after the call, pass.
  {
    Table t;
    t.SetHand(0, "444z45m13p78s99s1z6p");
    t.Go({"1m", "9m", "2z"});
    t.Discard(3, "3m");
    t.OnDiscard();
    GreedyAgent greedy;
    EXPECT_EQ(Decide(greedy, t.state(), 0, LegalDiscardResponses(t.state(), 0)).type, ActionType::kPass);
  }
}

TEST(GreedyAgent, NeverOpensAClosedTenpaiHand) {
  // 123m 456p 789s 46s + a White pair: tenpai on 5s (kanchan). A pon of White would leave it
  // tenpai at best and give up riichi for nothing: pass.
  Table t;
  t.SetHand(0, "123m456p789s55z46s");
  t.Go({"1m", "9m", "2z"});
  t.Discard(3, "5z");
  t.OnDiscard();
  GreedyAgent greedy;
  const auto legal = LegalDiscardResponses(t.state(), 0);
  ASSERT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Action& a) { return a.type == ActionType::kPon; }));
  EXPECT_EQ(Decide(greedy, t.state(), 0, legal).type, ActionType::kPass);
}

TEST(GreedyAgent, TakesRon) {
  // 123m 456p 789s 234s 5m in riichi, waiting on 5m (tanki); seat 3 discards 5m: ron.
  Table t;
  t.SetHand(0, "123m456p789s234s5m");
  t.Discard(0, "1z", /*riichi=*/true);
  t.Go({"9m", "2z"});
  t.Discard(3, "5m");
  t.OnDiscard();
  GreedyAgent greedy;
  EXPECT_EQ(Decide(greedy, t.state(), 0, LegalDiscardResponses(t.state(), 0)).type, ActionType::kRon);
}

// ---------------------------------------------------------------- defensive

// Seat 1 declared riichi; seat 0 (the agent) is far from tenpai.
TEST(DefensiveAgent, DiscardsGenbutsuAgainstRiichi) {
  // Seat 1's river: 9m, then 5p declaring riichi; 3p and 6z passed since. Seat 0 holds 5p as
  // part of its 456p set, the last tile greedy would give up, and is far from tenpai. It folds
  // and throws the one tile seat 1 cannot ron: 5p (its own discard: furiten).
  Table t;
  t.SetHand(0, "13m46m456p27s58s3z", "8m");
  t.Go({"1z", "9m", "2z", "7z"});
  t.Discard(0, "1m");
  t.Discard(1, "5p", /*riichi=*/true);
  t.Go({"3p", "6z"});
  t.TurnOf(0);
  DefensiveAgent defensive;
  GreedyAgent greedy;
  const Action d = DecideTurn(defensive, t);
  EXPECT_EQ(KindText(d), "5p");
  // Greedy keeps its 456p set and throws something else.
  EXPECT_NE(KindText(DecideTurn(greedy, t)), "5p");
}

TEST(DefensiveAgent, TilesPassedAfterTheRiichiAreSafe) {
  // Seat 1 riichis on 2z; afterwards seat 2 discards 6m and seat 1 did not ron it, so 6m is
  // safe against seat 1 (riichi furiten). Seat 3's 2p came before the riichi: not safe.
  Table t;
  // Seat 0 holds 6m, 2p, and North (seen twice: danger 5) and Green among far-off tiles.
  t.SetHand(0, "13m46m2p579p27s58s4z", "3z");
  t.Go({"1z", "9m", "4z", "2p"});
  t.Discard(0, "1p");
  t.Discard(1, "2z", /*riichi=*/true);
  t.Go({"6m", "9s"});
  t.TurnOf(0);
  const PlayerView view(t.state(), 0);
  const KindMask safe = GenbutsuKinds(view, 1);
  EXPECT_TRUE(HasKind(safe, 0 + 8));   // 9m, its own discard
  EXPECT_TRUE(HasKind(safe, 5));       // 6m, passed after the riichi
  EXPECT_TRUE(HasKind(safe, 26));      // 9s, passed after the riichi
  EXPECT_FALSE(HasKind(safe, 10));     // 2p, discarded by seat 3 before the riichi
  EXPECT_FALSE(HasKind(safe, 9));      // 1p, discarded by seat 0 before the riichi
  DefensiveAgent defensive;
  EXPECT_EQ(KindText(DecideTurn(defensive, t)), "6m");
}

TEST(DefensiveAgent, PrefersSujiWhenThereIsNoGenbutsu) {
  // Seat 1's river: 1z, then 4s declaring riichi; 4z and 5z passed since. Seat 0 holds none
  // of them. The only two-sided wait on 7s is 56s, which also waits on 4s: furiten, so seat 1
  // cannot ron 7s with it (only kanchan 68s, penchan 89s, shanpon or tanki remain). 7s is suji,
  // the safest tile seat 0 holds; its terminals 9m and 1p have no suji (6m, 4p not discarded)
  // and its middle tiles are the most dangerous.
  Table t;
  t.SetHand(0, "9m3m5m1p4p6p5p2s2s7s8p5m6m", "3p");
  t.Go({"2z", "1z", "9p", "6z"});
  t.Discard(0, "3z");
  t.Discard(1, "4s", /*riichi=*/true);
  t.Go({"4z", "5z"});
  t.TurnOf(0);
  DefensiveAgent defensive;
  EXPECT_EQ(KindText(DecideTurn(defensive, t)), "7s");
}

TEST(DefensiveAgent, TakesTheTileSafeAgainstBothRiichis) {
  // Seats 1 and 3 both in riichi. 8p is seat 1's genbutsu only; 2s is genbutsu for both (seat
  // 1 discarded it, and seat 3 passed it after declaring). 2s goes.
  Table t;
  t.SetHand(0, "13456m8p57p3s2s68s4z", "7z");
  t.Go({"1z", "8p", "9m", "9p"});
  t.Discard(0, "1p");
  t.Discard(1, "2s", /*riichi=*/true);
  t.Discard(2, "3p");
  t.Discard(3, "7m", /*riichi=*/true);
  t.Discard(0, "9s");
  t.Discard(1, "2s");
  t.Discard(2, "1s");
  t.Discard(3, "6z");
  t.TurnOf(0);
  const PlayerView view(t.state(), 0);
  const KindMask vs1 = GenbutsuKinds(view, 1), vs3 = GenbutsuKinds(view, 3);
  EXPECT_TRUE(HasKind(vs1, 16) && !HasKind(vs3, 16));  // 8p
  EXPECT_TRUE(HasKind(vs1, 19) && HasKind(vs3, 19));   // 2s
  DefensiveAgent defensive;
  EXPECT_EQ(KindText(DecideTurn(defensive, t)), "2s");
}

TEST(DefensiveAgent, PushesWhenTenpaiUnlessTold) {
  // Seat 0 can reach tenpai (123m 456p 789p EE 34s + 6s drawn) against seat 1's riichi: with
  // the default push_when_tenpai it plays like greedy (riichi on 6s); with push_when_tenpai=false
  // it folds to seat 1's genbutsu 9p.
  Table t;
  t.SetHand(0, "123m456p789p11z34s", "6s");
  t.Go({"9p", "9p", "2z", "6z"});
  t.Discard(0, "3z");
  t.Discard(1, "7z", /*riichi=*/true);
  t.Go({"4z", "5z"});
  t.TurnOf(0);
  DefensiveAgent push;
  const PlayerView view(t.state(), 0);
  EXPECT_FALSE(push.Folding(view));
  EXPECT_EQ(DecideTurn(push, t).type, ActionType::kRiichi);
  DefensiveOptions o;
  o.push_when_tenpai = false;
  DefensiveAgent fold(o);
  EXPECT_TRUE(fold.Folding(view));
  const Action a = DecideTurn(fold, t);
  EXPECT_EQ(a.type, ActionType::kDiscard);
  EXPECT_EQ(KindText(a), "9p");
}

TEST(DefensiveAgent, DangerScale) {
  // Seat 1's river: 4s, 5m, 1p; White seen three times (two in seat 2's river, one in hand),
  // Red once (seat 0's river).
  Table t;
  t.SetHand(0, "5z1s7s4m2m9m1p3p5p7p8p2s8s", "6p");
  t.Go({"1z", "4s", "5z", "2z"});
  t.Go({"9s", "5m", "5z", "3z"});
  t.Go({"7z", "1p"});
  t.TurnOf(0);
  const PlayerView view(t.state(), 0);
  const KindCounts visible = view.VisibleCounts();
  const KindMask g = GenbutsuKinds(view, 1);
  auto danger = [&](const std::string& k) { return Danger(ParseTile(k)->kind, 1, g, view, visible); };
  EXPECT_EQ(danger("5m"), 0);   // genbutsu
  EXPECT_EQ(danger("5z"), 2);   // honour, three seen
  EXPECT_EQ(danger("1s"), 3);   // 1 suji of 4
  EXPECT_EQ(danger("7s"), 4);   // 7 suji of 4
  EXPECT_EQ(danger("2m"), 4);   // 2 suji of 5
  EXPECT_EQ(danger("8m"), 4);   // 8 suji of 5
  EXPECT_EQ(danger("9m"), 6);   // terminal, no suji (6m not discarded)
  EXPECT_EQ(danger("2s"), 8);   // 2 without suji (5s not discarded)
  EXPECT_EQ(danger("3p"), 9);
  EXPECT_EQ(danger("5p"), 10);
  EXPECT_EQ(danger("8s"), 8);   // 8 without suji
  EXPECT_EQ(danger("4p"), 8);   // 4 with one suji (1p) of its two
  EXPECT_EQ(danger("4m"), 10);  // 4 with neither 1m nor 7m
  EXPECT_EQ(danger("7m"), 9);   // 7 without suji (4m not discarded)
  EXPECT_EQ(danger("7z"), 7);   // honour, one seen
}

// ---------------------------------------------------------------- acceptance

TEST(HandEval, UkeireByHand) {
  // 123m 68m 456p 789s 35s (one-shanten, no tile seen but the hand's own): 4s and 7m complete a
  // shape (4 unseen each), 3s 5s 6m 8m pair up (3 unseen each): 4 + 4 + 4 * 3 = 20.
  Table t;
  t.SetHand(0, "123m68m456p789s35s");
  const KindCounts& c = t.state().seats[0].counts;
  ASSERT_EQ(Shanten(c, 0), 1);
  const KindCounts visible = c;
  EXPECT_EQ(Ukeire(c, 0, 1, visible), 20);
  // Two more 7m in sight: 18.
  KindCounts seen = visible;
  seen[6] += 2;
  EXPECT_EQ(Ukeire(c, 0, 1, seen), 18);
  // Only simples allowed: 4s 7m 3s 5s 6m 8m are all simples, still 20.
  EXPECT_EQ(Ukeire(c, 0, 1, visible, SimpleKinds()), 20);
  // The kinds themselves: 6m 7m 8m 3s 4s 5s; with every 7m in sight, 7m goes.
  KindMask expected = 0;
  for (const int k : {5, 6, 7, 20, 21, 22}) expected |= KindBit(static_cast<Kind>(k));  // 6m 7m 8m 3s 4s 5s
  EXPECT_EQ(LoweringDraws(c, 0, 1, visible), expected);
  seen[6] = 4;
  EXPECT_EQ(LoweringDraws(c, 0, 1, seen), expected & ~KindBit(static_cast<Kind>(6)));
}

TEST(HandEval, UkeireShortcutMatchesDrawingEveryKind) {
  // Random hands biased toward triplets and quads (where the shortcut must widen).
  Rng rng(2024);
  for (int it = 0; it < 20000; ++it) {
    const int melds = static_cast<int>(rng.Below(5)) % 4;
    const int n = 13 - 3 * melds;
    KindCounts c{};
    const int lo = static_cast<int>(rng.Below(34)), span = 5 + static_cast<int>(rng.Below(30));
    for (int placed = 0; placed < n;) {
      const int k = (lo + static_cast<int>(rng.Below(static_cast<uint64_t>(span)))) % kNumKinds;
      if (c[k] < 4) ++c[k], ++placed;
    }
    KindCounts visible = c;
    for (auto& v : visible) v = static_cast<uint8_t>(std::min<int>(4, v + static_cast<int>(rng.Below(3))));
    const int s = Shanten(c, melds);
    ASSERT_EQ(Ukeire(c, melds, s, visible), UkeireBruteForce(c, melds, s, visible)) << "iteration " << it;
    // LoweringDraws: the kinds with a copy unseen whose draw lowers the shanten, by definition.
    KindMask lowering = 0;
    KindCounts plus = c;
    for (int k = 0; k < kNumKinds; ++k) {
      if (visible[k] >= 4 || c[k] >= 4) continue;
      ++plus[k];
      if (Shanten(plus, melds) < s) lowering |= KindBit(static_cast<Kind>(k));
      --plus[k];
    }
    ASSERT_EQ(LoweringDraws(c, melds, s, visible), lowering) << "iteration " << it;
  }
}

// A hand of `tiles` tiles drawn from `wall` at `from` (kinds capped at four), or, when `dense`,
// `tiles` tiles of one suit picked by `rng`.
KindCounts DealtHand(const Wall& wall, int from, int tiles, bool dense, Rng& rng) {
  KindCounts c{};
  if (dense) {
    const int suit = static_cast<int>(rng.Below(3));
    for (int placed = 0; placed < tiles;) {
      const int k = suit * 9 + static_cast<int>(rng.Below(9));
      if (c[k] < 4) ++c[k], ++placed;
    }
    return c;
  }
  for (int i = from; i < wall.size && tiles > 0; ++i, --tiles) ++c[KindOf(wall.tiles[i])];
  return c;
}

// DiscardAcceptance against the brute force, with and without an outer hand (the hand plus one
// tile): for every discard d of hands one tile above a 13-equivalent (shuffled walls, 0..4
// melds, some dense one-suit hands), ShantenWithout(d) is Shanten(hand - d); Count(Prepare(d,
// s, allowed), 0) is UkeireBruteForce(hand - d, ..., allowed); UpperBound(s, allowed) is at
// least every such count; Count with a bound is exact at or above the bound and below it else.
TEST(HandEval, DiscardAcceptanceMatchesBruteForce) {
  int hands = 0, answers = 0;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    const Wall wall = Wall::Shuffled(seed);
    Rng rng(seed * 7919);
    for (int slot = 0; slot < 5; ++slot) {
      const int melds = static_cast<int>((seed + slot) % 5);
      const int tiles = 14 - 3 * melds;
      const int from = slot * 24;
      const KindCounts hand = DealtHand(wall, from, tiles, slot == 4, rng);
      // The outer hand: the hand plus the next tile of the wall not held four times.
      KindCounts bigger = hand;
      for (int i = from + tiles; i < wall.size; ++i)
        if (bigger[KindOf(wall.tiles[i])] < 4) {
          ++bigger[KindOf(wall.tiles[i])];
          break;
        }
      // Visible: the outer hand and 30 more tiles (other rivers), at most four of a kind.
      KindCounts visible = bigger;
      for (int i = 0; i < 30; ++i) {
        uint8_t& v = visible[KindOf(wall.tiles[(from + tiles + 1 + i) % wall.size])];
        v = static_cast<uint8_t>(std::min(4, v + 1));
      }
      const KindMask allowed = slot == 1 ? SimpleKinds() : slot == 2 ? rng.Next() & kAllKinds : kAllKinds;
      DiscardAcceptance outer(bigger, melds, visible);
      DiscardAcceptance alone(hand, melds, visible), inner(hand, melds, visible, &outer);
      ++hands;
      for (int k = 0; k < kNumKinds; ++k) {
        if (hand[k] == 0) continue;
        const auto d = static_cast<Kind>(k);
        KindCounts h = hand;
        --h[d];
        const int s = Shanten(h, melds);
        // Drawing back the discard left out half of the time, as the agents do.
        const KindMask draws = k % 2 == 0 ? allowed & ~KindBit(d) : allowed;
        const int exact = UkeireBruteForce(h, melds, s, visible, draws);
        const int widest = UkeireBruteForce(h, melds, s, visible, allowed);
        for (DiscardAcceptance* acceptance : {&alone, &inner}) {
          SCOPED_TRACE(testing::Message() << "seed " << seed << " slot " << slot << " discard " << k
                                          << (acceptance == &inner ? " with outer" : ""));
          ASSERT_EQ(acceptance->ShantenWithout(d), s);
          const DiscardAcceptance::Plan plan = acceptance->Prepare(d, s, draws);
          EXPECT_GE(plan.upper, exact);
          EXPECT_EQ(acceptance->Count(plan, 0), exact);
          EXPECT_GE(acceptance->UpperBound(s, allowed), widest);
          for (const int bound : {exact - 1, exact, exact + 1, exact + 4, exact / 2 + 3}) {
            const int counted = acceptance->Count(plan, bound);
            if (exact >= bound) {
              EXPECT_EQ(counted, exact) << "bound " << bound;
            } else {
              EXPECT_LT(counted, bound);
            }
          }
          answers += 9;
        }
      }
    }
  }
  EXPECT_EQ(hands, 750);
  EXPECT_GT(answers, 50000);
}

// The danger of many kinds at once (Dangers) is Danger kind by kind, 0 for the kinds not asked.
TEST(HandEval, DangersMatchDangerOfEachKind) {
  Rng rng(77);
  for (int it = 0; it < 3000; ++it) {
    const KindMask kinds = it % 2 == 0 ? kAllKinds : rng.Next() & kAllKinds;
    const KindMask genbutsu = rng.Next() & rng.Next() & kAllKinds, river = rng.Next() & kAllKinds;
    KindCounts visible{};
    for (auto& v : visible) v = static_cast<uint8_t>(rng.Below(5));
    const DangerRow row = Dangers(kinds, genbutsu, river, visible);
    for (int k = 0; k < kNumKinds; ++k) {
      const auto kind = static_cast<Kind>(k);
      ASSERT_EQ(row[k], HasKind(kinds, kind) ? Danger(kind, genbutsu, river, visible) : 0)
          << "iteration " << it << " kind " << k;
    }
  }
}

// TileValue by the header's definition: lone guest wind 2, lone yakuhai 4, terminal 6, 2/8 8,
// 3..7 10; +4 a held neighbour one rank away and +2 two ranks away (same suit only), a pair +20
// for an honour and +6 for a number, dora +8.
TEST(HandEval, TileValueByItsDefinition) {
  KindCounts c{};
  auto add = [&](const std::string& tiles) {
    for (size_t i = 0; i + 1 < tiles.size(); i += 2) ++c[ParseTile(tiles.substr(i, 2))->kind];
  };
  add("1m2m3m8m" "4p5p6p7p" "9s8s" "2z7z7z" "1p");
  const auto kind = [](const std::string& t) { return ParseTile(t)->kind; };
  const KindMask yakuhai = KindBit(kind("7z")) | KindBit(kind("1z"));
  const KindMask dora = KindBit(kind("6p"));
  auto value = [&](const std::string& t) { return TileValue(kind(t), c, yakuhai, dora); };
  EXPECT_EQ(value("1m"), 6 + 4 + 2);       // 2m beside, 3m two away
  EXPECT_EQ(value("8m"), 8);               // 9m/7m/6m not held; 1p is another suit
  EXPECT_EQ(value("1p"), 6);               // 9m and 8m are another suit
  EXPECT_EQ(value("5p"), 10 + 4 + 4 + 2);  // 4p 6p beside, 7p two away (3p not held)
  EXPECT_EQ(value("6p"), 10 + 4 + 4 + 2 + 8);  // 5p 7p beside, 4p two away (8p not held), dora
  EXPECT_EQ(value("9s"), 6 + 4);
  EXPECT_EQ(value("2z"), 2);               // lone guest wind: honours have no neighbours
  EXPECT_EQ(value("7z"), 4 + 20);          // a yakuhai pair
  EXPECT_EQ(value("1z"), 4);               // yakuhai, not held (a draw's worth)
  ++c[kind("5p")];
  EXPECT_EQ(value("5p"), 10 + 4 + 4 + 2 + 6);  // now a pair

  // Every kind of random hands, against that definition written out.
  auto spec = [](Kind k, const KindCounts& h, KindMask yh, KindMask dr) {
    int v;
    if (k >= 27) {
      v = HasKind(yh, k) ? 4 : 2;
      if (h[k] >= 2) v += 20;
    } else {
      const int n = k % 9 + 1;
      v = (n == 1 || n == 9) ? 6 : (n == 2 || n == 8) ? 8 : 10;
      if (n >= 2 && h[k - 1] > 0) v += 4;
      if (n <= 8 && h[k + 1] > 0) v += 4;
      if (n >= 3 && h[k - 2] > 0) v += 2;
      if (n <= 7 && h[k + 2] > 0) v += 2;
      if (h[k] >= 2) v += 6;
    }
    return HasKind(dr, k) ? v + 8 : v;
  };
  Rng rng(5);
  for (int it = 0; it < 2000; ++it) {
    KindCounts h{};
    for (auto& v : h) v = static_cast<uint8_t>(rng.Below(3) == 0 ? rng.Below(5) : 0);
    const KindMask yh = rng.Next() & kHonorKinds, dr = rng.Next() & rng.Next() & kAllKinds;
    const TileValues values(HeldMasksOf(h), yh, dr);
    for (int k = 0; k < kNumKinds; ++k)
      ASSERT_EQ(values(static_cast<Kind>(k)), spec(static_cast<Kind>(k), h, yh, dr)) << "iteration " << it << " kind " << k;
  }
}

// WaitKinds (shanten lookups) gives the kinds of rules/waits.h Waits.
TEST(HandEval, WaitKindsMatchWaits) {
  Rng rng(4242);
  int tenpai = 0;
  for (int it = 0; it < 30000; ++it) {
    const int melds = static_cast<int>(rng.Below(5));
    const int n = 13 - 3 * melds;
    KindCounts c{};
    const int lo = static_cast<int>(rng.Below(34)), span = 4 + static_cast<int>(rng.Below(11));  // room for 13 tiles
    for (int placed = 0; placed < n;) {
      const int k = (lo + static_cast<int>(rng.Below(static_cast<uint64_t>(span)))) % kNumKinds;
      if (c[k] < 4) ++c[k], ++placed;
    }
    KindMask expected = 0;
    for (const Wait& w : Waits(c, melds)) expected |= KindBit(w.tile);
    tenpai += expected != 0;
    ASSERT_EQ(WaitKinds(c, melds), expected) << "iteration " << it;
  }
  EXPECT_GT(tenpai, 1000);
}

// ---------------------------------------------------------------- whole games

struct Tally {
  std::array<int, 4> wins{}, deal_ins{};
  int hands = 0;
};

Tally Count(const GameRecord& rec, Tally t = {}) {
  for (const Event& e : rec.events) {
    if (e.type == EventType::kStartKyoku) ++t.hands;
    if (e.type != EventType::kHora) continue;
    ++t.wins[e.actor];
    if (e.target != e.actor) ++t.deal_ins[e.target];
  }
  return t;
}

GameRecord Play(const std::array<std::string, 4>& specs, uint64_t seed, bool check_invariants = false) {
  return test::PlaySpecs(Ruleset{}, specs, seed, check_invariants);
}

TEST(AgentGames, EveryMixCompletes) {
  const std::vector<std::array<std::string, 4>> mixes = {
      {"greedy", "greedy", "greedy", "greedy"},
      {"defensive", "defensive", "defensive", "defensive"},
      {"random", "greedy", "defensive", "random"},
      {"greedy:riichi=false,calls=false", "defensive:fold_shanten=2", "defensive:push_when_tenpai=false",
       "greedy:kans=false,nine_terminals_shanten=0"},
  };
  for (const auto& mix : mixes) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      const GameRecord rec = Play(mix, seed, /*check_invariants=*/true);
      EXPECT_TRUE(rec.complete) << mix[0] << " ... seed " << seed << ": " << rec.error;
      EXPECT_TRUE(rec.error.empty()) << rec.error;
    }
  }
}

TEST(AgentGames, OpenHandsAlwaysKeepAYaku) {
  // Greedy opens its hand only with a yakuhai meld or open tanyao in view, and then discards to
  // keep it: after every event, no greedy or defensive seat is open without one.
  for (uint64_t seed = 30; seed < 40; ++seed) {
    std::array<std::unique_ptr<Agent>, 4> agents;
    std::array<Agent*, 4> ptrs{};
    const std::array<std::string, 4> specs{"greedy", "defensive", "greedy", "defensive"};
    for (int p = 0; p < 4; ++p) {
      agents[p] = std::move(MakeAgent(specs[p])).value();
      ptrs[p] = agents[p].get();
    }
    int open_seen = 0;
    GameOptions options;
    options.observer = [&](const RoundState& s, const Event& e) {
      for (int p = 0; p < 4; ++p) {
        const YakuPlan plan = CurrentYakuPlan(PlayerView(s, p));
        open_seen += plan != YakuPlan::kClosed;
        ASSERT_NE(plan, YakuPlan::kNone) << "seat " << p << " after " << EventTypeName(e.type) << ", seed " << seed;
      }
    };
    const Ruleset rules;
    const GameRecord rec = PlayGame(rules, seed, ptrs, options);
    EXPECT_TRUE(rec.complete) << rec.error;
    EXPECT_GT(open_seen, 0) << "no open hand at all in seed " << seed;
  }
}

TEST(AgentGames, GreedyWinsFarMoreThanRandom) {
  Tally t;
  for (uint64_t seed = 100; seed < 140; ++seed) {
    const GameRecord rec = Play({"greedy", "random", "greedy", "random"}, seed);
    ASSERT_TRUE(rec.complete) << rec.error;
    t = Count(rec, t);
  }
  const int greedy = t.wins[0] + t.wins[2], random = t.wins[1] + t.wins[3];
  // Measured: 331 wins for the two greedy seats against 0 for random over these 40 games.
  EXPECT_GT(greedy, 100);
  EXPECT_GT(greedy, 10 * random + 50) << "greedy " << greedy << " random " << random;
}

TEST(AgentGames, DefensiveDealsInLessThanGreedy) {
  Tally t;
  for (uint64_t seed = 200; seed < 240; ++seed) {
    const GameRecord rec = Play({"defensive", "greedy", "defensive", "greedy"}, seed);
    ASSERT_TRUE(rec.complete) << rec.error;
    t = Count(rec, t);
  }
  const int defensive = t.deal_ins[0] + t.deal_ins[2], greedy = t.deal_ins[1] + t.deal_ins[3];
  // Measured on these 40 games: 93 deal-ins for the defensive seats, 178 for the greedy ones
  // (over 1000 games: 10.8% of hands against 20.4%).
  EXPECT_LT(defensive * 4, greedy * 3) << "defensive " << defensive << " greedy " << greedy;
}

bool SameEvents(const GameRecord& a, const GameRecord& b) {
  if (a.events.size() != b.events.size()) return false;
  for (size_t i = 0; i < a.events.size(); ++i) {
    const Event &x = a.events[i], &y = b.events[i];
    if (x.type != y.type || x.actor != y.actor || x.target != y.target || x.pai != y.pai ||
        x.consumed != y.consumed || x.num_consumed != y.num_consumed)
      return false;
  }
  return true;
}

TEST(AgentGames, SameSeedSameGame) {
  for (const std::array<std::string, 4>& mix :
       {std::array<std::string, 4>{"greedy", "defensive", "random", "greedy"},
        std::array<std::string, 4>{"defensive", "defensive", "greedy", "greedy"}}) {
    const GameRecord a = Play(mix, 7), b = Play(mix, 7), c = Play(mix, 8);
    ASSERT_TRUE(a.complete && b.complete && c.complete);
    EXPECT_TRUE(SameEvents(a, b));
    EXPECT_FALSE(SameEvents(a, c));
  }
  // The same agent objects reused: BeginGame resets their state.
  GreedyAgent g0, g1, g2, g3;
  const std::array<Agent*, 4> agents{&g0, &g1, &g2, &g3};
  const Ruleset rules;
  const GameRecord first = PlayGame(rules, 11, agents);
  (void)PlayGame(rules, 12, agents);
  const GameRecord again = PlayGame(rules, 11, agents);
  EXPECT_TRUE(SameEvents(first, again));
}

// ---------------------------------------------------------------- registry

TEST(AgentRegistry, MakesEveryAgentByName) {
  EXPECT_EQ(AgentNames(), (std::vector<std::string>{"random", "greedy", "defensive", "expert"}));
  for (const std::string& name : AgentNames()) {
    auto a = MakeAgent(name);
    ASSERT_TRUE(a.ok()) << name << ": " << a.error();
    EXPECT_EQ((*a)->Name(), name);
  }
}

TEST(AgentRegistry, OptionsRoundTripThroughTheName) {
  auto a = MakeAgent("defensive:push_when_tenpai=false,fold_shanten=2,riichi=false");
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_EQ((*a)->Name(), "defensive:riichi=false,fold_shanten=2,push_when_tenpai=false");
  auto b = MakeAgent((*a)->Name());
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ((*b)->Name(), (*a)->Name());
  auto c = MakeAgent("greedy:calls=0,nine_terminals_shanten=5");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ((*c)->Name(), "greedy:calls=false,nine_terminals_shanten=5");
  // The example in agents/registry.h.
  auto d = MakeAgent("defensive:fold_threshold=2");
  ASSERT_TRUE(d.ok()) << d.error();
  EXPECT_EQ((*d)->Name(), "defensive:fold_shanten=2");
  // Defaults written out are still the defaults.
  auto e = MakeAgent("greedy:riichi=true");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ((*e)->Name(), "greedy");
}

TEST(AgentRegistry, ErrorsNameWhatIsWrong) {
  auto err = [](std::string_view spec) {
    auto r = MakeAgent(spec);
    EXPECT_FALSE(r.ok()) << spec;
    return r.ok() ? std::string() : r.error();
  };
  EXPECT_THAT(err("mortal"), HasSubstr("unknown agent \"mortal\""));
  EXPECT_THAT(err("mortal"), HasSubstr("random, greedy, defensive"));
  EXPECT_THAT(err("greedy:bogus=1"), HasSubstr("unknown option \"bogus\""));
  EXPECT_THAT(err("greedy:fold_shanten=2"), HasSubstr("\"fold_shanten\""));  // defensive only
  EXPECT_THAT(err("defensive:fold_shanten=x"), HasSubstr("\"fold_shanten\" wants an integer 1..8, got \"x\""));
  EXPECT_THAT(err("defensive:fold_shanten=9"), HasSubstr("1..8"));
  EXPECT_THAT(err("greedy:riichi=maybe"), HasSubstr("\"riichi\" wants true or false"));
  EXPECT_THAT(err("greedy:riichi"), HasSubstr("not key=value"));
  EXPECT_THAT(err("greedy:"), HasSubstr("not key=value"));
  EXPECT_THAT(err("random:seed=3"), HasSubstr("takes no options"));
}

}  // namespace
}  // namespace agents_test
}  // namespace mj
