// Ningbo readings made settings (docs/NINGBO.md): pao when the liable tile is won on by ron
// (ningbo.pao_on_ron), no honba counter in `replay show` where honba are worth nothing, and limit
// hands recorded and shown as limit (満貫) / half_limit (半満貫), not as yakuman.
// Expected numbers are worked out from RULES.md `ningbo` and written next to them.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <sstream>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "replays/replay.h"
#include "replays/replay_schema.h"
#include "replays/replay_show.h"
#include "replays/replay_verify.h"
#include "replays/replay_writer.h"
#include "rules/ruleset.h"
#include "tests/scenario.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace ningbo_settings_test {
namespace {

using test::Policy;
using test::PolicyAgent;
using test::ScenarioWall;
using nlohmann::json;

Ruleset Rules(const nlohmann::json& j) {
  auto r = RulesetFromJson(j);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

// Pons every dragon it is offered, else plays its policy (wins when it may, discards 1s then 9s).
class DragonPonner final : public Agent {
 public:
  DragonPonner() {
    Policy p;
    p.win = true;
    p.discards = "1s9s";
    inner_.emplace(p);
  }
  [[nodiscard]] std::string Name() const override { return "dragon-ponner"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    for (const Action& a : legal)
      if (a.type == ActionType::kRon) return a;
    for (const Action& a : legal)
      if (a.type == ActionType::kPon && IsDragon(KindOf(a.tile))) return a;
    return inner_->Choose(view, legal);
  }

 private:
  std::optional<PolicyAgent> inner_;
};

// Seat 1 holds 55z 66z 77z 99p 123m and 1s 9s. The dealer draws and discards 5z (seat 1 pons,
// discards 1s); seat 2 draws and discards 6z (pon, discards 9s); the turn passes to seat 2
// again, which draws and discards 7z: seat 1 rons it (77z 99p 123m waits on 7z/9p) with two dragon pons exposed: 三元和, a limit
// hand: 300 a share, the dealer paying double: 600 + 300 + 300 = 1200. The losers hold no pung
// and no pair of value (10 each): no side payments.
GameRecord PlayBigDragonsRon(const Ruleset& rules) {
  const std::array<std::string, 4> deal{"2468p13579s1234z", "55z66z77z99p123m1s9s", "13579p2468s1234z",
                                        "4689p359s78m1234z"};
  const Wall wall = ScenarioWall(deal, "5z6z7z");
  PolicyAgent a0({}), a2({}), a3({});
  DragonPonner a1;
  GameOptions options;
  options.wall_for_hand = [&](int hand) { return hand == 0 ? std::optional<Wall>(wall) : std::nullopt; };
  options.max_hands = 1;
  options.observer = [&](const RoundState& s, const Event& e) {
    ASSERT_EQ(CheckInvariants(s, 4 * rules.starting_points), "") << "after " << EventTypeName(e.type);
  };
  GameRecord rec = PlayGame(rules, 11, {&a0, &a1, &a2, &a3}, options);
  EXPECT_TRUE(rec.complete) << rec.error;
  return rec;
}

const HoraInfo* OnlyWin(const GameRecord& rec) {
  const HoraInfo* out = nullptr;
  int wins = 0, pons = 0;
  for (const Event& e : rec.events) {
    if (e.type == EventType::kHora) {
      ++wins;
      EXPECT_EQ(e.actor, 1);
      EXPECT_EQ(e.target, 2);
      out = e.hora.get();
    }
    pons += e.type == EventType::kPon;
  }
  EXPECT_EQ(wins, 1);
  EXPECT_EQ(pons, 2);
  return out;
}

TEST(NingboPaoOnRon, ByDefaultAllThreePayTheRonOnTheThirdDragon) {
  const GameRecord rec = PlayBigDragonsRon(Rules({{"base", "ningbo"}}));
  const HoraInfo* h = OnlyWin(rec);
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->score.total, 1200);
  EXPECT_EQ(h->pao, -1);
  EXPECT_EQ(h->deltas, (std::array<int, 4>{-600, 1200, -300, -300}));
}

TEST(NingboPaoOnRon, WhenSetTheDiscarderOfTheThirdDragonPaysAll) {
  const GameRecord rec = PlayBigDragonsRon(Rules({{"base", "ningbo"}, {"ningbo", {{"pao_on_ron", true}}}}));
  const HoraInfo* h = OnlyWin(rec);
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->score.total, 1200);
  EXPECT_EQ(h->pao, 2);
  EXPECT_EQ(h->deltas, (std::array<int, 4>{0, 1200, -1200, 0}));
}

