// The `expert` agent (agents/expert_*.h): its options and name, whole games of every preset
// (legal answers, determinism, Evaluate changing nothing), and hand-built positions whose right
// answer mahjong theory settles: fold a far hand with genbutsu against a dealer riichi, push a
// tenpai mangan with a suji tile, take the wider of two waits, keep the last safe tile of a slow
// hand, take a win that makes it first in the game's last hand, and read an open riichi's shown
// waits.

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/scenario.h"

#include "agents/expert_agent.h"
#include "agents/expert_threat.h"
#include "agents/expert_wait_reader.h"
#include "agents/expert_win_chance.h"
#include "agents/registry.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "engine/legal_actions.h"
#include "engine/player_view.h"
#include "rules/presets.h"
#include "rules/ruleset.h"
#include "tests/agent_table.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace expert_agent_test {
namespace {

using ::testing::HasSubstr;

using test::Table;

Action Decide(Agent& agent, const RoundState& s, int seat, const std::vector<Action>& legal) {
  agent.BeginGame(seat, 1);
  const PlayerView view(s, seat);
  const Action a = agent.Choose(view, legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << "answer not legal: " << ActionToString(a);
  return a;
}

Action DecideTurn(Agent& agent, Table& t) { return Decide(agent, t.state(), t.state().turn, LegalTurnActions(t.state())); }

std::string KindText(const Action& a) { return a.tile == kNoTile ? "-" : FormatKind(KindOf(a.tile)); }

// ---------------------------------------------------------------- options

TEST(ExpertOptions, NameIsCanonicalAndRoundTrips) {
  auto a = MakeAgent("expert");
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_EQ((*a)->Name(), "expert");
  auto b = MakeAgent("expert:shield_value=800,riichi=0,defence=false");
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ((*b)->Name(), "expert:riichi=false,defence=false,shield_value=800");
  auto c = MakeAgent((*b)->Name());
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ((*c)->Name(), (*b)->Name());
  auto d = MakeAgent("expert:riichi=true");  // a default written out is still the default
  ASSERT_TRUE(d.ok());
  EXPECT_EQ((*d)->Name(), "expert");
  auto e = MakeAgent("expert:greedy_margin=0,shield_value=800");  // last in table order
  ASSERT_TRUE(e.ok()) << e.error();
  EXPECT_EQ((*e)->Name(), "expert:shield_value=800,greedy_margin=0");
  auto f = MakeAgent("expert:greedy_margin=300");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ((*f)->Name(), "expert");
  auto g = MakeAgent("expert:greedy_margin=1000,greedy_calls=false");
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ((*g)->Name(), "expert:greedy_calls=false,greedy_margin=1000");
  auto h = MakeAgent("expert:greedy_margin=0,lookahead=false");
  ASSERT_TRUE(h.ok()) << h.error();
  EXPECT_EQ((*h)->Name(), "expert:lookahead=false,greedy_margin=0");
  auto l = MakeAgent("expert:draw_tenpai=false,lookahead2=false");
  ASSERT_TRUE(l.ok()) << l.error();
  EXPECT_EQ((*l)->Name(), "expert:lookahead2=false,draw_tenpai=false");
}

TEST(ExpertOptions, ErrorsNameWhatIsWrong) {
  auto err = [](std::string_view spec) {
    auto r = MakeAgent(spec);
    EXPECT_FALSE(r.ok()) << spec;
    return r.ok() ? std::string() : r.error();
  };
  EXPECT_THAT(err("expert:bogus=1"), HasSubstr("unknown option \"bogus\""));
  EXPECT_THAT(err("expert:bogus=1"), HasSubstr("shield_value"));
  EXPECT_THAT(err("expert:shield_value=x"), HasSubstr("\"shield_value\" wants an integer 0..20000, got \"x\""));
  EXPECT_THAT(err("expert:shield_value=20001"), HasSubstr("0..20000"));
  EXPECT_THAT(err("expert:bogus=1"), HasSubstr("greedy_margin"));
  EXPECT_THAT(err("expert:bogus=1"), HasSubstr("lookahead"));
  EXPECT_THAT(err("expert:lookahead=2"), HasSubstr("\"lookahead\" wants true or false, got \"2\""));
  EXPECT_THAT(err("expert:lookahead2=yes"), HasSubstr("\"lookahead2\" wants true or false, got \"yes\""));
  EXPECT_THAT(err("expert:greedy_margin=-1"), HasSubstr("\"greedy_margin\" wants an integer 0..20000, got \"-1\""));
  EXPECT_THAT(err("expert:calls=maybe"), HasSubstr("\"calls\" wants true or false, got \"maybe\""));
  EXPECT_THAT(err("expert:calls"), HasSubstr("not key=value"));
  EXPECT_THAT(err("mortal"), HasSubstr("expert"));
}

// ---------------------------------------------------------------- models

TEST(ExpertModels, DealInChanceFollowsTheTableReading) {
  // Seat with 4p in its river: 1p and 7p are suji (one side each closed), 4p genbutsu.
  KindCounts visible{};
  const KindMask river = KindBit(12);  // 4p
  const KindMask genbutsu = river;
  const double no_suji_5 = DealInChance(13, genbutsu, river, visible);  // 5p: both sides open
  const double suji_1 = DealInChance(9, genbutsu, river, visible);      // 1p: its only side is 23p-14p
  const double suji_7 = DealInChance(15, genbutsu, river, visible);     // 7p: 56p side closed by 4p
  EXPECT_EQ(DealInChance(12, genbutsu, river, visible), 0.0);
  EXPECT_GT(no_suji_5, 0.10);  // a middle tile with no hint: about 12% per tenpai riichi
  EXPECT_LT(suji_1, 0.03);
  EXPECT_LT(suji_7, no_suji_5);
  // Honours by copies seen: all three others seen is nearly safe.
  visible[kWhite] = 3;
  EXPECT_LT(DealInChance(kWhite, 0, 0, visible), 0.01);
  visible[kWhite] = 0;
  EXPECT_GT(DealInChance(kWhite, 0, 0, visible), DealInChance(9, genbutsu, river, visible));
  // Kabe: four 6p visible closes the 67p side of 5p and 8p's 67p shape.
  visible[14] = 4;
  EXPECT_LT(DealInChance(16, 0, 0, visible), DealInChance(16, 0, 0, KindCounts{}));
}

// The orderings that games with every hand known show (bench/danger_fit.py; docs/AGENTS.md,
// "expert: the defence model fitted to games"): each holds in the rates of the benchmark's
// opponents (1000 self-play games, the defensive seats' hands) and in those of the real Tenhou
// games alike; the comments give both (self-play / Tenhou), facing a tenpai riichi seat.
TEST(ExpertModels, DealInChanceOrdersTilesAsTheGamesDo) {
  KindCounts none{};
  // 1p: its only two-sided side is 23p, which also waits on 4p.
  const double open_1 = DealInChance(9, 0, 0, none);  // 5.7% / 10.2%
  const KindMask suji4 = KindBit(12);
  const double suji_1 = DealInChance(9, suji4, suji4, none);  // 2.2% / 4.0%
  KindCounts no_chance{};
  no_chance[10] = 4;  // every 2p visible: no 23p shape
  KindCounts one_chance{};
  one_chance[10] = 3;
  EXPECT_DOUBLE_EQ(DealInChance(9, 0, 0, no_chance), suji_1);  // kabe closes the side as suji does
  EXPECT_LT(suji_1, DealInChance(9, 0, 0, one_chance));        // 5.1% / 6.0%
  EXPECT_LT(DealInChance(9, 0, 0, one_chance), open_1);
  // 5p: no suji 13.6% / 18.1%, one suji (2p) 10.2% / 8.2%, both (2p, 8p) 5.1% / 1.9%.
  const double five = DealInChance(13, 0, 0, none);
  const KindMask s2 = KindBit(10), s28 = KindBit(10) | KindBit(16);
  EXPECT_LT(DealInChance(13, s2, s2, none), five);
  EXPECT_LT(DealInChance(13, s28, s28, none), DealInChance(13, s2, s2, none));
  EXPECT_LT(suji_1 * 3, five);  // a suji terminal against a middle tile with no hint
  // 7p: four 8p visible closes its edge shape 89p; below the same 7p with 8p unseen.
  KindCounts eights{};
  eights[16] = 4;
  EXPECT_LT(DealInChance(15, 0, 0, eights), DealInChance(15, 0, 0, none));
  // Genbutsu is safe whatever the table says.
  EXPECT_EQ(DealInChance(13, KindBit(13), 0, none), 0.0);
  // Honours by copies seen (own included): 3.1% / 2.8% with one, 1.2% / 1.4% with two, 0% / 1.1%
  // with three.
  KindCounts h{};
  h[kWhite] = 1;
  const double one = DealInChance(kWhite, 0, 0, h);
  h[kWhite] = 2;
  const double two = DealInChance(kWhite, 0, 0, h);
  h[kWhite] = 3;
  const double three = DealInChance(kWhite, 0, 0, h);
  EXPECT_LT(two, one);
  EXPECT_LE(three, two);
  EXPECT_LT(three, one / 2);
}

TEST(ExpertModels, ADealInCostsTheHonbaTheDiscarderPays) {
  // A ron pays the honba, all of it from the discarder (RULES.md: 300 a honba in riichi, 1,500
  // in fuless). So the cost of dealing into the same riichi grows by exactly that with two honba.
  for (const auto& [preset, per_honba] : {std::pair<std::string, double>{"riichi", 300}, {"fuless", 1500}}) {
    auto rules = LoadRuleset(preset);
    ASSERT_TRUE(rules.ok()) << rules.error();
    const TypicalValues typical(*rules);
    std::array<double, 2> cost{};  // with no honba, with two
    for (int i = 0; i < 2; ++i) {
      Table t(*rules);
      t.state().honba = 2 * i;
      t.SetHand(1, "13m46m456p27s58s3z", "8m");
      t.Go({"1z", "9m", "2z", "7z"});
      t.Discard(0, "5p", /*riichi=*/true);
      t.TurnOf(1);
      const PlayerView view(t.state(), 1);
      const Threats threats = ReadThreats(view, view.VisibleCounts(), typical);
      ASSERT_EQ(threats.opp[0].seat, 0);
      cost[i] = threats.opp[0].value;
    }
    EXPECT_DOUBLE_EQ(cost[1] - cost[0], 2 * per_honba) << preset;
  }
}

TEST(ExpertModels, ARiichiRiverMovesDangerBetweenTilesAndKeepsItsTotal) {
  // Seat 0 throws 3m first and declares riichi on 2s with its second discard. Measured on games
  // where every hand is known (docs/AGENTS.md, the defence model fitted to games): tiles outside
  // an early discard deal in less (1m x 0.45, 2m x 0.50 against the table) and the riichi tile's
  // neighbours on the outside more (1s: 6.8% against 4.2% for 1-9 tiles elsewhere, x 1.6); 3s,
  // a 3-7 next to it, as any 3-7. The reading moves danger and keeps the seat's total over the
  // unseen copies.
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok()) << rules.error();
  const TypicalValues typical(*rules);
  Table t(*rules);
  t.SetHand(1, "13m46m456p27s58s3z", "8m");
  t.Go({"3m", "9m", "2z", "7z"});
  t.Discard(0, "2s", /*riichi=*/true);
  t.TurnOf(1);
  const PlayerView view(t.state(), 1);
  const KindCounts visible = view.VisibleCounts();
  const Threats plain = ReadThreats(view, visible, typical, /*read_river=*/false);
  const Threats read = ReadThreats(view, visible, typical, /*read_river=*/true);
  ASSERT_EQ(plain.opp[0].seat, 0);
  ASSERT_TRUE(plain.opp[0].riichi);
  const auto& before = plain.opp[0].deal_in;
  const auto& after = read.opp[0].deal_in;
  const Kind m1 = 0, m2 = 1, p5 = 13, s1 = 18, s3 = 20;
  ASSERT_GT(before[p5], 0);
  const double scale = after[p5] / before[p5];  // a tile the river says nothing about
  EXPECT_NEAR(after[m1] / before[m1], 0.45 * scale, 1e-5);
  EXPECT_NEAR(after[m2] / before[m2], 0.50 * scale, 1e-5);
  EXPECT_NEAR(after[s1] / before[s1], 1.6 * scale, 1e-5);
  EXPECT_NEAR(after[s3] / before[s3], scale, 1e-5);
  EXPECT_EQ(after[2], 0.0f);  // 3m: genbutsu stays safe
  double total_before = 0, total_after = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    const int unseen = 4 - visible[k];
    total_before += unseen * before[k];
    total_after += unseen * after[k];
  }
  EXPECT_NEAR(total_after, total_before, 1e-4 * total_before);
  // The other seats (not in riichi) are read as before.
  for (int i = 1; i < plain.count; ++i)
    for (int k = 0; k < kNumKinds; ++k) EXPECT_EQ(read.opp[i].deal_in[k], plain.opp[i].deal_in[k]);
}

