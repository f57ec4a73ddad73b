// Bots as child processes (mjai-stdio:CMD): the example bot in both exchanges and under Dunpai,
// what each seat is shown, and every kind of bad bot (docs/MJAI.md).

#include <gtest/gtest.h>

#include <cstdio>
#include <unistd.h>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "mjai/stdio_bots.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_stdio_test {
namespace {

using nlohmann::json;

const std::string kSource = std::string(MJ_TEST_DATA_DIR) + "/..";
const std::string kExampleBot = "mjai-stdio:python3 " + kSource + "/../examples/mjai_bot.py";
const std::string kBadBot = "mjai-stdio:python3 " + std::string(MJ_TEST_DATA_DIR) + "/mjai_bad_bot.py";

// The record survives the replay file format and verifies by re-simulation.
void ExpectVerifies(const GameRecord& rec) {
  auto back = ReplayFromJson(ReplayToJson(rec));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->faults.size(), rec.faults.size());
  auto verified = VerifyReplay(*back);
  ASSERT_TRUE(verified) << verified.error();
}

BotOptions Options(MjaiExchange exchange, FaultPolicy policy = FaultPolicy::kEndGame, int timeout_ms = 5000) {
  BotOptions o;
  o.exchange = exchange;
  o.on_fault = policy;
  o.timeout = std::chrono::milliseconds(timeout_ms);
  return o;
}

TEST(MjaiStdio, ExampleBotPlaysAHanchanBatched) {
  const Ruleset rules = LoadRuleset("riichi").value();
  const GameRecord rec =
      PlayWithStdioBots(rules, 11, {"greedy", kExampleBot, "defensive", kExampleBot}, Options(MjaiExchange::kBatched));
  ASSERT_TRUE(rec.complete) << rec.error;
  EXPECT_TRUE(rec.faults.empty());
  EXPECT_EQ(rec.agents[1], kExampleBot);
  ExpectVerifies(rec);
}

TEST(MjaiStdio, ExampleBotPlaysLockStepAndSeesOnlyItsOwnTiles) {
  // The bot's input is copied to a file by tee: what seat 2 was shown.
  const std::string seen = ::testing::TempDir() + "mjai_seen_seat2.jsonl";
  const std::string bot = "mjai-stdio:tee " + seen + " | python3 " + kSource + "/../examples/mjai_bot.py";
  const Ruleset rules = LoadRuleset("riichi").value();
  const GameRecord rec =
      PlayWithStdioBots(rules, 5, {"greedy", "greedy", bot, "defensive"}, Options(MjaiExchange::kLockStep));
  ASSERT_TRUE(rec.complete) << rec.error;
  ExpectVerifies(rec);
  std::ifstream in(seen);
  std::string line;
  int lines = 0, own_draws = 0, hidden_draws = 0;
  while (std::getline(in, line)) {
    const json ev = json::parse(line);
    ++lines;
    const std::string type = ev["type"];
    if (type == "start_game") {
      EXPECT_EQ(ev["id"], 2);
    }
    if (type == "start_kyoku") {
      for (int p = 0; p < 4; ++p)
        for (const auto& t : ev["tehais"][p]) EXPECT_EQ(p != 2, t == "?") << line;
    }
    if (type == "tsumo") {
      if (ev["actor"] == 2) {
        ++own_draws;
        EXPECT_NE(ev["pai"], "?");
        EXPECT_TRUE(ev.contains("possible_actions")) << line;
      } else {
        ++hidden_draws;
        EXPECT_EQ(ev["pai"], "?") << line;
      }
    }
  }
  // Lock-step: every event of the game reaches the bot (the events of the record, plus nothing).
  EXPECT_EQ(lines, static_cast<int>(rec.events.size()));
  int record_own = 0, record_others = 0;
  for (const Event& e : rec.events)
    if (e.type == EventType::kTsumo) (e.actor == 2 ? record_own : record_others) += 1;
  EXPECT_EQ(own_draws, record_own);
  EXPECT_EQ(hidden_draws, record_others);
  EXPECT_GT(own_draws, 0);
}

