#pragma once
// Base points, limits and payments in the standard (riichi) shape, shared by the modules that
// pay like riichi: base = fu * 2^(han+2) capped at mangan, limit hands by han, then
// ron 4x / 6x base and tsumo 1x / 2x base per payer, each rounded up to 100.

#include "rules/ruleset.h"
#include "rules/score_result.h"

namespace mj {

[[nodiscard]] constexpr int RoundUp100(int x) { return (x + 99) / 100 * 100; }

struct BasePoints {
  int base = 0;
  Limit limit = Limit::kNone;
};

// Riichi limits: `yakuman` multiples (>0) pay 8000 each; else by han (13+ kazoe yakuman when
// the ruleset allows it, else sanbaiman) and fu (kiriage mangan when the ruleset says so).
[[nodiscard]] BasePoints RiichiBasePoints(int han, int fu, int yakuman, const Ruleset& rules);

// Payments for a hand of `base` points. A dealer's ron is 6x, a non-dealer's 4x; on tsumo
// the dealer pays (or, when winning, receives from each) 2x, non-dealers 1x.
[[nodiscard]] Payment PaymentFromBase(int base, bool dealer, bool tsumo);

// Fills honba_bonus, deposits and total of a result from its payment.
void AddHonbaAndDeposits(int honba, int riichi_sticks, const Ruleset& rules, ScoreResult* result);

}  // namespace mj