TEST(ExpertModels, TheWaitReaderReadsARiichiRiverAsItsFitDoes) {
  // Seat 0 discards 9m 1p 4z 8s 3m 7p 6m (all from the hand) and declares riichi on 4m, its
  // eighth discard; seat 1 (hand 25m3689p2457s667z, drew 8m) reads it. The feature values are
  // the layout of bench/wait_fit.py's docstring worked by hand, and the chances are what
  // bench/wait_fit.py's own features() and the fitted weights give for this river (an
  // implementation of the same inputs in Python, from the replay's events).
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok()) << rules.error();
  Table t(*rules);  // dora indicator 9s: 1s is dora
  t.SetHand(1, "25m3689p2457s667z", "8m");
  const std::vector<std::vector<std::string>> rounds = {
      {"9m", "1z", "1z", "1z"}, {"1p", "2z", "2z", "2z"}, {"4z", "3z", "3z", "3z"}, {"8s", "5z", "5z", "5z"},
      {"3m", "9p", "9p", "2p"}, {"7p", "1s", "1s", "2p"}, {"6m", "9s", "9s", "3s"}};
  for (const auto& r : rounds) t.Go(r);
  t.Discard(0, "4m", /*riichi=*/true);
  t.TurnOf(1);
  const PlayerView view(t.state(), 1);
  const KindCounts visible = view.VisibleCounts();
  const KindMask genbutsu = GenbutsuKinds(view, 0);
  const KindMask dora = KindBit(18);
  const Kind m5 = 4, m2 = 1, m7 = 6, s5 = 22, chun = 33, s1 = 18;
  const auto f = WaitFeatures(view, 0, m5, DealInChance(m5, genbutsu, RiverKinds(view, 0), visible), genbutsu, dora,
                              visible);
  EXPECT_FLOAT_EQ(f[16], 1);   // a 5
  EXPECT_FLOAT_EQ(f[22], 0);   // not outside an early discard (3m makes 1m, 2m so)
  EXPECT_FLOAT_EQ(f[34], 1);   // 3m genbutsu
  EXPECT_FLOAT_EQ(f[35], 1);   // 4m genbutsu
  EXPECT_FLOAT_EQ(f[37], 1);   // 6m genbutsu
  EXPECT_FLOAT_EQ(f[40], 1);   // 9m genbutsu
  EXPECT_FLOAT_EQ(f[80], 1);   // 3m (d = -2) among the first six, from the hand
  EXPECT_FLOAT_EQ(f[90], 1);   // 4m (d = -1) the riichi tile
  EXPECT_FLOAT_EQ(f[100], 1);  // 6m (d = +1) later before the riichi
  EXPECT_FLOAT_EQ(f[116], 1);  // 9m (d = +4) among the first six
  EXPECT_FLOAT_EQ(f[60], 1);   // an honour (4z) among the first six
  EXPECT_FLOAT_EQ(f[64], 3);   // 1p 8s 7p: other suits among the first six
  EXPECT_FLOAT_EQ(f[122], 2);  // same suit: 9m 3m early, 6m later, 4m the riichi tile
  EXPECT_FLOAT_EQ(f[123], 1);
  EXPECT_FLOAT_EQ(f[124], 1);
  EXPECT_FLOAT_EQ(f[126], 0.7f);  // riichi on the eighth discard
  EXPECT_FLOAT_EQ(f[127], 0);     // nothing drawn-and-thrown
  struct Expect {
    Kind k;
    double chance;
  };
  // `bench/wait_fit.py --test-position`: its features() with the weights in
  // agents/expert_wait_reader.cc. The table gives 12.5% / 7.3% / 6% / 8% / 4.5% / 6.5%.
  const Expect expects[] = {{m5, 0.090836}, {m2, 0.064658}, {m7, 0.056278}, {s5, 0.066477}, {chun, 0.0098808}, {s1, 0.084874}};
  for (const Expect& e : expects) {
    const double table = DealInChance(e.k, genbutsu, RiverKinds(view, 0), visible);
    EXPECT_NEAR(WaitChance(WaitFeatures(view, 0, e.k, table, genbutsu, dora, visible)), e.chance, 1e-4 * e.chance)
        << "kind " << int{e.k};
  }
  // In play the chances are scaled to the table's total over the unseen copies; genbutsu stays 0.
  const TypicalValues typical(*rules);
  const Threats plain = ReadThreats(view, visible, typical, /*read_river=*/false, /*read_waits=*/false);
  const Threats read = ReadThreats(view, visible, typical, /*read_river=*/true, /*read_waits=*/true);
  ASSERT_EQ(read.opp[0].seat, 0);
  const auto& before = plain.opp[0].deal_in;
  const auto& after = read.opp[0].deal_in;
  double total_before = 0, total_after = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    total_before += (4 - visible[k]) * before[k];
    total_after += (4 - visible[k]) * after[k];
  }
  EXPECT_NEAR(total_after, total_before, 1e-4 * total_before);
  EXPECT_EQ(after[3], 0.0f);  // 4m
  const double scale = after[m5] / WaitChance(WaitFeatures(view, 0, m5, before[m5], genbutsu, dora, visible));
  for (Kind k : {m2, m7, s5, chun, s1})
    EXPECT_NEAR(after[k], scale * WaitChance(WaitFeatures(view, 0, k, before[k], genbutsu, dora, visible)), 1e-5)
        << "kind " << int{k};
}

