// The engine playing Dunpai (盾牌): shields (deal, exchange, furiten, tsumo protection, carry-over),
// and the preset's game changes (no dead wall, no dora, game end by hands or point gap).
// Scripted scenarios on explicit walls (tests/scenario.h), then a random conformance run.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "agents/random_agent.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "engine/legal_actions.h"
#include "engine/round.h"
#include "engine/win_check.h"
#include "rules/ruleset.h"
#include "tests/scenario.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace dunpai_engine_test {
namespace {

using test::Policy;
using test::PolicyAgent;
using test::ShieldScenario;
using test::ShieldScenarioWall;

const Ruleset& Dunpai() {
  static const Ruleset rules = [] {
    auto r = LoadRuleset("dunpai");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
    return r.ok() ? r.value() : Ruleset{};
  }();
  return rules;
}

std::vector<const Event*> OfType(const std::vector<Event>& events, EventType t) {
  std::vector<const Event*> out;
  for (const Event& e : events)
    if (e.type == t) out.push_back(&e);
  return out;
}

// Checks at every event: 136 tiles and points (CheckInvariants), and that no face-up shield
// tile is ever the discard on the table (nobody may call or ron it).
void CheckEvery(const RoundState& s, const Event& e) {
  const std::string broken = CheckInvariants(s, s.rules->starting_points * 4);
  ASSERT_EQ(broken, "") << "after " << EventTypeName(e.type);
  if (s.phase == Phase::kOnDiscard) {
    for (const SeatState& p : s.seats) {
      EXPECT_EQ(std::count(p.shields_up.begin(), p.shields_up.end(), s.last_discard), 0);
    }
  }
}

struct HandResult {
  std::vector<Event> events;
  RoundOutcome outcome;
};

// Plays one hand on a shield scenario, checking invariants after every event; `extra` runs
// after every event too (state inspection).
HandResult PlayHand(const Ruleset& rules, const ShieldScenario& sc, const std::array<Policy, 4>& policy,
                    const EventObserver& extra = nullptr) {
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  RoundSetup setup;
  setup.scores.fill(rules.starting_points);
  setup.shields_carried = sc.carried;
  HandResult out;
  Round round(rules, sc.wall, setup, &out.events);
  round.set_observer([&](const RoundState& s, const Event& e) {
    CheckEvery(s, e);
    if (extra) extra(s, e);
  });
  auto outcome = round.Play({&a0, &a1, &a2, &a3});
  EXPECT_TRUE(outcome.ok()) << (outcome.ok() ? "" : outcome.error());
  if (outcome.ok()) out.outcome = *outcome;
  return out;
}

// The common deal: tests/scenario.h (kShieldDeal, ShieldDealPolicies).
const std::array<std::string, 4>& kHands = test::kShieldDeal;
std::array<Policy, 4> BasePolicies() { return test::ShieldDealPolicies(); }

TEST(DunpaiEngine, DealAndShieldSelectionWithCarriedShields) {
  // Seat 0 carries 9p, seat 1 carries 1z 2z: they are out of the wall and mixed into the deal.
  const ShieldScenario sc = ShieldScenarioWall(
      {"2468m1248p2468s7777z", "123m456m789m45p11s5z5z", "13579m13579s6666z5z", "1479m1479p1479s3z4z4z"}, "", 0,
      {"9p", "1z2z", "", ""});
  EXPECT_EQ(sc.wall.size, 133);
  std::array<Policy, 4> policy = BasePolicies();
  policy[0].shields = "7z7z9p";
  policy[1].shields = "5z5z1z2z";
  policy[3].shields = "4z4z";
  std::vector<int> order;
  const HandResult r = PlayHand(Dunpai(), sc, policy, [&](const RoundState& s, const Event& e) {
    if (e.type == EventType::kShieldSet) order.push_back(e.actor);
    if (e.type == EventType::kStartKyoku) {
      EXPECT_EQ(s.phase, Phase::kSetShield);
      // Legal: one action per distinct face in hand.
      const auto legal = LegalShieldActions(s, 0);
      EXPECT_EQ(legal.size(), 14u);  // 2468m 1248p 2468s 7z 9p
    }
  });
  const auto& start = *OfType(r.events, EventType::kStartKyoku).at(0)->start;
  EXPECT_EQ(start.tehais[0].size(), 17u);
  EXPECT_EQ(start.tehais[1].size(), 17u);
  EXPECT_EQ(start.tehais[2].size(), 15u);
  EXPECT_EQ(start.tehais[3].size(), 15u);
  EXPECT_EQ(start.shields_carried, (std::array<int, 4>{1, 2, 0, 0}));
  EXPECT_EQ(start.dora_marker, kNoTile);
  // n + 2 choices each, dealer first, each seat finishing before the next.
  EXPECT_EQ(order, (std::vector<int>{0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3}));
  // The dealer's first action is a discard (no draw), right after the last shield_set.
  size_t i = 0;
  while (r.events[i].type != EventType::kShieldSet) ++i;
  while (r.events[i].type == EventType::kShieldSet) ++i;
  EXPECT_EQ(r.events[i].type, EventType::kDahai);
  EXPECT_EQ(r.events[i].actor, 0);
  // No dead wall: every wall tile is drawn (133 - 61 dealt = 72 draws), then the exhaustive draw.
  EXPECT_EQ(OfType(r.events, EventType::kTsumo).size(), 72u);
  EXPECT_TRUE(OfType(r.events, EventType::kDora).empty());
  ASSERT_EQ(OfType(r.events, EventType::kRyukyoku).size(), 1u);
  EXPECT_EQ(OfType(r.events, EventType::kRyukyoku)[0]->ryukyoku->reason, DrawReason::kExhaustive);
}

TEST(DunpaiEngine, ExchangePutsTheShieldInTheRiverAndTheTileFaceUp) {
  // Seat 1 draws 1z and 2z and exchanges each for a 5z shield; afterwards it has none face down.
  const ShieldScenario sc = ShieldScenarioWall(kHands, "1z6s3z4z2z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[1].exchanges = {{"1z", "5z"}, {"2z", "5z"}};
  int seat1_turns_after = 0;
  Event last_exchange;
  const HandResult r = PlayHand(Dunpai(), sc, policy, [&](const RoundState& s, const Event& e) {
    const SeatState& p = s.seats[1];
    if (e.type == EventType::kExchange && e.actor == 1) {
      EXPECT_EQ(KindOf(e.consumed[0]), ParseTile("5z")->kind);
      last_exchange = e;
    }
    if (e.type == EventType::kDahai && last_exchange.actor == 1) {
      // The tiles move with the shield's dahai.
      EXPECT_EQ(p.shields_up.back(), last_exchange.pai);
      EXPECT_EQ(p.river.back().tile, last_exchange.consumed[0]);
      EXPECT_EQ(std::count(p.hand.begin(), p.hand.end(), last_exchange.pai), 0);
      last_exchange = Event{};
    }
    if (e.type == EventType::kTsumo && e.actor == 1 && p.shields_down.empty()) {
      ++seat1_turns_after;
      EXPECT_EQ(p.shields_up.size(), 2u);
      for (const Action& a : LegalTurnActions(s)) EXPECT_NE(a.type, ActionType::kExchange);  // no re-exchange
    }
    if (e.type == EventType::kTsumo && e.actor == 1 && !p.shields_down.empty()) {
      // Exchanges offered only with face-down shields, never with a face-up tile.
      for (const Action& a : LegalTurnActions(s)) {
        if (a.type == ActionType::kExchange) {
          EXPECT_NE(std::find(p.shields_down.begin(), p.shields_down.end(), a.consumed[0]), p.shields_down.end());
        }
      }
    }
  });
  const auto ex = OfType(r.events, EventType::kExchange);
  ASSERT_EQ(ex.size(), 2u);
  // exchange then dahai of the shield, not tsumogiri.
  for (const Event* e : ex) {
    const Event& next = *(e + 1);
    EXPECT_EQ(next.type, EventType::kDahai);
    EXPECT_EQ(next.pai, e->consumed[0]);
    EXPECT_FALSE(next.tsumogiri);
  }
  EXPECT_GT(seat1_turns_after, 0);
}

TEST(DunpaiEngine, NoExchangeInRiichiAndOpenRiichiShowsTheHand) {
  const ShieldScenario sc = ShieldScenarioWall(kHands, "1z6s3z4z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[1].open_riichi = true;
  bool checked = false;
  const HandResult r = PlayHand(Dunpai(), sc, policy, [&](const RoundState& s, const Event& e) {
    if (e.type == EventType::kTsumo && e.actor == 1 && s.seats[1].InRiichi()) {
      EXPECT_FALSE(s.seats[1].shields_down.empty());
      for (const Action& a : LegalTurnActions(s)) EXPECT_NE(a.type, ActionType::kExchange);
      checked = true;
    }
  });
  const auto reach = OfType(r.events, EventType::kReach);
  ASSERT_EQ(reach.size(), 1u);
  EXPECT_TRUE(reach[0]->open);
  EXPECT_EQ(OfType(r.events, EventType::kReachAccepted).size(), 1u);
  EXPECT_TRUE(checked);
}

// Seat 1 draws `draw` and exchanges it for a 5z shield; seat 2 then draws and discards 3p.
HandResult FuritenScenario(const std::string& draw) {
  const ShieldScenario sc = ShieldScenarioWall(kHands, draw + "3p");
  std::array<Policy, 4> policy = BasePolicies();
  policy[1].win = true;
  policy[1].exchanges = {{draw, "5z"}};
  return PlayHand(Dunpai(), sc, policy, [](const RoundState& s, const Event& e) {
    if (e.type == EventType::kDahai && e.actor == 1 && !s.seats[1].shields_up.empty() &&
        KindOf(s.seats[1].shields_up[0]) == ParseTile("6p")->kind) {
      EXPECT_TRUE(IsFuriten(s.seats[1], WaitMask(s.seats[1])));
    }
  });
}

TEST(DunpaiEngine, FaceUpShieldMakesItsOwnerFuriten) {
  // 6p (a wait) face up: no ron on 3p. The exchange is made before winning on 6p.
  const HandResult furiten = FuritenScenario("6p");
  for (const Event* h : OfType(furiten.events, EventType::kHora)) EXPECT_EQ(h->actor, h->target);  // no ron
  // 1z face up: the same 3p is won.
  const HandResult ron = FuritenScenario("1z");
  const auto horas = OfType(ron.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  EXPECT_EQ(horas[0]->actor, 1);
  EXPECT_EQ(horas[0]->target, 2);
  EXPECT_EQ(KindOf(horas[0]->pai), ParseTile("3p")->kind);
}

// Seat 2 exchanges 3p face up (a wait of seat 1, not the tile it wins on); seat 1 wins by tsumo
// on 6p. With `open`, seat 1 declared open riichi on its first draw.
HandResult ProtectionScenario(bool open) {
  const ShieldScenario sc = ShieldScenarioWall(kHands, "1z3p3z4z6p");
  std::array<Policy, 4> policy = BasePolicies();
  policy[1].win = true;
  policy[1].open_riichi = open;
  policy[2].exchanges = {{"3p", "6z"}};
  policy[3].shields = "3z1z";
  policy[3].discards = "2z";
  return PlayHand(Dunpai(), sc, policy);
}

TEST(DunpaiEngine, TsumoProtectionSparesTheSeatWithAFaceUpWait) {
  const HandResult r = ProtectionScenario(false);
  const auto prot = OfType(r.events, EventType::kProtection);
  ASSERT_EQ(prot.size(), 1u);
  EXPECT_EQ(prot[0]->actor, 2);
  EXPECT_EQ(prot[0]->target, 1);
  EXPECT_EQ(KindOf(prot[0]->pai), ParseTile("3p")->kind);
  const auto horas = OfType(r.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  EXPECT_EQ(prot[0] + 1, horas[0]);  // protection comes right before the hora
  const HoraInfo& h = *horas[0]->hora;
  EXPECT_EQ(h.score.payment.kind, PaymentKind::kTsumoDealer);
  const int each = h.score.payment.each;
  // Ittsu 2 + pinfu 1 + menzen tsumo 1 = 4 han = 8000: 2700 each, seat 2 pays nothing.
  EXPECT_EQ(each, 2700);
  EXPECT_EQ(h.deltas, (std::array<int, 4>{-each, 2 * each, 0, -each}));
  // No dealer difference, no honba.
  EXPECT_EQ(r.outcome.scores, h.deltas);
}

TEST(DunpaiEngine, OpenRiichiVoidsTsumoProtection) {
  const HandResult r = ProtectionScenario(true);
  EXPECT_TRUE(OfType(r.events, EventType::kProtection).empty());
  const auto horas = OfType(r.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  const HoraInfo& h = *horas[0]->hora;
  const int each = h.score.payment.each;
  EXPECT_EQ(h.deltas, (std::array<int, 4>{-each, 3 * each, -each, -each}));
  bool open_riichi = false;
  for (const YakuEntry& y : h.score.yaku) open_riichi = open_riichi || y.id == YakuId::kOpenRiichi;
  EXPECT_TRUE(open_riichi);
  // No riichi deposit.
  EXPECT_EQ(h.score.deposits, 0);
}

TEST(DunpaiEngine, WinnerAndDiscarderLoseTheirShieldsBystandersKeepThem) {
  // Double ron: the dealer discards 6p to seat 1 (ittsu) and seat 2 (tanyao, 6p tanki).
  const ShieldScenario sc = ShieldScenarioWall(
      {"2468m2469p2468s7777z", "123m456m789m45p11s5z5z", "234m567m345s678s6p6z6z", "1479m1479p1479s1z2z3z"}, "");
  std::array<Policy, 4> policy = BasePolicies();
  policy[0].discards = "6p";
  policy[1].win = policy[2].win = true;
  const HandResult r = PlayHand(Dunpai(), sc, policy);
  const auto horas = OfType(r.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 2u);
  const auto lost = OfType(r.events, EventType::kShieldsLost);
  ASSERT_EQ(lost.size(), 3u);
  EXPECT_EQ(lost[0]->actor, 1);
  EXPECT_EQ(lost[0]->cause, ShieldLossCause::kWon);
  EXPECT_EQ(lost[1]->actor, 2);
  EXPECT_EQ(lost[1]->cause, ShieldLossCause::kWon);
  EXPECT_EQ(lost[2]->actor, 0);
  EXPECT_EQ(lost[2]->cause, ShieldLossCause::kDealtIn);
  for (const Event* e : lost) EXPECT_EQ(e->count, 2);
  EXPECT_TRUE(r.outcome.shields_kept[0].empty());
  EXPECT_TRUE(r.outcome.shields_kept[1].empty());
  EXPECT_TRUE(r.outcome.shields_kept[2].empty());
  EXPECT_EQ(r.outcome.shields_kept[3].size(), 2u);
  // Each ron paid by the discarder alone.
  EXPECT_EQ(horas[0]->hora->deltas[3], 0);
  EXPECT_EQ(horas[1]->hora->deltas[3], 0);
}

TEST(DunpaiEngine, CarryOverAfterTenpaiAndNotenDraws) {
  // Hand 1: seat 1 (tenpai) exchanges 1z for a 5z shield; nobody wins; exhaustive draw.
  const ShieldScenario sc = ShieldScenarioWall(kHands, "1z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[1].exchanges = {{"1z", "5z"}};
  std::array<std::unique_ptr<PolicyAgent>, 4> agents;
  for (int p = 0; p < 4; ++p) agents[p] = std::make_unique<PolicyAgent>(policy[p]);
  GameOptions options;
  options.wall_for_hand = [&](int hand) { return hand == 0 ? std::optional<Wall>(sc.wall) : std::nullopt; };
  options.max_hands = 2;
  options.observer = CheckEvery;
  const GameRecord rec = PlayGame(Dunpai(), 5, {agents[0].get(), agents[1].get(), agents[2].get(), agents[3].get()}, options);
  ASSERT_TRUE(rec.complete) << rec.error;
  const auto starts = OfType(rec.events, EventType::kStartKyoku);
  ASSERT_EQ(starts.size(), 2u);
  // Hand 1's end: seat 1 loses the face-up 1z only; the noten seats lose everything.
  std::vector<const Event*> lost;
  for (const Event* e : OfType(rec.events, EventType::kShieldsLost))
    if (e < starts[1]) lost.push_back(e);
  ASSERT_EQ(lost.size(), 4u);
  for (const Event* e : lost) {
    if (e->actor == 1) {
      EXPECT_EQ(e->cause, ShieldLossCause::kTenpaiFaceUp);
      EXPECT_EQ(e->count, 0);
      ASSERT_EQ(e->tiles.size(), 1u);
      EXPECT_EQ(KindOf(e->tiles[0]), ParseTile("1z")->kind);
    } else {
      EXPECT_EQ(e->cause, ShieldLossCause::kNoten);
      EXPECT_EQ(e->count, 2);
      EXPECT_TRUE(e->tiles.empty());
    }
  }
  // Hand 2 (dealer 1): seat 1 carries its 5z and sets 3 shields; the others 2.
  const StartKyokuInfo& next = *starts[1]->start;
  EXPECT_EQ(next.oya, 1);
  EXPECT_EQ(next.honba, 0);
  EXPECT_EQ(next.shields_carried, (std::array<int, 4>{0, 1, 0, 0}));
  EXPECT_EQ(next.tehais[1].size(), 17u);
  EXPECT_EQ(std::count_if(next.tehais[1].begin(), next.tehais[1].end(),
                          [](Tile t) { return KindOf(t) == ParseTile("5z")->kind; }) >= 1,
            true);
  int seat1_sets = 0;
  for (auto it = starts[1]; it != rec.events.data() + rec.events.size(); ++it)
    if (it->type == EventType::kShieldSet && it->actor == 1) ++seat1_sets;
  EXPECT_EQ(seat1_sets, 3);
}

TEST(DunpaiEngine, HiddenClosedKanInTheView) {
  // Seat 1 has a closed kan laid face down: others do not see it, the kan tile is hidden.
  RoundState s;
  s.rules = &Dunpai();
  s.dora_revealed = 0;
  s.seats[1].melds.push_back(EngineMeld{MeldType::kAnkan, {0, 1, 2, 3}, 4, kNoTile, -1});
  const PlayerView other(s, 0), own(s, 1);
  EXPECT_TRUE(other.meld_hidden(1, 0));
  EXPECT_FALSE(own.meld_hidden(1, 0));
  EXPECT_EQ(other.VisibleCounts()[0], 0);
  EXPECT_EQ(own.VisibleCounts()[0], 4);
}

TEST(DunpaiEngine, KanReplacementComesFromTheWallWithoutDoraOrDeadWall) {
  // Seat 2 keeps 6666z and makes a closed kan on its first draw; its replacement is the next wall
  // tile (2z, which seat 3 would have drawn).
  const ShieldScenario sc = ShieldScenarioWall(kHands, "1z6s2z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[2].shields = "1m3m";
  policy[2].kan = true;
  bool replacement_seen = false;
  const HandResult r = PlayHand(Dunpai(), sc, policy, [&](const RoundState& s, const Event& e) {
    if (e.type == EventType::kTsumo && e.actor == 2 && s.drawn_from_rinshan && !replacement_seen) {
      replacement_seen = true;
      EXPECT_EQ(KindOf(e.pai), ParseTile("2z")->kind);
      EXPECT_EQ(s.dora_revealed, 0);
      const PlayerView other(s, 0);
      EXPECT_TRUE(other.meld_hidden(2, 0));
    }
  });
  EXPECT_EQ(OfType(r.events, EventType::kAnkan).size(), 1u);
  EXPECT_TRUE(replacement_seen);
  EXPECT_TRUE(OfType(r.events, EventType::kDora).empty());
  // Every one of the 136 - 61 wall tiles is drawn, the replacement included.
  EXPECT_EQ(OfType(r.events, EventType::kTsumo).size(), 75u);
}

TEST(DunpaiEngine, WinContextHasPeachTilesAndNoRoundWindRedFivesOrHonba) {
  RoundState s;
  s.rules = &Dunpai();
  s.dora_revealed = 0;
  s.round_wind = 1;
  SeatState& p = s.seats[1];
  // 3*m (peach) 4m 5m-copy-0 (not red here) 7*p (peach): 345m 789p 123s 456s 1z, ron on 1z (pinfu).
  for (Tile t : {TileOf(2, 0), TileOf(3, 1), TileOf(4, 0), TileOf(15, 0), TileOf(16, 1), TileOf(17, 1),
                 TileOf(18, 1), TileOf(19, 1), TileOf(20, 1), TileOf(21, 1), TileOf(22, 1), TileOf(23, 1),
                 TileOf(27, 0)}) {
    p.hand.push_back(t);
    ++p.counts[KindOf(t)];
  }
  const WinContext ctx = MakeWinContext(s, 1, TileOf(27, 1), WinKind::kRon);
  EXPECT_EQ(ctx.peach_tiles, 2);
  EXPECT_EQ(ctx.red_fives, 0);
  EXPECT_FALSE(ctx.has_round_wind);
  EXPECT_EQ(ctx.honba, 0);
  EXPECT_TRUE(ctx.dora_indicators.empty());
  const ScoreResult r = ScoreWin(s, 1, TileOf(27, 1), WinKind::kRon);
  bool peach = false;
  for (const YakuEntry& y : r.yaku) peach = peach || y.id == YakuId::kPeachDora;
  EXPECT_TRUE(peach);
}

// ---- game end ------------------------------------------------------------------------------

TEST(DunpaiEngine, GameEndsAfterTenHandsOrAPointGapAbove50000) {
  const Ruleset& rules = Dunpai();
  RoundSetup played;
  RoundOutcome o;
  o.abortive = true;
  played.hands_played = 8;  // the 9th hand
  played.kyoku = 0;
  played.round_wind = 2;
  EXPECT_FALSE(AdvanceGame(rules, played, o).game_over);
  EXPECT_EQ(AdvanceGame(rules, played, o).setup.kyoku, 1);  // no renchan after an abortive draw
  played.hands_played = 9;  // the 10th
  EXPECT_TRUE(AdvanceGame(rules, played, o).game_over);
  played.hands_played = 3;
  o.scores = {25000, -25000, 0, 0};  // gap exactly 50000: go on
  EXPECT_FALSE(AdvanceGame(rules, played, o).game_over);
  o.scores = {25100, -25100, 0, 0};
  EXPECT_TRUE(AdvanceGame(rules, played, o).game_over);
  // A dealer win passes the deal too; honba stays 0.
  o.scores = {};
  o.abortive = false;
  o.win = o.dealer_won = true;
  const NextHand n = AdvanceGame(rules, played, o);
  EXPECT_EQ(n.setup.kyoku, 1);
  EXPECT_EQ(n.setup.honba, 0);
}

// ---- random conformance --------------------------------------------------------------------

TEST(DunpaiEngine, ThousandRandomGamesKeepEveryInvariant) {
  const Ruleset& rules = Dunpai();
  const auto t0 = std::chrono::steady_clock::now();
  int exchanges = 0, protections = 0, lost = 0, carried_hands = 0, gap_ends = 0;
  for (uint64_t seed = 1; seed <= 1000; ++seed) {
    RandomAgent a, b, c, d;
    GameOptions options;
    options.observer = [](const RoundState& s, const Event& e) {
      const std::string broken = CheckInvariants(s, 0);
      ASSERT_EQ(broken, "") << "after " << EventTypeName(e.type);
    };
    const GameRecord rec = PlayGame(rules, seed, {&a, &b, &c, &d}, options);
    ASSERT_TRUE(rec.complete) << "seed " << seed << ": " << rec.error;
    int hands = 0;
    std::array<int, 4> scores{};
    for (const Event& e : rec.events) {
      exchanges += e.type == EventType::kExchange;
      protections += e.type == EventType::kProtection;
      lost += e.type == EventType::kShieldsLost;
      if (e.type == EventType::kStartKyoku) {
        // Before this hand the game had not ended.
        if (hands > 0) {
          EXPECT_LE(*std::max_element(scores.begin(), scores.end()) - *std::min_element(scores.begin(), scores.end()),
                    50000);
        }
        ++hands;
        EXPECT_EQ(e.start->honba, 0);
        EXPECT_EQ(e.start->kyotaku, 0);
        carried_hands += std::any_of(e.start->shields_carried.begin(), e.start->shields_carried.end(),
                                     [](int n) { return n > 0; });
      }
      if (e.hora) scores = e.hora->scores;
      if (e.ryukyoku) scores = e.ryukyoku->scores;
    }
    const int gap = *std::max_element(scores.begin(), scores.end()) - *std::min_element(scores.begin(), scores.end());
    EXPECT_TRUE(hands == 10 || gap > 50000) << "seed " << seed << ": " << hands << " hands, gap " << gap;
    gap_ends += gap > 50000;
    int sum = 0;
    for (int p = 0; p < 4; ++p) sum += rec.end.scores[p];
    EXPECT_EQ(sum, 0);
  }
  EXPECT_GT(exchanges, 0);
  EXPECT_GT(lost, 0);
  EXPECT_GT(carried_hands, 0);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("1000 dunpai games: %.1f s, %d exchanges, %d protections, %d gap ends\n", secs, exchanges, protections,
              gap_ends);
}

// kinds_after_riichi against the discard order rebuilt from the table alone: from the dealer,
// each discard is followed by the next seat's, or by the caller's when it was called.
std::array<uint64_t, 4> KindsAfterRiichiByWalk(const RoundState& s) {
  std::array<uint64_t, 4> out{};
  std::array<int, 4> riichi_index{-1, -1, -1, -1};
  size_t total = 0;
  for (int p = 0; p < 4; ++p) {
    const auto& river = s.seats[p].river;
    for (size_t i = 0; i < river.size(); ++i)
      if (river[i].riichi) riichi_index[p] = static_cast<int>(i);
    total += river.size();
  }
  std::array<size_t, 4> next{};
  int cur = s.dealer;
  for (size_t n = 0; n < total; ++n) {
    const auto& river = s.seats[cur].river;
    if (next[cur] >= river.size()) break;
    const RiverTile& t = river[next[cur]];
    for (int q = 0; q < 4; ++q)  // after every riichi tile walked past already
      if (riichi_index[q] >= 0 && static_cast<int>(next[q]) > riichi_index[q]) out[q] |= uint64_t{1} << KindOf(t.tile);
    ++next[cur];
    int following = (cur + 1) % 4;
    if (t.called)
      for (int p = 0; p < 4; ++p)
        for (const EngineMeld& meld : s.seats[p].melds)
          if (meld.called == t.tile && meld.from == cur) following = p;
    cur = following;
  }
  return out;
}

TEST(DunpaiEngine, KindsAfterRiichiFollowTheDiscardOrder) {
  auto shields_on_riichi = RulesetFromJson({{"base", "riichi"}, {"shields", {{"enabled", true}}}});
  ASSERT_TRUE(shields_on_riichi.ok()) << shields_on_riichi.error();
  auto riichi = LoadRuleset("riichi");
  ASSERT_TRUE(riichi.ok()) << riichi.error();
  int checked = 0;
  for (const Ruleset* rules : {&Dunpai(), &*shields_on_riichi, &*riichi}) {
    for (uint64_t seed = 1; seed <= 60; ++seed) {
      RandomAgent a, b, c, d;
      GameOptions options;
      options.observer = [&](const RoundState& s, const Event&) {
        const auto walked = KindsAfterRiichiByWalk(s);
        for (int p = 0; p < 4; ++p) {
          ASSERT_EQ(s.seats[p].kinds_after_riichi, walked[p]) << "seat " << p;
          checked += s.seats[p].riichi_tile_placed;
        }
      };
      const GameRecord rec = PlayGame(*rules, seed, {&a, &b, &c, &d}, options);
      ASSERT_TRUE(rec.complete) << rec.error;
    }
  }
  EXPECT_GT(checked, 1000);
}

// legal_actions.h's order of a turn list, which agents and the round rely on (FirstExchange,
// tsumo at the front): tsumo, nine terminals, kans, discards, riichi, open riichi, exchanges.
class OrderCheckingAgent final : public Agent {
 public:
  [[nodiscard]] std::string Name() const override { return "order-checking random"; }
  void BeginGame(int seat, uint64_t seed) override { random_.BeginGame(seat, seed); }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    if (view.phase() == Phase::kAfterDraw || view.phase() == Phase::kAfterCall) Check(legal);
    return random_.Choose(view, legal);
  }
  int lists = 0, with_exchanges = 0;

 private:
  static int Rank(ActionType t) {
    switch (t) {
      case ActionType::kTsumo: return 0;
      case ActionType::kNineTerminals: return 1;
      case ActionType::kAnkan:
      case ActionType::kKakan: return 2;
      case ActionType::kDiscard: return 3;
      case ActionType::kRiichi: return 4;
      case ActionType::kOpenRiichi: return 5;
      case ActionType::kExchange: return 6;
      default: return -1;
    }
  }
  void Check(std::span<const Action> legal) {
    ++lists;
    size_t exchanges = 0;
    std::vector<Tile> hand_faces, shield_faces;
    for (size_t i = 0; i < legal.size(); ++i) {
      ASSERT_GE(Rank(legal[i].type), 0) << ActionToString(legal[i]);
      if (i > 0) {
        ASSERT_LE(Rank(legal[i - 1].type), Rank(legal[i].type)) << ActionToString(legal[i]);
      }
      if (legal[i].type != ActionType::kExchange) continue;
      ++exchanges;
      if (hand_faces.empty() || hand_faces.back() != legal[i].tile) hand_faces.push_back(legal[i].tile);
      if (hand_faces.size() == 1) shield_faces.push_back(legal[i].consumed[0]);
    }
    ASSERT_EQ(FirstExchange(legal), legal.size() - exchanges);
    // No face twice (Dunpai's faces: kind, and peach or not).
    for (size_t i = 0; i < hand_faces.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        ASSERT_FALSE(KindOf(hand_faces[i]) == KindOf(hand_faces[j]) &&
                     IsPeachCopy(hand_faces[i]) == IsPeachCopy(hand_faces[j]));
    // Hand face by hand face (each once), each with the same shield faces.
    ASSERT_EQ(exchanges, hand_faces.size() * shield_faces.size());
    for (size_t i = 0; i < exchanges; ++i) {
      const Action& x = legal[legal.size() - exchanges + i];
      ASSERT_EQ(x.tile, hand_faces[i / shield_faces.size()]);
      ASSERT_EQ(x.consumed[0], shield_faces[i % shield_faces.size()]);
    }
    with_exchanges += exchanges > 0;
  }
  RandomAgent random_;
};

// The exchange tail for 1 to 19 face-down shield faces (odd and even counts, and more exchanges
// than the engine builds on the stack): hand face by hand face in discard order, each with every
// shield face in shield order, nothing else after the discards.
TEST(DunpaiEngine, ExchangeListForManyShieldFaces) {
  for (const int num_shields : {1, 2, 3, 4, 5, 8, 19}) {
    RoundState s;
    s.rules = &Dunpai();
    s.dealer = 0;
    s.turn = 0;
    s.phase = Phase::kAfterDraw;
    SeatState& p = s.seats[0];
    // 14 tiles of 14 kinds (copy 1: never a peach), then shields of other kinds.
    for (int k = 0; k < 14; ++k) {
      p.hand.push_back(TileOf(static_cast<Kind>(k), 1));
      ++p.counts[k];
    }
    s.drawn = p.hand.back();
    std::vector<Tile> shields;
    for (int i = 0; i < num_shields; ++i) shields.push_back(TileOf(static_cast<Kind>(14 + i % 20), 2 + i / 20));
    p.shields_down = shields;
    const std::vector<Action> legal = LegalTurnActions(s);
    const size_t x = FirstExchange(legal);
    ASSERT_EQ(legal.size() - x, 14u * shields.size()) << num_shields << " shields";
    size_t i = x;
    for (Tile face : p.hand)
      for (Tile shield : shields) {
        const Action& a = legal[i++];
        ASSERT_EQ(a.type, ActionType::kExchange);
        ASSERT_EQ(a.actor, 0);
        ASSERT_EQ(a.tile, face) << num_shields << " shields, action " << i;
        ASSERT_EQ(a.consumed[0], shield) << num_shields << " shields, action " << i;
        ASSERT_EQ(a.num_consumed, 1);
        ASSERT_EQ(a.consumed[1], kNoTile);
      }
  }
}

TEST(DunpaiEngine, TurnListsKeepTheirStatedOrder) {
  OrderCheckingAgent a, b, c, d;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const GameRecord rec = PlayGame(Dunpai(), seed, {&a, &b, &c, &d});
    ASSERT_TRUE(rec.complete) << "seed " << seed << ": " << rec.error;
  }
  EXPECT_GT(a.with_exchanges, 100);
  EXPECT_GT(a.lists, a.with_exchanges);
}

TEST(DunpaiEngine, ShieldModuleOnTheRiichiRuleset) {
  // The module alone on riichi: dead wall, dora, deposits and renchan as usual.
  auto rules = RulesetFromJson({{"base", "riichi"}, {"shields", {{"enabled", true}}}});
  ASSERT_TRUE(rules.ok()) << rules.error();
  int exchanges = 0, carried_hands = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    RandomAgent a, b, c, d;
    GameOptions options;
    options.observer = [&](const RoundState& s, const Event& e) {
      const std::string broken = CheckInvariants(s, rules->starting_points * 4);
      ASSERT_EQ(broken, "") << "after " << EventTypeName(e.type);
    };
    const GameRecord rec = PlayGame(*rules, seed, {&a, &b, &c, &d}, options);
    ASSERT_TRUE(rec.complete) << "seed " << seed << ": " << rec.error;
    for (const Event& e : rec.events) {
      exchanges += e.type == EventType::kExchange;
      if (e.type == EventType::kStartKyoku) {
        EXPECT_NE(e.start->dora_marker, kNoTile);
        carried_hands += std::any_of(e.start->shields_carried.begin(), e.start->shields_carried.end(),
                                     [](int n) { return n > 0; });
      }
    }
  }
  EXPECT_GT(exchanges, 0);
  EXPECT_GT(carried_hands, 0);
}

}  // namespace
}  // namespace dunpai_engine_test
}  // namespace mj
