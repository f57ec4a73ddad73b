// mjai action JSON <-> Action: the answers in the reference server's form (gimite/mjai,
// ../shared/mjai-reference/README.md) read into the legal action they mean, and back.

#include "mjai/action_json.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/player_view.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_action_json_test {
namespace {

using nlohmann::json;

constexpr Kind k1m = 0, k5m = 4, k9m = 8, k3p = 11, kE = 27;

Action Act(ActionType t, int actor, Tile tile, std::vector<Tile> consumed = {}) {
  Action a;
  a.type = t;
  a.actor = static_cast<uint8_t>(actor);
  a.tile = tile;
  for (Tile c : consumed) a.consumed[a.num_consumed++] = c;
  return a;
}

class MjaiActionJson : public ::testing::Test {
 protected:
  Ruleset rules = LoadRuleset("riichi").value();  // red fives: copy 0 of each five
};

TEST_F(MjaiActionJson, DahaiPicksTheDrawnCopyOnlyForTsumogiri) {
  const Tile drawn = TileOf(k3p, 2), held = TileOf(k3p, 1);
  const std::vector<Action> legal = {Act(ActionType::kDiscard, 1, held), Act(ActionType::kDiscard, 1, TileOf(kE, 0)),
                                     Act(ActionType::kDiscard, 1, drawn)};
  const MjaiActionContext ctx{1, drawn};
  auto a = MjaiToAction(json::parse(R"({"type":"dahai","actor":1,"pai":"3p","tsumogiri":true})"), 1, legal, ctx, rules);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->action, legal[2]);
  a = MjaiToAction(json::parse(R"({"type":"dahai","actor":1,"pai":"3p","tsumogiri":false})"), 1, legal, ctx, rules);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->action, legal[0]);
  // And back: the same messages.
  EXPECT_EQ(ActionToMjai(legal[2], ctx, rules).front().dump(), R"({"actor":1,"pai":"3p","tsumogiri":true,"type":"dahai"})");
  EXPECT_EQ(ActionToMjai(legal[1], ctx, rules).front().dump(), R"({"actor":1,"pai":"E","tsumogiri":false,"type":"dahai"})");
}

TEST_F(MjaiActionJson, WrongAnswersSayWhatWasWrong) {
  const Tile drawn = TileOf(k9m, 0);
  const std::vector<Action> legal = {Act(ActionType::kDiscard, 2, TileOf(k1m, 0)), Act(ActionType::kDiscard, 2, drawn)};
  const MjaiActionContext ctx{2, drawn};
  auto r = MjaiToAction(json::parse(R"({"type":"dahai","actor":1,"pai":"1m","tsumogiri":false})"), 2, legal, ctx, rules);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("actor is 1, expected 2"), std::string::npos) << r.error();
  r = MjaiToAction(json::parse(R"({"type":"dahai","actor":2,"pai":"9m","tsumogiri":false})"), 2, legal, ctx, rules);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("only 9m in the hand is the drawn tile"), std::string::npos) << r.error();
  r = MjaiToAction(json::parse(R"({"type":"dahai","actor":2,"pai":"1m"})"), 2, legal, ctx, rules);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("tsumogiri missing"), std::string::npos) << r.error();
  r = MjaiToAction(json::parse(R"({"type":"none"})"), 2, legal, ctx, rules);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("none is not an answer"), std::string::npos) << r.error();
  r = MjaiToAction(json::parse(R"({"type":"dahai","actor":2,"pai":"2z","tsumogiri":false})"), 2, legal, ctx, rules);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("not a tile name"), std::string::npos) << r.error();
  r = MjaiToAction(json::parse(R"({"type":"pon","actor":2})"), 2, legal, ctx, rules);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("consumed missing"), std::string::npos) << r.error();
  r = MjaiToAction(json::parse(R"(["dahai"])"), 2, legal, ctx, rules);
  ASSERT_FALSE(r);
}

TEST_F(MjaiActionJson, CallsMatchByNamesAndTarget) {
  // Seat 3 may pon or chi seat 2's red 5m: the reference sends {"type":"pon","actor":3,
  // "target":2,"pai":"5mr","consumed":["5m","5m"]}.
  const Tile red = TileOf(k5m, 0);
  const std::vector<Action> legal = {
      Act(ActionType::kPon, 3, red, {TileOf(k5m, 1), TileOf(k5m, 2)}),
      Act(ActionType::kChi, 3, red, {TileOf(k5m - 2, 1), TileOf(k5m - 1, 3)}),
      Act(ActionType::kPass, 3, kNoTile)};
  const MjaiActionContext ctx{2, kNoTile};
  auto a = MjaiToAction(json::parse(R"({"type":"pon","actor":3,"target":2,"pai":"5mr","consumed":["5m","5m"]})"), 3, legal,
                        ctx, rules);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->action, legal[0]);
  a = MjaiToAction(json::parse(R"({"type":"chi","actor":3,"target":2,"pai":"5mr","consumed":["4m","3m"]})"), 3, legal,
                   ctx, rules);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->action, legal[1]);
  a = MjaiToAction(json::parse(R"({"type":"none"})"), 3, legal, ctx, rules);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->action, legal[2]);
  auto r = MjaiToAction(json::parse(R"({"type":"pon","actor":3,"target":1,"pai":"5mr","consumed":["5m","5m"]})"), 3,
                        legal, ctx, rules);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("target must be 2"), std::string::npos) << r.error();
  EXPECT_EQ(ActionToMjai(legal[0], ctx, rules).front().dump(),
            R"({"actor":3,"consumed":["5m","5m"],"pai":"5mr","target":2,"type":"pon"})");
  EXPECT_EQ(PossibleActionsJson(legal, ctx, rules).size(), 2u);
}

