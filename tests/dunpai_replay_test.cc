// Shield (盾牌) events in replays, `replay show` and the match statistics, on a hand-built
// Dunpai record whose expected numbers and lines were counted by hand; then whole Dunpai games
// played by RandomAgents round-trip through the replay format and verify.

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

#include "agents/registry.h"
#include "playtest/match_stats.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/replay_show.h"
#include "replays/replay_verify.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace dunpai_replay_test {
namespace {

using nlohmann::json;

const Ruleset& Dunpai() {
  static const Ruleset rules = [] {
    auto r = LoadRuleset("dunpai");
    EXPECT_TRUE(r.ok()) << r.error();
    return *r;
  }();
  return rules;
}

// Fresh tile ids, as a reader assigns them: a plain tile takes the lowest copy not yet used
// (copies 1-3 for the peach 3s and 7s), "3*p" takes copy 0.
class Ids {
 public:
  std::vector<Tile> operator()(const std::string& text) {
    auto specs = ParseTiles(text);
    EXPECT_TRUE(specs.ok()) << text;
    std::vector<Tile> out;
    for (const TileSpec& s : *specs) {
      const bool peach_kind = s.kind < 27 && (NumberOf(s.kind) == 3 || NumberOf(s.kind) == 7);
      Tile t = kNoTile;
      if (s.marked) {
        t = TileOf(s.kind, 0);
      } else {
        for (int c = peach_kind ? 1 : 0; c < 4 && t == kNoTile; ++c)
          if (!used_[TileOf(s.kind, c)]) t = TileOf(s.kind, c);
      }
      EXPECT_NE(t, kNoTile) << text;
      used_[t] = true;
      out.push_back(t);
    }
    return out;
  }
  Tile One(const std::string& text) { return (*this)(text).front(); }