TEST(ExpertModels, WinChanceGrowsWithAcceptanceAndDrawsAndShrinksWithShanten) {
  WinChanceInput in;
  in.unseen = 100;
  in.draws = 12;
  in.shanten = 0;
  in.acceptance = 8;
  const double wide = EstimateWinChance(in).win;
  in.acceptance = 4;
  const double narrow = EstimateWinChance(in).win;
  in.draws = 3;
  const double late = EstimateWinChance(in).win;
  in.draws = 12;
  in.shanten = 2;
  in.acceptance = 20;
  const double far = EstimateWinChance(in).win;
  EXPECT_GT(wide, narrow);
  EXPECT_GT(narrow, late);
  EXPECT_GT(narrow, far);
  // Tsumo only, one winning tile per draw out of 100 over 12 draws, nobody else ends the hand:
  // 1 - 0.99^12 (about 11.4%).
  in = {};
  in.unseen = 100;
  in.draws = 12;
  in.acceptance = 1;
  in.ron_share = 0;
  in.end_per_round = 0;
  EXPECT_NEAR(EstimateWinChance(in).win, 1 - std::pow(0.99, 12), 1e-9);
}

TEST(ExpertModels, WinChanceUsesTheKnownNextWait) {
  // One from tenpai with every unseen tile useful (acceptance = unseen): the first draw makes
  // tenpai for sure, the second wins by tsumo with next_wait / unseen; nothing else ends the
  // hand and no ron. Two draws: exactly next_wait / unseen.
  WinChanceInput in;
  in.unseen = 100;
  in.acceptance = 100;
  in.shanten = 1;
  in.draws = 2;
  in.ron_share = 0;
  in.end_per_round = 0;
  in.next_ron_share = 0;
  in.next_wait = 8;
  EXPECT_NEAR(EstimateWinChance(in).win, 0.08, 1e-12);
  in.next_wait = 2;
  EXPECT_NEAR(EstimateWinChance(in).win, 0.02, 1e-12);
  // A known wider wait wins more often than the typical one (about five tiles of 110).
  in.draws = 10;
  in.acceptance = 12;
  in.next_ron_share = -1;
  in.ron_share = 0.6;
  in.next_wait = -1;
  const double typical = EstimateWinChance(in).win;
  in.next_wait = 8;
  EXPECT_GT(EstimateWinChance(in).win, typical);
  in.next_wait = 1;
  EXPECT_LT(EstimateWinChance(in).win, typical);
}

