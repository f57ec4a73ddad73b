#include "rules/yaku_values.h"
#include "rules/ningbo_scoring.h"

#include <algorithm>
#include <cstdint>

#include "rules/hand_reading.h"
#include "rules/points.h"
#include "rules/standard_fu.h"
#include "rules/standard_yaku.h"
#include "rules/waits.h"

namespace mj {
namespace {

constexpr int64_t kMaxShare = 100'000'000;        // share values are clamped here
constexpr int kMaxFan = 40;                        // 10 fu x 2^40 is far beyond kMaxShare

Kind WindKindOf(Wind w) { return static_cast<Kind>(kEast + static_cast<int>(w)); }

// A pair worth yakuhai_pair_fu: a dragon, the seat wind, or the round wind when the ruleset has
// one and its yakuhai entry is enabled (not in the preset). One pair scores once.
bool IsNingboValuePair(Kind pair, const WinContext& ctx, const Ruleset& rules) {
  if (IsDragon(pair) || pair == WindKindOf(ctx.seat_wind)) return true;
  return ctx.has_round_wind && pair == WindKindOf(ctx.round_wind) &&
         rules.yaku[YakuIndex(YakuId::kYakuhaiRoundEast) + static_cast<int>(ctx.round_wind)].enabled;
}

// The yakuhai entries a pung or kong of `kind` earns (dragon; seat wind; round wind).
SmallVector<YakuId, 2> PungYakuhai(Kind kind, const WinContext& ctx) {
  SmallVector<YakuId, 2> ids;
  if (kind == kWhite) ids.push_back(YakuId::kYakuhaiHaku);
  if (kind == kGreen) ids.push_back(YakuId::kYakuhaiHatsu);
  if (kind == kRed) ids.push_back(YakuId::kYakuhaiChun);
  if (kind == WindKindOf(ctx.seat_wind))
    ids.push_back(static_cast<YakuId>(YakuIndex(YakuId::kYakuhaiSeatEast) + static_cast<int>(ctx.seat_wind)));
  if (ctx.has_round_wind && kind == WindKindOf(ctx.round_wind))
    ids.push_back(static_cast<YakuId>(YakuIndex(YakuId::kYakuhaiRoundEast) + static_cast<int>(ctx.round_wind)));
  return ids;
}

// Tiles of each kind inside the declared melds.
KindCounts MeldCounts(const WinContext& ctx) {
  KindCounts c{};
  for (const Meld& m : ctx.melds) {
    if (m.IsSequence()) {
      for (int i = 0; i < 3; ++i) ++c[m.kind + i];
    } else {
      c[m.kind] = static_cast<uint8_t>(c[m.kind] + m.TileCount());
    }
  }
  return c;
}

// Chances (チャンス): the kinds that complete the 13-tile hand (the concealed tiles without the
// winning tile) as four sets and a pair, less any kind whose four copies the winner holds.
int Chances(const WinContext& ctx) {
  KindCounts before = ctx.concealed;
  if (before[ctx.win_tile] == 0) return 0;
  --before[ctx.win_tile];
  const KindCounts in_melds = MeldCounts(ctx);
  int n = 0;
  for (const Wait& w : Waits(before, static_cast<int>(ctx.melds.size()))) {
    if (w.shapes == 0) continue;  // seven pairs or thirteen orphans only: not a Ningbo win
    if (before[w.tile] + in_melds[w.tile] >= 4) continue;
    ++n;
  }
  return n;
}

bool IsSingleShape(WaitShape w) {
  return w == WaitShape::kKanchan || w == WaitShape::kPenchan || w == WaitShape::kTanki;
}

uint8_t ShapeDetail(WaitShape w) {
  return w == WaitShape::kKanchan ? 1 : w == WaitShape::kPenchan ? 2 : 3;
}

void AddFu(SmallVector<FuEntry, 12>* out, int* fu, FuReason reason, int value, Kind kind = 0,
           uint8_t detail = 0) {
  if (value <= 0 && reason != FuReason::kBase) return;
  *fu += value;
  out->push_back({reason, static_cast<int16_t>(value), kind, detail});
}

// Fu of one standard reading (no rounding).
int ReadingFu(const Reading& r, const WinContext& ctx, const Ruleset& rules, int chances,
              SmallVector<FuEntry, 12>* out) {
  const NingboRules& n = rules.ningbo;
  out->clear();
  int fu = 0;
  AddFu(out, &fu, FuReason::kBase, n.base_fu);
  bool all_pungs = true;
  for (const HandSet& s : r.sets) {
    if (s.type == SetType::kSequence) {
      all_pungs = false;
      continue;
    }
    const uint8_t detail =
        static_cast<uint8_t>((s.type == SetType::kKan ? 2 : 0) + (s.open ? 0 : 1));
    AddFu(out, &fu, FuReason::kMeld, SetFu(s), s.kind, detail);
  }
  if (IsNingboValuePair(r.pair, ctx, rules)) AddFu(out, &fu, FuReason::kPair, n.yakuhai_pair_fu, r.pair);
  const bool pure = chances == 1 && IsSingleShape(r.wait);
  if (pure) AddFu(out, &fu, FuReason::kPureWait, n.pure_wait_fu, ctx.win_tile, ShapeDetail(r.wait));
  if (chances == 2 && r.wait == WaitShape::kShanpon)
    AddFu(out, &fu, FuReason::kTwoChanceShanpon, n.two_chance_shanpon_fu, ctx.win_tile);
  if (ctx.tsumo) AddFu(out, &fu, FuReason::kTsumo, n.tsumo_fu);
  if (all_pungs) AddFu(out, &fu, FuReason::kToitoi, n.toitoi_fu);
  if (ctx.rinshan) AddFu(out, &fu, FuReason::kRinshan, n.rinshan_fu);
  if (ctx.haitei) AddFu(out, &fu, FuReason::kHaitei, n.haitei_fu);
  if (ctx.chankan && pure && r.wait != WaitShape::kTanki)
    AddFu(out, &fu, FuReason::kRobbingPureWait, n.robbing_pure_wait_fu, ctx.win_tile,
          ShapeDetail(r.wait));
  return fu;
}

struct FanResult {
  SmallVector<YakuEntry, 24> yaku;
  int sixths = 0;
  int counting = 0;  // sixths that count toward minimum_han
};

void AddFan(FanResult* f, const Ruleset& rules, YakuId id, int sixths) {
  if (sixths <= 0) return;
  f->yaku.push_back({id, static_cast<int16_t>(sixths), 0});
  f->sixths += sixths;
  if (rules.yaku[YakuIndex(id)].counts_for_minimum) f->counting += sixths;
}

// Fan of one reading: yakuhai pungs/kongs, honitsu, chinitsu (table values).
FanResult ReadingFan(const Reading& r, const WinContext& ctx, const HandSummary& sum,
                     const Ruleset& rules) {
  const YakuSet y = DetectStandardYaku(r, ctx, sum);
  FanResult f;
  for (int i = YakuIndex(YakuId::kYakuhaiSeatEast); i <= YakuIndex(YakuId::kYakuhaiChun); ++i) {
    const auto id = static_cast<YakuId>(i);
    if (y.test(i)) AddFan(&f, rules, id, YakuTableValue(rules, id, sum.closed));
  }
  for (YakuId id : {YakuId::kHonitsu, YakuId::kChinitsu})
    if (y.test(YakuIndex(id))) AddFan(&f, rules, id, YakuTableValue(rules, id, sum.closed));
  return f;
}

using LimitList = SmallVector<YakuId, 8>;

// Limit hands of one reading (enabled table entries only), in yaku order.
LimitList ReadingLimits(const Reading& r, const WinContext& ctx, const HandSummary& sum,
                        const Ruleset& rules) {
  LimitList out;
  auto on = [&](YakuId id) { return YakuTableValue(rules, id, sum.closed) > 0; };
  const YakuSet ym = DetectYakuman(r, ctx, sum);
  if (ctx.tenhou && on(YakuId::kTenhou)) out.push_back(YakuId::kTenhou);
  if (ctx.chiihou && on(YakuId::kChiihou)) out.push_back(YakuId::kChiihou);
  if (ym.test(YakuIndex(YakuId::kDaisangen)) && on(YakuId::kDaisangen)) out.push_back(YakuId::kDaisangen);
  if (ym.test(YakuIndex(YakuId::kJunseiChuuren)) && on(YakuId::kJunseiChuuren))
    out.push_back(YakuId::kJunseiChuuren);
  // 四喜和: four wind sets, or three and a wind pair, with a pung/kong of the seat wind.
  int wind_sets = 0;
  bool seat_set = false;
  for (const HandSet& s : r.sets) {
    if (s.type == SetType::kSequence || !IsWind(s.kind)) continue;
    ++wind_sets;
    if (s.kind == WindKindOf(ctx.seat_wind)) seat_set = true;
  }
  const bool winds = wind_sets == 4 || (wind_sets == 3 && IsWind(r.pair));
  if (winds && seat_set && on(YakuId::kFourHappiness)) out.push_back(YakuId::kFourHappiness);
  return out;
}

bool IsHalfLimit(YakuId id, const Ruleset& rules) {
  const auto& half = rules.ningbo.half_limit_hands;
  return std::find(half.begin(), half.end(), id) != half.end();
}

// The fixed value of a set of limit hands: the full limit if any is not a half-limit hand,
// else the half limit. Without a limit (0), the full limit is twice the half limit.
int LimitValue(const LimitList& limits, const Ruleset& rules) {
  bool full = false;
  for (YakuId id : limits) full = full || !IsHalfLimit(id, rules);
  if (!full) return rules.ningbo.half_limit;
  if (rules.ningbo.limit > 0) return rules.ningbo.limit;
  return static_cast<int>(std::min<int64_t>(2 * static_cast<int64_t>(rules.ningbo.half_limit), kMaxShare));
}

// Fills `r` as a paid limit hand: each entry marked 満貫 (kLimit) or 半満貫 (kHalfLimit) as the
// seed's table has it ("(F)半満貫 地和", "(G)満貫 天和 三元和 四喜和 九蓮寶燈 十三ヤオ 十三不搭"),
// the hand kLimit when any entry is a full limit, else kHalfLimit. No han and no yakuman: the
// table gives these hands a value, not fan.
void SetLimitHand(ScoreResult* r, const LimitList& limits, int value, bool dealer, const Ruleset& rules) {
  r->yaku.clear();
  bool full = false;
  for (YakuId id : limits) {
    const bool half = IsHalfLimit(id, rules);
    full = full || !half;
    r->yaku.push_back({id, 0, 0, half ? Limit::kHalfLimit : Limit::kLimit});
  }
  r->han_sixths = 0;
  r->yakuman = 0;
  r->limit = full ? Limit::kLimit : Limit::kHalfLimit;
  r->payment = NingboPayment(value, dealer);
}

bool IsLimitHand(const ScoreResult& r) { return r.limit == Limit::kLimit || r.limit == Limit::kHalfLimit; }

int PerShare(const ScoreResult& r, bool dealer) {
  return dealer ? r.payment.each / 2 : r.payment.non_dealer;
}

// Orders candidates: value, then a limit hand before a counted reading of the same value (the
// seed names such a hand by its limit 役), then han, then fu.
bool NingboBetter(const ScoreResult& a, const ScoreResult& b, bool dealer) {
  const int va = PerShare(a, dealer), vb = PerShare(b, dealer);
  if (va != vb) return va > vb;
  if (IsLimitHand(a) != IsLimitHand(b)) return IsLimitHand(a);
  if (a.han_sixths != b.han_sixths) return a.han_sixths > b.han_sixths;
  return a.fu > b.fu;
}

}  // namespace

int NingboShareValue(int fu, int fan, const Ruleset& rules) {
  if (fu <= 0) return 0;
  fan = std::max(fan, 0);
  int64_t v = fan >= kMaxFan ? kMaxShare : std::min<int64_t>(static_cast<int64_t>(fu) << fan, kMaxShare);
  if (rules.ningbo.limit > 0) v = std::min<int64_t>(v, rules.ningbo.limit);
  return static_cast<int>(v);
}

Payment NingboPayment(int value, bool dealer) {
  Payment p;
  if (dealer) {
    p.kind = PaymentKind::kTsumoDealer;
    p.each = 2 * value;
  } else {
    p.kind = PaymentKind::kTsumoNonDealer;
    p.dealer = 2 * value;
    p.non_dealer = value;
  }
  return p;
}

bool IsThirteenSingleOrphans13(const KindCounts& counts) {
  for (int k = 0; k < kNumKinds; ++k)
    if (counts[k] != (IsTerminalOrHonor(static_cast<Kind>(k)) ? 1 : 0)) return false;
  return true;
}

bool IsThirteenUnconnected13(const KindCounts& counts) {
  int total = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] > 1) return false;
    total += counts[k];
    if (counts[k] == 0 || IsHonor(static_cast<Kind>(k))) continue;
    // The next one or two numbers of the same suit must be absent.
    for (int d = 1; d <= 2; ++d)
      if (NumberOf(static_cast<Kind>(k)) + d <= 9 && counts[k + d]) return false;
  }
  return total == 13;
}

