#pragma once
// SCAFFOLD (being written): the ningbo scoring module.

#include "rules/scoring_module.h"

namespace mj {

class NingboScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "ningbo"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
};

}  // namespace mj
