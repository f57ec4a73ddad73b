#include "rules/scoring_module.h"

#include "rules/ayame_scoring.h"
#include "rules/dunpai_scoring.h"
#include "rules/fuless_scoring.h"
#include "rules/ningbo_scoring.h"
#include "rules/points.h"
#include "rules/riichi_scoring.h"

namespace mj {

Payment ScoringModule::NagashiPayment(bool dealer, const Ruleset& rules) const {
  (void)rules;
  return PaymentFromBase(2000, dealer, true);
}

// Add a module here and its name to kScoringModules in rules/ruleset.cc.
const ScoringModule* FindScoringModule(std::string_view name) {
  static const RiichiScoring kRiichi;
  static const DunpaiScoring kDunpai;
  static const FulessScoring kFuless;
  static const AyameScoring kAyame;
  static const NingboScoring kNingbo;
  for (const ScoringModule* m : {static_cast<const ScoringModule*>(&kRiichi),
                                 static_cast<const ScoringModule*>(&kDunpai),
                                 static_cast<const ScoringModule*>(&kFuless),
                                 static_cast<const ScoringModule*>(&kAyame),
                                 static_cast<const ScoringModule*>(&kNingbo)})
    if (name == m->Name()) return m;
  return nullptr;
}

}  // namespace mj
