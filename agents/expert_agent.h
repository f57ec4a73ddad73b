#pragma once
// `expert`: a player that values every legal action in expected points under the ruleset it is
// playing, and takes the best. Offence: the chance to win the hand after the action
// (agents/expert_win_chance.h) times the hand's value from the ruleset's scoring module
// (agents/expert_hand_value.h: dama, riichi with ura, open riichi). A hand one or two from tenpai
// is valued through the hands its useful draws make (look-aheads to the tenpai hands and their
// scores); a hand further away by typical values. Defence: the deal-in chance of the tile given up
// times what the opponents' hands are worth (agents/expert_threat.h), plus the cost of pushing on,
// against folding: one comparison per discard, so folding, pushing and taking a risk for a good
// hand come out of the same numbers. Placement (agents/expert_placement.h) wherever a hand's result
// ends the game (the last hand, a bust, Dunpai's gap). Where every seat pays a ron (Ningbo), a
// deal-in costs the own share (TypicalValues::DiscarderShare). Dunpai: shield deal, exchanges, open
// riichi and declining a win, all from the same values and the value of a held shield
// (ExpertOptions::shield_value). Deterministic: no randomness of its own beyond the greedy helper's
// tie-breaks at the shield deal, seeded by BeginGame. Algorithm and knobs: docs/AGENTS.md.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "agents/expert_hand_value.h"
#include "agents/expert_options.h"
#include "agents/greedy_agent.h"
#include "engine/agent.h"

namespace mj {

class ExpertAgent final : public Agent {
 public:
  explicit ExpertAgent(ExpertOptions options = {});
  [[nodiscard]] std::string Name() const override;
  void BeginGame(int seat, uint64_t seed) override;
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override;
  [[nodiscard]] std::vector<ActionEstimate> Evaluate(const PlayerView& view, std::span<const Action> legal) override;

 private:
  // The greedy players whose shield choice at the deal the expert takes (plain, and banking
  // pairs), with their tie-break PRNGs: copied by Evaluate so a review changes nothing.
  struct Helpers {
    GreedyAgent plain;
    GreedyAgent banker;
  };
  // Estimates of every action in `legal` and the index of the one to play.
  std::vector<ActionEstimate> Estimate(const PlayerView& view, std::span<const Action> legal, Helpers& helpers,
                                       size_t* best);
  const TypicalValues& Typical(const Ruleset& rules);

  ExpertOptions options_;
  Helpers helpers_;
  std::optional<TypicalValues> typical_;
  const Ruleset* typical_rules_ = nullptr;
};

}  // namespace mj
