// rl/: a stepped game is the game PlayGame plays with the same answers, and a VecEnv's results do
// not depend on its thread count (the C++ side of tests/python/).
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "replays/replay.h"
#include "rl/action_encoding.h"
#include "rl/observation.h"
#include "rl/stepped_game.h"
#include "rl/vec_env.h"
#include "rules/ruleset.h"

namespace mj::rl {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace rl_stepped_game_test {
namespace {

// Answers legal[(decision number * 7) % size]: a fixed rule that reaches many kinds of action.
class RuleAgent final : public Agent {
 public:
  [[nodiscard]] std::string Name() const override { return "outside"; }
  [[nodiscard]] Action Choose(const PlayerView&, std::span<const Action> legal) override {
    return legal[(n_++ * 7) % legal.size()];
  }

 private:
  size_t n_ = 0;
};

class SteppedGameTest : public testing::TestWithParam<const char*> {};

TEST_P(SteppedGameTest, SameEventsAsPlayGame) {
  auto rules = LoadRuleset(GetParam());
  ASSERT_TRUE(rules.ok()) << rules.error();
  for (uint64_t seed : {3u, 4u}) {
    // Seats 0 and 2 outside, answered by one shared rule in the order they are asked; seats 1
    // and 3 the built-in greedy agent, inside the game in both runs.
    RuleAgent shared;
    struct Forward final : Agent {
      RuleAgent* rule;
      explicit Forward(RuleAgent* r) : rule(r) {}
      [[nodiscard]] std::string Name() const override { return "outside"; }
      [[nodiscard]] Action Choose(const PlayerView& v, std::span<const Action> legal) override {
        return rule->Choose(v, legal);
      }
    };
    Forward f0(&shared), f2(&shared);
    auto g1 = std::move(MakeAgent("greedy")).value();
    auto g3 = std::move(MakeAgent("greedy")).value();
    const GameRecord direct = PlayGame(*rules, seed, {&f0, g1.get(), &f2, g3.get()});
    ASSERT_TRUE(direct.complete) << direct.error;

    std::array<std::unique_ptr<Agent>, 4> agents;
    agents[1] = std::move(MakeAgent("greedy")).value();
    agents[3] = std::move(MakeAgent("greedy")).value();
    SteppedGame stepped(*rules, std::move(agents));
    stepped.Reset(seed);
    RuleAgent rule;
    long decisions = 0;
    float reward0 = stepped.rewards()[0];
    while (!stepped.done()) {
      ASSERT_TRUE(stepped.seat() == 0 || stepped.seat() == 2);
      const Action a = rule.Choose(stepped.view(), stepped.legal());
      const size_t i = static_cast<size_t>(&*std::find(stepped.legal().begin(), stepped.legal().end(), a) -
                                           stepped.legal().data());
      // The index of the answer decodes back to it.
      const int index = EncodeAction(a, stepped.view().drawn(), *rules);
      ASSERT_EQ(DecodeAction(index, stepped.legal(), stepped.view().drawn(), *rules), &stepped.legal()[i]);
      ASSERT_TRUE(stepped.Step(i).ok());
      reward0 += stepped.rewards()[0];
      ++decisions;
    }
    ASSERT_TRUE(stepped.record().complete) << stepped.record().error;
    EXPECT_GT(decisions, 20);
    EXPECT_EQ(ReplayFileText(stepped.record()), ReplayFileText(direct));
    // Seat 0's score rewards add up to its final score minus the starting points.
    EXPECT_NEAR(reward0, (direct.end.scores[0] - rules->starting_points) / 1000.0, 1e-3);
  }
}

INSTANTIATE_TEST_SUITE_P(Presets, SteppedGameTest,
                         testing::Values("riichi", "fuless", "ayame-competition", "ayame-blend", "dunpai", "ningbo"));

TEST(SteppedGame, AbandonedGameStopsCleanly) {
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok());
  SteppedGame g(*rules, {});
  g.Reset(1);
  ASSERT_FALSE(g.done());
  ASSERT_TRUE(g.Step(0).ok());
  EXPECT_FALSE(g.Step(1000).ok());  // out of range: nothing played
  g.Reset(2);                       // the unfinished game is stopped
  EXPECT_FALSE(g.done());
  EXPECT_EQ(g.seed(), 2u);
}

// The same answers give the same bytes on one and on two threads.
TEST(VecEnv, ThreadCountDoesNotChangeResults) {
  auto rules = LoadRuleset("dunpai");
  ASSERT_TRUE(rules.ok());
  auto run = [&](int threads) {
    const int n = 5;
    auto env = std::move(VecEnv::Make(*rules, n, {"", "", "random", ""}, threads, RewardMode::kScore)).value();
    std::vector<uint8_t> planes(static_cast<size_t>(n) * kNumPlanes * kNumKinds), mask(static_cast<size_t>(n) * kNumActions);
    std::vector<float> scalars(static_cast<size_t>(n) * kNumScalars), reward(static_cast<size_t>(n) * 4);
    std::vector<int32_t> legal(static_cast<size_t>(n) * kMaxLegal), count(n), seat(n), scores(static_cast<size_t>(n) * 4);
    std::vector<uint8_t> done(n);
    VecBuffers out;
    out.planes = planes.data();
    out.scalars = scalars.data();
    out.mask = mask.data();
    out.legal = legal.data();
    out.legal_count = count.data();
    out.seat = seat.data();
    out.reward = reward.data();
    out.done = done.data();
    out.final_scores = scores.data();
    env->Reset(9, out);
    std::vector<uint8_t> trace;
    std::vector<int32_t> actions(n);
    for (int step = 0; step < 1500; ++step) {
      for (int i = 0; i < n; ++i) actions[i] = legal[static_cast<size_t>(i) * kMaxLegal + (step + i) % count[i]];
      EXPECT_TRUE(env->Step(actions.data(), out).ok());
      trace.insert(trace.end(), planes.begin(), planes.end());
      trace.insert(trace.end(), done.begin(), done.end());
      const auto* r = reinterpret_cast<const uint8_t*>(reward.data());
      trace.insert(trace.end(), r, r + reward.size() * sizeof(float));
    }
    return std::make_pair(trace, env->games_finished());
  };
  const auto one = run(1);
  const auto two = run(2);
  EXPECT_GT(one.second, 0);
  EXPECT_EQ(one.second, two.second);
  EXPECT_TRUE(one.first == two.first);
}

}  // namespace
}  // namespace rl_stepped_game_test
}  // namespace mj::rl