TEST(NingboPaoOnRon, IsABooleanOfTheNingboSection) {
  auto bad = RulesetFromJson({{"base", "ningbo"}, {"ningbo", {{"pao_on_ron", "yes"}}}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("\"ningbo.pao_on_ron\" must be a boolean"), std::string::npos) << bad.error();
  EXPECT_EQ(RulesetToJson(Rules({{"base", "ningbo"}}))["ningbo"]["pao_on_ron"], false);
}

TEST(NingboReplayShow, NoHonbaCounterWhereHonbaAreWorthNothing) {
  const GameRecord ningbo = PlayBigDragonsRon(Rules({{"base", "ningbo"}}));
  const std::string text = ShowReplay(ningbo, -1);
  EXPECT_NE(text.find("Hand 0: East 1, riichi sticks 0, dealer seat 0"), std::string::npos) << text;
  EXPECT_EQ(text.find("honba"), std::string::npos) << text;
}

// The replay of a limit-hand win: its score object says "limit", the document passes the schema,
// reads back and writes the same bytes, and (`from_seed`: the walls come from the seed, not a
// script) re-simulates.
void ExpectLimitHandReplay(const GameRecord& rec, const char* limit, bool from_seed) {
  const json doc = ReplayToJson(rec);
  const auto& schema = ReplaySchema();
  ASSERT_TRUE(schema.ok()) << schema.error();
  const auto errors = schema->Validate(doc);
  EXPECT_TRUE(errors.empty()) << errors.front().ToString();
  int limit_wins = 0;
  for (const json& e : doc["events"])
    if (e["type"] == "hora" && e["score"]["limit"] == limit) {
      ++limit_wins;
      EXPECT_EQ(e["score"]["yakuman"], 0) << e.dump();
      EXPECT_EQ(e["score"]["han"], 0) << e.dump();
      for (const json& y : e["score"]["yaku"]) EXPECT_TRUE(y.contains("limit")) << e.dump();
    }
  EXPECT_GE(limit_wins, 1) << "no win with limit " << limit;
  auto back = ReplayFromJson(doc);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(ReplayText(*back), ReplayText(rec));
  if (!from_seed) return;
  auto verified = VerifyReplay(rec);
  ASSERT_TRUE(verified.ok()) << verified.error();
  EXPECT_TRUE(verified->ok()) << verified->divergence->ToString();
}

// 三元和 (seed (G)(ロ) 満貫: 三元和) by ron, paid by all three: the text names the limit.
TEST(NingboReplayShow, ALimitHandIsShownAsTheLimitNotYakuman) {
  const GameRecord ningbo = PlayBigDragonsRon(Rules({{"base", "ningbo"}}));
  const std::string text = ShowReplay(ningbo, -1);
  EXPECT_NE(text.find("\n    daisangen limit (満貫)\n    limit (満貫): ron paid by all three: 300/600 (non-dealers/dealer)\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("yakuman"), std::string::npos) << text;
  ExpectLimitHandReplay(ningbo, "limit", false);
  // The schema and the reader take half_limit too, and no other name on a yaku entry.
  json doc = ReplayToJson(ningbo);
  json* score = nullptr;
  for (json& e : doc["events"])
    if (e["type"] == "hora") score = &e["score"];
  ASSERT_NE(score, nullptr);
  (*score)["limit"] = "half_limit";
  (*score)["yaku"][0]["limit"] = "half_limit";
  const auto& schema = ReplaySchema();
  ASSERT_TRUE(schema.ok()) << schema.error();
  EXPECT_TRUE(schema->Validate(doc).empty()) << schema->Validate(doc).front().ToString();
  (*score)["yaku"][0]["limit"] = "mangan";
  EXPECT_FALSE(schema->Validate(doc).empty());
  auto bad = ReplayFromJson(doc);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("/yaku/0/limit"), std::string::npos) << bad.error();
}

// A game of four greedy players (match --rules ningbo --agents greedy x4 --seed 2, game 46) in
// which seat 2 wins 十三不搭 on its first draw (seed (G)(ヘ) 満貫: 十三不搭): a limit hand of real
// play through the replay document, `replay show` and verification.
TEST(NingboReplayShow, ALimitHandOfAGreedyGame) {
  auto rules = LoadRuleset("ningbo");
  ASSERT_TRUE(rules.ok()) << rules.error();
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = std::move(MakeAgent("greedy")).value();
    agents[s] = owned[s].get();
  }
  GameRecord rec = PlayGame(*rules, 6885707634579109225ULL, agents);
  rec.agents = {"greedy", "greedy", "greedy", "greedy"};
  ASSERT_TRUE(rec.complete) << rec.error;
  const std::string text = ShowReplay(rec, -1);
  ASSERT_NE(text.find("    thirteen_unconnected limit (満貫)\n    limit (満貫): tsumo 300/600 (non-dealers/dealer)\n"),
            std::string::npos)
      << "no 十三不搭 win in this game any more: pick another seed (match --rules ningbo, grep the replays for "
         "\"limit\":\"limit\")";
  EXPECT_EQ(text.find("yakuman"), std::string::npos);
  EXPECT_EQ(text.find("honba"), std::string::npos);
  ExpectLimitHandReplay(rec, "limit", true);
}

}  // namespace
}  // namespace ningbo_settings_test
}  // namespace mj
