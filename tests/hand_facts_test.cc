// The per player-hand facts behind seed 003's claims (replays/hand_facts.h), on two hand-built
// riichi hands whose expected facts are worked out by hand from the definitions in
// docs/PLAYTEST.md ("Seed 003's claims"): first tenpai, riichi faced, a riichi ron let pass, a
// closed hand's tsumo let pass, deal-ins to a riichi, point changes, leaders, first winner.

#include <gtest/gtest.h>

#include <memory>

#include "playtest/hand_facts.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace hand_facts_test {
namespace {

// Kinds: m 0-8, p 9-17, s 18-26, E S W N P F C 27-33.
constexpr Kind M(int n) { return static_cast<Kind>(n - 1); }
constexpr Kind P(int n) { return static_cast<Kind>(9 + n - 1); }
constexpr Kind S(int n) { return static_cast<Kind>(18 + n - 1); }
constexpr Kind kEast = 27, kWest = 29, kNorth = 30, kWhite = 31, kGreen = 32, kRed = 33;

struct Builder {
  GameRecord record;
  std::array<int, 34> next{};

  Tile T(Kind k) { return TileOf(k, next[k]++ & 3); }
  void Start(int oya, std::array<int, 4> scores, std::array<std::vector<Kind>, 4> hands) {
    auto s = std::make_shared<StartKyokuInfo>();
    s->oya = oya;
    s->scores = scores;
    for (int p = 0; p < 4; ++p)
      for (Kind k : hands[p]) s->tehais[p].push_back(T(k));
    Event e;
    e.type = EventType::kStartKyoku;
    e.start = s;
    record.events.push_back(e);
  }
  void Act(EventType type, int actor, Kind k = 0, bool tile = true) {
    Event e;
    e.type = type;
    e.actor = static_cast<int8_t>(actor);
    if (tile) e.pai = T(k);
    record.events.push_back(e);
  }
  void Draw(int actor, Kind k) { Act(EventType::kTsumo, actor, k); }
  void Discard(int actor, Kind k) { Act(EventType::kDahai, actor, k); }
  void Riichi(int actor, Kind discard) {
    Act(EventType::kReach, actor, 0, false);
    Discard(actor, discard);
    Act(EventType::kReachAccepted, actor, 0, false);
  }
  void Win(int actor, int target, Payment pay, std::array<int, 4> scores) {
    auto h = std::make_shared<HoraInfo>();
    h->score.payment = pay;
    h->scores = scores;
    Event e;
    e.type = EventType::kHora;
    e.actor = static_cast<int8_t>(actor);
    e.target = static_cast<int8_t>(target);
    e.hora = h;
    record.events.push_back(e);
    Event end;
    end.type = EventType::kEndKyoku;
    record.events.push_back(end);
  }
};

TEST(HandFacts, RiichiRonAndClosedTsumoLetPassDealInsLeaders) {
  Builder b;
  b.record.rules = *LoadRuleset("riichi");
  const std::vector<Kind> junk0 = {M(1), M(5), M(9), P(1), P(5), P(9), S(1), S(5), S(9), kEast, kWest, kNorth, kWhite, kGreen};
  const std::vector<Kind> junk = {M(1), M(5), M(9), P(1), P(5), P(9), S(1), S(5), S(9), kEast, kWest, kNorth, kRed};
  // Hand 1: seat 1 holds 123m 456m 789m 123p 5p, waiting on 5p alone.
  b.Start(0, {25000, 25000, 25000, 25000},
          {{junk0, {M(1), M(2), M(3), M(4), M(5), M(6), M(7), M(8), M(9), P(1), P(2), P(3), P(5)}, junk, junk}});
  b.Discard(0, kEast);          // seat 0: not tenpai
  b.Draw(1, S(9));
  b.Riichi(1, S(9));            // seat 1 tenpai after its 1st discard; seats 0, 2, 3 face its riichi
  b.Draw(2, P(5));
  b.Discard(2, P(5));           // seat 1 could ron (riichi, not furiten) ...
  b.Draw(3, kRed);              // ... and let it pass: 1 declined
  b.Discard(3, kRed);
  b.Draw(0, kEast);
  b.Discard(0, kEast);
  b.Draw(1, P(5));              // a certain tsumo (riichi), taken
  b.Win(1, 1, Payment{PaymentKind::kTsumoNonDealer, 0, 2000, 1000, 0}, {23000, 29000, 24000, 24000});
  // Hand 2, seat 1 deals: seat 2 holds 234m 567m 234p 567p 9s (waits 9s); seat 0 holds
  // 123s 456s 789s 11p 22p (closed, waits 1p and 2p).
  b.Start(1, {23000, 29000, 24000, 24000},
          {{{S(1), S(2), S(3), S(4), S(5), S(6), S(7), S(8), S(9), P(1), P(1), P(2), P(2)}, junk0,
            {M(2), M(3), M(4), M(5), M(6), M(7), P(2), P(3), P(4), P(5), P(6), P(7), S(9)}, junk}});
  b.Discard(1, kEast);
  b.Draw(2, kWest);
  b.Riichi(2, kWest);           // seats 3, 0, 1 face seat 2's riichi
  b.Draw(3, kNorth);
  b.Discard(3, kNorth);
  b.Draw(0, P(1));              // seat 0's closed hand is complete: a certain tsumo ...
  b.Discard(0, P(1));           // ... let pass: 1 declined; 123456789s 1p 22p waits on 3p: tenpai after 1 discard
  b.Draw(1, kNorth);
  b.Discard(1, S(9));           // seat 2 rons: seat 1 dealt into a riichi it faced
  b.Win(2, 1, Payment{PaymentKind::kRon, 3900, 0, 0, 0}, {23000, 25100, 27900, 24000});
  b.record.complete = true;

  const GameHandFacts f = FoldHandFacts(b.record);
  ASSERT_EQ(f.hands.size(), 2u);
  const auto& h1 = f.hands[0];
  EXPECT_EQ(h1[1].declined, 1);
  EXPECT_TRUE(h1[1].won);
  EXPECT_EQ(h1[1].win_value, 4000);
  EXPECT_EQ(h1[1].delta, 4000);
  EXPECT_EQ(h1[1].first_tenpai, 1);
  EXPECT_TRUE(h1[1].tenpai_end);
  EXPECT_FALSE(h1[1].faced_riichi);
  for (int p : {0, 2, 3}) {
    EXPECT_TRUE(h1[p].faced_riichi) << p;
    EXPECT_FALSE(h1[p].shield_when_faced) << p;
    EXPECT_FALSE(h1[p].dealt_in_to_riichi) << p;
    EXPECT_EQ(h1[p].declined, 0) << p;
    EXPECT_EQ(h1[p].first_tenpai, -1) << p;
  }
  EXPECT_EQ(h1[0].delta, -2000);
  EXPECT_EQ(h1[2].delta, -1000);
  const auto& h2 = f.hands[1];
  EXPECT_EQ(h2[0].declined, 1);
  EXPECT_EQ(h2[0].first_tenpai, 1);
  EXPECT_TRUE(h2[0].faced_riichi);
  EXPECT_TRUE(h2[1].faced_riichi);
  EXPECT_TRUE(h2[1].dealt_in_to_riichi);
  EXPECT_FALSE(h2[3].dealt_in_to_riichi);
  EXPECT_EQ(h2[2].declined, 0);
  EXPECT_TRUE(h2[2].won);
  EXPECT_EQ(h2[2].delta, 3900);  // -1000 riichi, +3900, +1000 the stick
  EXPECT_EQ(h2[1].delta, -3900);
  EXPECT_EQ(f.leaders, (std::vector<int>{1, 2}));
  EXPECT_EQ(f.first_winner, 1);
}

TEST(HandFacts, NoCertainWinsCountedUnderNingbo) {
  EXPECT_TRUE(CertainWinsCounted(*LoadRuleset("riichi")));
  EXPECT_TRUE(CertainWinsCounted(*LoadRuleset("dunpai")));
  EXPECT_FALSE(CertainWinsCounted(*LoadRuleset("ningbo")));
}

}  // namespace
}  // namespace hand_facts_test
}  // namespace mj
