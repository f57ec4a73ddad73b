#pragma once
// Fu of one standard-form reading, by seed 001: base 20, closed ron +10, tsumo +2 (not for
// pinfu tsumo: 20 flat), pungs and kongs 2/4/8/16/32, value pair 2 (double wind pair per the
// ruleset), kanchan/penchan/tanki 2, seven pairs 25 flat, open hand with no fu 30, round up.

#include "tiles/small_vector.h"
#include "rules/hand_reading.h"
#include "rules/ruleset.h"
#include "rules/score_result.h"
#include "rules/win_context.h"

namespace mj {

// `pinfu` = the hand scores pinfu (its tsumo is 20 fu flat). Returns the rounded fu.
int StandardFu(const Reading& r, const WinContext& ctx, const Ruleset& rules, bool closed, bool pinfu,
               SmallVector<FuEntry, 12>* breakdown);

// Fu of one pung or kong: 2 (open simple pung), doubled for closed, for terminal/honour, and
// 4x for a kong.
[[nodiscard]] constexpr int SetFu(const HandSet& s) {
  if (s.type == SetType::kSequence) return 0;
  int fu = 2;
  if (!s.open) fu *= 2;
  if (IsTerminalOrHonor(s.kind)) fu *= 2;
  if (s.type == SetType::kKan) fu *= 4;
  return fu;
}

}  // namespace mj