TEST_F(MjaiActionJson, ReachIsTwoStepsAndHoraNamesItsTarget) {
  const Tile drawn = TileOf(kE, 1);
  const std::vector<Action> legal = {Act(ActionType::kTsumo, 0, drawn), Act(ActionType::kDiscard, 0, TileOf(k1m, 2)),
                                     Act(ActionType::kDiscard, 0, drawn), Act(ActionType::kRiichi, 0, TileOf(k1m, 2))};
  const MjaiActionContext ctx{0, drawn};
  auto a = MjaiToAction(json::parse(R"({"type":"reach","actor":0})"), 0, legal, ctx, rules);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->kind, MjaiAnswer::kReach);
  a = MjaiToAction(json::parse(R"({"type":"dahai","actor":0,"pai":"1m","tsumogiri":false})"), 0, legal, ctx, rules,
                   /*after_reach=*/true);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->action, legal[3]);
  auto r = MjaiToAction(json::parse(R"({"type":"dahai","actor":0,"pai":"E","tsumogiri":true})"), 0, legal, ctx, rules,
                        true);
  ASSERT_FALSE(r);  // noten riichi
  a = MjaiToAction(json::parse(R"({"type":"hora","actor":0,"target":0,"pai":"E"})"), 0, legal, ctx, rules);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->action, legal[0]);
  const auto msgs = ActionToMjai(legal[3], ctx, rules);
  ASSERT_EQ(msgs.size(), 2u);
  EXPECT_EQ(msgs[0].dump(), R"({"actor":0,"type":"reach"})");
  EXPECT_EQ(msgs[1].dump(), R"({"actor":0,"pai":"1m","tsumogiri":false,"type":"dahai"})");
  EXPECT_EQ(ActionToMjai(legal[0], ctx, rules).front().dump(), R"({"actor":0,"pai":"E","target":0,"type":"hora"})");
}

// Plays an inner agent and, at every decision, compares the hints as text with the JSON form.
class HintChecker : public Agent {
 public:
  HintChecker(std::unique_ptr<Agent> inner, const Ruleset& rules) : inner_(std::move(inner)), rules_(rules) {}
  [[nodiscard]] std::string Name() const override { return inner_->Name(); }
  void BeginGame(int seat, uint64_t seed) override { inner_->BeginGame(seat, seed); }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    MjaiActionContext ctx;  // as the server builds it (mjai/mjai_table.cc)
    ctx.drawn = view.drawn();
    const Phase phase = view.phase();
    ctx.target = phase == Phase::kOnDiscard                              ? view.last_discarder()
                 : phase == Phase::kOnKakan || phase == Phase::kOnAnkan ? view.kan_actor()
                                                                        : legal.front().actor;
    const json hints = PossibleActionsJson(legal, ctx, rules_);
    std::string text = "x";  // appended after what is there
    AppendPossibleActions(legal, ctx, rules_, &text);
    std::string expected = "x";
    expected += hints.dump();
    EXPECT_EQ(text, expected);
    ++decisions;
    if (hints.size() > 1) ++several;
    return inner_->Choose(view, legal);
  }
  long decisions = 0;
  long several = 0;

 private:
  std::unique_ptr<Agent> inner_;
  const Ruleset& rules_;
};

TEST(MjaiPossibleActions, TextIsTheJsonDumpAtEveryDecisionOfWholeGames) {
  for (const char* preset : {"riichi", "ningbo", "dunpai", "ayame-blend"}) {
    const Ruleset rules = LoadRuleset(preset).value();
    std::array<std::unique_ptr<HintChecker>, 4> seats;
    std::array<Agent*, 4> agents{};
    for (int s = 0; s < 4; ++s) {
      seats[s] = std::make_unique<HintChecker>(MakeAgent(s % 2 ? "random" : "greedy").value(), rules);
      agents[s] = seats[s].get();
    }
    for (uint64_t seed = 1; seed <= 3; ++seed) (void)PlayGame(rules, seed, agents);
    long several = 0;
    for (const auto& s : seats) several += s->several;
    EXPECT_GT(several, 10) << preset;
    if (HasFailure()) return;
  }
}

}  // namespace
}  // namespace mjai_action_json_test
}  // namespace mj
