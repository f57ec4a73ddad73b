#pragma once
// `defensive`: greedy, but folds against riichi. When another seat is in riichi and its own hand
// is far from winning (shanten >= fold_shanten, or tenpai with push_when_tenpai off), it stops
// calling and declaring, and discards the tile safest against every riichi player (genbutsu,
// then honours most seen, suji, terminals, the rest; hand_eval.h Danger), keeping the greedy
// order among equally safe tiles. Wins are always taken (unless min_win_han_per_shield says to
// keep the shields). With shields, a folding hand whose every discard is dangerous sends a safe
// face-down shield to the river and puts its most dangerous tile face up. Knobs: docs/AGENTS.md.

#include <string>

#include "agents/greedy_agent.h"

namespace mj {

struct DefensiveOptions {
  GreedyOptions greedy;
  int fold_shanten = 1;          // fold when shanten (after the best discard) >= this, 1..8
  bool push_when_tenpai = true;  // keep playing greedy while tenpai
  friend bool operator==(const DefensiveOptions&, const DefensiveOptions&) = default;
};

class DefensiveAgent final : public GreedyAgent {
 public:
  explicit DefensiveAgent(DefensiveOptions options = {})
      : GreedyAgent(options.greedy), defensive_(options) {}
  [[nodiscard]] std::string Name() const override;
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override;

  // True if the agent would fold at this decision (some other seat in riichi, own hand not
  // worth pushing). Exposed for tests.
  [[nodiscard]] bool Folding(const PlayerView& view) const;

 private:
  DefensiveOptions defensive_;
};

}  // namespace mj
