// The per-game tile conservation checker (engine/invariants.h) gives exactly the full scan's
// answer: after every event of played hands (riichi and Dunpai), and on states broken on purpose
// (a tile in two places, a wall changed in the middle of a hand, a place without a valid tile).

#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "agents/random_agent.h"
#include "engine/invariants.h"
#include "engine/round.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

// Plays one hand with random agents; calls `each(state)` after every event.
template <class F>
void PlayHand(const Ruleset& rules, uint64_t wall_seed, F&& each) {
  std::array<RandomAgent, 4> agents;
  for (int p = 0; p < 4; ++p) agents[p].BeginGame(p, wall_seed * 4 + static_cast<uint64_t>(p));
  RoundSetup setup;
  setup.scores.fill(rules.starting_points);
  std::vector<Event> events;
  Round round(rules, Wall::Shuffled(wall_seed), setup, &events);
  round.set_observer([&](const RoundState& s, const Event&) { each(s); });
  auto outcome = round.Play({&agents[0], &agents[1], &agents[2], &agents[3]});
  ASSERT_TRUE(outcome.ok()) << outcome.error();
}

TEST(TileConservation, CheckerAgreesWithTheFullScanAfterEveryEvent) {
  for (const char* preset : {"riichi", "dunpai"}) {
    const Ruleset rules = LoadRuleset(preset).value();
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      TileConservationChecker checker;
      int events = 0;
      PlayHand(rules, seed, [&](const RoundState& s) {
        ++events;
        EXPECT_EQ(checker.Check(s), "") << preset << " wall " << seed << " event " << events;
        EXPECT_EQ(CheckTileConservation(s), "");
      });
      EXPECT_GT(events, 10);
    }
  }
}

TEST(TileConservation, CheckerNamesTheSameBrokenTileAsTheFullScan) {
  const Ruleset rules = LoadRuleset("riichi").value();
  // A state from the middle of a hand: some tiles drawn and discarded.
  std::optional<RoundState> mid;
  int events = 0;
  PlayHand(rules, 7, [&](const RoundState& s) {
    if (++events == 40) mid = s;
  });
  ASSERT_TRUE(mid.has_value());
  ASSERT_LT(mid->live_next, mid->wall.LiveSize());
  const Tile undrawn = mid->wall.tiles[static_cast<size_t>(mid->live_next)];

  // 1. A tile in two places: seat 1's first tile replaced by an undrawn wall tile.
  RoundState twice = *mid;
  const Tile lost = twice.seats[1].hand[0];
  twice.seats[1].hand[0] = undrawn;
  TileConservationChecker checker;
  EXPECT_EQ(checker.Check(*mid), "");  // the checker has summarised this hand's wall
  const std::string broken = checker.Check(twice);
  EXPECT_EQ(broken, CheckTileConservation(twice));
  EXPECT_NE(broken.find("counted 2 times"), std::string::npos) << broken;
  EXPECT_NE(broken.find("(id " + std::to_string(std::min(undrawn, lost))), std::string::npos) << broken;

  // 2. The wall array changed in the middle of the hand (an undrawn tile replaced by a tile in
  // seat 2's hand): the checker notices the new wall instead of trusting its summary.
  RoundState moved = *mid;
  moved.wall.tiles[static_cast<size_t>(moved.live_next) + 1] = moved.seats[2].hand[0];
  const std::string moved_broken = checker.Check(moved);
  EXPECT_FALSE(moved_broken.empty());
  EXPECT_EQ(moved_broken, CheckTileConservation(moved));
  EXPECT_EQ(checker.Check(*mid), "");  // and back

  // 3. A place holding no valid tile id.
  RoundState invalid = *mid;
  invalid.seats[3].hand[0] = kNoTile;
  EXPECT_EQ(checker.Check(invalid), "1 places hold no valid tile id");
  EXPECT_EQ(CheckTileConservation(invalid), "1 places hold no valid tile id");
}

}  // namespace
}  // namespace mj
