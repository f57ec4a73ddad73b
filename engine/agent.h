#pragma once
// Agent: a player. At each decision it receives only its PlayerView and the legal actions,
// and returns one of them. Agents must be deterministic given their seed.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/player_view.h"

namespace mj {

// ActionEstimate: the numbers behind an agent's choice for one legal action, for review tools
// (`replay review`) and tests. `value` is on the agent's own scale (higher is better; the
// `expert` agent's is expected points); a chance the agent does not estimate is negative.
struct ActionEstimate {
  Action action;
  double value = 0.0;
  double win_chance = -1.0;      // P(this seat wins the hand) after the action
  double deal_in_chance = -1.0;  // P(this seat deals in this hand) after the action
  std::string note;              // a few words: "fold", "push", "dama", "decline win", ...
};

class Agent {
 public:
  virtual ~Agent() = default;
  [[nodiscard]] virtual std::string Name() const = 0;
  // Called once per game before the first decision.
  virtual void BeginGame(int seat, uint64_t seed) {
    (void)seat;
    (void)seed;
  }
  // Returns one of `legal` (never empty). Answering anything else is an error of the agent.
  [[nodiscard]] virtual Action Choose(const PlayerView& view, std::span<const Action> legal) = 0;
  // The agent's estimate of each action in `legal` (same order), or empty when the agent does not
  // estimate actions (the default). Calling it must not change any later answer of Choose: a
  // reviewed game plays exactly as an unreviewed one.
  [[nodiscard]] virtual std::vector<ActionEstimate> Evaluate(const PlayerView& view, std::span<const Action> legal) {
    (void)view;
    (void)legal;
    return {};
  }
};

}  // namespace mj
