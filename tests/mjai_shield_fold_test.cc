// MjaiSeatState (mjai/seat_state.h) folding Dunpai's shield events (docs/MJAI.md "Extensions",
// docs/DUNPAI.md) from hand-written wire lines, as seat 0 receives them. Each expected state is
// what the rules say (docs/DUNPAI.md, ../shared/RULES.md "dunpai"), worked out by hand:
//   deal        the dealer holds 16 + carried, the others 15 + carried; each sets carried +
//               per_hand (2) shields, the dealer first, then the others in turn order; then the
//               dealer holds 14 and discards first without drawing (no tsumo win);
//   wall        no dead wall: 136 - carried tiles, of which the deal takes 61;
//   exchange    the hand tile goes face up, the face-down shield is the discard that follows;
//               a face-up tile of a wait makes the seat furiten (its own discard);
//   protection  names a face-up shield of the protected seat;
//   shields_lost the face-down count and the face-up tiles leave; kept ones are carried, mixed
//               into the next deal after the dealt tiles;
//   closed kans laid face down ("?"): others see a hidden meld, nobody can rob it;
//   open riichi the hand is shown to everybody.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/player_view.h"
#include "mjai/seat_state.h"
#include "replays/replay.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_shield_fold_test {
namespace {

using json = nlohmann::json;

class ShieldFold : public ::testing::Test {
 protected:
  void SetUp() override {
    auto r = LoadRuleset("dunpai");
    ASSERT_TRUE(r.ok()) << r.error();
    rules_ = *r;
    fold_ = std::make_unique<MjaiSeatState>(rules_);
    Apply(R"({"type":"start_game","id":0,"names":["a","b","c","d"]})");
  }
  // Applies a line that must fold.
  void Apply(const std::string& line) {
    auto r = fold_->Apply(json::parse(line));
    ASSERT_TRUE(r.ok()) << line << ": " << r.error();
  }
  // The error of a line that must not fold.
  std::string ErrorOf(const std::string& line) {
    auto r = fold_->Apply(json::parse(line));
    return r.ok() ? "" : r.error();
  }
  std::vector<std::string> Names(const std::vector<Tile>& tiles) const {
    std::vector<std::string> out;
    for (Tile t : tiles) out.push_back(t == kNoTile ? "?" : fold_->TileName(t));
    return out;
  }
  std::vector<std::string> Sorted(std::vector<std::string> v) const {
    std::sort(v.begin(), v.end());
    return v;
  }
  std::vector<std::string> Legal() const {
    std::vector<Action> legal;
    fold_->LegalActions(&legal);
    std::vector<std::string> out;
    for (const Action& a : legal) {
      std::vector<std::string> parts{std::string(ActionTypeName(a.type))};
      if (a.tile != kNoTile) parts.push_back(fold_->TileName(a.tile));
      for (int i = 0; i < a.num_consumed; ++i) parts.push_back(fold_->TileName(a.consumed[i]));
      std::string s;
      for (const std::string& p : parts) s.append(s.empty() ? "" : " ").append(p);
      out.push_back(s);
    }
    return out;
  }
  bool Offers(const std::string& action) const {
    const auto l = Legal();
    return std::find(l.begin(), l.end(), action) != l.end();
  }
  const SeatState& Seat(int p) const { return fold_->state().seats[p]; }

