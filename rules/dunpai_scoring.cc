#include "rules/yaku_values.h"
#include "rules/dunpai_scoring.h"

#include <algorithm>
#include <cstdint>

#include "rules/hand_reading.h"
#include "rules/points.h"
#include "rules/standard_yaku.h"

namespace mj {
namespace {

constexpr int64_t kMaxValue = 1'000'000'000;        // hand values are clamped here

// Dunpai's changes to the standard detection of one reading (docs/DUNPAI.md). `yakuman` is the
// reading's yakuman detection; returns the number of kongs that earn the kongs yaku.
int ApplyDunpaiYaku(const Reading& r, const WinContext& ctx, const HandSummary& sum,
                    const Ruleset& rules, const YakuSet& yakuman, YakuSet& y) {
  auto has = [&](YakuId id) { return YakuTableValue(rules, id, sum.closed) > 0; };
  auto set = [&](YakuId id, bool on) { y.set(YakuIndex(id), on); };

  // Riichi kinds: open riichi (2) and double riichi (2) replace riichi (1); a kind the ruleset
  // lacks falls back to plain riichi.
  const bool any_riichi = ctx.riichi || ctx.double_riichi || ctx.open_riichi;
  const bool open_riichi = ctx.open_riichi && has(YakuId::kOpenRiichi);
  const bool double_riichi = ctx.double_riichi && has(YakuId::kDoubleRiichi);
  set(YakuId::kOpenRiichi, open_riichi);
  set(YakuId::kDoubleRiichi, double_riichi);
  set(YakuId::kRiichi, any_riichi && !open_riichi && !double_riichi);

  // Thirteen orphans is neither sets nor pairs: honroutou (all terminals and honours in sets
  // or pairs) is not counted beside kokushi.
  if (r.form == HandForm::kThirteenOrphans) set(YakuId::kHonroutou, false);

  const SequenceFacts seq = DetectSequenceFacts(r);
  // Pinfu: four sequences and a pair; any pair, any wait (closed only per the table).
  set(YakuId::kPinfu, seq.sequences == 4);

  // Identical sequences, called ones included: the largest of the family that the table awards.
  set(YakuId::kIipeikou, false);
  set(YakuId::kRyanpeikou, false);
  const struct {
    YakuId id;
    bool shape;
  } family[] = {{YakuId::kFourIdenticalSequences, seq.most_identical >= 4},
                {YakuId::kThreeIdenticalSequences, seq.most_identical >= 3},
                {YakuId::kRyanpeikou, seq.identical_pairs >= 2},
                {YakuId::kIipeikou, seq.identical_pairs >= 1}};
  for (const auto& f : family) {
    if (f.shape && has(f.id)) {
      set(f.id, true);
      break;
    }
  }

  // 連六, unless the same suit's ittsu (nine in a row) is awarded.
  set(YakuId::kRenroku, seq.run_of_six && !(y.test(YakuIndex(YakuId::kIttsu)) && has(YakuId::kIttsu)));

  // Exactly two concealed pungs (three = sanankou, four = suuankou: both exact in the detectors).
  set(YakuId::kTwoConcealedPungs, r.form == HandForm::kStandard && r.ConcealedPungs() == 2);

  // One han per kong, unless the four kongs are paid as suukantsu.
  int kongs = sum.num_kans;
  if (yakuman.test(YakuIndex(YakuId::kSuukantsu)) && has(YakuId::kSuukantsu)) kongs = 0;
  set(YakuId::kKongs, kongs > 0);
  return kongs;
}

// Orders candidate results: points received, then han.
bool DunpaiBetter(const ScoreResult& a, const ScoreResult& b) {
  const int pa = a.payment.Total(), pb = b.payment.Total();
  if (pa != pb) return pa > pb;
  return a.han_sixths > b.han_sixths;
}

}  // namespace

Payment DunpaiScoring::NagashiPayment(bool dealer, const Ruleset& rules) const {
  return DunpaiPayment(DunpaiHandValue(4, rules), dealer, true, rules);
}

int DunpaiHandValue(int han, const Ruleset& rules) {
  const auto& table = rules.han_points;
  if (han <= 0 || table.empty()) return 0;
  const int n = static_cast<int>(table.size());
  if (han <= n) return table[han - 1];
  const int64_t v = table[n - 1] + static_cast<int64_t>(han - n) * rules.han_points_step;
  return static_cast<int>(std::min(v, kMaxValue));
}

Payment DunpaiPayment(int value, bool dealer, bool tsumo, const Ruleset& rules) {
  // `parts`-th of `v`, rounded up to a whole point, then up to 100.
  auto share = [](int64_t v, int parts) {
    return RoundUp100(static_cast<int>((v + parts - 1) / parts));
  };
  Payment p;
  if (!rules.dealer_pays_double) {
    if (!tsumo) {
      p.kind = PaymentKind::kRon;
      p.ron = share(value, 1);
    } else {
      p.kind = PaymentKind::kTsumoDealer;  // {"each": n}: the three others pay alike
      p.each = share(value, 3);
    }
    return p;
  }
  if (!tsumo) {
    p.kind = PaymentKind::kRon;
    p.ron = dealer ? share(3 * static_cast<int64_t>(value), 2) : share(value, 1);
  } else if (dealer) {
    p.kind = PaymentKind::kTsumoDealer;
    p.each = share(value, 2);
  } else {
    p.kind = PaymentKind::kTsumoNonDealer;
    p.dealer = share(value, 2);
    p.non_dealer = share(value, 4);
  }
  return p;
}

ScoreResult DunpaiScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  ScoreResult best;
  if (rules.han_points.empty()) {
    best.error = ScoreError::kInvalidInput;
    best.message = "ruleset \"" + rules.name + "\" has no \"han_points\" table";
    return best;
  }
  const HandSummary sum = Summarize(ctx);
  const bool closed = sum.closed;
  bool have_best = false;

