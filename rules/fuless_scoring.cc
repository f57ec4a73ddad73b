#include "rules/yaku_values.h"
#include "rules/fuless_scoring.h"

#include <algorithm>
#include <array>

#include "rules/hand_reading.h"
#include "rules/points.h"
#include "rules/riichi_scoring.h"
#include "rules/score_json.h"
#include "rules/standard_yaku.h"

namespace mj {
namespace {

constexpr int kSixthsPerThird = 2;
constexpr int64_t kX200 = 200;                      // FulessBase keeps base points x 200
// Base points of mangan, haneman, baiman, sanbaiman, yakuman (per multiple): riichi's.
constexpr std::array<int, 5> kLimitBase = {2000, 3000, 4000, 6000, 8000};
constexpr std::array<Limit, 5> kLimits = {Limit::kMangan, Limit::kHaneman, Limit::kBaiman,
                                          Limit::kSanbaiman, Limit::kYakuman};

// Orders candidate results: yakuman multiples, then points received, then han (as riichi).
bool FulessBetter(const ScoreResult& a, const ScoreResult& b) {
  if (a.yakuman != b.yakuman) return a.yakuman > b.yakuman;
  const int pa = a.payment.Total(), pb = b.payment.Total();
  if (pa != pb) return pa > pb;
  return a.han_sixths > b.han_sixths;
}

// Yakuman of the reading, as the riichi module counts them: returns the multiples paid.
int AddYakuman(const YakuSet& found, bool closed, const Ruleset& rules, ScoreResult* cand) {
  int multiples = 0;
  for (int i = 0; i < kNumYaku; ++i) {
    if (!found.test(i)) continue;
    const YakuValue& v = rules.yaku[i];
    if (!v.enabled || v.yakuman == 0) continue;
    if (!closed && v.open_sixths == 0) continue;  // closed-only yakuman
    int m = v.yakuman;
    if (rules.double_yakuman_special_waits && IsSpecialWaitYakuman(static_cast<YakuId>(i))) m = 2 * v.yakuman;
    if (!rules.yakuman_stacking) m = std::min(m, 1);
    cand->yaku.push_back({static_cast<YakuId>(i), 0, static_cast<uint8_t>(m)});
    multiples = rules.yakuman_stacking ? multiples + m : std::max(multiples, m);
  }
  return multiples;
}

// A per-count entry (kongs, dora): `count` times the table value. Returns the sixths added
// toward the minimum.
int AddPerCount(YakuId id, int count, bool closed, const Ruleset& rules, ScoreResult* cand) {
  const YakuValue& v = rules.yaku[YakuIndex(id)];
  if (count <= 0 || !v.enabled) return 0;
  const int sixths = count * (closed ? v.closed_sixths : v.open_sixths);
  if (sixths == 0) return 0;
  cand->yaku.push_back({id, static_cast<int16_t>(sixths), 0});
  return v.counts_for_minimum ? sixths : 0;
}

}  // namespace

FulessBase FulessBaseOf(int han_sixths, int yakuman, const Ruleset& rules) {
  if (yakuman > 0) return {kX200 * kLimitBase[4] * yakuman, Limit::kYakuman};
  const FulessRules& f = rules.fuless;
  const int whole = std::max(han_sixths, 0) / kSixthsPerHan;
  for (int i = static_cast<int>(f.limit_han.size()) - 1; i >= 0; --i) {
    if (f.limit_han[i] == 0 || whole < f.limit_han[i]) continue;
    if (kLimits[i] == Limit::kYakuman && !rules.kazoe_yakuman) continue;  // then sanbaiman
    return {kX200 * kLimitBase[i], kLimits[i]};
  }
  // base x 200 = base_points x 2^(whole - 1) x percent / 100 x 200
  //            = base_points x percent x 2^whole; doubling stops at the cap (no overflow).
  const int thirds = (std::max(han_sixths, 0) % kSixthsPerHan) / kSixthsPerThird;
  const int64_t cap = kX200 * f.base_cap;
  int64_t v = static_cast<int64_t>(f.base_points) * f.third_percent[thirds];
  for (int i = 0; i < whole && v < cap; ++i) v *= 2;
  if (v >= cap) return {cap, Limit::kMangan};
  return {v, Limit::kNone};
}

Payment FulessPayment(const FulessBase& base, bool dealer, bool tsumo) {
  // `times` x base, rounded up to a whole point and then to 100 (= the exact product up to 100).
  auto pay = [&](int times) {
    return RoundUp100(static_cast<int>((times * base.base_x200 + kX200 - 1) / kX200));
  };
  Payment p;
  if (!tsumo) {
    p.kind = PaymentKind::kRon;
    p.ron = pay(dealer ? 6 : 4);
  } else if (dealer) {
    p.kind = PaymentKind::kTsumoDealer;
    p.each = pay(2);
  } else {
    p.kind = PaymentKind::kTsumoNonDealer;
    p.dealer = pay(2);
    p.non_dealer = pay(1);
  }
  return p;
}

ScoreResult FulessScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  const HandSummary sum = Summarize(ctx);
  const bool closed = sum.closed;
  int open_kongs = 0, closed_kongs = 0;
  for (const Meld& m : ctx.melds) {
    if (m.type == MeldType::kAnkan) ++closed_kongs;
    else if (m.IsKan()) ++open_kongs;
  }
  ScoreResult best;
  bool have_best = false;

