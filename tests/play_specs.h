#pragma once
// One whole game between agents named by their specs ("greedy", "expert:calls=false", ...), for
// the tests that play games: every spec must make an agent (a refused spec fails the test), and
// with `check_invariants` the engine's invariants (136 tiles, points, hand sizes) are checked after
// every event.

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "rules/ruleset.h"

namespace mj::test {

inline GameRecord PlaySpecs(const Ruleset& rules, const std::array<std::string, 4>& specs, uint64_t seed,
                            bool check_invariants) {
  std::array<std::unique_ptr<Agent>, 4> agents;
  std::array<Agent*, 4> ptrs{};
  for (int p = 0; p < 4; ++p) {
    auto made = MakeAgent(specs[p]);
    EXPECT_TRUE(made.ok()) << specs[p];
    if (!made.ok()) return GameRecord{};
    agents[p] = std::move(made).value();
    ptrs[p] = agents[p].get();
  }
  GameOptions options;
  if (check_invariants) {
    options.observer = [&rules](const RoundState& s, const Event& e) {
      const std::string problem = CheckInvariants(s, rules.starting_points * 4);
      ASSERT_TRUE(problem.empty()) << EventTypeName(e.type) << ": " << problem;
    };
  }
  return PlayGame(rules, seed, ptrs, options);
}

}  // namespace mj::test