// The fault of seat 1 names the seat, the bot, the event and what was wrong.
void ExpectFault(const GameRecord& rec, const std::string& bot, const std::string& what, bool substituted) {
  ASSERT_FALSE(rec.faults.empty());
  const AgentFault& f = rec.faults.front();
  EXPECT_EQ(f.seat, 1);
  EXPECT_EQ(f.agent, bot);
  EXPECT_EQ(f.substituted, substituted);
  EXPECT_GT(f.event, 0);
  EXPECT_NE(f.error.find("seat 1 (bot \"" + bot + "\") answering event " + std::to_string(f.event)), std::string::npos)
      << f.error;
  EXPECT_NE(f.error.find(what), std::string::npos) << f.error;
  if (substituted) {
    EXPECT_TRUE(rec.complete) << rec.error;
  } else {
    EXPECT_FALSE(rec.complete);
    EXPECT_NE(rec.error.find("answered \"no legal action: " + f.error + "\" in "), std::string::npos) << rec.error;
    EXPECT_GT(rec.events.size(), static_cast<size_t>(f.event));  // nothing recorded is lost
  }
  ExpectVerifies(rec);
}

TEST(MjaiStdio, BadBotsEndTheGameWithTheirError) {
  const Ruleset rules = LoadRuleset("riichi").value();
  struct Case {
    std::string mode, what;
  };
  for (const Case& c : {Case{"wrong-actor", "actor is 2, expected 1"}, Case{"illegal", "the kakan of E with EEE is not allowed"},
                        Case{"garbage", "malformed JSON: {this is not json"}, Case{"exit", "the peer closed the connection"},
                        Case{"silent", "timeout: no answer in 1500 ms"}}) {
    SCOPED_TRACE(c.mode);
    const std::string bot = kBadBot + " --mode " + c.mode + " --after 40";
    const GameRecord rec = PlayWithStdioBots(rules, 3, {"greedy", bot, "greedy", "greedy"},
                                             Options(MjaiExchange::kBatched, FaultPolicy::kEndGame,
                                                     c.mode == "silent" ? 1500 : 10000));
    ExpectFault(rec, bot, c.what, false);
  }
}

TEST(MjaiStdio, SubstitutedSeatPlaysOnAndTheReplaySaysSo) {
  const Ruleset rules = LoadRuleset("riichi").value();
  const std::string bot = kBadBot + " --mode exit --after 100";
  const GameRecord rec = PlayWithStdioBots(rules, 3, {"greedy", bot, "defensive", "greedy"},
                                           Options(MjaiExchange::kLockStep, FaultPolicy::kSubstitute));
  ExpectFault(rec, bot, "the peer closed the connection", true);
  const json doc = ReplayToJson(rec);
  ASSERT_TRUE(doc.contains("faults"));
  EXPECT_EQ(doc["faults"][0]["substituted"], true);
}

TEST(MjaiStdio, AnswerThatIsNotAnObjectAndAMissingProgram) {
  const Ruleset rules = LoadRuleset("riichi").value();
  // cat echoes the batch back: an array, not an action.
  GameRecord rec = PlayWithStdioBots(rules, 1, {"greedy", "mjai-stdio:cat", "greedy", "greedy"},
                                     Options(MjaiExchange::kBatched));
  ExpectFault(rec, "mjai-stdio:cat", "an answer must be a JSON object", false);
  rec = PlayWithStdioBots(rules, 1, {"greedy", "mjai-stdio:/nonexistent/bot", "greedy", "greedy"},
                          Options(MjaiExchange::kBatched));
  ExpectFault(rec, "mjai-stdio:/nonexistent/bot", "the peer closed the connection", false);
}

