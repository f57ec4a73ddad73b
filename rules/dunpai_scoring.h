#pragma once
// The Dunpai scoring module (seed 003, shared/RULES.md `dunpai`, decisions in docs/DUNPAI.md):
// no fu; a hand is worth its han alone, by the ruleset's han_points table (1000, 2000, 4000,
// 8000, then +2000 a han, no cap). A yakuman is 13 han per multiple and adds to every other
// yaku and to peach dora. Yaku values come from the ruleset's yaku table; this module applies
// Dunpai's redefinitions (pinfu = four sequences; identical sequences and 連六 counted with
// called sequences; two concealed pungs; one han per kong) and keeps the reading that pays most.

#include "rules/scoring_module.h"

namespace mj {

class DunpaiScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "dunpai"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
  // A 4-han hand (mangan's place in the han_points table), paid as a tsumo.
  [[nodiscard]] Payment NagashiPayment(bool dealer, const Ruleset& rules) const override;
};

// Points of a hand of `han` whole han: han_points[han - 1], beyond the table its last entry
// plus han_points_step per further han; 0 below one han.
[[nodiscard]] int DunpaiHandValue(int han, const Ruleset& rules);

// Who pays a hand worth `value`, each payment rounded up to 100. Without dealer_pays_double:
// ron, the discarder pays all; tsumo, each of the three pays a third ({"each"}). With it, the
// riichi proportions: a dealer's hand is worth 1.5 x value; on a non-dealer's tsumo the dealer
// pays value / 2 and the others value / 4; on a dealer's tsumo each pays value / 2.
[[nodiscard]] Payment DunpaiPayment(int value, bool dealer, bool tsumo, const Ruleset& rules);

}  // namespace mj
