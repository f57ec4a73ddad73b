#include "rules/yaku_values.h"
#include "rules/ayame_scoring.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "rules/hand_reading.h"
#include "rules/points.h"
#include "rules/standard_yaku.h"

namespace mj {
namespace {

constexpr int kYakumanHan = 13;                // a yakuman multiple is reported as 13 han
constexpr int64_t kMaxPayment = 1'000'000'000;  // payments are clamped here

// ceil(num / den) rounded up to 100, for num >= 0, den > 0, clamped to kMaxPayment.
int Share(int64_t num, int64_t den) {
  const int64_t points = std::min((num + den - 1) / den, kMaxPayment);
  return RoundUp100(static_cast<int>(points));
}

// Orders candidate results: yakuman multiples, then points received, then han.
bool AyameBetter(const ScoreResult& a, const ScoreResult& b) {
  if (a.yakuman != b.yakuman) return a.yakuman > b.yakuman;
  const int pa = a.payment.Total(), pb = b.payment.Total();
  if (pa != pb) return pa > pb;
  return a.han_sixths > b.han_sixths;
}

// Han for messages: "2", "2.5", "2 2/6".
std::string HanText(int sixths) {
  std::string s = std::to_string(sixths / kSixthsPerHan);
  const int rest = sixths % kSixthsPerHan;
  if (rest == 3) {
    s.append(".5");
  } else if (rest != 0) {
    s.push_back(' ');
    s.push_back(static_cast<char>('0' + rest));
    s.append("/6");
  }
  return s;
}

// The yakuman entries of a reading (multiples per the table, special waits doubled when the
// ruleset says so, one entry kept without stacking) and their total multiples.
int YakumanEntries(const YakuSet& found, bool closed, const Ruleset& rules,
                   SmallVector<YakuEntry, 24>* out) {
  int multiples = 0;
  for (int i = 0; i < kNumYaku; ++i) {
    if (!found.test(i)) continue;
    const auto id = static_cast<YakuId>(i);
    const YakuValue& v = rules.yaku[i];
    if (v.yakuman == 0 || !v.counts_for_minimum || YakuTableValue(rules, id, closed) == 0) continue;
    int m = v.yakuman;
    if (rules.double_yakuman_special_waits && IsSpecialWaitYakuman(id)) m *= 2;
    if (!rules.yakuman_stacking) m = std::min(m, 1);
    if (!rules.yakuman_stacking && multiples > 0) continue;  // one yakuman only
    out->push_back({id, 0, static_cast<uint8_t>(m)});
    multiples += m;
  }
  return multiples;
}

}  // namespace

int64_t AyamePoints(int han_sixths) {
  const int64_t s = std::max(han_sixths, 0) + kSixthsPerHan;  // x + 1, in sixths
  const int64_t lo = s / kSixthsPerHan;                        // floor(x + 1)
  const int64_t hi = (s + kSixthsPerHan - 1) / kSixthsPerHan;  // ceil(x + 1)
  return lo * hi;
}

Payment AyamePayment(int han_sixths, bool dealer, bool tsumo, const Ruleset& rules) {
  const AyameRules& a = rules.ayame;
  const int capped = std::min(han_sixths, a.cap_sixths);
  const int64_t v = static_cast<int64_t>(a.unit) * AyamePoints(capped);  // non-dealer's value
  const int64_t d = a.dealer_percent;
  Payment p;
  if (!tsumo) {
    p.kind = PaymentKind::kRon;
    p.ron = dealer ? Share(v * d, 100) : Share(v, 1);
  } else if (dealer) {
    p.kind = PaymentKind::kTsumoDealer;
    p.each = Share(v * d, 300);  // a third of the dealer's value
  } else {
    // The dealer pays a third of its own value (what each pays on a dealer's tsumo), the two
    // others split the rest; from 300 % up the dealer pays the whole value.
    const int64_t dd = std::min<int64_t>(d, 300);
    p.kind = PaymentKind::kTsumoNonDealer;
    p.dealer = Share(v * dd, 300);
    p.non_dealer = Share(v * (300 - dd), 600);
  }
  return p;
}

ScoreResult AyameScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  ScoreResult best;
  if (!rules.kans) {
    for (const Meld& m : ctx.melds) {
      if (!m.IsKan()) continue;
      best.error = ScoreError::kInvalidInput;
      best.message = "ayame has no kongs (ruleset \"" + rules.name +
                     "\" has \"kans\": false): a kan meld cannot be scored";
      return best;
    }
    if (ctx.chankan || ctx.rinshan) {
      best.error = ScoreError::kInvalidInput;
      best.message = std::string("ayame has no kongs (ruleset \"") + rules.name +
                     "\" has \"kans\": false): " + (ctx.chankan ? "chankan" : "rinshan") +
                     " cannot happen";
      return best;
    }
  }

