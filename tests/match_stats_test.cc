// Match statistics on hand-built records: every expected number below was counted by hand from
// the events written out in the fixture.

#include "engine/match_plan.h"
#include "playtest/match_stats.h"

#include <gtest/gtest.h>

#include <memory>

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace match_stats_test {
namespace {

Event Ev(EventType type, int actor = -1, int target = -1) {
  Event e;
  e.type = type;
  e.actor = static_cast<int8_t>(actor);
  e.target = static_cast<int8_t>(target);
  return e;
}

Event StartKyoku(int oya) {
  Event e = Ev(EventType::kStartKyoku);
  auto info = std::make_shared<StartKyokuInfo>();
  info->oya = oya;
  info->scores = {25000, 25000, 25000, 25000};
  e.start = info;
  return e;
}

Event Dahai(int actor, Tile t) {
  Event e = Ev(EventType::kDahai, actor);
  e.pai = t;
  return e;
}

Event Call(EventType type, int actor, int target) {
  Event e = Ev(type, actor, target);
  e.pai = 0;
  e.num_consumed = type == EventType::kDaiminkan ? 3 : 2;
  return e;
}

// A hora whose hand is worth `value` (the payment), with `extra` honba/deposits on top.
Event Hora(int actor, int target, int value, int extra) {
  Event e = Ev(EventType::kHora, actor, target);
  auto info = std::make_shared<HoraInfo>();
  if (actor == target) {
    info->score.payment.kind = PaymentKind::kTsumoDealer;
    info->score.payment.each = value / 3;
  } else {
    info->score.payment.kind = PaymentKind::kRon;
    info->score.payment.ron = value;
  }
  info->score.total = value + extra;
  info->deltas[actor] = value + extra;
  e.hora = info;
  return e;
}

Event EndGame(std::array<int, 4> scores, std::array<int, 4> ranks) {
  Event e = Ev(EventType::kEndGame);
  auto info = std::make_shared<EndGameInfo>();
  info->scores = scores;
  info->ranks = ranks;
  e.end = info;
  return e;
}

// Four hands and the end:
//  hand 0: seat 2 pons seat 0's discard; seat 3 declares riichi (accepted); seat 1 rons seat 0 (3900).
//  hand 1: seat 2 chis then pons; seat 0 declares riichi and its discard is double-ronned by
//          seat 3 (2000) and seat 1 (8000, +300 honba).
//  hand 2: seat 1 wins by tsumo (7800 = 2600 all).
//  hand 3: seat 3 makes a daiminkan; exhaustive draw.
GameRecord CompleteGame() {
  GameRecord r;
  r.complete = true;
  auto& ev = r.events;
  ev.push_back(Ev(EventType::kStartGame));
  // Hand 0.
  ev.push_back(StartKyoku(0));
  ev.push_back(Ev(EventType::kTsumo, 0));
  ev.push_back(Dahai(0, 124));
  ev.push_back(Call(EventType::kPon, 2, 0));
  ev.push_back(Dahai(2, 8));
  ev.push_back(Ev(EventType::kTsumo, 3));
  ev.push_back(Ev(EventType::kReach, 3));
  ev.push_back(Dahai(3, 40));
  ev.push_back(Ev(EventType::kReachAccepted, 3));
  ev.push_back(Ev(EventType::kTsumo, 0));
  ev.push_back(Dahai(0, 60));
  ev.push_back(Hora(1, 0, 3900, 1000));
  ev.push_back(Ev(EventType::kEndKyoku));
  // Hand 1.
  ev.push_back(StartKyoku(1));
  ev.push_back(Ev(EventType::kTsumo, 1));
  ev.push_back(Dahai(1, 20));
  ev.push_back(Call(EventType::kChi, 2, 1));
  ev.push_back(Dahai(2, 100));
  ev.push_back(Call(EventType::kPon, 2, 3));  // a second call in the same hand counts once
  ev.push_back(Dahai(2, 101));
  ev.push_back(Ev(EventType::kTsumo, 0));
  ev.push_back(Ev(EventType::kReach, 0));
  ev.push_back(Dahai(0, 30));
  ev.push_back(Hora(3, 0, 2000, 0));
  ev.push_back(Hora(1, 0, 8000, 300));
  ev.push_back(Ev(EventType::kEndKyoku));
  // Hand 2.
  ev.push_back(StartKyoku(1));
  ev.push_back(Ev(EventType::kTsumo, 1));
  ev.push_back(Hora(1, 1, 7800, 600));
  ev.push_back(Ev(EventType::kEndKyoku));
  // Hand 3.
  ev.push_back(StartKyoku(1));
  ev.push_back(Ev(EventType::kTsumo, 1));
  ev.push_back(Dahai(1, 132));
  ev.push_back(Call(EventType::kDaiminkan, 3, 1));
  ev.push_back(Ev(EventType::kRyukyoku));
  ev.push_back(Ev(EventType::kEndKyoku));
  ev.push_back(EndGame({10000, 52000, 20000, 18000}, {4, 1, 2, 3}));
  return r;
}

// Stopped by an agent error in its first hand: a chi and a riichi, but the hand never ended.
GameRecord StoppedGame() {
  GameRecord r;
  r.complete = false;
  r.error = "agent \"x\" answered nonsense";
  r.events.push_back(Ev(EventType::kStartGame));
  r.events.push_back(StartKyoku(0));
  r.events.push_back(Call(EventType::kChi, 0, 3));
  r.events.push_back(Ev(EventType::kReach, 1));
  return r;
}

TEST(MatchStatsTest, SeatStatsOfOneGame) {
  const auto s = GameSeatStats(CompleteGame());
  // seat: hands wins deal_ins riichi calls win_value rank final
  const int expected[4][8] = {
      {4, 0, 2, 1, 0, 0, 4, 10000},
      {4, 3, 0, 0, 0, 3900 + 8000 + 7800, 1, 52000},
      {4, 0, 0, 0, 2, 0, 2, 20000},
      {4, 1, 0, 1, 1, 2000, 3, 18000},
  };
  for (int p = 0; p < 4; ++p) {
    SCOPED_TRACE("seat " + std::to_string(p));
    EXPECT_EQ(s[p].hands, expected[p][0]);
    EXPECT_EQ(s[p].wins, expected[p][1]);
    EXPECT_EQ(s[p].deal_ins, expected[p][2]);
    EXPECT_EQ(s[p].riichi, expected[p][3]);
    EXPECT_EQ(s[p].calls, expected[p][4]);
    EXPECT_EQ(s[p].win_value, expected[p][5]);
    EXPECT_TRUE(s[p].ranked);
    EXPECT_EQ(s[p].rank, expected[p][6]);
    EXPECT_EQ(s[p].final_score, expected[p][7]);
  }
  EXPECT_EQ(HandCount(CompleteGame()), 4);
}

TEST(MatchStatsTest, UnfinishedHandAndGameAreNotCounted) {
  const auto s = GameSeatStats(StoppedGame());
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(s[p].hands, 0);
    EXPECT_EQ(s[p].calls, 0);
    EXPECT_EQ(s[p].riichi, 0);
    EXPECT_FALSE(s[p].ranked);
  }
  EXPECT_EQ(HandCount(StoppedGame()), 1);
}

// The game above with seat 1's bot failing when it drew at event 15 (hand 1) and a substitute
// playing its seat from then on (--bot-fault substitute): only hand 0 (its 3900 ron) is its
// agent's play; hands 1 to 3 are the substitute's, and the game gives it no rank.
GameRecord SubstitutedGame() {
  GameRecord r = CompleteGame();
  r.faults.push_back({1, 15, "mjai-stdio:bot", "the peer closed the connection", true});
  return r;
}

TEST(MatchStatsTest, ASubstitutedSeatCountsOnlyItsAgentsHands) {
  const auto s = GameSeatStats(SubstitutedGame());
  EXPECT_EQ(s[1].hands, 1);
  EXPECT_EQ(s[1].wins, 1);
  EXPECT_EQ(s[1].win_value, 3900);
  EXPECT_EQ(s[1].substituted_hands, 3);
  EXPECT_TRUE(s[1].substituted);
  EXPECT_FALSE(s[1].ranked);
  EXPECT_EQ(s[1].rank, 0);
  for (int p : {0, 2, 3}) {  // the other seats are untouched
    EXPECT_EQ(s[p].hands, 4);
    EXPECT_EQ(s[p].substituted_hands, 0);
    EXPECT_TRUE(s[p].ranked);
  }
  EXPECT_EQ(s[0].rank, 4);
  // A fault that stopped the game (not substituted) changes nothing here: the record is incomplete.
  GameRecord stopped = CompleteGame();
  stopped.faults.push_back({1, 15, "mjai-stdio:bot", "illegal answer", false});
  EXPECT_EQ(GameSeatStats(stopped)[1].hands, 4);

  MatchStats stats({"greedy", "bot", "defensive", "random"});
  stats.AddGame(SubstitutedGame(), {"greedy", "bot", "defensive", "random"});
  const AgentStats& bot = stats.rows()[1];
  EXPECT_EQ(bot.games, 1);
  EXPECT_EQ(bot.ranked_games, 0);
  EXPECT_EQ(bot.substituted_games, 1);
  EXPECT_EQ(bot.totals.hands, 1);
  EXPECT_DOUBLE_EQ(bot.WinRate(), 1.0);
  EXPECT_NE(FormatMatchTable(stats).find("note: in 1 of \"bot\"'s games it faulted and a substitute finished its "
                                         "seat: no rank or final score from them, and 3 hands from the faults on not "
                                         "counted as its play"),
            std::string::npos)
      << FormatMatchTable(stats);
}

TEST(MatchStatsTest, AggregatesPerAgentLabel) {
  MatchStats stats({"greedy", "greedy", "defensive", "random"});
  stats.AddGame(CompleteGame(), {"greedy", "greedy", "defensive", "random"});
  stats.AddGame(StoppedGame(), {"random", "greedy", "greedy", "defensive"});
  ASSERT_EQ(stats.rows().size(), 3u);
  EXPECT_EQ(stats.games(), 2);

  const AgentStats& greedy = stats.rows()[0];  // seats 0+1 of game 1, seats 1+2 of game 2
  EXPECT_EQ(greedy.agent, "greedy");
  EXPECT_EQ(greedy.entries, 2);
  EXPECT_EQ(greedy.games, 4);
  EXPECT_EQ(greedy.ranked_games, 2);
  EXPECT_EQ(greedy.stopped_games, 2);
  EXPECT_DOUBLE_EQ(greedy.AverageRank(), 2.5);          // (4 + 1) / 2
  EXPECT_DOUBLE_EQ(greedy.AverageFinalScore(), 31000);  // (10000 + 52000) / 2
  EXPECT_EQ(greedy.totals.hands, 8);
  EXPECT_DOUBLE_EQ(greedy.WinRate(), 3.0 / 8);
  EXPECT_DOUBLE_EQ(greedy.DealInRate(), 2.0 / 8);
  EXPECT_DOUBLE_EQ(greedy.RiichiRate(), 1.0 / 8);
  EXPECT_DOUBLE_EQ(greedy.CallRate(), 0.0);
  EXPECT_DOUBLE_EQ(greedy.AverageWinValue(), 19700.0 / 3);

  const AgentStats& defensive = stats.rows()[1];
  EXPECT_EQ(defensive.agent, "defensive");
  EXPECT_EQ(defensive.games, 2);
  EXPECT_EQ(defensive.ranked_games, 1);
  EXPECT_DOUBLE_EQ(defensive.AverageRank(), 2.0);
  EXPECT_DOUBLE_EQ(defensive.AverageFinalScore(), 20000);
  EXPECT_DOUBLE_EQ(defensive.CallRate(), 0.5);
  EXPECT_DOUBLE_EQ(defensive.WinRate(), 0.0);
  EXPECT_DOUBLE_EQ(defensive.AverageWinValue(), 0.0);

  const AgentStats& random = stats.rows()[2];
  EXPECT_EQ(random.agent, "random");
  EXPECT_EQ(random.games, 2);
  EXPECT_DOUBLE_EQ(random.AverageRank(), 3.0);
  EXPECT_DOUBLE_EQ(random.WinRate(), 0.25);
  EXPECT_DOUBLE_EQ(random.RiichiRate(), 0.25);
  EXPECT_DOUBLE_EQ(random.CallRate(), 0.25);
  EXPECT_DOUBLE_EQ(random.AverageWinValue(), 2000);

  const std::string table = FormatMatchTable(stats);
  EXPECT_NE(table.find("avg rank"), std::string::npos) << table;
  EXPECT_NE(table.find("37.5%"), std::string::npos) << table;  // greedy's win rate
  EXPECT_NE(table.find("\"greedy\" is listed 2 times"), std::string::npos) << table;
}

TEST(MatchStatsTest, SeatingRotatesTheAgentList) {
  EXPECT_EQ(MatchSeating(1), (std::array<int, 4>{0, 1, 2, 3}));
  EXPECT_EQ(MatchSeating(2), (std::array<int, 4>{3, 0, 1, 2}));  // entry 0 moves to seat 1
  EXPECT_EQ(MatchSeating(4), (std::array<int, 4>{1, 2, 3, 0}));
  EXPECT_EQ(MatchSeating(5), MatchSeating(1));
  // Over four games each entry sits in each seat once.
  for (int entry = 0; entry < 4; ++entry) {
    std::array<int, 4> seats_taken{};
    for (int g = 1; g <= 4; ++g)
      for (int s = 0; s < 4; ++s)
        if (MatchSeating(g)[s] == entry) ++seats_taken[s];
    EXPECT_EQ(seats_taken, (std::array<int, 4>{1, 1, 1, 1}));
  }
}

TEST(MatchStatsTest, GameSeedsAreSplitMixOfTheMatchSeed) {
  // Values computed independently (Python) from SplitMix64(SplitMix64(S) + g).
  EXPECT_EQ(MatchGameSeed(0, 1), 3069472533636442495ULL);
  EXPECT_EQ(MatchGameSeed(0, 2), 9405607414650848140ULL);
  EXPECT_EQ(MatchGameSeed(12345, 1), 15586701116529698653ULL);
  EXPECT_EQ(MatchGameSeed(12345, 7), 18149309037090110956ULL);
}

}  // namespace
}  // namespace match_stats_test
}  // namespace mj
