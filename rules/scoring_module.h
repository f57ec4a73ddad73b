#pragma once
// A scoring module values a winning hand under a ruleset. Modules are chosen by the ruleset's
// "scoring" key from a small registry, so rulesets with other tables plug in beside riichi.
// Score() is pure: same context and ruleset, same result.

#include <optional>
#include <string_view>

#include "rules/ruleset.h"
#include "rules/score_result.h"
#include "rules/win_context.h"

namespace mj {

class ScoringModule {
 public:
  virtual ~ScoringModule() = default;
  [[nodiscard]] virtual std::string_view Name() const = 0;
  // Scores `ctx`; on failure the result's error says no_yaku / not_a_winning_hand / invalid_input.
  [[nodiscard]] virtual ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const = 0;
  // Side settlements among the losers (Ningbo's サイド): the value of a losing seat's hand, per
  // share as a winner's is (a dealer pays and receives double), from `hand`: its concealed
  // tiles (13 - 3 x melds, no winning tile), melds and seat wind. nullopt: the module has none.
  [[nodiscard]] virtual std::optional<int> LoserValue(const WinContext& hand,
                                                      const Ruleset& rules) const {
    (void)hand;
    (void)rules;
    return std::nullopt;
  }
  // Nagashi mangan: the payment to a (`dealer` or not) seat whose discards were all terminals
  // and honours, none called, at an exhaustive draw, paid like a tsumo of a mangan. Default:
  // the riichi mangan (base 2000).
  [[nodiscard]] virtual Payment NagashiPayment(bool dealer, const Ruleset& rules) const;
};

// The module registered under `name`, or nullptr.
[[nodiscard]] const ScoringModule* FindScoringModule(std::string_view name);

}  // namespace mj