ScoreResult NingboScoring::Score(const WinContext& ctx, const Ruleset& rules) const {
  ScoreResult best;
  if ((ctx.riichi || ctx.double_riichi || ctx.open_riichi || ctx.ippatsu) && !rules.riichi_allowed) {
    best.error = ScoreError::kInvalidInput;
    best.message = "riichi given but ruleset \"" + rules.name + "\" has no riichi (\"riichi_allowed\" false)";
    return best;
  }
  const bool dealer = ctx.IsDealer();
  const HandSummary sum = Summarize(ctx);
  bool have_best = false;
  bool complete = false;
  auto offer = [&](const ScoreResult& cand) {
    if (!have_best || NingboBetter(cand, best, dealer)) {
      best = cand;
      have_best = true;
    }
  };

  // The dealt-hand limit hands, on the first draw: the 13 tiles before it.
  if ((ctx.first_turn || ctx.tenhou) && ctx.tsumo && ctx.melds.empty() && ctx.concealed[ctx.win_tile] > 0) {
    KindCounts before = ctx.concealed;
    --before[ctx.win_tile];
    LimitList limits;
    if (ctx.tenhou && YakuTableValue(rules, YakuId::kTenhou, true) > 0) limits.push_back(YakuId::kTenhou);
    const bool orphans = IsThirteenSingleOrphans13(before) &&
                         YakuTableValue(rules, YakuId::kThirteenSingleOrphans, true) > 0;
    const bool unconnected = !orphans && IsThirteenUnconnected13(before) &&
                             YakuTableValue(rules, YakuId::kThirteenUnconnected, true) > 0;
    if (orphans) limits.push_back(YakuId::kThirteenSingleOrphans);
    if (unconnected) limits.push_back(YakuId::kThirteenUnconnected);
    if (orphans || unconnected) {
      complete = true;
      ScoreResult cand;
      int fu = 0;
      AddFu(&cand.fu_breakdown, &fu, FuReason::kBase, rules.ningbo.base_fu);
      AddFu(&cand.fu_breakdown, &fu, FuReason::kTsumo, rules.ningbo.tsumo_fu);
      cand.fu = fu;
      SetLimitHand(&cand, limits, LimitValue(limits, rules), dealer, rules);
      offer(cand);
    }
  }

  const int chances = Chances(ctx);
  EnumerateReadings(ctx, [&](const Reading& r) {
    if (r.form != HandForm::kStandard) return;  // no seven pairs, no modern thirteen orphans
    complete = true;
    ScoreResult cand;
    cand.fu = ReadingFu(r, ctx, rules, chances, &cand.fu_breakdown);
    const FanResult fan = ReadingFan(r, ctx, sum, rules);
    const LimitList limits = ReadingLimits(r, ctx, sum, rules);
    if (rules.minimum_sixths > 0 && fan.counting < rules.minimum_sixths && limits.empty()) return;
    const int whole_fan = fan.sixths / kSixthsPerHan;
    const int value = NingboShareValue(cand.fu, whole_fan, rules);
    if (!limits.empty()) {
      const int limit_value = LimitValue(limits, rules);
      if (limit_value >= value) {
        SetLimitHand(&cand, limits, limit_value, dealer, rules);
        offer(cand);
        return;
      }
    }
    cand.yaku = fan.yaku;
    cand.han_sixths = fan.sixths;
    const int64_t raw = whole_fan >= kMaxFan ? kMaxShare : static_cast<int64_t>(cand.fu) << whole_fan;
    cand.limit = rules.ningbo.limit > 0 && raw >= rules.ningbo.limit ? Limit::kMangan : Limit::kNone;
    cand.payment = NingboPayment(value, dealer);
    offer(cand);
  });

  if (!complete) {
    best.error = ScoreError::kNotWinningHand;
    best.message =
        "the tiles do not form four sets and a pair (Ningbo has no seven pairs and no modern "
        "thirteen orphans; 十三ヤオ and 十三不搭 win only on the dealt 13 tiles at the first draw)";
    return best;
  }
  if (!have_best) {
    best.error = ScoreError::kNoYaku;
    best.message = "the hand has less fan than \"minimum_han\" asks and no limit hand";
    return best;
  }
  AddHonbaAndDeposits(ctx.honba, ctx.riichi_sticks, rules, &best);
  return best;
}