TEST(MjaiStdio, KeptBotsPlayManyGamesAsFreshOnesWould) {
  // --bot-lifetime match: the two example bots are started once and play three games; each
  // game's record is the one a bot started for that game alone gives.
  const Ruleset rules = LoadRuleset("riichi").value();
  const std::array<std::string, 4> specs = {kExampleBot, "greedy", kExampleBot, "defensive"};
  BotPool pool;
  for (uint64_t seed : {21, 22, 23}) {
    SCOPED_TRACE(seed);
    const GameRecord kept = PlayWithStdioBots(rules, seed, specs, Options(MjaiExchange::kBatched), &pool);
    const GameRecord fresh = PlayWithStdioBots(rules, seed, specs, Options(MjaiExchange::kBatched));
    ASSERT_TRUE(kept.complete) << kept.error;
    EXPECT_EQ(ReplayToJson(kept).dump(), ReplayToJson(fresh).dump());
  }
  EXPECT_EQ(pool.started(), 2);
}

TEST(MjaiStdio, AFaultedBotIsNotKept) {
  // The bad bot exits mid-game: its process is not given back, the next game starts another.
  const Ruleset rules = LoadRuleset("riichi").value();
  const std::string bot = kBadBot + " --mode exit --after 40";
  BotPool pool;
  for (int game = 0; game < 2; ++game) {
    const GameRecord rec = PlayWithStdioBots(rules, 3, {"greedy", bot, "greedy", "greedy"},
                                             Options(MjaiExchange::kBatched), &pool);
    ExpectFault(rec, bot, "the peer closed the connection", false);
  }
  EXPECT_EQ(pool.started(), 2);
}

TEST(MjaiStdio, AStoppedBotLeavesNoProcessBehind) {
  // The silent bot runs under a shell that waits for it; after its timeout the game ends and
  // the bot's whole process group is killed, the interpreter under the shell included.
  const Ruleset rules = LoadRuleset("riichi").value();
  const std::string pid_file = ::testing::TempDir() + "mjai_silent_bot.pid";
  std::remove(pid_file.c_str());
  // (A background command's stdin is /dev/null in sh unless given another descriptor.)
  const std::string bot = "mjai-stdio:exec 3<&0; " + kBadBot.substr(kStdioBotPrefix.size()) +
                          " --mode silent --after 40 <&3 3<&- & echo $! > " + pid_file + "; wait";
  const GameRecord rec = PlayWithStdioBots(rules, 3, {"greedy", bot, "greedy", "greedy"},
                                           Options(MjaiExchange::kBatched, FaultPolicy::kEndGame, 500));
  ExpectFault(rec, bot, "timeout: no answer in 500 ms", false);
  std::ifstream in(pid_file);
  long pid = 0;
  ASSERT_TRUE(in >> pid) << "the bot did not start";
  // Gone, or a zombie waiting for a parent that reaps it: not running either way.
  for (int i = 0; i < 100; ++i) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return;
    const size_t close = line.rfind(')');
    if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z') return;
    ::usleep(10000);
  }
  ADD_FAILURE() << "the bot's interpreter (pid " << pid << ") is still running";
}

TEST(MjaiStdio, DunpaiGameWithTheExampleBot) {
  const Ruleset rules = LoadRuleset("dunpai").value();
  const std::string seen = ::testing::TempDir() + "mjai_seen_dunpai.jsonl";
  const std::string bot = "mjai-stdio:tee " + seen + " | python3 " + kSource + "/../examples/mjai_bot.py";
  BotOptions o = Options(MjaiExchange::kBatched);
  const GameRecord rec = PlayWithStdioBots(rules, 2, {bot, "greedy", "defensive", "greedy"}, o);
  ASSERT_TRUE(rec.complete) << rec.error;
  ExpectVerifies(rec);
  // Face-down shields only to their owner (seat 0 here).
  std::ifstream in(seen);
  std::string line;
  int own = 0, hidden = 0;
  while (std::getline(in, line)) {
    for (const json& ev : json::parse(line)) {
      if (ev["type"] != "shield_set") continue;
      if (ev["actor"] == 0) {
        ++own;
        EXPECT_NE(ev["pai"], "?");
      } else {
        ++hidden;
        EXPECT_EQ(ev["pai"], "?");
      }
    }
  }
  EXPECT_GT(own, 0);
  EXPECT_GT(hidden, 0);
}

}  // namespace
}  // namespace mjai_stdio_test
}  // namespace mj