  const int readings = EnumerateReadings(ctx, [&](const Reading& r) {
    // Yakuman of the reading: 13 han per multiple, kept beside the ordinary yaku.
    const YakuSet yakuman = DetectYakuman(r, ctx, sum);
    SmallVector<YakuEntry, 24> yakuman_entries;
    for (int i = 0; i < kNumYaku; ++i) {
      if (!yakuman.test(i)) continue;
      const auto id = static_cast<YakuId>(i);
      const YakuValue& v = rules.yaku[i];
      if (v.yakuman == 0 || YakuTableValue(rules, id, closed) == 0) continue;
      int m = v.yakuman;
      if (rules.double_yakuman_special_waits && IsSpecialWaitYakuman(id)) m *= 2;
      yakuman_entries.push_back({id, 0, static_cast<uint8_t>(m)});
    }
    if (!rules.yakuman_stacking && yakuman_entries.size() > 1) {
      YakuEntry top = yakuman_entries[0];
      for (const YakuEntry& e : yakuman_entries)
        if (e.yakuman > top.yakuman) top = e;
      yakuman_entries.clear();
      yakuman_entries.push_back(top);
    }

    YakuSet normal = DetectStandardYaku(r, ctx, sum);
    const int kongs = ApplyDunpaiYaku(r, ctx, sum, rules, yakuman, normal);

    ScoreResult cand;
    int minimum = 0;
    for (int i = 0; i < kNumYaku; ++i) {
      const auto id = static_cast<YakuId>(i);
      const YakuValue& v = rules.yaku[i];
      if (IsYakumanYaku(id)) {
        for (const YakuEntry& e : yakuman_entries) {
          if (e.id != id) continue;
          cand.yaku.push_back(e);
          const int sixths = kYakumanSixths * e.yakuman;
          cand.han_sixths += sixths;
          cand.yakuman += e.yakuman;
          if (v.counts_for_minimum) minimum += sixths;
        }
        continue;
      }
      if (IsDoraYaku(id) || !normal.test(i)) continue;
      int sixths = YakuTableValue(rules, id, closed);
      if (id == YakuId::kTanyao && !closed && !rules.kuitan) sixths = 0;
      if (id == YakuId::kKongs) sixths *= kongs;
      if (sixths == 0) continue;
      cand.yaku.push_back({id, static_cast<int16_t>(sixths), 0});
      cand.han_sixths += sixths;
      if (v.counts_for_minimum) minimum += sixths;
    }
    if (minimum == 0) return;  // no yaku in this reading

    // Dora kinds, han per tile (only those the ruleset has).
    auto add_dora = [&](YakuId id, int count) {
      const YakuValue& v = rules.yaku[YakuIndex(id)];
      if (count <= 0 || !v.enabled) return;
      const int sixths = count * v.closed_sixths;
      cand.yaku.push_back({id, static_cast<int16_t>(sixths), 0});
      cand.han_sixths += sixths;
    };
    const bool any_riichi = ctx.riichi || ctx.double_riichi || ctx.open_riichi;
    add_dora(YakuId::kDora, rules.dora ? CountDora(sum, ctx.dora_indicators) : 0);
    const int red_allowed = rules.red_fives[0] + rules.red_fives[1] + rules.red_fives[2];
    add_dora(YakuId::kAkaDora, red_allowed > 0 ? ctx.red_fives : 0);
    add_dora(YakuId::kUraDora, rules.dora && any_riichi ? CountDora(sum, ctx.ura_indicators) : 0);
    add_dora(YakuId::kPeachDora, rules.peach_tiles ? ctx.peach_tiles : 0);

    cand.fu = 0;
    cand.limit = Limit::kNone;
    const int value = DunpaiHandValue(cand.han_sixths / kSixthsPerHan, rules);
    cand.payment = DunpaiPayment(value, ctx.IsDealer(), ctx.tsumo, rules);
    if (!have_best || DunpaiBetter(cand, best)) {
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
    best.message = "the hand is complete but has no yaku (peach tiles and dora do not count)";
    return best;
  }
  AddHonbaAndDeposits(ctx.honba, ctx.riichi_sticks, rules, &best);
  return best;
}

}  // namespace mj
