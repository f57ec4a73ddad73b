#pragma once
// `random`: uniform over the legal actions, from the engine's PRNG seeded per game and seat.

#include "engine/agent.h"
#include "engine/rng.h"

namespace mj {

class RandomAgent final : public Agent {
 public:
  [[nodiscard]] std::string Name() const override { return "random"; }
  void BeginGame(int seat, uint64_t seed) override {
    (void)seat;
    rng_ = Rng(seed);
  }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    (void)view;
    return legal[static_cast<size_t>(rng_.Below(legal.size()))];
  }

 private:
  Rng rng_{0};
};

}  // namespace mj
