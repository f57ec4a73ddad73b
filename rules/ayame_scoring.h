#pragma once
// The ayame (綾目麻雀) scoring module: seed 002, shared/RULES.md `ayame`, every decision in
// docs/AYAME.md. Presets: `ayame-competition` (no dora, no red fives) and `ayame-blend` (dora,
// ura dora and red fives at 0.5 han each).
//
// Contract:
// - No fu (fu 0, empty fu_breakdown). Han in halves (any sixth works): the han of a reading are
//   the sum of its yaku at their table values, closed or open, plus dora. No kuisagari: the
//   presets carry it as data (open value = closed value where a yaku may be open).
// - 四順子 (four_sequences) is pinfu's replacement: closed, four sequences, any pair, any wait;
//   its value is the table's (presets: 0.5, pinfu disabled).
// - Points p(x) = floor(x + 1) x ceil(x + 1) for x han, on the exact rational x + 1 (halves
//   and thirds alike); han above ayame.cap_sixths count as the cap. A yakuman (any multiple)
//   counts as the cap: ScoreResult.yakuman = multiples, han = 13 per multiple, limit
//   "yakuman". A non-dealer's hand is worth V = ayame.unit x p, a dealer's V x
//   ayame.dealer_percent / 100.
// - Payments, each rounded up to 100: ron, the discarder pays the hand's value; dealer tsumo,
//   each pays a third of the dealer's value; non-dealer tsumo, the dealer pays what each pays
//   on a dealer's tsumo (V x dealer_percent / 300) and the two others split the rest (at 150%:
//   V/2 and V/4 each). Honba and deposits as riichi (AddHonbaAndDeposits).
// - Minimum: the counting yaku (counts_for_minimum; dora never) must be worth at least
//   rules.minimum_sixths (presets: 0.5 = any yaku; 0 = no minimum), else no_yaku.
// - No kongs ("kans": false): kan melds and chankan are invalid_input ("ayame has no kongs").
// - The reading that pays most is kept (yakuman first, then points, then han).

#include <cstdint>

#include "rules/scoring_module.h"

namespace mj {

class AyameScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "ayame"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
};

// p(x) = floor(x + 1) x ceil(x + 1) for x = han_sixths / 6 han (no cap; below 0 counts as 0).
// 0 -> 1, 0.5 -> 2, 1 -> 4, 1.5 -> 6, 2 -> 9, ..., 13 -> 196; 1/3 -> 1 x 2 = 2.
[[nodiscard]] int64_t AyamePoints(int han_sixths);

// Who pays a hand of `han_sixths` han (capped at rules.ayame.cap_sixths here), each payment
// rounded up to 100, as in the contract above.
[[nodiscard]] Payment AyamePayment(int han_sixths, bool dealer, bool tsumo, const Ruleset& rules);

}  // namespace mj
