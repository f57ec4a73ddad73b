#pragma once
// A test agent that plays randomly, then answers with an illegal action (a tsumo it cannot
// declare) at its `stop_after`-th decision: a game stopped by an agent's error, for the tests
// of stopped games' replays and their verification.

#include <cstdint>
#include <span>
#include <string>

#include "agents/random_agent.h"
#include "engine/agent.h"

namespace mj::test {

class StoppingAgent final : public Agent {
 public:
  explicit StoppingAgent(int stop_after) : stop_after_(stop_after) {}
  [[nodiscard]] std::string Name() const override { return "stopping"; }
  void BeginGame(int seat, uint64_t seed) override { inner_.BeginGame(seat, seed); }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    if (++decisions_ == stop_after_) return {ActionType::kTsumo, static_cast<uint8_t>(view.seat()), kNoTile, {}, 0};
    return inner_.Choose(view, legal);
  }

 private:
  RandomAgent inner_;
  int stop_after_;
  int decisions_ = 0;
};

}  // namespace mj::test
