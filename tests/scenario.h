#pragma once
// Test support: walls built from readable hands and draw lists, and a simple scripted agent.

#include <array>
#include <string>
#include <vector>

#include "engine/agent.h"
#include "engine/wall.h"

namespace mj::test {

// A wall whose deal gives seat p the tiles `hands[p]` (mpsz, 13 each; seats absolute), whose
// live draws start with `draws` (in draw order, whoever draws them), with `dora` as the first
// indicator and `rinshan` as the first replacement draws. Every other position is filled with
// the unused tiles in id order. Fails the calling test (ADD_FAILURE) on bad input.
Wall ScenarioWall(const std::array<std::string, 4>& hands, const std::string& draws, int dealer = 0,
                  const std::string& dora = "", const std::string& rinshan = "");

// An agent whose policy is a few switches: it wins whenever it may (win), declares riichi with
// the drawn tile when it may (riichi), makes closed kans (kan), declares nine terminals (nine),
// otherwise discards the drawn tile (or the first legal discard after a call) and passes calls.
struct Policy {
  bool win = false;
  bool riichi = false;
  bool kan = false;
  bool nine = false;
};

class PolicyAgent final : public Agent {
 public:
  explicit PolicyAgent(Policy p) : p_(p) {}
  [[nodiscard]] std::string Name() const override { return "policy"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override;

 private:
  Policy p_;
};

}  // namespace mj::test