TEST(ExpertModels, WinChanceUsesTheKnownAcceptanceAfterTheFirstDraw) {
  // Two from tenpai, every unseen tile useful for the first draw; the second useful draw comes
  // with next_acceptance / unseen per draw, and the tenpai then wins by tsumo with next_wait /
  // unseen; nothing else ends the hand and no ron. Three draws: the first makes one from tenpai,
  // the second tenpai with next_acceptance / 100, the third wins with 8 / 100.
  WinChanceInput in;
  in.unseen = 100;
  in.acceptance = 100;
  in.shanten = 2;
  in.draws = 3;
  in.ron_share = 0;
  in.end_per_round = 0;
  in.next_ron_share = 0;
  in.next_wait = 8;
  in.next_acceptance = 100;
  EXPECT_NEAR(EstimateWinChance(in).win, 0.08, 1e-12);
  in.next_acceptance = 50;
  EXPECT_NEAR(EstimateWinChance(in).win, 0.5 * 0.08, 1e-12);
  // Unknown: the acceptance typical of one from tenpai, eight tiles.
  in.next_acceptance = -1;
  EXPECT_NEAR(EstimateWinChance(in).win, 0.08 * 0.08, 1e-12);
}

// ---------------------------------------------------------------- positions

TEST(ExpertPositions, FoldsAFarHandWithGenbutsuAgainstADealerRiichi) {
  // The dealer (seat 0) riichis on 5p. Seat 1 is two or more tiles from tenpai with no pair of
  // value: the textbook play is to fold, and 5p (the riichi tile) is the one tile that cannot
  // deal in, even though it breaks 456p.
  Table t;
  t.SetHand(1, "13m46m456p27s58s3z", "8m");
  t.Go({"1z", "9m", "2z", "7z"});
  t.Discard(0, "5p", /*riichi=*/true);
  t.TurnOf(1);
  ExpertAgent expert;
  EXPECT_EQ(KindText(DecideTurn(expert, t)), "5p");
}

