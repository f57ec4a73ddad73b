// MjaiBot (mjai/client_bot.h) and the stdio transport (mjai/client.h): four bots play whole
// engine games as lock-step mjai clients with the engine as referee: each bot receives every
// event as a server would send it to its seat (others' tiles hidden) and answers each one; the
// engine reads every answer it asks for with MjaiToAction against its own legal actions (an
// illegal answer fails), riichi in mjai's two steps.

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/action_json.h"
#include "mjai/client.h"
#include "mjai/client_bot.h"
#include "mjai/wire_events.h"
#include "replays/replay.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_client_test {
namespace {

using json = nlohmann::json;

json HideFor(const json& e, int seat) {
  json h = e;
  const std::string type = e["type"].get<std::string>();
  if (type == "start_kyoku")
    for (int p = 0; p < 4; ++p)
      if (p != seat)
        for (auto& t : h["tehais"][p]) t = "?";
  if (type == "tsumo" && e["actor"].get<int>() != seat) h["pai"] = "?";
  return h;
}

// The engine's agent for a seat played by an MjaiBot: the bot's answer to the last event is the
// seat's answer when the engine asks.
class BotSeat : public Agent {
 public:
  BotSeat(MjaiBot* bot, std::vector<std::string>* failures) : bot_(bot), failures_(failures) {}
  [[nodiscard]] std::string Name() const override { return "mjai:" + bot_->agent().Name(); }

  // Every event, as the seat receives it.
  void Receive(const json& event) {
    if (event["type"] == "reach" && event["actor"] == seat_ && reach_sent_) {
      reach_sent_ = false;  // the bot already had it, as a server sends it once
      return;
    }
    // (A discard or shield choice the engine made alone, having one choice, is not asked.)
    if (!answer_.is_null() && answer_["type"] != "none" && answer_["type"] != "dahai" &&
        answer_["type"] != "shield_set")
      failures_->push_back("seat " + std::to_string(seat_) + " answered " + answer_.dump() +
                           " where the engine asked nothing");
    auto r = bot_->React(event);
    if (!r) {
      failures_->push_back("seat " + std::to_string(seat_) + ": " + r.error() + " at " + event.dump());
      answer_ = json();
      return;
    }
    answer_ = *r;
  }
  void set_seat(int seat) { seat_ = seat; }

  Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    ++decisions_;
    MjaiActionContext ctx;
    ctx.drawn = view.drawn();
    ctx.target = view.phase() == Phase::kOnDiscard ? view.last_discarder()
                 : (view.phase() == Phase::kOnKakan || view.phase() == Phase::kOnAnkan) ? view.kan_actor()
                                                                                        : seat_;
    const json answer = answer_.is_null() ? json{{"type", "none"}} : answer_;
    answer_ = json();
    auto read = MjaiToAction(answer, seat_, legal, ctx, view.rules());
    if (read && read->kind == MjaiAnswer::kReach) {
      json reach = {{"type", "reach"}, {"actor", seat_}};
      if (read->open) reach["open"] = true;
      auto dahai = bot_->React(reach);
      reach_sent_ = true;
      if (!dahai) {
        failures_->push_back("seat " + std::to_string(seat_) + ": " + dahai.error());
        return legal.back();
      }
      read = MjaiToAction(*dahai, seat_, legal, ctx, view.rules(), true, read->open);
    }
    if (!read) {
      failures_->push_back("seat " + std::to_string(seat_) + " answered " + answer.dump() + ": " + read.error());
      return legal.front();
    }
    return read->action;
  }
  [[nodiscard]] long decisions() const { return decisions_; }

 private:
  MjaiBot* bot_;
  std::vector<std::string>* failures_;
  int seat_ = 0;
  json answer_;
  bool reach_sent_ = false;
  long decisions_ = 0;
};