  // Seat 0 deals (East 1): 13 tiles of a closed hand waiting on 6s / 9s (123m 345m 456p 78s 22p,
  // pinfu), and `extra` three tiles; the others' 15 are hidden.
  void Deal(const std::string& extra) {
    Apply(R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":null,
      "scores":[0,0,0,0],"shields_carried":[0,0,0,0],
      "tehais":[["1m","2m","3m","3m","4m","5m","4p","5p","6p","7s","8s","2p","2p",)" + extra + R"(],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"]]})");
  }
  // Seat 0 sets E and N; the others set two hidden shields each.
  void SetShields() {
    Apply(R"({"type":"shield_set","actor":0,"pai":"E"})");
    Apply(R"({"type":"shield_set","actor":0,"pai":"N"})");
    for (int p = 1; p < 4; ++p)
      for (int i = 0; i < 2; ++i) Apply(R"({"type":"shield_set","actor":)" + std::to_string(p) + R"(,"pai":"?"})");
  }

  Ruleset rules_;
  std::unique_ptr<MjaiSeatState> fold_;
};

TEST_F(ShieldFold, TheDealAndTheShieldChoicesInTurnOrder) {
  Deal(R"("S","E","N")");
  // The dealer chooses first: 16 tiles, one decision per distinct face.
  EXPECT_EQ(fold_->decision(), MjaiDecision::kShield);
  EXPECT_EQ(fold_->state().phase, Phase::kSetShield);
  EXPECT_EQ(Seat(0).hand.size(), 16u);
  EXPECT_EQ(Seat(1).hand.size(), 15u);
  EXPECT_EQ(fold_->state().TilesLeft(), 136 - 61);
  // 16 tiles, 3m and 2p twice: 14 faces.
  EXPECT_EQ(Legal().size(), 14u);
  EXPECT_TRUE(Offers("set_shield E"));
  // Out of turn: seat 1 before the dealer has set its two.
  EXPECT_NE(ErrorOf(R"({"type":"shield_set","actor":1,"pai":"?"})").find("sets a shield out of turn"), std::string::npos);
}

TEST_F(ShieldFold, ShieldsSetThenTheDealerDiscardsWithoutADraw) {
  Deal(R"("S","E","N")");
  Apply(R"({"type":"shield_set","actor":0,"pai":"E"})");
  EXPECT_EQ(fold_->decision(), MjaiDecision::kShield);  // a second one to set
  EXPECT_EQ(Names(Seat(0).shields_down), std::vector<std::string>({"E"}));
  Apply(R"({"type":"shield_set","actor":0,"pai":"N"})");
  EXPECT_EQ(fold_->decision(), MjaiDecision::kNone);  // seat 1 chooses now
  EXPECT_EQ(fold_->state().turn, 1);
  EXPECT_EQ(Seat(0).hand.size(), 14u);
  // Another seat's shield is face down: a placeholder, counted.
  Apply(R"({"type":"shield_set","actor":1,"pai":"?"})");
  EXPECT_EQ(Seat(1).hand.size(), 14u);
  EXPECT_EQ(fold_->view().shields_down(1), 1);
  Apply(R"({"type":"shield_set","actor":1,"pai":"?"})");
  for (int p = 2; p < 4; ++p)
    for (int i = 0; i < 2; ++i) Apply(R"({"type":"shield_set","actor":)" + std::to_string(p) + R"(,"pai":"?"})");
  // The dealer's turn with 14 tiles, nothing drawn: discards and exchanges, no tsumo.
  EXPECT_EQ(fold_->decision(), MjaiDecision::kTurn);
  EXPECT_EQ(fold_->state().phase, Phase::kAfterDraw);
  EXPECT_EQ(fold_->state().drawn, kNoTile);
  EXPECT_EQ(fold_->view().own_shields().size(), 2u);
  for (int p = 1; p < 4; ++p) {
    EXPECT_EQ(Seat(p).hand.size(), 13u);
    EXPECT_EQ(fold_->view().shields_down(p), 2);
  }
  EXPECT_FALSE(Offers("tsumo"));
  EXPECT_TRUE(Offers("discard S"));
  EXPECT_TRUE(Offers("exchange S E"));
  EXPECT_TRUE(Offers("exchange S N"));
  // 12 hand faces (1m 2m 3m 4m 5m 4p 5p 6p 7s 8s 2p S): 12 discards, x 2 shield faces 24
  // exchanges; discarding S leaves it tenpai: riichi and open riichi with S.
  const auto legal = Legal();
  auto count = [&](const std::string& prefix) {
    return std::count_if(legal.begin(), legal.end(), [&](const std::string& a) { return a.rfind(prefix, 0) == 0; });
  };
  EXPECT_EQ(count("discard "), 12);
  EXPECT_EQ(count("exchange "), 24);
  EXPECT_TRUE(Offers("riichi S"));
  EXPECT_TRUE(Offers("open_riichi S"));
}

TEST_F(ShieldFold, ExchangeThenTheShieldIsTheDiscard) {
  Deal(R"("S","E","N")");
  SetShields();
  Apply(R"({"type":"exchange","actor":0,"pai":"S","shield":"E"})");
  // The hand tile face up, the other shield still face down, 13 in the hand.
  EXPECT_EQ(Names(Seat(0).shields_up), std::vector<std::string>({"S"}));
  EXPECT_EQ(Names(Seat(0).shields_down), std::vector<std::string>({"N"}));
  EXPECT_EQ(Seat(0).hand.size(), 13u);
  // The shield's dahai: not from the hand, not a tsumogiri.
  Apply(R"({"type":"dahai","actor":0,"pai":"E","tsumogiri":false})");
  EXPECT_EQ(Seat(0).hand.size(), 13u);
  ASSERT_EQ(Seat(0).river.size(), 1u);
  EXPECT_EQ(fold_->TileName(Seat(0).river[0].tile), "E");
  EXPECT_FALSE(Seat(0).river[0].tsumogiri);
  // Seat 1 discards a wait (6s): ron (pinfu) or pass; S face up is not a wait.
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  Apply(R"({"type":"dahai","actor":1,"pai":"6s","tsumogiri":true})");
  EXPECT_EQ(fold_->decision(), MjaiDecision::kDiscardResponse);
  EXPECT_TRUE(Offers("ron 6s")) << ::testing::PrintToString(Legal());
}

TEST_F(ShieldFold, AFaceUpShieldOfAWaitIsFuriten) {
  Deal(R"("9s","E","N")");
  SetShields();
  Apply(R"({"type":"exchange","actor":0,"pai":"9s","shield":"E"})");
  Apply(R"({"type":"dahai","actor":0,"pai":"E","tsumogiri":false})");
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  Apply(R"({"type":"dahai","actor":1,"pai":"6s","tsumogiri":true})");
  // 9s face up among the waits (6s 9s): furiten, no ron; seat 1 is not on seat 0's left (no chi).
  EXPECT_EQ(Legal(), std::vector<std::string>({"pass"}));
}

TEST_F(ShieldFold, AnotherSeatsExchangeShowsTheHandTileAndDiscardsTheShield) {
  Deal(R"("S","E","N")");
  SetShields();
  Apply(R"({"type":"dahai","actor":0,"pai":"S","tsumogiri":false})");
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  Apply(R"({"type":"exchange","actor":1,"pai":"C","shield":"W"})");
  EXPECT_EQ(Names(Seat(1).shields_up), std::vector<std::string>({"C"}));
  EXPECT_EQ(fold_->view().shields_down(1), 1);
  EXPECT_EQ(Seat(1).hand.size(), 13u);  // 14 after the draw, one face up
  Apply(R"({"type":"dahai","actor":1,"pai":"W","tsumogiri":false})");
  EXPECT_EQ(Seat(1).hand.size(), 13u);
  EXPECT_EQ(fold_->TileName(Seat(1).river.back().tile), "W");
  // Visible to seat 0: its hand, its face-down shields, both rivers' tiles and the face-up C.
  const KindCounts v = fold_->view().VisibleCounts();
  EXPECT_EQ(v[ParseMjaiTile("C")->kind], 1);
  EXPECT_EQ(v[ParseMjaiTile("W")->kind], 1);
  EXPECT_EQ(v[ParseMjaiTile("E")->kind], 1);  // own face-down shield
  // An exchange's discard that is not the shield named, or an exchange with no shield left.
  Apply(R"({"type":"tsumo","actor":2,"pai":"?"})");
  Apply(R"({"type":"exchange","actor":2,"pai":"P","shield":"F"})");
  EXPECT_NE(ErrorOf(R"({"type":"dahai","actor":2,"pai":"F","tsumogiri":true})").find("not a tsumogiri"),
            std::string::npos);
}

TEST_F(ShieldFold, ProtectionLossesAndTheCarriedShieldsInTheNextDeal) {
  Deal(R"("S","E","N")");
  SetShields();
  Apply(R"({"type":"exchange","actor":0,"pai":"S","shield":"E"})");
  Apply(R"({"type":"dahai","actor":0,"pai":"E","tsumogiri":false})");
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  // Seat 1 wins by tsumo on a wait of S: seat 0 shows its face-up S and pays nothing.
  EXPECT_NE(ErrorOf(R"({"type":"protection","actor":0,"target":1,"pai":"W"})").find("no face-up shield W"),
            std::string::npos);
  Apply(R"({"type":"protection","actor":0,"target":1,"pai":"S"})");
  Apply(R"({"type":"hora","actor":1,"target":1,"pai":"S","scores":[0,1600,-800,-800]})");
  EXPECT_EQ(fold_->state().scores[1], 1600);
  // The winner loses all (two face down); a count above what it holds is refused.
  EXPECT_NE(ErrorOf(R"({"type":"shields_lost","actor":1,"count":3,"tiles":[],"cause":"won"})").find("\"count\""),
            std::string::npos);
  Apply(R"({"type":"shields_lost","actor":1,"count":2,"tiles":[],"cause":"won"})");
  EXPECT_EQ(fold_->view().shields_down(1), 0);
  // Seat 0 keeps N (face down) and S (face up): carried into the next hand (dealer seat 1).
  Apply(R"({"type":"end_kyoku"})");
  Apply(R"({"type":"start_kyoku","bakaze":"E","kyoku":2,"honba":0,"kyotaku":0,"oya":1,"dora_marker":null,
      "scores":[0,1600,-800,-800],"shields_carried":[2,0,0,0],
      "tehais":[["1m","1m","2m","2m","3m","N","4p","5p","6p","7s","8s","9s","S","2p","2p","C","C"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"]]})");
  // The carried ones come after the dealt tiles, face down first.
  const auto hand = Names(Seat(0).hand);
  ASSERT_EQ(hand.size(), 17u);
  EXPECT_EQ(hand[15], "N");
  EXPECT_EQ(hand[16], "S");
  EXPECT_EQ(fold_->state().shields_to_set[0], 4);
  EXPECT_EQ(fold_->state().shields_to_set[1], 2);
  EXPECT_EQ(fold_->state().TilesLeft(), 136 - 2 - 61);
  EXPECT_EQ(fold_->decision(), MjaiDecision::kNone);  // seat 1 deals and chooses first
  EXPECT_EQ(fold_->state().turn, 1);
}

TEST_F(ShieldFold, ExhaustiveDrawAndOverflowLosses) {
  Deal(R"("S","E","N")");
  SetShields();
  Apply(R"({"type":"exchange","actor":0,"pai":"S","shield":"E"})");
  Apply(R"({"type":"dahai","actor":0,"pai":"E","tsumogiri":false})");
  Apply(R"({"type":"ryukyoku","reason":"fanpai","scores":[3000,-1000,-1000,-1000]})");
  // Tenpai: the face-up tiles go, the face-down stay; a face-up tile it does not hold is refused.
  EXPECT_NE(ErrorOf(R"({"type":"shields_lost","actor":0,"count":0,"tiles":["C"],"cause":"tenpai_face_up"})")
                .find("no face-up"),
            std::string::npos);
  Apply(R"({"type":"shields_lost","actor":0,"count":0,"tiles":["S"],"cause":"tenpai_face_up"})");
  EXPECT_TRUE(Seat(0).shields_up.empty());
  EXPECT_EQ(Names(Seat(0).shields_down), std::vector<std::string>({"N"}));
  // Overflow returns the last set first: of seat 1's two, one.
  Apply(R"({"type":"shields_lost","actor":1,"count":1,"tiles":[],"cause":"overflow"})");
  EXPECT_EQ(fold_->view().shields_down(1), 1);
}

TEST_F(ShieldFold, AnotherSeatsClosedKanLaidFaceDown) {
  Deal(R"("S","E","N")");
  SetShields();
  Apply(R"({"type":"dahai","actor":0,"pai":"S","tsumogiri":false})");
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  const int left = fold_->state().TilesLeft();
  Apply(R"({"type":"ankan","actor":1,"consumed":["?","?","?","?"]})");
  EXPECT_EQ(Seat(1).hand.size(), 10u);
  ASSERT_EQ(fold_->view().melds(1).size(), 1u);
  EXPECT_TRUE(fold_->view().meld_hidden(1, 0));
  EXPECT_EQ(fold_->view().kan_tile(), kNoTile);
  // Nobody can rob a kan nobody sees: the only answer is a pass.
  EXPECT_EQ(fold_->decision(), MjaiDecision::kKanResponse);
  EXPECT_EQ(Legal(), std::vector<std::string>({"pass"}));
  // Without a dead wall the replacement is the next wall tile.
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  EXPECT_EQ(fold_->state().TilesLeft(), left - 1);
  EXPECT_EQ(fold_->state().total_kans, 1);
  // Only another seat's closed kan may be hidden, and only where the ruleset hides them.
  auto riichi = LoadRuleset("riichi");
  ASSERT_TRUE(riichi.ok());
  MjaiSeatState plain(*riichi);
  ASSERT_TRUE(plain.Apply(json::parse(R"({"type":"start_game","id":0})")).ok());
  ASSERT_TRUE(plain
                  .Apply(json::parse(R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":1,
      "dora_marker":"1m","scores":[25000,25000,25000,25000],
      "tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?"],
                ["?","?","?","?","?","?","?","?","?","?","?","?","?"]]})"))
                  .ok());
  ASSERT_TRUE(plain.Apply(json::parse(R"({"type":"tsumo","actor":1,"pai":"?"})")).ok());
  auto r = plain.Apply(json::parse(R"({"type":"ankan","actor":1,"consumed":["?","?","?","?"]})"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("shows closed kans"), std::string::npos) << r.error();
}

TEST_F(ShieldFold, AnotherSeatsOpenRiichiShowsItsHand) {
  Deal(R"("S","E","N")");
  SetShields();
  Apply(R"({"type":"dahai","actor":0,"pai":"S","tsumogiri":false})");
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  Apply(R"({"type":"reach","actor":1,"open":true,
            "tehai":["1p","1p","1p","7m","8m","9m","2s","3s","4s","6s","7s","8s","W","N"]})");
  Apply(R"({"type":"dahai","actor":1,"pai":"N","tsumogiri":true})");
  Apply(R"({"type":"reach_accepted","actor":1})");
  const PlayerView v = fold_->view();
  EXPECT_TRUE(v.open_riichi(1));
  EXPECT_TRUE(v.in_riichi(1));
  EXPECT_EQ(Sorted(Names({v.shown_hand(1).begin(), v.shown_hand(1).end()})),
            Sorted({"1p", "1p", "1p", "7m", "8m", "9m", "2s", "3s", "4s", "6s", "7s", "8s", "W"}));
  EXPECT_EQ(v.VisibleCounts()[ParseMjaiTile("1p")->kind], 3);
  // Its next draw is unknown until it is discarded.
  Apply(R"({"type":"tsumo","actor":2,"pai":"?"})");
  Apply(R"({"type":"dahai","actor":2,"pai":"C","tsumogiri":true})");
  Apply(R"({"type":"tsumo","actor":3,"pai":"?"})");
  Apply(R"({"type":"dahai","actor":3,"pai":"C","tsumogiri":true})");
  Apply(R"({"type":"tsumo","actor":0,"pai":"F"})");
  Apply(R"({"type":"dahai","actor":0,"pai":"F","tsumogiri":true})");
  Apply(R"({"type":"tsumo","actor":1,"pai":"?"})");
  Apply(R"({"type":"dahai","actor":1,"pai":"P","tsumogiri":true})");
  EXPECT_EQ(Seat(1).hand.size(), 13u);
  EXPECT_EQ(std::count(Seat(1).hand.begin(), Seat(1).hand.end(), kNoTile), 0);
  // A reach without the hand (an older server) is folded as a closed riichi.
  Apply(R"({"type":"tsumo","actor":2,"pai":"?"})");
  Apply(R"({"type":"reach","actor":2,"open":true})");
  EXPECT_FALSE(fold_->view().open_riichi(2));
  EXPECT_TRUE(fold_->view().in_riichi(2));
}

}  // namespace
}  // namespace mjai_shield_fold_test
}  // namespace mj
