// ShowReplay on a hand-built record: the expected lines were written by hand from the events.

#include "replays/replay_show.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace replay_show_test {
namespace {

// Engine tile ids for mpsz text ("0m" = the red five).
std::vector<Tile> Tiles(const std::string& text) {
  auto specs = ParseTiles(text);
  EXPECT_TRUE(specs.ok()) << text;
  auto ids = AssignTileIds(*specs, false);
  EXPECT_TRUE(ids.ok()) << text;
  return *ids;
}

Tile T(const std::string& text) { return Tiles(text).front(); }

Event Ev(EventType type, int actor = -1, int target = -1, Tile pai = kNoTile) {
  Event e;
  e.type = type;
  e.actor = static_cast<int8_t>(actor);
  e.target = static_cast<int8_t>(target);
  e.pai = pai;
  return e;
}

// One hand, East 1, dealer seat 0:
//   seat 0 draws 9s and discards it (tsumogiri); seat 1 pons it with 9s9s; seat 1 discards 1z;
//   seat 2 draws 3p, declares riichi discarding 4s; accepted; seat 3 draws 5z, discards 0m;
//   seat 2 rons the 0m: riichi 1 + ippatsu 1 + aka 1 = 3 han 40 fu, 5200 (+1000 deposit).
GameRecord Record() {
  GameRecord r;
  r.seed = 42;
  r.agents = {"random", "greedy", "defensive", "random"};
  r.complete = true;
  auto& ev = r.events;
  ev.push_back(Ev(EventType::kStartGame));
  Event start = Ev(EventType::kStartKyoku);
  auto info = std::make_shared<StartKyokuInfo>();
  info->bakaze = 0;
  info->kyoku = 1;
  info->oya = 0;
  info->dora_marker = T("2z");
  info->scores = {25000, 25000, 25000, 25000};
  info->tehais = {Tiles("123m456p7s112233z"), Tiles("99s1112345678m1z"), Tiles("234m5566p334567s"),
                  Tiles("0m6789p1234s5677z")};
  start.start = info;
  ev.push_back(start);
  ev.push_back(Ev(EventType::kTsumo, 0, -1, T("9s")));
  Event d = Ev(EventType::kDahai, 0, -1, T("9s"));
  d.tsumogiri = true;
  ev.push_back(d);
  Event pon = Ev(EventType::kPon, 1, 0, T("9s"));
  const auto own = Tiles("99s");  // the two other copies
  pon.consumed = {static_cast<Tile>(own[0] - 1), static_cast<Tile>(own[1] - 1), kNoTile, kNoTile};
  pon.num_consumed = 2;
  ev.push_back(pon);
  ev.push_back(Ev(EventType::kDahai, 1, -1, T("1z")));
  ev.push_back(Ev(EventType::kTsumo, 2, -1, T("3p")));
  ev.push_back(Ev(EventType::kReach, 2));
  ev.push_back(Ev(EventType::kDahai, 2, -1, T("4s")));
  ev.push_back(Ev(EventType::kReachAccepted, 2));
  ev.push_back(Ev(EventType::kTsumo, 3, -1, T("5z")));
  ev.push_back(Ev(EventType::kDahai, 3, -1, T("0m")));
  Event hora = Ev(EventType::kHora, 2, 3, T("0m"));
  auto h = std::make_shared<HoraInfo>();
  h->score.han_sixths = 18;
  h->score.fu = 40;
  h->score.yaku.push_back({YakuId::kRiichi, 6, 0});
  h->score.yaku.push_back({YakuId::kIppatsu, 6, 0});
  h->score.yaku.push_back({YakuId::kAkaDora, 6, 0});
  h->score.payment.kind = PaymentKind::kRon;
  h->score.payment.ron = 5200;
  h->score.deposits = 1000;
  h->score.total = 6200;
  h->deltas = {0, 0, 6200, -5200};
  h->scores = {25000, 25000, 30200, 19800};
  h->hand = Tiles("234m35566p33567s");
  h->ura_markers = {T("8p")};
  hora.hora = h;
  ev.push_back(hora);
  ev.push_back(Ev(EventType::kEndKyoku));
  Event end = Ev(EventType::kEndGame);
  auto e = std::make_shared<EndGameInfo>();
  e->scores = {25000, 25000, 30200, 19800};
  e->ranks = {2, 3, 1, 4};
  e->results = {5.0, -15.0, 40.2, -30.2};
  end.end = e;
  ev.push_back(end);
  r.end = *e;
  return r;
}

// The first line that contains `key`, or "" if none.
std::string LineWith(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.find(key) != std::string::npos) return line;
  return "";
}

