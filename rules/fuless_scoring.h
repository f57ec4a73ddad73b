#pragma once
// The fuless scoring module (seed 000, shared/RULES.md `fuless`, decisions in docs/FULESS.md):
// no fu (ScoreResult::fu 0, no breakdown); han in thirds, kept in sixths. Changes to riichi's
// yaku: pinfu = closed, four sequences and a number-tile pair, any wait (table: 2/3); a closed
// ron adds `closed_ron` (1/3, counts toward the minimum); toitoi and sanankou take their table
// values (2 1/3); each open kong adds `open_kong` (2/3) and each closed kong `closed_kong` (1),
// which like dora do not count toward the minimum. Every other yaku, dora and the yakuman are
// riichi's, valued from the ruleset's yaku table. A win needs yaku whose `counts_for_minimum` is
// true worth at least `minimum_sixths` (preset: 1 han, so pinfu ron 2/3 + 1/3 is enough and a
// bare closed ron is not). Points: below `fuless.limit_han[0]` whole han,
// base = base_points x 2^(floor(han) - 1) x third_percent[thirds] / 100, capped at base_cap;
// from there the limits (fractions dropped) mangan 2000, haneman 3000, baiman 4000,
// sanbaiman 6000, yakuman 8000 per multiple; then riichi's payments (ron 4x / 6x, tsumo 1x / 2x,
// each rounded up to 100), honba (`honba_value`, preset 1500) and deposits. Every reading of the
// hand is valued and the one that pays most is kept.

#include <cstdint>

#include "rules/scoring_module.h"

namespace mj {

class FulessScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "fuless"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
};

// The base points of a fuless hand, exact: a base may be fractional (250 x 130% / 2 at 1/3 han
// with no minimum, or third_percent values that do not divide), so it is kept x 200.
struct FulessBase {
  int64_t base_x200 = 0;       // base points x 200
  Limit limit = Limit::kNone;  // the limit reached (kMangan also when base_cap cut the base)
};

// Base of a hand of `han_sixths` with `yakuman` multiples (> 0: 8000 each, whatever the han).
// Otherwise the highest limit of `rules.fuless.limit_han` that floor(han) reaches (yakuman only
// with `kazoe_yakuman`), else the formula with thirds = (han_sixths % 6) / 2.
[[nodiscard]] FulessBase FulessBaseOf(int han_sixths, int yakuman, const Ruleset& rules);

// Who pays a hand of `base`: ron 4x (dealer 6x) from the discarder; tsumo 1x from each
// non-dealer and 2x from the dealer (dealer's tsumo: 2x from each). Each payment is the exact
// product rounded up to 100.
[[nodiscard]] Payment FulessPayment(const FulessBase& base, bool dealer, bool tsumo);

}  // namespace mj