  const int readings = EnumerateReadings(ctx, [&](const Reading& r) {
    ScoreResult cand;
    // A yakuman hand is valued by its yakuman alone, as in riichi.
    const int multiples = AddYakuman(DetectYakuman(r, ctx, sum), closed, rules, &cand);
    if (multiples > 0) {
      cand.yakuman = multiples;
      cand.han_sixths = kYakumanSixths * multiples;
    } else {
      YakuSet found = DetectStandardYaku(r, ctx, sum);
      // Pinfu redefined: closed, four sequences, a pair of a number tile, any wait.
      found.reset(YakuIndex(YakuId::kPinfu));
      const bool four_sequences = DetectSequenceFacts(r).sequences == 4;  // 0 unless standard form
      if (closed && four_sequences && !IsHonor(r.pair)) found.set(YakuIndex(YakuId::kPinfu));
      // 門前ロン: any closed hand winning on a discard (robbed kong and houtei included).
      if (closed && !ctx.tsumo) found.set(YakuIndex(YakuId::kClosedRon));
      int counting = AddYakuValues(found, closed, rules, &cand.yaku);
      counting += AddPerCount(YakuId::kOpenKong, open_kongs, closed, rules, &cand);
      counting += AddPerCount(YakuId::kClosedKong, closed_kongs, closed, rules, &cand);
      if (counting < rules.minimum_sixths) return;  // below the one-han minimum
      const int red_allowed = rules.red_fives[0] + rules.red_fives[1] + rules.red_fives[2];
      const bool any_riichi = ctx.riichi || ctx.double_riichi || ctx.open_riichi;
      const int dora = CountDora(sum, ctx.dora_indicators);
      const int aka = red_allowed > 0 ? ctx.red_fives : 0;
      const int ura = any_riichi ? CountDora(sum, ctx.ura_indicators) : 0;
      (void)AddPerCount(YakuId::kDora, dora, /*closed=*/true, rules, &cand);  // dora: one value
      (void)AddPerCount(YakuId::kAkaDora, aka, /*closed=*/true, rules, &cand);
      (void)AddPerCount(YakuId::kUraDora, ura, /*closed=*/true, rules, &cand);
      for (const YakuEntry& e : cand.yaku) cand.han_sixths += e.sixths;
    }
    const FulessBase base = FulessBaseOf(cand.han_sixths, cand.yakuman, rules);
    cand.fu = 0;
    cand.limit = base.limit;
    if (cand.yakuman == 0 && base.limit == Limit::kYakuman) cand.yakuman = 1;  // kazoe
    cand.payment = FulessPayment(base, ctx.IsDealer(), ctx.tsumo);
    if (!have_best || FulessBetter(cand, best)) {
      best = cand;
      have_best = true;
    }
  });

  if (readings == 0) {
    best.error = ScoreError::kNotWinningHand;
    best.message =
        "the tiles do not form a complete hand (four sets and a pair, seven pairs or thirteen "
        "orphans)";
    return best;
  }
  if (!have_best) {
    best.error = ScoreError::kNoYaku;
    best.message = "the hand is complete but its yaku are worth less than the " +
                   HanToText(rules.minimum_sixths) +
                   " han minimum (closed ron counts; kong han and dora do not)";
    return best;
  }
  AddHonbaAndDeposits(ctx.honba, ctx.riichi_sticks, rules, &best);
  return best;
}

}  // namespace mj
