#include "rules/ningbo_scoring.h"

namespace mj {

ScoreResult NingboScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  (void)ctx;
  (void)rules;
  ScoreResult r;
  r.error = ScoreError::kInvalidInput;
  r.message = "the ningbo module is being written";
  return r;
}

}  // namespace mj