 private:
  std::array<bool, kNumTiles> used_{};
};

Event Ev(EventType type, int actor = -1, int target = -1, Tile pai = kNoTile) {
  Event e;
  e.type = type;
  e.actor = static_cast<int8_t>(actor);
  e.target = static_cast<int8_t>(target);
  e.pai = pai;
  return e;
}

Event Dahai(int actor, Tile t, bool tsumogiri) {
  Event e = Ev(EventType::kDahai, actor, -1, t);
  e.tsumogiri = tsumogiri;
  return e;
}

Event Exchange(int actor, Tile up, Tile shield) {
  Event e = Ev(EventType::kExchange, actor, -1, up);
  e.consumed[0] = shield;
  e.num_consumed = 1;
  return e;
}

// One Dunpai hand, East 1, dealer seat 0; seat 1 carries 1 shield from an earlier hand.
//   deal: seat 0 16 tiles (keeps 14, shields 9m 4s); seat 1 15 + 1 carried (keeps 13
//         123456789m45p11s, waiting on 3p 6p; shields 2s 8s N); seat 2 15 (shields 3p 7m);
//         seat 3 15 (shields 4p 8p).
//   seat 0: exchange: 3p face up, shield 9m to the river (seat 1 waits on 3p, not furiten:
//           a deal-in avoided).
//   seat 1: draw 9p, discard it.
//   seat 2: draw 2s, exchange: 6p face up, shield 3p to the river (seat 1 waits on 6p, not
//           furiten: avoided); seat 1 passes the 3p: temporary furiten.
//   seat 3: draw 1m, exchange: 6p face up, shield 4p to the river (seat 1 waits on 6p but is
//           furiten: not avoided).
//   seat 0: draw 4m, discard it.
//   seat 1: tsumo 6p, 2 han = 2000, 700 each; seats 2 and 3 have 6p face up: protected (the
//           protection of seat 2 is recorded before the hora, seat 3's after it). Seat 1 loses
//           its 3 shields (won).
GameRecord ShieldRecord() {
  Ids ids;
  GameRecord r;
  r.rules = Dunpai();
  r.seed = 7;
  r.agents = {"a", "b", "c", "d"};
  r.complete = true;
  auto& ev = r.events;
  ev.push_back(Ev(EventType::kStartGame));
  auto info = std::make_shared<StartKyokuInfo>();
  info->oya = 0;
  info->shields_carried = {0, 1, 0, 0};
  const auto h0 = ids("258m139p7*9s123567z");  // 14 tiles, the peach 7s among them
  const auto sh0 = ids("9m4s");
  const auto hand1 = ids("123456789m45p11s");
  const auto sh1 = ids("28s4z");
  const auto hand2 = ids("4m268p369s123567z");
  const auto sh2 = ids("3p7m");
  const auto hand3 = ids("258m169p139s4567z");
  const auto sh3 = ids("48p");
  auto deal = [](std::vector<Tile> a, const std::vector<Tile>& b) {
    a.insert(a.end(), b.begin(), b.end());
    std::sort(a.begin(), a.end());
    return a;
  };
  info->tehais = {deal(h0, sh0), deal(hand1, sh1), deal(hand2, sh2), deal(hand3, sh3)};
  Event start = Ev(EventType::kStartKyoku);
  start.start = info;
  ev.push_back(start);
  for (Tile t : sh0) ev.push_back(Ev(EventType::kShieldSet, 0, -1, t));
  for (Tile t : sh1) ev.push_back(Ev(EventType::kShieldSet, 1, -1, t));
  for (Tile t : sh2) ev.push_back(Ev(EventType::kShieldSet, 2, -1, t));
  for (Tile t : sh3) ev.push_back(Ev(EventType::kShieldSet, 3, -1, t));
  const Tile p3_0 = h0[4];  // seat 0's 3p
  EXPECT_EQ(FormatTileId(p3_0, false, true), "3p");
  ev.push_back(Exchange(0, p3_0, sh0[0]));
  ev.push_back(Dahai(0, sh0[0], false));
  const Tile p9 = ids.One("9p");
  ev.push_back(Ev(EventType::kTsumo, 1, -1, p9));
  ev.push_back(Dahai(1, p9, true));
  const Tile s2 = ids.One("2s");
  ev.push_back(Ev(EventType::kTsumo, 2, -1, s2));
  const Tile p6_2 = hand2[2];
  ev.push_back(Exchange(2, p6_2, sh2[0]));
  ev.push_back(Dahai(2, sh2[0], false));
  const Tile m1 = ids.One("1m");
  ev.push_back(Ev(EventType::kTsumo, 3, -1, m1));
  const Tile p6_3 = hand3[4];
  ev.push_back(Exchange(3, p6_3, sh3[0]));
  ev.push_back(Dahai(3, sh3[0], false));
  const Tile m4 = ids.One("4m");
  ev.push_back(Ev(EventType::kTsumo, 0, -1, m4));
  ev.push_back(Dahai(0, m4, true));
  const Tile p6 = ids.One("6p");
  ev.push_back(Ev(EventType::kTsumo, 1, -1, p6));
  ev.push_back(Ev(EventType::kProtection, 2, 1, p6_2));
  Event hora = Ev(EventType::kHora, 1, 1, p6);
  auto h = std::make_shared<HoraInfo>();
  h->hand = hand1;
  h->score.han_sixths = 12;
  h->score.payment.kind = PaymentKind::kTsumoDealer;
  h->score.payment.each = 700;
  h->score.total = 2100;
  h->score.yaku.push_back({YakuId::kMenzenTsumo, 6, 0});
  h->score.yaku.push_back({YakuId::kPinfu, 6, 0});
  h->deltas = {-700, 700, 0, 0};
  h->scores = {-700, 700, 0, 0};
  hora.hora = h;
  ev.push_back(hora);
  ev.push_back(Ev(EventType::kProtection, 3, 1, p6_3));
  Event lost = Ev(EventType::kShieldsLost, 1);
  lost.count = 3;
  lost.cause = ShieldLossCause::kWon;
  ev.push_back(lost);
  ev.push_back(Ev(EventType::kEndKyoku));
  Event end = Ev(EventType::kEndGame);
  auto e = std::make_shared<EndGameInfo>();
  e->scores = {-700, 700, 0, 0};
  e->ranks = {4, 1, 2, 3};
  e->results = {-0.7, 0.7, 0, 0};
  end.end = e;
  r.end = *e;
  ev.push_back(end);
  return r;
}

std::string Dump(const json& j) { return DumpOrdered(j); }

TEST(DunpaiReplayTest, ShieldEventsSerialiseInMjaiStyle) {
  const GameRecord r = ShieldRecord();
  const json doc = ReplayToJson(r);
  const json& ev = doc.at("events");
  const std::string start = Dump(ev[1]);
  EXPECT_NE(start.find("\"shields_carried\":[0,1,0,0]"), std::string::npos) << start;
  EXPECT_NE(start.find("\"7s*\""), std::string::npos) << start;  // the peach 7s
  EXPECT_EQ(ev[1]["tehais"][0].size(), 16u);
  EXPECT_EQ(ev[1]["tehais"][1].size(), 16u);
  EXPECT_EQ(ev[1]["tehais"][2].size(), 15u);
  EXPECT_EQ(Dump(ev[2]), R"({"type":"shield_set","actor":0,"pai":"9m"})");
  EXPECT_EQ(Dump(ev[11]), R"({"type":"exchange","actor":0,"pai":"3p","shield":"9m"})");
  EXPECT_EQ(Dump(ev[12]), R"({"type":"dahai","actor":0,"pai":"9m","tsumogiri":false})");
  EXPECT_EQ(Dump(ev[24]), R"({"type":"protection","actor":2,"target":1,"pai":"6p"})");
  EXPECT_EQ(Dump(ev[27]), R"({"type":"shields_lost","actor":1,"count":3,"tiles":[],"cause":"won"})");

  Event reach = Ev(EventType::kReach, 1);
  EXPECT_EQ(Dump(EventToJson(reach, Dunpai())), R"({"type":"reach","actor":1})");
  reach.open = true;
  EXPECT_EQ(Dump(EventToJson(reach, Dunpai())), R"({"type":"reach","actor":1,"open":true})");
  Event lost = Ev(EventType::kShieldsLost, 2);
  lost.cause = ShieldLossCause::kTenpaiFaceUp;
  lost.tiles = {TileOf(14, 1), TileOf(10, 0)};  // 6p, 2p
  EXPECT_EQ(Dump(EventToJson(lost, Dunpai())),
            R"({"type":"shields_lost","actor":2,"count":0,"tiles":["6p","2p"],"cause":"tenpai_face_up"})");
}

TEST(DunpaiReplayTest, RoundTripsThroughTheSchemaAndBack) {
  const GameRecord r = ShieldRecord();
  const json doc = ReplayToJson(r);
  auto back = ReplayFromJson(doc);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(ReplayToJson(*back), doc);
  // Tile ids resolve to the same tiles: the exchange's shield is the face-down 9m, and the
  // dahai that follows is that very tile.
  const Event& ex = back->events[11];
  EXPECT_EQ(ex.type, EventType::kExchange);
  EXPECT_EQ(back->events[12].pai, ex.consumed[0]);
  EXPECT_EQ(back->events[2].pai, ex.consumed[0]);  // shield_set 9m
  EXPECT_EQ(back->events[24].pai, back->events[16].pai);  // protection 6p = seat 2's face-up 6p

  // A file round trip keeps the bytes.
  const std::string path = ::testing::TempDir() + "/dunpai_replay_test.json";
  ASSERT_TRUE(WriteReplayFile(r, path).ok());
  auto read = ReadReplayFile(path);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(ReplayToJson(*read), doc);

  // Open riichi survives a round trip.
  json open = doc;
  open["events"].insert(open["events"].begin() + 14, json{{"type", "reach"}, {"actor", 1}, {"open", true}});
  open["events"].insert(open["events"].begin() + 16,
                        json{{"type", "reach_accepted"}, {"actor", 1}, {"deltas", {0, 0, 0, 0}}, {"scores", {0, 0, 0, 0}}});
  auto opened = ReplayFromJson(open);
  ASSERT_TRUE(opened.ok()) << opened.error();
  EXPECT_TRUE(opened->events[14].open);
  EXPECT_EQ(ReplayToJson(*opened), open);
}

TEST(DunpaiReplayTest, SchemaAndMeaningErrors) {
  const json doc = ReplayToJson(ShieldRecord());
  auto error = [](json d) {
    auto r = ReplayFromJson(d);
    return r.ok() ? std::string("ok") : r.error();
  };
  json d = doc;
  d["events"][11].erase("shield");
  EXPECT_NE(error(d).find("/events/11"), std::string::npos) << error(d);
  d = doc;
  d["events"][27]["cause"] = "lost";
  EXPECT_NE(error(d).find("/events/27/cause: \"lost\" is not one of the shield loss causes"), std::string::npos)
      << error(d);
  d = doc;
  d["events"][24]["pai"] = "6x";
  EXPECT_NE(error(d).find("/events/24/pai"), std::string::npos) << error(d);
  d = doc;
  d["events"][1]["shields_carried"] = {0, 0, 0, 0};  // seat 1's 16 tiles: the deal
  EXPECT_EQ(error(d), "ok");  // not checked against the carried count here: verify replays it
  d = doc;
  d["events"][1].erase("shields_carried");
  EXPECT_NE(error(d).find("/events/1/shields_carried: missing"), std::string::npos) << error(d);
  d = doc;
  d["events"].insert(d["events"].begin() + 14, json{{"type", "reach"}, {"actor", 1}, {"open", false}});
  EXPECT_NE(error(d).find("/events/14/open"), std::string::npos) << error(d);  // written only when true

  // A riichi game has neither 15-tile deals nor shields_carried.
  json riichi = doc;
  auto rr = LoadRuleset("riichi");
  ASSERT_TRUE(rr.ok());
  riichi["ruleset"] = RulesetToJson(*rr);
  EXPECT_NE(error(riichi).find("/events/1/tehais/0: 16 tiles dealt; ruleset \"riichi\" has no shields, so 13"),
            std::string::npos)
      << error(riichi);
}

TEST(DunpaiReplayTest, MjaiExportIsRefused) {
  auto refusal = MjaiExportRefusal(Dunpai());
  ASSERT_TRUE(refusal.has_value());
  EXPECT_NE(refusal->find("has shields"), std::string::npos);
  auto rr = LoadRuleset("riichi");
  ASSERT_TRUE(rr.ok());
  EXPECT_FALSE(MjaiExportRefusal(*rr).has_value());
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool HasLine(const std::vector<std::string>& lines, const std::string& want) {
  return std::find(lines.begin(), lines.end(), want) != lines.end();
}

TEST(DunpaiReplayTest, ShowDrawsShieldsExchangesProtectionAndLosses) {
  const std::string text = ShowReplay(ShieldRecord(), -1);
  const auto lines = Lines(text);
  EXPECT_TRUE(HasLine(lines, "  seat 1 S b      0  123456789m45p1128s4z  (16 tiles: 1 carried shield mixed in)"))
      << text;
  EXPECT_TRUE(HasLine(lines, "  shields set at the deal (face down: only the owner sees them; the replay shows all):"))
      << text;
  EXPECT_TRUE(HasLine(lines, "    seat 0 E: 2 face down 9m4s (hidden from the others), hand 258m139p7*9s123567z"))
      << text;
  EXPECT_TRUE(HasLine(lines, "    seat 1 S: 3 face down 28s4z (hidden from the others), hand 123456789m45p11s")) << text;
  EXPECT_TRUE(HasLine(lines, "    seat 0 E: exchange \u2014 3p face up, shield 9m to the river")) << text;
  EXPECT_TRUE(HasLine(lines, "    seat 2 W: draw 2s, exchange \u2014 6p face up, shield 3p to the river")) << text;
  EXPECT_TRUE(HasLine(lines, "    seat 2 W pays nothing for seat 1 S's tsumo: 6p face up in its shield area is "
                             "among the winner's waits 36p"))
      << text;
  EXPECT_TRUE(HasLine(lines, "    seat 3 N pays nothing for seat 1 S's tsumo: 6p face up in its shield area is "
                             "among the winner's waits 36p"))
      << text;
  EXPECT_TRUE(HasLine(lines, "    seat 1 S loses its shields (won the hand): 3 face down")) << text;
  EXPECT_TRUE(HasLine(lines, "  shields kept for the next hand:")) << text;
  EXPECT_TRUE(HasLine(lines, "    seat 1 S: none")) << text;
  EXPECT_TRUE(HasLine(lines, "    seat 0 E: 1 face down 4s (hidden from the others), face up 3p")) << text;
  EXPECT_TRUE(HasLine(lines, "    seat 3 N: 1 face down 8p (hidden from the others), face up 6p")) << text;
  // The exchange's shield is not shown a second time as a discard.
  EXPECT_EQ(text.find("discard 9m"), std::string::npos) << text;

  // Open riichi: the hand shown with the discard.
  GameRecord open = ShieldRecord();
  Event reach = Ev(EventType::kReach, 1);
  reach.open = true;
  open.events.insert(open.events.begin() + 14, reach);
  const auto open_lines = Lines(ShowReplay(open, 0));
  EXPECT_TRUE(HasLine(open_lines, "    seat 1 S: draw 9p, open riichi, discard 9p (tsumogiri), hand shown "
                                  "123456789m45p11s"))
      << ShowReplay(open, 0);
}

TEST(DunpaiReplayTest, ShieldStatisticsCountedByHand) {
  const GameRecord r = ShieldRecord();
  const auto s = GameSeatStats(r);
  EXPECT_EQ(s[0].shields_set, 2);
  EXPECT_EQ(s[1].shields_set, 3);
  EXPECT_EQ(s[2].shields_set, 2);
  EXPECT_EQ(s[3].shields_set, 2);
  EXPECT_EQ(s[0].exchanges, 1);
  EXPECT_EQ(s[1].exchanges, 0);
  EXPECT_EQ(s[2].exchanges, 1);
  EXPECT_EQ(s[3].exchanges, 1);
  EXPECT_EQ(s[0].deal_ins_avoided, 1);  // 3p: seat 1 waits on it, not furiten
  EXPECT_EQ(s[2].deal_ins_avoided, 1);  // 6p: the same
  EXPECT_EQ(s[3].deal_ins_avoided, 0);  // 6p, but seat 1 passed the 3p: furiten
  EXPECT_EQ(s[2].protected_tsumo, 1);
  EXPECT_EQ(s[3].protected_tsumo, 1);
  EXPECT_EQ(s[0].protected_tsumo, 0);
  EXPECT_EQ(s[2].points_saved, 700);
  EXPECT_EQ(s[3].points_saved, 700);
  EXPECT_EQ(s[1].shields_lost[static_cast<int>(ShieldLossCause::kWon)], 3);
  EXPECT_EQ(s[0].shields_lost[0] + s[0].shields_lost[1] + s[0].shields_lost[2] + s[0].shields_lost[3], 0);

  MatchStats stats({"a", "b", "c", "d"});
  stats.AddGame(r, r.agents);
  const std::string table = FormatShieldTable(stats);
  EXPECT_NE(table.find("agent  hands shields/h   exch/h  avoided protected    saved lost:w lost:d-in  noten "
                       "tenpai-u"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("c          1      2.00     1.00        1         1      700      0         0      0        0"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("b          1      3.00     0.00        0         0        0      3         0      0        0"),
            std::string::npos)
      << table;
}

// Whole Dunpai games with RandomAgents: the replay round-trips and re-simulates exactly.
TEST(DunpaiReplayTest, RandomGamesRoundTripAndVerify) {
  int shield_events = 0;
  for (uint64_t seed : {1u, 2u, 3u}) {
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<Agent*, 4> agents{};
    for (int s = 0; s < 4; ++s) {
      auto a = MakeAgent("random");
      ASSERT_TRUE(a.ok()) << a.error();
      owned[s] = std::move(a).value();
      agents[s] = owned[s].get();
    }
    GameRecord rec = PlayGame(Dunpai(), seed, agents);
    rec.agents = {"random", "random", "random", "random"};
    ASSERT_TRUE(rec.complete) << rec.error;
    for (const Event& e : rec.events)
      shield_events += e.type == EventType::kShieldSet || e.type == EventType::kExchange;
    const json doc = ReplayToJson(rec);
    auto back = ReplayFromJson(doc);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(ReplayToJson(*back), doc);
    auto v = VerifyReplay(*back);
    ASSERT_TRUE(v.ok()) << v.error();
    EXPECT_TRUE(v->ok()) << v->divergence->ToString();
    EXPECT_FALSE(ShowReplay(*back, -1).empty());
  }
  if (shield_events == 0) GTEST_SKIP() << "the engine does not deal shields yet";
}

}  // namespace
}  // namespace dunpai_replay_test
}  // namespace mj