TEST(ExpertPositions, PushesATenpaiManganWithASujiTile) {
  // Seat 1 is tenpai on 25s (tanyao, pinfu shape, 66s two dora with the 5s indicator: a mangan
  // with riichi, 7700 dama). The dealer riichied on 5p. Genbutsu would be 5p, which breaks 345p
  // and the tenpai; the drawn 8p is suji of 5p. A strong player throws 8p and keeps the hand.
  Table t;
  t.SetDoraIndicator("5s");
  t.SetHand(1, "234m567m345p66s34s", "8p");
  t.Go({"1z", "9m", "2z", "7z"});
  t.Discard(0, "5p", /*riichi=*/true);
  t.TurnOf(1);
  ExpertAgent expert;
  const Action a = DecideTurn(expert, t);
  EXPECT_EQ(KindText(a), "8p") << ActionToString(a);
}

TEST(ExpertPositions, TakesTheWiderWait) {
  // 234m 567m 234p 99p + 35s + drawn 6s: throwing 3s leaves 56s (4s and 7s, eight tiles, and
  // pinfu); throwing 6s leaves the 35s closed wait (4s only). The wider wait is right.
  Table t;
  t.SetHand(1, "234m567m234p99p35s", "6s");
  t.Go({"1z", "9m", "2z", "7z", "4z"});
  t.TurnOf(1);
  ExpertAgent expert;
  const Action a = DecideTurn(expert, t);
  EXPECT_EQ(KindText(a), "3s") << ActionToString(a);
}