  const HandSummary sum = Summarize(ctx);
  const bool closed = sum.closed;
  const bool any_riichi = ctx.riichi || ctx.double_riichi || ctx.open_riichi;
  const int red_allowed = rules.red_fives[0] + rules.red_fives[1] + rules.red_fives[2];
  const int dora_count = rules.dora ? CountDora(sum, ctx.dora_indicators) : 0;
  const int ura_count = rules.dora && any_riichi ? CountDora(sum, ctx.ura_indicators) : 0;
  const int red_count = red_allowed > 0 ? ctx.red_fives : 0;
  bool have_best = false;
  int best_short = -1;  // the most counting han of a reading below the minimum (for the message)

  const int readings = EnumerateReadings(ctx, [&](const Reading& r) {
    ScoreResult cand;
    cand.fu = 0;

    // A yakuman hand is valued by its yakuman alone; it counts as the cap.
    const int multiples = YakumanEntries(DetectYakuman(r, ctx, sum), closed, rules, &cand.yaku);
    if (multiples > 0) {
      cand.yakuman = multiples;
      cand.han_sixths = kYakumanHan * kSixthsPerHan * multiples;
      cand.limit = Limit::kYakuman;
      cand.payment = AyamePayment(rules.ayame.cap_sixths, ctx.IsDealer(), ctx.tsumo, rules);
    } else {
      cand.yaku.clear();
      YakuSet found = DetectStandardYaku(r, ctx, sum);
      // 四順子: four sequences (any pair, any wait); closed only per the table.
      found.set(YakuIndex(YakuId::kFourSequences), DetectSequenceFacts(r).sequences == 4);
      int minimum = 0;
      for (int i = 0; i < kNumYaku; ++i) {
        const auto id = static_cast<YakuId>(i);
        if (!found.test(i) || IsYakumanYaku(id) || IsDoraYaku(id)) continue;
        int sixths = YakuTableValue(rules, id, closed);
        if (id == YakuId::kTanyao && !closed && !rules.kuitan) sixths = 0;
        if (sixths == 0) continue;
        cand.yaku.push_back({id, static_cast<int16_t>(sixths), 0});
        cand.han_sixths += sixths;
        if (rules.yaku[i].counts_for_minimum) minimum += sixths;
      }
      const bool any_counting = minimum > 0 || rules.minimum_sixths == 0;
      if (!any_counting || minimum < rules.minimum_sixths) {
        best_short = std::max(best_short, minimum);
        return;
      }
      // Dora kinds, per tile, at the table's closed or open value (never toward the minimum).
      auto add_dora = [&](YakuId id, int count) {
        const int per = YakuTableValue(rules, id, closed);
        if (count <= 0 || per == 0) return;
        cand.yaku.push_back({id, static_cast<int16_t>(count * per), 0});
        cand.han_sixths += count * per;
      };
      add_dora(YakuId::kDora, dora_count);
      add_dora(YakuId::kAkaDora, red_count);
      add_dora(YakuId::kUraDora, ura_count);
      cand.limit = Limit::kNone;
      cand.payment = AyamePayment(cand.han_sixths, ctx.IsDealer(), ctx.tsumo, rules);
    }
    if (!have_best || AyameBetter(cand, best)) {
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
    best.message = best_short <= 0
                       ? "the hand is complete but has no yaku (dora do not count)"
                       : "the hand's yaku are worth " + HanText(best_short) +
                             " han, below the minimum of " + HanText(rules.minimum_sixths) +
                             " (\"minimum_han\"; dora do not count)";
    return best;
  }
  AddHonbaAndDeposits(ctx.honba, ctx.riichi_sticks, rules, &best);
  return best;
}

}  // namespace mj
