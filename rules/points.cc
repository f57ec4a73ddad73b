#include "rules/points.h"

namespace mj {

BasePoints RiichiBasePoints(int han, int fu, int yakuman, const Ruleset& rules) {
  if (yakuman > 0) return {8000 * yakuman, Limit::kYakuman};
  if (han >= 13) return rules.kazoe_yakuman ? BasePoints{8000, Limit::kYakuman} : BasePoints{6000, Limit::kSanbaiman};
  if (han >= 11) return {6000, Limit::kSanbaiman};
  if (han >= 8) return {4000, Limit::kBaiman};
  if (han >= 6) return {3000, Limit::kHaneman};
  if (han >= 5) return {2000, Limit::kMangan};
  const int base = fu << (han + 2);
  if (base >= 2000) return {2000, Limit::kMangan};
  if (rules.kiriage_mangan && base >= 1920) return {2000, Limit::kMangan};
  return {base, Limit::kNone};
}

Payment PaymentFromBase(int base, bool dealer, bool tsumo) {
  Payment p;
  if (!tsumo) {
    p.kind = PaymentKind::kRon;
    p.ron = RoundUp100(base * (dealer ? 6 : 4));
  } else if (dealer) {
    p.kind = PaymentKind::kTsumoDealer;
    p.each = RoundUp100(base * 2);
  } else {
    p.kind = PaymentKind::kTsumoNonDealer;
    p.dealer = RoundUp100(base * 2);
    p.non_dealer = RoundUp100(base);
  }
  return p;
}

void AddHonbaAndDeposits(int honba, int riichi_sticks, const Ruleset& rules, ScoreResult* result) {
  result->honba_bonus = honba * rules.honba_value;
  result->deposits = riichi_sticks * rules.riichi_deposit;
  result->total = result->payment.Total() + result->honba_bonus + result->deposits;
}

}  // namespace mj