TEST(ExpertPositions, KeepsItsLastSafeTileInASlowHand) {
  // Seat 1, fourth draw, nobody in riichi yet: 13m 46m 24p 79p 24s 68s, an isolated 9m and the
  // last West (the other three in the others' rivers: it can never deal in). The hand is four
  // from tenpai; throwing West keeps three more pairing draws (9m), throwing 9m keeps a tile that
  // is safe against every later riichi. A strong player keeps the safe tile in a hand this slow.
  Table t;
  t.SetHand(1, "13m46m24p79p24s68s9m", "3z");
  t.Go({"3z", "1s", "3z", "3z", "1z", "9p", "2z", "7z", "9s", "1p", "6z", "2z", "5z"});
  t.TurnOf(1);
  ExpertAgent expert;
  const Action a = DecideTurn(expert, t);
  EXPECT_EQ(KindText(a), "9m") << ActionToString(a);
}

TEST(ExpertPositions, TakesAWinThatMakesItFirstInTheLastHand) {
  // South 4, seat 1 has 24000 against seat 2's 26000: a ron on seat 2's 4s makes seat 1 first.
  Table t;
  RoundState& s = t.state();
  s.round_wind = 1;
  s.kyoku = 3;
  s.dealer = 3;
  s.scores = {25000, 24000, 26000, 25000};
  t.SetHand(1, "234m567m234p99p56s");
  t.Go({"1z", "9m", "4s"});
  t.OnDiscard();
  const std::vector<Action> legal = LegalDiscardResponses(s, 1);
  ASSERT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Action& a) { return a.type == ActionType::kRon; }));
  ExpertAgent expert;
  EXPECT_EQ(Decide(expert, s, 1, legal).type, ActionType::kRon);
}

