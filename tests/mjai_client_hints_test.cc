// MjaiBot (mjai/client_bot.h) reading the server's "possible_actions" hints (docs/MJAI.md, "How
// the client decides"): an action other than a discard or a pass is offered to the agent only if
// the hints list it, and a hint is one action: a closed riichi is {"type":"reach"}, an open riichi
// (Dunpai) {"type":"reach","open":true}, two different actions (docs/MJAI.md "Extensions",
// docs/DUNPAI.md "Open riichi": offered beside each riichi).
//
// The hand (Dunpai, seat 0 deals East 1, as in tests/mjai_shield_fold_test.cc): 16 dealt tiles
// 123m 345m 456p 78s 22p S E N; E and N set as shields, so the dealer's first turn holds 14 tiles
// 123m 345m 456p 78s 22p S with nothing drawn. Discarding S leaves it tenpai on 6s/9s (pinfu
// shape), so the rules allow riichi and open riichi with S (no deposit needed: Dunpai's
// riichi_deposit is 0); no kan (no four of a kind), no tsumo (nothing drawn), no nine terminals
// (two terminal/honor kinds). The server asks with the last shield_set, marked "dahai_due".

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/agent.h"
#include "mjai/client_bot.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

using json = nlohmann::json;

// Records what it is offered and chooses the first action of the first type in `wanted` that is
// offered (else the first action).
class RecordingAgent : public Agent {
 public:
  RecordingAgent(std::vector<ActionType> wanted, std::vector<Action>* offered)
      : wanted_(std::move(wanted)), offered_(offered) {}
  [[nodiscard]] std::string Name() const override { return "recording"; }
  Action Choose(const PlayerView& /*view*/, std::span<const Action> legal) override {
    offered_->assign(legal.begin(), legal.end());
    for (ActionType want : wanted_) {
      const auto it = std::find_if(legal.begin(), legal.end(), [&](const Action& a) { return a.type == want; });
      if (it != legal.end()) return *it;
    }
    return legal.front();
  }

 private:
  std::vector<ActionType> wanted_;
  std::vector<Action>* offered_;
};

class ClientHints : public ::testing::Test {
 protected:
  void SetUp() override {
    auto r = LoadRuleset("dunpai");
    ASSERT_TRUE(r.ok()) << r.error();
    rules_ = *r;
  }
  // Plays the deal up to the dealer's first turn and returns the answer to the asked event, which
  // carries `possible_actions`.
  json AnswerFirstTurn(const std::string& possible_actions, std::vector<ActionType> wanted) {
    bot_ = std::make_unique<MjaiBot>(rules_, std::make_unique<RecordingAgent>(std::move(wanted), &offered_), 1);
    const std::vector<std::string> lines = {
        R"({"type":"start_game","id":0,"names":["a","b","c","d"]})",
        R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":null,
            "scores":[0,0,0,0],"shields_carried":[0,0,0,0],
            "tehais":[["1m","2m","3m","3m","4m","5m","4p","5p","6p","7s","8s","2p","2p","S","E","N"],
                      ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"],
                      ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"],
                      ["?","?","?","?","?","?","?","?","?","?","?","?","?","?","?"]]})",
        R"({"type":"shield_set","actor":0,"pai":"E"})",
        R"({"type":"shield_set","actor":0,"pai":"N"})",
        R"({"type":"shield_set","actor":1,"pai":"?"})",
        R"({"type":"shield_set","actor":1,"pai":"?"})",
        R"({"type":"shield_set","actor":2,"pai":"?"})",
        R"({"type":"shield_set","actor":2,"pai":"?"})",
        R"({"type":"shield_set","actor":3,"pai":"?"})",
    };
    for (const std::string& line : lines) {
      auto r = bot_->React(json::parse(line));
      EXPECT_TRUE(r.ok()) << line << ": " << (r.ok() ? "" : r.error());
    }
    json asked = json::parse(R"({"type":"shield_set","actor":3,"pai":"?","dahai_due":true})");
    asked["possible_actions"] = json::parse(possible_actions);
    auto r = bot_->React(asked);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
    return r.ok() ? *r : json();
  }
  long Offered(ActionType type, const std::string& tile) const {
    return std::count_if(offered_.begin(), offered_.end(), [&](const Action& a) {
      return a.type == type && bot_->seat_state().TileName(a.tile) == tile;
    });
  }

  Ruleset rules_;
  std::unique_ptr<MjaiBot> bot_;
  std::vector<Action> offered_;
};

TEST_F(ClientHints, ClosedAndOpenRiichiHintsAreTwoActions) {
  const json answer = AnswerFirstTurn(
      R"([{"actor":0,"type":"reach"},{"actor":0,"open":true,"type":"reach"}])", {ActionType::kDiscard});
  // Both hints name an action the rules allow here: none is unknown, nothing is left out.
  EXPECT_EQ(bot_->stats().hint_unknown, 0);
  EXPECT_EQ(bot_->stats().hint_removed, 0);
  EXPECT_EQ(Offered(ActionType::kRiichi, "S"), 1);
  EXPECT_EQ(Offered(ActionType::kOpenRiichi, "S"), 1);
  EXPECT_EQ(answer["type"], "dahai");
}

TEST_F(ClientHints, OpenRiichiIsLeftOutWhenOnlyAClosedRiichiIsHinted) {
  // A server that offers only the closed riichi: the open one is not sent, an agent preferring
  // it declares the closed one.
  const json answer =
      AnswerFirstTurn(R"([{"actor":0,"type":"reach"}])", {ActionType::kOpenRiichi, ActionType::kRiichi});
  EXPECT_EQ(bot_->stats().hint_unknown, 0);
  EXPECT_EQ(bot_->stats().hint_removed, 1);
  EXPECT_EQ(Offered(ActionType::kRiichi, "S"), 1);
  EXPECT_EQ(Offered(ActionType::kOpenRiichi, "S"), 0);
  EXPECT_EQ(answer, json::parse(R"({"type":"reach","actor":0})"));
}

TEST_F(ClientHints, TheAgentsOpenRiichiIsSentOpen) {
  const json answer = AnswerFirstTurn(
      R"([{"actor":0,"type":"reach"},{"actor":0,"open":true,"type":"reach"}])", {ActionType::kOpenRiichi});
  EXPECT_EQ(answer, json::parse(R"({"type":"reach","actor":0,"open":true})"));
  EXPECT_EQ(bot_->stats().hint_unknown, 0);
}

TEST_F(ClientHints, AHintTheRulesDoNotAllowIsCountedAndNotTaken) {
  // A pon on the own turn, a kan of tiles not held: neither is legal; the riichi hints are.
  AnswerFirstTurn(R"([{"actor":0,"type":"reach"},{"actor":0,"open":true,"type":"reach"},
                      {"actor":0,"consumed":["E","E","E","E"],"type":"ankan"},
                      {"actor":0,"consumed":["2p","2p"],"pai":"2p","target":3,"type":"pon"}])",
                  {ActionType::kDiscard});
  EXPECT_EQ(bot_->stats().hint_unknown, 2);
  EXPECT_EQ(Offered(ActionType::kAnkan, "E"), 0);
  EXPECT_EQ(Offered(ActionType::kPon, "2p"), 0);
  EXPECT_EQ(Offered(ActionType::kOpenRiichi, "S"), 1);
}

}  // namespace
}  // namespace mj
