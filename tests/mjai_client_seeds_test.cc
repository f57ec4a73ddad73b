// The agent seed of an mjai client (docs/MJAI.md, "mjai-client"): with --game-seed every game of
// the process gets the seed the engine gives the seat in a game of that seed; with --match-seed
// game k of the process gets the seed the engine gives the seat in game k of a match of that seed.
// Expected seeds are the ones the engine's own PlayGame hands its agents in the games the match
// plan (replays/match_plan.h, what `match` and `serve` play) gives.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/agent.h"
#include "engine/game.h"
#include "mjai/client_bot.h"
#include "engine/match_plan.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_client_seeds_test {
namespace {

using json = nlohmann::json;

// A random agent that records the seed of each BeginGame.
class SeedRecorder : public Agent {
 public:
  explicit SeedRecorder(std::vector<uint64_t>* seeds) : inner_(std::move(MakeAgent("random")).value()), seeds_(seeds) {}
  [[nodiscard]] std::string Name() const override { return "random"; }
  void BeginGame(int seat, uint64_t seed) override {
    seeds_->push_back(seed);
    inner_->BeginGame(seat, seed);
  }
  Action Choose(const PlayerView& view, std::span<const Action> legal) override { return inner_->Choose(view, legal); }

 private:
  std::unique_ptr<Agent> inner_;
  std::vector<uint64_t>* seeds_;
};

// The seed the engine gives `seat`'s agent in game `game` of a match of seed `match_seed`.
uint64_t EngineSeed(const Ruleset& rules, uint64_t match_seed, long game, int seat) {
  std::array<std::vector<uint64_t>, 4> seeds;
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int p = 0; p < 4; ++p) {
    owned[p] = std::make_unique<SeedRecorder>(&seeds[p]);
    agents[p] = owned[p].get();
  }
  GameOptions options;
  options.max_hands = 1;
  (void)PlayGame(rules, PlanMatchGame(match_seed, game, 0).seed, agents, options);
  EXPECT_EQ(seeds[seat].size(), 1u);
  return seeds[seat].empty() ? 0 : seeds[seat].front();
}

// The seeds the bot's agent got over `games` games at `seat` (start_game ... end_game each).
std::vector<uint64_t> ClientSeeds(const Ruleset& rules, int seat, int games, uint64_t seed, bool match) {
  std::vector<uint64_t> seeds;
  MjaiBot bot(rules, std::make_unique<SeedRecorder>(&seeds), 99);
  if (match) {
    bot.set_match_seed(seed);
  } else {
    bot.set_game_seed(seed);
  }
  for (int g = 0; g < games; ++g) {
    auto r = bot.React({{"type", "start_game"}, {"id", seat}, {"names", {"a", "b", "c", "d"}}});
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
    r = bot.React({{"type", "end_game"}, {"scores", {25000, 25000, 25000, 25000}}});
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  }
  return seeds;
}

TEST(MjaiClientSeeds, MatchSeedGivesGameKTheMatchsGameKSeed) {
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok()) << rules.error();
  const uint64_t match_seed = 7;
  for (int seat : {0, 2}) {
    const auto got = ClientSeeds(*rules, seat, 3, match_seed, true);
    ASSERT_EQ(got.size(), 3u);
    for (int k = 1; k <= 3; ++k) EXPECT_EQ(got[k - 1], EngineSeed(*rules, match_seed, k, seat)) << "game " << k;
    EXPECT_NE(got[0], got[1]);
  }
}

TEST(MjaiClientSeeds, GameSeedGivesEveryGameTheSameSeed) {
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok()) << rules.error();
  const uint64_t game_seed = PlanMatchGame(7, 2, 0).seed;
  const auto got = ClientSeeds(*rules, 3, 2, game_seed, false);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], EngineSeed(*rules, 7, 2, 3));
  EXPECT_EQ(got[1], got[0]);
}

}  // namespace
}  // namespace mjai_client_seeds_test
}  // namespace mj