void PlayBots(const std::string& preset, const std::array<std::string, 4>& specs, uint64_t seed) {
  auto rules = LoadRuleset(preset);
  ASSERT_TRUE(rules.ok()) << rules.error();
  std::vector<std::unique_ptr<MjaiBot>> bots;
  std::vector<std::unique_ptr<BotSeat>> seats;
  std::array<Agent*, 4> agents{};
  std::vector<std::string> failures;
  for (int p = 0; p < 4; ++p) {
    auto agent = MakeAgent(specs[p]);
    ASSERT_TRUE(agent.ok()) << agent.error();
    bots.push_back(std::make_unique<MjaiBot>(*rules, std::move(agent).value(), seed + p));
    seats.push_back(std::make_unique<BotSeat>(bots.back().get(), &failures));
    seats.back()->set_seat(p);
    agents[p] = seats.back().get();
  }
  // Each seat's events as the server writes them (mjai/wire_events.h).
  MjaiEventWriter writer(*rules, MjaiDialect::kGimite, {"a", "b", "c", "d"});
  Event start;
  start.type = EventType::kStartGame;
  writer.Next(start);
  for (int p = 0; p < 4; ++p) seats[p]->Receive(writer.ForSeat(p));
  GameOptions options;
  options.observer = [&](const RoundState& s, const Event& e) {
    writer.Next(e, ShownHandAt(s, e));
    for (int p = 0; p < 4; ++p) seats[p]->Receive(writer.ForSeat(p));
  };
  const GameRecord record = PlayGame(*rules, seed, agents, options);
  EXPECT_TRUE(record.complete) << preset << " seed " << seed << ": " << record.error;
  long decisions = 0;
  for (const auto& s : seats) decisions += s->decisions();
  EXPECT_GT(decisions, 100);
  for (size_t i = 0; i < failures.size() && i < 10; ++i) ADD_FAILURE() << preset << " seed " << seed << ": " << failures[i];
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures";
}

TEST(MjaiClient, BotsPlayWholeEngineGamesLegally) {
  for (uint64_t seed = 1; seed <= 8; ++seed) PlayBots("riichi", {"greedy", "defensive", "random", "greedy"}, seed);
  for (const char* preset : {"fuless", "ayame-blend", "ayame-competition", "ningbo", "dunpai"})
    for (uint64_t seed = 1; seed <= 2; ++seed) PlayBots(preset, {"greedy", "defensive", "random", "greedy"}, seed);
}

// The stdio transport in both dialects on one seat's stream of a game: one answer per event in
// lock-step, one per line in batched, none after end_game; every answer is an object whose
// actor, if any, is the seat.
TEST(MjaiClient, StdioDialects) {
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok());
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = std::move(MakeAgent("greedy")).value();
    agents[s] = owned[s].get();
  }
  const GameRecord rec = PlayGame(*rules, 7, agents);
  ASSERT_TRUE(rec.complete);
  const int seat = 2;
  std::vector<json> events;
  for (const Event& e : rec.events) {
    json j = HideFor(EventToJson(e, *rules), seat);
    if (e.type == EventType::kStartGame) j["id"] = seat;
    events.push_back(std::move(j));
  }
  auto check_answers = [&](const std::string& out, size_t want) {
    std::istringstream lines(out);
    size_t n = 0;
    for (std::string line; std::getline(lines, line); ++n) {
      const json a = json::parse(line);
      ASSERT_TRUE(a.is_object() && a.contains("type")) << line;
      if (a.contains("actor")) {
        EXPECT_EQ(a["actor"], seat) << line;
      }
    }
    EXPECT_EQ(n, want);
  };
  {
    std::string in;
    for (const json& e : events) in += e.dump() + "\n";
    std::istringstream is(in);
    std::ostringstream os;
    MjaiBot bot(*rules, std::move(MakeAgent("greedy")).value(), 1);
    auto r = RunMjaiStdioClient(is, os, MjaiStdioDialect::kLockstep, bot);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_TRUE(r->game_ended);
    EXPECT_EQ(r->final_scores, rec.end.scores);
    check_answers(os.str(), events.size() - 1);
  }
  {
    // Batches end where the seat may act (its draw, another's discard or kan, its call): each
    // gets one answer; the last batch ends with end_game and gets none.
    std::string in;
    json batch = json::array();
    size_t batches = 0;
    for (const json& e : events) {
      batch.push_back(e);
      const std::string t = e["type"].get<std::string>();
      const bool mine = e.contains("actor") && e["actor"] == seat;
      if ((t == "tsumo" && mine) || ((t == "dahai" || t == "kakan") && !mine) || ((t == "chi" || t == "pon") && mine)) {
        in += batch.dump() + "\n";
        batch = json::array();
        ++batches;
      }
    }
    in += batch.dump() + "\n";
    std::istringstream is(in);
    std::ostringstream os;
    MjaiBot bot(*rules, std::move(MakeAgent("greedy")).value(), 1);
    auto r = RunMjaiStdioClient(is, os, MjaiStdioDialect::kBatched, bot);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_TRUE(r->game_ended);
    check_answers(os.str(), batches);
  }
  {
    // Lock-step refuses an array, naming the line.
    std::istringstream is("[{\"type\":\"start_game\",\"id\":0}]\n");
    std::ostringstream os;
    MjaiBot bot(*rules, std::move(MakeAgent("greedy")).value(), 1);
    auto r = RunMjaiStdioClient(is, os, MjaiStdioDialect::kLockstep, bot);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("line 1"), std::string::npos) << r.error();
  }
}

}  // namespace
}  // namespace mjai_client_test
}  // namespace mj
