#include "rules/fuless_scoring.h"

namespace mj {

ScoreResult FulessScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  (void)ctx;
  (void)rules;
  ScoreResult r;
  r.error = ScoreError::kInvalidInput;
  r.message = "the fuless module is being written";
  return r;
}

}  // namespace mj
