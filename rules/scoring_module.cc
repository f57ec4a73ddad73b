#include "rules/scoring_module.h"

#include "rules/riichi_scoring.h"

namespace mj {

const ScoringModule* FindScoringModule(std::string_view name) {
  static const RiichiScoring kRiichi;
  if (name == kRiichi.Name()) return &kRiichi;
  return nullptr;
}

}  // namespace mj