// Seat 1 holds 23m 456p 78p 11s 9s 55z 4z (two from tenpai) and seat 0 throws 4m: chi 234m would
// make it one from tenpai, but the open hand's only possible yaku is the white dragon pair. With
// both other whites in the rivers no yaku is left (no tanyao with 11s 9s and honours, no one
// suit), and a hand without a yaku cannot win: chi has no chance and passing is right. With the
// whites still unseen the pair may yet be called, so the same chi keeps some chance.
std::vector<ActionEstimate> ChiOnFourMan(bool whites_dead, Action* chosen) {
  Table t;
  t.SetHand(1, "23m456p78p119s55z4z");
  if (whites_dead) {
    t.Go({"5z", "9m", "5z", "1z", "4m"});
  } else {
    t.Go({"1z", "9m", "2z", "3z", "4m"});
  }
  t.OnDiscard();
  const std::vector<Action> legal = LegalDiscardResponses(t.state(), 1);
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Action& a) { return a.type == ActionType::kChi; }));
  ExpertAgent expert;
  *chosen = Decide(expert, t.state(), 1, legal);
  const PlayerView view(t.state(), 1);
  return expert.Evaluate(view, legal);
}

TEST(ExpertPositions, NeverCallsIntoAHandWithNoYakuLeft) {
  Action chosen;
  for (const ActionEstimate& e : ChiOnFourMan(/*whites_dead=*/true, &chosen))
    if (e.action.type == ActionType::kChi) {
      EXPECT_EQ(e.win_chance, 0.0) << ActionToString(e.action);
    }
  EXPECT_EQ(chosen.type, ActionType::kPass) << ActionToString(chosen);
  bool chi_seen = false;
  for (const ActionEstimate& e : ChiOnFourMan(/*whites_dead=*/false, &chosen)) {
    if (e.action.type != ActionType::kChi) continue;
    chi_seen = true;
    EXPECT_GT(e.win_chance, 0.0) << "a live yakuhai pair is a way to a yaku";
  }
  EXPECT_TRUE(chi_seen);
}

