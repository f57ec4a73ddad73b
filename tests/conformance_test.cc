// Random-play conformance: 1,000 games per preset with four random agents (uniform over the
// legal actions, so every kind of action gets exercised), every invariant checked after every
// event, and every game's replay round-tripped (text -> record -> text identical) and verified by
// re-simulation from its seed.

#include <gtest/gtest.h>

#include <string>

#include "agents/random_agent.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "replays/replay_writer.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace conformance_test {
namespace {

struct Totals {
  int games = 0;
  int hands = 0;
  int wins = 0;
  int exchanges = 0;
  int kans = 0;
  int riichi = 0;
  int side_settlements = 0;  // wins with the losers' settlement recorded (Ningbo)
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
      totals->kans += e.type == EventType::kAnkan || e.type == EventType::kKakan || e.type == EventType::kDaiminkan;
      totals->riichi += e.type == EventType::kReach;
      totals->side_settlements += e.type == EventType::kHora && e.hora && e.hora->side;
    }
    // Replay round trip (the file text, read as `replay verify` reads it: schema-checked) and
    // re-simulation.
    const std::string text = ReplayText(rec);
    auto back = ReplayFromText(text);
    ASSERT_TRUE(back.ok()) << preset << " game " << g << ": " << back.error();
    ASSERT_EQ(ReplayText(back.value()), text) << preset << " game " << g << ": the replay does not round-trip";
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

// The three scoring systems of issue 5 in full games. Random agents win rarely (about 60 hands
// in 1,000 riichi games on these seeds): the win counts only check that wins happen and settle.
TEST(Conformance, ThousandRandomFulessGames) {
  Totals t;
  RunConformance("fuless", 1000, &t);
  EXPECT_EQ(t.games, 1000);
  EXPECT_GT(t.hands, 5000);
  EXPECT_GT(t.wins, 30);
  std::printf("fuless: %d games, %d hands, %d wins\n", t.games, t.hands, t.wins);
}

TEST(Conformance, ThousandRandomAyameCompetitionGames) {
  Totals t;
  RunConformance("ayame-competition", 1000, &t);
  EXPECT_EQ(t.games, 1000);
  EXPECT_GT(t.hands, 5000);
  EXPECT_GT(t.wins, 30);
  EXPECT_EQ(t.kans, 0);  // ayame has no kongs at all
  std::printf("ayame-competition: %d games, %d hands, %d wins\n", t.games, t.hands, t.wins);
}

TEST(Conformance, ThousandRandomAyameBlendGames) {
  Totals t;
  RunConformance("ayame-blend", 1000, &t);
  EXPECT_EQ(t.games, 1000);
  EXPECT_GT(t.hands, 5000);
  EXPECT_GT(t.wins, 30);
  EXPECT_EQ(t.kans, 0);
  std::printf("ayame-blend: %d games, %d hands, %d wins\n", t.games, t.hands, t.wins);
}

TEST(Conformance, ThousandRandomNingboGames) {
  Totals t;
  RunConformance("ningbo", 1000, &t);
  EXPECT_EQ(t.games, 1000);
  EXPECT_GT(t.hands, 5000);
  EXPECT_GT(t.wins, 30);  // no yaku needed: more wins than under riichi (112 on these seeds)
  EXPECT_EQ(t.riichi, 0);  // no riichi in Ningbo
  EXPECT_GT(t.kans, 0);
  EXPECT_EQ(t.side_settlements, t.wins);  // every win settles the losers among themselves
  std::printf("ningbo: %d games, %d hands, %d wins\n", t.games, t.hands, t.wins);
}

}  // namespace
}  // namespace conformance_test
}  // namespace mj
