#pragma once
// Agent: a player. At each decision it receives only its PlayerView and the legal actions,
// and returns one of them. Agents must be deterministic given their seed.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/action.h"
#include "engine/player_view.h"

namespace mj {

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
};

}  // namespace mj