TEST(ExpertPositions, EstimatesCoverEveryLegalActionAndMatchTheChoice) {
  Table t;
  t.SetHand(1, "13m46m456p27s58s3z", "8m");
  t.Go({"1z", "9m", "2z", "7z"});
  t.Discard(0, "5p", /*riichi=*/true);
  t.TurnOf(1);
  const std::vector<Action> legal = LegalTurnActions(t.state());
  ExpertAgent expert;
  expert.BeginGame(1, 5);
  const PlayerView view(t.state(), 1);
  const std::vector<ActionEstimate> est = expert.Evaluate(view, legal);
  ASSERT_EQ(est.size(), legal.size());
  size_t best = 0;
  for (size_t i = 0; i < est.size(); ++i) {
    EXPECT_EQ(est[i].action, legal[i]);
    EXPECT_GE(est[i].deal_in_chance, 0.0);
    EXPECT_LE(est[i].deal_in_chance, 1.0);
    if (est[i].value > est[best].value) best = i;
  }
  EXPECT_EQ(expert.Choose(view, legal), legal[best]);
  // The genbutsu has no deal-in chance; a middle tile with no suji has some.
  for (const ActionEstimate& e : est) {
    if (KindText(e.action) == "5p") {
      EXPECT_EQ(e.deal_in_chance, 0.0);
    }
    if (KindText(e.action) == "6m") {
      EXPECT_GT(e.deal_in_chance, 0.05);
    }
  }
}

// ---------------------------------------------------------------- whole games

// Plays one game of `rules`; with `review`, every seat's Evaluate is called before each Choose.
class Reviewing final : public Agent {
 public:
  Reviewing(std::unique_ptr<Agent> inner, bool review) : inner_(std::move(inner)), review_(review) {}
  std::string Name() const override { return inner_->Name(); }
  void BeginGame(int seat, uint64_t seed) override { inner_->BeginGame(seat, seed); }
  Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    if (review_) {
      const std::vector<ActionEstimate> est = inner_->Evaluate(view, legal);
      if (inner_->Name().rfind("expert", 0) == 0) {
        EXPECT_EQ(est.size(), legal.size());
        ++reviewed_;
      }
    }
    return inner_->Choose(view, legal);
  }
  int reviewed_ = 0;

 private:
  std::unique_ptr<Agent> inner_;
  bool review_;
};

GameRecord PlayOne(const Ruleset& rules, const std::array<std::string, 4>& specs, uint64_t seed, bool review,
                   int* reviewed = nullptr) {
  std::array<std::unique_ptr<Reviewing>, 4> agents;
  std::array<Agent*, 4> ptrs{};
  for (int p = 0; p < 4; ++p) {
    auto made = MakeAgent(specs[p]);
    EXPECT_TRUE(made.ok()) << specs[p];
    agents[p] = std::make_unique<Reviewing>(std::move(made).value(), review);
    ptrs[p] = agents[p].get();
  }
  GameOptions options;
  options.observer = [&rules](const RoundState& s, const Event& e) {
    const std::string problem = CheckInvariants(s, rules.starting_points * 4);
    ASSERT_TRUE(problem.empty()) << EventTypeName(e.type) << ": " << problem;
  };
  GameRecord rec = PlayGame(rules, seed, ptrs, options);
  if (reviewed != nullptr)
    for (const auto& a : agents) *reviewed += a->reviewed_;
  return rec;
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

class ExpertPresetGames : public ::testing::TestWithParam<std::string> {};

TEST_P(ExpertPresetGames, LegalDeterministicAndReviewChangesNothing) {
  auto rules = LoadRuleset(GetParam());
  ASSERT_TRUE(rules.ok()) << rules.error();
  const std::array<std::string, 4> four{"expert", "expert", "expert", "expert"};
  const std::array<std::string, 4> mixed{"defensive", "expert", "random", "expert:riichi=false,calls=false"};
  for (const auto& specs : {four, mixed}) {
    const GameRecord a = PlayOne(*rules, specs, 3, false);
    ASSERT_TRUE(a.complete) << GetParam() << ": " << a.error;
    int reviewed = 0;
    const GameRecord b = PlayOne(*rules, specs, 3, true, &reviewed);
    ASSERT_TRUE(b.complete) << b.error;
    EXPECT_GT(reviewed, 50);
    EXPECT_TRUE(SameEvents(a, b)) << GetParam() << ": Evaluate changed a later Choose";
  }
}

std::vector<std::string> Presets() {
  std::vector<std::string> names;
  for (const auto& [name, text] : EmbeddedPresets()) names.emplace_back(name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(All, ExpertPresetGames, ::testing::ValuesIn(Presets()),
                         [](const auto& info) {
                           std::string n = info.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace expert_agent_test
}  // namespace mj
