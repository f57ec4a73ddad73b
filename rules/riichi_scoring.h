#pragma once
// The standard riichi scoring module (Tenhou ranked rules, seed 001): every reading of the hand
// is valued (yaku from the ruleset table, fu, limits) and the one that pays most is kept.

#include <bitset>

#include "rules/scoring_module.h"

namespace mj {

class RiichiScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "riichi"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
};

// Adds the table values of `found` (ordinary yaku) to `out`; returns the han in sixths that
// count toward the minimum. `closed` picks closed or open values; open value 0 = not awarded.
int AddYakuValues(const std::bitset<kNumYaku>& found, bool closed, const Ruleset& rules,
                  SmallVector<YakuEntry, 24>* out);

}  // namespace mj