TEST(ReplayShowTest, WholeGame) {
  const std::string out = ShowReplay(Record(), -1);
  SCOPED_TRACE(out);
  EXPECT_NE(LineWith(out, "seed 42"), "");
  EXPECT_NE(LineWith(out, "Hand 0: East 1, honba 0, riichi sticks 0, dealer seat 0"), "");
  EXPECT_NE(LineWith(out, "dora indicator 2z"), "");
  // The deal: seat, wind, agent, score, 13 tiles in mpsz.
  EXPECT_NE(LineWith(out, "seat 0 E random").find("25000  123m456p7s112233z"), std::string::npos);
  EXPECT_NE(LineWith(out, "seat 3 N random").find("0m6789p1234s5677z"), std::string::npos);
  // Turns.
  EXPECT_NE(LineWith(out, "seat 0 E: draw 9s, discard 9s (tsumogiri)"), "");
  EXPECT_NE(LineWith(out, "seat 1 S: pon 9s from seat 0 E with 99s"), "");
  EXPECT_NE(LineWith(out, "seat 1 S: discard 1z"), "");
  EXPECT_NE(LineWith(out, "seat 2 W: draw 3p, riichi, discard 4s"), "");
  EXPECT_EQ(LineWith(out, "discard 4s").find("tsumogiri"), std::string::npos);
  EXPECT_NE(LineWith(out, "seat 2 W: riichi accepted"), "");
  EXPECT_NE(LineWith(out, "seat 3 N: draw 5z, discard 0m"), "");
  // The result.
  EXPECT_NE(LineWith(out, "Result: seat 2 W (defensive) ron on 0m from seat 3 N"), "");
  EXPECT_NE(LineWith(out, "hand 234m35566p33567s + 0m"), "");
  EXPECT_NE(LineWith(out, "ura dora indicators 8p"), "");
  EXPECT_NE(LineWith(out, "riichi 1 han"), "");
  EXPECT_NE(LineWith(out, "ippatsu 1 han"), "");
  EXPECT_NE(LineWith(out, "aka_dora 1 han"), "");
  EXPECT_NE(LineWith(out, "3 han 40 fu: ron 5200"), "");
  EXPECT_NE(LineWith(out, "deposits +1000, total 6200"), "");
  EXPECT_NE(LineWith(out, "point changes: seat 2 W +6200, seat 3 N -5200"), "");
  EXPECT_NE(LineWith(out, "scores: 25000 | 25000 | 30200 | 19800"), "");
  // The ranking.
  EXPECT_NE(LineWith(out, "Final ranking"), "");
  EXPECT_NE(LineWith(out, "1. seat 2 defensive").find("30200  +40.2"), std::string::npos);
  EXPECT_NE(LineWith(out, "4. seat 3 random").find("19800  -30.2"), std::string::npos);
}

TEST(ReplayShowTest, OneHandAndMissingHand) {
  const std::string one = ShowReplay(Record(), 0);
  EXPECT_NE(LineWith(one, "Hand 0: East 1"), "") << one;
  EXPECT_EQ(LineWith(one, "Final ranking"), "") << one;
  const std::string none = ShowReplay(Record(), 3);
  EXPECT_EQ(none, "no hand 3: the game has 1 hand (0..0)\n");
}

TEST(ReplayShowTest, StoppedGameSaysWhy) {
  GameRecord r = Record();
  r.events.resize(6);  // cut after seat 1's discard
  r.complete = false;
  r.error = "agent \"greedy\" (seat 1) answered \"nonsense\"";
  const std::string out = ShowReplay(r, -1);
  EXPECT_NE(LineWith(out, "Game stopped: agent \"greedy\" (seat 1)"), "") << out;
  EXPECT_NE(LineWith(out, "pon 9s"), "") << out;
}

}  // namespace
}  // namespace replay_show_test
}  // namespace mj
