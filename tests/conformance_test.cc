// Random-play conformance: 1,000 games per preset with four random agents (uniform over the
// legal actions, so every kind of action gets exercised), every invariant checked after every
// event, and every game's replay round-tripped (JSON -> record -> JSON identical) and verified by
// re-simulation from its seed.

#include <gtest/gtest.h>

#include <string>

#include "agents/random_agent.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

struct Totals {
  int games = 0;
  int hands = 0;
  int wins = 0;
  int exchanges = 0;
};

void RunConformance(const std::string& preset, int games, Totals* totals) {
  auto loaded = LoadRuleset(preset);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const Ruleset rules = loaded.value();
  const int total_points = 4 * rules.starting_points;
  for (int g = 0; g < games; ++g) {
    RandomAgent a0, a1, a2, a3;
    GameOptions options;
    std::string broken;
    options.observer = [&](const RoundState& s, const Event& e) {
      if (!broken.empty()) return;
      broken = CheckInvariants(s, total_points);
      if (!broken.empty()) broken += " after a " + std::string(EventTypeName(e.type)) + " event";
    };
    const uint64_t seed = 1000003ULL * static_cast<uint64_t>(g) + 17;
    const GameRecord rec = PlayGame(rules, seed, {&a0, &a1, &a2, &a3}, options);
    ASSERT_TRUE(rec.complete) << preset << " game " << g << ": " << rec.error;
    ASSERT_TRUE(broken.empty()) << preset << " game " << g << " (seed " << seed << "): " << broken;
    for (const Event& e : rec.events) {
      totals->hands += e.type == EventType::kEndKyoku;
      totals->wins += e.type == EventType::kHora;
      totals->exchanges += e.type == EventType::kExchange;
    }
    // Replay round trip and re-simulation.
    const nlohmann::json doc = ReplayToJson(rec);
    auto back = ReplayFromJson(doc);
    ASSERT_TRUE(back.ok()) << preset << " game " << g << ": " << back.error();
    ASSERT_EQ(ReplayToJson(back.value()), doc) << preset << " game " << g << ": the replay does not round-trip";
    auto verified = VerifyReplay(back.value());
    ASSERT_TRUE(verified.ok()) << preset << " game " << g << ": " << verified.error();
    ASSERT_TRUE(verified.value().ok()) << preset << " game " << g << ": the replay does not re-simulate";
    ++totals->games;
  }
}

TEST(Conformance, ThousandRandomRiichiGames) {
  Totals t;
  RunConformance("riichi", 1000, &t);
  EXPECT_EQ(t.games, 1000);
  EXPECT_GT(t.hands, 5000);
  std::printf("riichi: %d games, %d hands, %d wins\n", t.games, t.hands, t.wins);
}

TEST(Conformance, ThousandRandomDunpaiGames) {
  Totals t;
  RunConformance("dunpai", 1000, &t);
  EXPECT_EQ(t.games, 1000);
  EXPECT_LE(t.hands, 10000);  // the dunpai preset plays 10 hands unless the 50000 gap ends it first
  EXPECT_GT(t.hands, 9000);
  EXPECT_GT(t.exchanges, 1000);  // random agents do exchange
  std::printf("dunpai: %d games, %d hands, %d wins, %d exchanges\n", t.games, t.hands, t.wins, t.exchanges);
}

}  // namespace
}  // namespace mj
