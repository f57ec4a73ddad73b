#include "rules/yaku_values.h"
#include "rules/riichi_scoring.h"

#include "rules/hand_reading.h"
#include "rules/points.h"
#include "rules/standard_fu.h"
#include "rules/standard_yaku.h"

namespace mj {
namespace {

// Orders candidate results: yakuman multiples, then points received, then han, then fu.
bool RiichiBetter(const ScoreResult& a, const ScoreResult& b) {
  if (a.yakuman != b.yakuman) return a.yakuman > b.yakuman;
  const int pa = a.payment.Total(), pb = b.payment.Total();
  if (pa != pb) return pa > pb;
  if (a.han_sixths != b.han_sixths) return a.han_sixths > b.han_sixths;
  return a.fu > b.fu;
}

void AddDora(const WinContext& ctx, const HandSummary& sum, const Ruleset& rules, ScoreResult* r) {
  auto add = [&](YakuId id, int count) {
    const YakuValue& v = rules.yaku[static_cast<int>(id)];
    if (count <= 0 || !v.enabled) return;
    const int sixths = count * v.closed_sixths;
    r->yaku.push_back({id, static_cast<int16_t>(sixths), 0});
    r->han_sixths += sixths;
  };
  add(YakuId::kDora, CountDora(sum, ctx.dora_indicators));
  const int red_allowed = rules.red_fives[0] + rules.red_fives[1] + rules.red_fives[2];
  add(YakuId::kAkaDora, red_allowed > 0 ? ctx.red_fives : 0);
  if (ctx.riichi || ctx.double_riichi) add(YakuId::kUraDora, CountDora(sum, ctx.ura_indicators));
}

}  // namespace

int AddYakuValues(const std::bitset<kNumYaku>& found, bool closed, const Ruleset& rules,
                  SmallVector<YakuEntry, 24>* out) {
  int minimum_sixths = 0;
  for (int i = 0; i < kNumYaku; ++i) {
    if (!found.test(i)) continue;
    const YakuValue& v = rules.yaku[i];
    if (!v.enabled) continue;
    int sixths = closed ? v.closed_sixths : v.open_sixths;
    if (!closed && i == static_cast<int>(YakuId::kTanyao) && !rules.kuitan) sixths = 0;
    if (sixths == 0) continue;
    out->push_back({static_cast<YakuId>(i), static_cast<int16_t>(sixths), 0});
    if (v.counts_for_minimum) minimum_sixths += sixths;
  }
  return minimum_sixths;
}

ScoreResult RiichiScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  const HandSummary sum = Summarize(ctx);
  ScoreResult best;
  bool have_best = false;
  bool any_reading_without_yaku = false;

  const int readings = EnumerateReadings(ctx, [&](const Reading& r) {
    ScoreResult cand;
    // Yakuman first: a yakuman hand is valued by its yakuman alone.
    const YakuSet yakuman = DetectYakuman(r, ctx, sum);
    int multiples = 0;
    for (int i = 0; i < kNumYaku; ++i) {
      if (!yakuman.test(i)) continue;
      const YakuValue& v = rules.yaku[i];
      if (!v.enabled || v.yakuman == 0) continue;
      if (!sum.closed && v.open_sixths == 0) continue;  // closed-only yakuman
      int m = v.yakuman;
      if (rules.double_yakuman_special_waits && IsSpecialWaitYakuman(static_cast<YakuId>(i))) m = 2 * v.yakuman;
      if (!rules.yakuman_stacking) m = std::min(m, 1);
      cand.yaku.push_back({static_cast<YakuId>(i), static_cast<int16_t>(0), static_cast<uint8_t>(m)});
      multiples = rules.yakuman_stacking ? multiples + m : std::max(multiples, m);
    }
    const bool pinfu_shape = false;
    (void)pinfu_shape;
    if (multiples > 0) {
      cand.yakuman = multiples;
      cand.han_sixths = 13 * 6 * multiples;
      const YakuSet normal = DetectStandardYaku(r, ctx, sum);
      cand.fu = StandardFu(r, ctx, rules, sum.closed, normal.test(static_cast<int>(YakuId::kPinfu)), &cand.fu_breakdown);
    } else {
      const YakuSet normal = DetectStandardYaku(r, ctx, sum);
      const int minimum = AddYakuValues(normal, sum.closed, rules, &cand.yaku);
      if (minimum == 0) {
        any_reading_without_yaku = true;
        return;
      }
      for (const YakuEntry& e : cand.yaku) cand.han_sixths += e.sixths;
      AddDora(ctx, sum, rules, &cand);
      const bool pinfu = normal.test(static_cast<int>(YakuId::kPinfu)) && rules.yaku[static_cast<int>(YakuId::kPinfu)].enabled;
      cand.fu = StandardFu(r, ctx, rules, sum.closed, pinfu, &cand.fu_breakdown);
    }
    const BasePoints bp = RiichiBasePoints(cand.han_sixths / 6, cand.fu, cand.yakuman, rules);
    cand.limit = bp.limit;
    if (cand.yakuman == 0 && bp.limit == Limit::kYakuman) cand.yakuman = 1;  // kazoe
    cand.payment = PaymentFromBase(bp.base, ctx.IsDealer(), ctx.tsumo);
    if (!have_best || RiichiBetter(cand, best)) {
      best = cand;
      have_best = true;
    }
  });

  if (readings == 0) {
    best.error = ScoreError::kNotWinningHand;
    best.message = "the tiles do not form a complete hand (four sets and a pair, seven pairs or thirteen orphans)";
    return best;
  }
  if (!have_best) {
    best.error = ScoreError::kNoYaku;
    best.message = any_reading_without_yaku ? "the hand is complete but has no yaku (dora do not count)" : "no yaku";
    return best;
  }
  AddHonbaAndDeposits(ctx.honba, ctx.riichi_sticks, rules, &best);
  return best;
}

}  // namespace mj
