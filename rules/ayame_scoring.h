#pragma once
// SCAFFOLD (being written): the ayame scoring module.

#include "rules/scoring_module.h"

namespace mj {

class AyameScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "ayame"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
};

}  // namespace mj
