// Dunpai without shields (`shields.per_hand` 0, docs/RULESET.md "shields"): the question "what if
// no shields?" with the rest of Dunpai kept. Games of every built-in agent (random, greedy,
// defensive, expert) play to the end, their replays round-trip and verify, and each replay shows
// what shared/RULES.md says such a game is, read from the replay JSON:
// - no shield anywhere: no shield_set, exchange, protection or shields_lost event, no
//   "shields_carried" at a deal, the recorded ruleset has shields off;
// - the deal of a game without shields (RULES.md `dunpai` rule 1 says the shield deal is "2 more
//   than usual", 16/15: the usual is 14 for the first player, 13 for the others), so 136 - 4 x 13 =
//   84 tiles are left to draw, and with no dead wall every one of them is drawn: an exhaustive draw
//   comes after exactly 84 draws (kong replacements included), a win after at most 84;
// - the rest of Dunpai: no dora (no indicator, no dora event), peach tiles dealt, wins paid by han
//   alone (no fu), no riichi deposit, everyone starting at 0 (the final scores sum to 0), at most
//   10 hands.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/match_plan.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace dunpai_no_shields_test {
namespace {

using nlohmann::json;

Ruleset NoShields() {
  auto r = RulesetFromJson({{"base", "dunpai"}, {"name", "dunpai-no-shields"}, {"shields", {{"per_hand", 0}}}});
  EXPECT_TRUE(r.ok()) << r.error();
  return *r;
}

TEST(DunpaiNoShields, EveryAgentPlaysAGameWithoutShieldsThatVerifies) {
  const Ruleset rules = NoShields();
  // Every agent in every seat over the first four games; the last four without the random agent,
  // which deals in too often for a hand to run out of tiles.
  const std::array<std::string, 4> every{"random", "greedy", "defensive", "expert"};
  const std::array<std::string, 4> careful{"defensive", "greedy", "defensive", "expert"};
  int hands = 0, exhaustive = 0, wins = 0, peach_seen = 0, riichi = 0;
  for (int g = 0; g < 8; ++g) {
    const std::array<std::string, 4>& entries = g < 4 ? every : careful;
    std::array<std::unique_ptr<Agent>, 4> agents;
    std::array<Agent*, 4> seats{};
    for (int p = 0; p < 4; ++p) {
      auto a = MakeAgent(entries[static_cast<size_t>((p + g) % 4)]);
      ASSERT_TRUE(a.ok()) << a.error();
      agents[p] = std::move(a).value();
      seats[p] = agents[p].get();
    }
    const GameRecord rec = PlayGame(rules, MatchGameSeed(26, g), seats, {});
    ASSERT_TRUE(rec.complete) << "game " << g << ": " << rec.error;
    const json doc = ReplayToJson(rec);
    auto back = ReplayFromJson(json::parse(doc.dump()));
    ASSERT_TRUE(back.ok()) << back.error();
    auto verified = VerifyReplay(*back);
    ASSERT_TRUE(verified.ok()) << verified.error();
    EXPECT_TRUE(verified->ok()) << "game " << g;

    EXPECT_FALSE(doc["ruleset"]["shields"]["enabled"].get<bool>());
    EXPECT_EQ(doc["ruleset"]["shields"]["per_hand"], 0);
    EXPECT_FALSE(doc["ruleset"]["dead_wall"].get<bool>());
    const json& events = doc["events"];
    int game_hands = 0, draws = 0, oya = -1;
    for (size_t i = 0; i < events.size(); ++i) {
      const json& e = events[i];
      const std::string type = e["type"].get<std::string>();
      EXPECT_TRUE(type != "shield_set" && type != "exchange" && type != "protection" && type != "shields_lost" &&
                  type != "dora")
          << "game " << g << " event " << i << ": " << e.dump();
      if (type == "start_kyoku") {
        ++game_hands;
        draws = 0;
        oya = e["oya"].get<int>();
        EXPECT_FALSE(e.contains("shields_carried")) << e.dump();
        EXPECT_TRUE(e["dora_marker"].is_null()) << e.dump();
        // 14 for the first player (its first draw included), 13 for the others.
        ASSERT_LT(i + 1, events.size());
        const json& next = events[i + 1];
        const bool dealer_draws = next["type"] == "tsumo" && next["actor"] == oya;
        for (int p = 0; p < 4; ++p) {
          const size_t held = e["tehais"][p].size() + (p == oya && dealer_draws ? 1 : 0);
          EXPECT_EQ(held, p == oya ? 14u : 13u) << "game " << g << " hand " << game_hands << " seat " << p;
          for (const json& t : e["tehais"][p]) peach_seen += t.get<std::string>().find('*') != std::string::npos;
        }
      } else if (type == "tsumo") {
        ++draws;
      } else if (type == "hora") {
        ++wins;
        EXPECT_LE(draws, 84) << "game " << g << " hand " << game_hands;
        EXPECT_EQ(e["score"]["fu"], 0) << e["score"].dump();
        EXPECT_EQ(e["score"]["deposits"], 0) << e["score"].dump();
        for (const json& y : e["score"]["yaku"]) {
          const std::string name = y["name"].get<std::string>();
          EXPECT_TRUE(name != "dora" && name != "aka_dora" && name != "ura_dora") << name;
        }
      } else if (type == "ryukyoku") {
        const std::string reason = e["reason"].get<std::string>();
        if (reason == "fanpai" || reason == "nagashimangan") {
          ++exhaustive;
          EXPECT_EQ(draws, 84) << "game " << g << " hand " << game_hands;
        }
      } else if (type == "reach_accepted") {
        ++riichi;
        EXPECT_EQ(e["deltas"], json::array({0, 0, 0, 0})) << e.dump();  // no riichi deposit
      }
    }
    EXPECT_GE(game_hands, 1);
    EXPECT_LE(game_hands, 10) << "game " << g;
    hands += game_hands;
    int sum = 0;
    for (const json& s : doc["final"]["scores"]) sum += s.get<int>();
    EXPECT_EQ(sum, 0) << doc["final"].dump();
  }
  // Eight games give both kinds of hand end, riichi and the peach tiles of the deal.
  EXPECT_GT(hands, 16);
  EXPECT_GT(wins, 0);
  EXPECT_GT(exhaustive, 0);
  EXPECT_GT(peach_seen, 0);
  EXPECT_GT(riichi, 0);
}

}  // namespace
}  // namespace dunpai_no_shields_test
}  // namespace mj
