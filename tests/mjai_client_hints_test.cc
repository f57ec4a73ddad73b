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
//
// ClientHintsInMatches: whole games of `mahjong mjai-client --stdio` processes at the four seats
// of the engine's table (the server side, mjai/mjai_table.h, hints made from the engine's legal
// actions), both exchanges, Dunpai, Ningbo, ayame and riichi: each client's closing line must
// count no hinted action its fold does not allow and no action of its fold the hints lack, i.e.
// at every decision the server's hints and the client's own legal actions name the same actions.

#include <gtest/gtest.h>

#include <stdlib.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/agent.h"
#include "mjai/client_bot.h"
#include "mjai/stdio_bots.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_client_hints_test {
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

const std::string kClient = MJ_PROGRAM;

// Plays `preset` game `seed` with four mjai-client --stdio processes (agents `agents`) and checks
// every client's hint counters; returns how many open-riichi hints the server sent.
int PlayAndCheckHints(const std::string& preset, uint64_t seed, const std::array<std::string, 4>& agents,
                      MjaiExchange exchange) {
  const char* dialect = exchange == MjaiExchange::kBatched ? "batched" : "lockstep";
  const std::string what = preset + " seed " + std::to_string(seed) + " (" + dialect + ")";
  auto rules = LoadRuleset(preset);
  EXPECT_TRUE(rules.ok()) << rules.error();
  if (!rules.ok()) return 0;
  std::string dir_template = (std::filesystem::temp_directory_path() / "mj_hints_XXXXXX").string();
  const char* dir = mkdtemp(dir_template.data());
  EXPECT_NE(dir, nullptr);
  if (dir == nullptr) return 0;
  std::array<std::string, 4> specs;
  std::array<std::string, 4> logs;
  for (int p = 0; p < 4; ++p) {
    logs[p] = std::string(dir) + "/seat" + std::to_string(p) + ".err";
    specs[p] = "mjai-stdio:" + kClient + " mjai-client --stdio --rules " + preset + " --dialect " + dialect +
               " --agent " + agents[p] + " 2>" + logs[p];
  }
  int open_hints = 0;
  BotOptions options;
  options.exchange = exchange;
  options.timeout = std::chrono::milliseconds(30000);
  options.wire_log = [&](int, const std::string&, bool sent, const std::string& line) {
    if (!sent || line.find("possible_actions") == std::string::npos) return;
    const json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
    for (const json& e : j.is_array() ? j : json::array({j}))
      if (e.is_object() && e.contains("possible_actions"))
        for (const json& h : e["possible_actions"])
          if (h.value("type", "") == "reach" && h.value("open", false)) ++open_hints;
  };
  const GameRecord played = PlayWithStdioBots(*rules, seed, specs, options);
  EXPECT_TRUE(played.complete) << what << ": " << played.error;
  EXPECT_TRUE(played.faults.empty()) << what << ": " << (played.faults.empty() ? "" : played.faults.front().error);
  // "... N decisions, A asked the agent, R actions left out by the server's hints, U hinted actions
  // the engine did not offer"
  const std::regex counts(R"(game over, seat (\d).*; \d+ events, (\d+) decisions, \d+ asked the agent, (\d+) actions left out by the server's hints, (\d+) hinted actions the engine did not offer)");
  for (int p = 0; p < 4; ++p) {
    std::ifstream in(logs[p]);
    std::stringstream text;
    text << in.rdbuf();
    std::smatch m;
    const std::string log = text.str();
    if (!std::regex_search(log, m, counts)) {
      ADD_FAILURE() << what << " seat " << p << ": no closing line from the client: " << log;
      continue;
    }
    EXPECT_GT(std::stol(m[2].str()), 10) << what << " seat " << p;
    EXPECT_EQ(m[3].str(), "0") << what << " seat " << p << ": " << log;
    EXPECT_EQ(m[4].str(), "0") << what << " seat " << p << ": " << log;
  }
  std::filesystem::remove_all(dir);
  return open_hints;
}

TEST(ClientHintsInMatches, DunpaiHintsAreTheClientsLegalActions) {
  int open_hints = 0;
  open_hints += PlayAndCheckHints("dunpai", 1, {"greedy", "defensive", "greedy", "random"}, MjaiExchange::kBatched);
  open_hints += PlayAndCheckHints("dunpai", 2, {"greedy", "greedy", "defensive", "greedy"}, MjaiExchange::kLockStep);
  // The case that differed: open riichi offered beside riichi.
  EXPECT_GT(open_hints, 0);
}

TEST(ClientHintsInMatches, NingboAyameRiichiHintsAreTheClientsLegalActions) {
  PlayAndCheckHints("ningbo", 3, {"greedy", "defensive", "random", "greedy"}, MjaiExchange::kBatched);
  PlayAndCheckHints("ayame-blend", 4, {"greedy", "random", "defensive", "greedy"}, MjaiExchange::kBatched);
  PlayAndCheckHints("ayame-competition", 5, {"random", "greedy", "greedy", "defensive"}, MjaiExchange::kLockStep);
  PlayAndCheckHints("riichi", 6, {"greedy", "defensive", "greedy", "random"}, MjaiExchange::kBatched);
}

}  // namespace
}  // namespace mjai_client_hints_test
}  // namespace mj
