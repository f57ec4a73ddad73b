#include "rules/scoring_module.h"

#include "rules/dunpai_scoring.h"
#include "rules/riichi_scoring.h"

namespace mj {

// Add a module here and its name to kScoringModules in rules/ruleset.cc.
const ScoringModule* FindScoringModule(std::string_view name) {
  static const RiichiScoring kRiichi;
  static const DunpaiScoring kDunpai;
  if (name == kRiichi.Name()) return &kRiichi;
  if (name == kDunpai.Name()) return &kDunpai;
  return nullptr;
}

}  // namespace mj
