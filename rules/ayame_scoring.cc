#include "rules/ayame_scoring.h"

namespace mj {

ScoreResult AyameScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  (void)ctx;
  (void)rules;
  ScoreResult r;
  r.error = ScoreError::kInvalidInput;
  r.message = "the ayame module is being written";
  return r;
}

}  // namespace mj