std::optional<int> NingboScoring::LoserValue(const WinContext& hand, const Ruleset& rules) const {
  if (!rules.ningbo.side_settlement) return std::nullopt;
  const bool closed = hand.IsClosed();
  int fu = rules.ningbo.base_fu;
  int sixths = 0;
  auto add_pung = [&](const HandSet& s) {
    fu += SetFu(s);
    for (YakuId id : PungYakuhai(s.kind, hand)) sixths += YakuTableValue(rules, id, closed);
  };
  for (const Meld& m : hand.melds) {
    const HandSet s = SetFromMeld(m);
    if (s.type != SetType::kSequence) add_pung(s);
  }
  for (int k = 0; k < kNumKinds; ++k) {
    if (hand.concealed[k] < 3) continue;
    HandSet s;
    s.type = SetType::kPung;
    s.kind = static_cast<Kind>(k);
    s.open = false;
    add_pung(s);
  }
  for (int k = 0; k < kNumKinds; ++k) {
    if (hand.concealed[k] == 2 && IsNingboValuePair(static_cast<Kind>(k), hand, rules)) {
      fu += rules.ningbo.yakuhai_pair_fu;
      break;
    }
  }
  return NingboShareValue(fu, sixths / kSixthsPerHan, rules);
}

}  // namespace mj
