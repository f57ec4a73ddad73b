#pragma once
// SCAFFOLD (being written): the fuless scoring module.

#include "rules/scoring_module.h"

namespace mj {

class FulessScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "fuless"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
};

}  // namespace mj
