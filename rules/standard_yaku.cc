#include "rules/standard_yaku.h"

#include <algorithm>

namespace mj {
namespace {

constexpr Kind WindKind(Wind w) { return static_cast<Kind>(kEast + static_cast<int>(w)); }

bool SetHasTerminalOrHonor(const HandSet& s) {
  if (s.type == SetType::kSequence) return NumberOf(s.kind) == 1 || NumberOf(s.kind) == 7;
  return IsTerminalOrHonor(s.kind);
}

bool IsGreen(Kind k) {
  return k == 19 || k == 20 || k == 21 || k == 23 || k == 25 || k == kGreen;  // 2 3 4 6 8 s, hatsu
}

}  // namespace

HandSummary Summarize(const WinContext& ctx) {
  HandSummary sum;
  sum.all = ctx.concealed;
  for (const Meld& m : ctx.melds) {
    if (m.IsSequence()) {
      ++sum.all[m.kind], ++sum.all[m.kind + 1], ++sum.all[m.kind + 2];
    } else {
      sum.all[m.kind] += static_cast<uint8_t>(m.TileCount());
    }
    if (m.IsOpen()) sum.closed = false;
    if (m.IsKan()) ++sum.num_kans;
  }
  return sum;
}

bool IsValuePair(Kind pair, const WinContext& ctx) {
  if (IsDragon(pair)) return true;
  if (pair == WindKind(ctx.seat_wind)) return true;
  return ctx.has_round_wind && pair == WindKind(ctx.round_wind);
}

int CountDora(const HandSummary& sum, const SmallVector<Kind, 5>& indicators) {
  int n = 0;
  for (Kind ind : indicators) n += sum.all[DoraFromIndicator(ind)];
  return n;
}

YakuSet DetectStandardYaku(const Reading& r, const WinContext& ctx, const HandSummary& sum) {
  YakuSet y;
  const bool closed = sum.closed;
  if (ctx.double_riichi) {
    y.set(static_cast<int>(YakuId::kDoubleRiichi));
  } else if (ctx.riichi && !ctx.open_riichi) {
    y.set(static_cast<int>(YakuId::kRiichi));
  }
  if (ctx.open_riichi) y.set(static_cast<int>(YakuId::kOpenRiichi));
  if (ctx.ippatsu) y.set(static_cast<int>(YakuId::kIppatsu));
  if (closed && ctx.tsumo) y.set(static_cast<int>(YakuId::kMenzenTsumo));
  if (ctx.chankan) y.set(static_cast<int>(YakuId::kChankan));
  if (ctx.rinshan) y.set(static_cast<int>(YakuId::kRinshan));
  if (ctx.haitei) y.set(static_cast<int>(YakuId::kHaitei));
  if (ctx.houtei) y.set(static_cast<int>(YakuId::kHoutei));

  // Whole-hand colour and terminal facts.
  int suits_present = 0, honors = 0, simples = 0, terminals = 0;
  for (int s = 0; s < 3; ++s) {
    int n = 0;
    for (int i = 0; i < 9; ++i) n += sum.all[s * 9 + i];
    if (n) ++suits_present;
  }
  bool all_green = true;
  for (int k = 0; k < kNumKinds; ++k) {
    if (!sum.all[k]) continue;
    if (IsHonor(static_cast<Kind>(k))) {
      honors += sum.all[k];
    } else if (IsTerminal(static_cast<Kind>(k))) {
      terminals += sum.all[k];
    } else {
      simples += sum.all[k];
    }
    if (!IsGreen(static_cast<Kind>(k))) all_green = false;
  }
  (void)all_green;
  if (honors == 0 && terminals == 0) y.set(static_cast<int>(YakuId::kTanyao));
  if (suits_present == 1) y.set(static_cast<int>(honors ? YakuId::kHonitsu : YakuId::kChinitsu));
  if (simples == 0 && honors > 0 && terminals > 0) y.set(static_cast<int>(YakuId::kHonroutou));

  if (r.form == HandForm::kSevenPairs) {
    y.set(static_cast<int>(YakuId::kChiitoitsu));
    return y;
  }
  if (r.form != HandForm::kStandard) return y;

  // Sets.
  int sequences = 0, pungs = 0, kans = 0;
  int seq_count[kNumKinds] = {};
  int pung_mask_by_number[9] = {};  // bit per suit with a pung/kan of that number
  bool ittsu_parts[3][3] = {};
  int dragon_pungs = 0, wind_pungs = 0;
  bool chanta_ok = SetHasTerminalOrHonor({SetType::kPung, r.pair, false, false});
  bool junchan_ok = IsTerminal(r.pair);
  for (const HandSet& s : r.sets) {
    if (!SetHasTerminalOrHonor(s)) chanta_ok = junchan_ok = false;
    if (s.type == SetType::kSequence) {
      ++sequences;
      if (!s.open) ++seq_count[s.kind];
      const int n = NumberOf(s.kind);
      if (n == 1 || n == 4 || n == 7) ittsu_parts[s.kind / 9][(n - 1) / 3] = true;
      if (NumberOf(s.kind) != 1 && NumberOf(s.kind) != 7) junchan_ok = false;
    } else {
      ++pungs;
      if (s.type == SetType::kKan) ++kans;
      if (IsHonor(s.kind)) {
        junchan_ok = false;
        if (IsDragon(s.kind)) ++dragon_pungs;
        if (IsWind(s.kind)) ++wind_pungs;
      } else {
        pung_mask_by_number[NumberOf(s.kind) - 1] |= 1 << (s.kind / 9);
        if (!IsTerminal(s.kind)) junchan_ok = false;
      }
      if (s.kind == kWhite) y.set(static_cast<int>(YakuId::kYakuhaiHaku));
      if (s.kind == kGreen) y.set(static_cast<int>(YakuId::kYakuhaiHatsu));
      if (s.kind == kRed) y.set(static_cast<int>(YakuId::kYakuhaiChun));
      if (s.kind == WindKind(ctx.seat_wind))
        y.set(static_cast<int>(YakuId::kYakuhaiSeatEast) + static_cast<int>(ctx.seat_wind));
      if (ctx.has_round_wind && s.kind == WindKind(ctx.round_wind))
        y.set(static_cast<int>(YakuId::kYakuhaiRoundEast) + static_cast<int>(ctx.round_wind));
    }
  }
  if (IsHonor(r.pair)) junchan_ok = false;

  // Pinfu: closed, four sequences, a pair without fu, a two-sided wait.
  if (closed && sequences == 4 && !IsValuePair(r.pair, ctx) && r.wait == WaitShape::kRyanmen)
    y.set(static_cast<int>(YakuId::kPinfu));
  // Identical sequences (closed hands only).
  if (closed) {
    int peiko = 0;
    for (int k = 0; k < kNumKinds; ++k) peiko += seq_count[k] / 2;
    if (peiko >= 2) {
      y.set(static_cast<int>(YakuId::kRyanpeikou));
    } else if (peiko == 1) {
      y.set(static_cast<int>(YakuId::kIipeikou));
    }
  }
  if (sequences > 0 && chanta_ok) y.set(static_cast<int>(junchan_ok ? YakuId::kJunchan : YakuId::kChanta));
  for (int s = 0; s < 3; ++s)
    if (ittsu_parts[s][0] && ittsu_parts[s][1] && ittsu_parts[s][2]) y.set(static_cast<int>(YakuId::kIttsu));
  for (int n = 0; n < 7; ++n) {
    bool in_all = true;
    for (int s = 0; s < 3; ++s) {
      bool found = false;
      for (const HandSet& set : r.sets)
        if (set.type == SetType::kSequence && set.kind == s * 9 + n) found = true;
      if (!found) in_all = false;
    }
    if (in_all) y.set(static_cast<int>(YakuId::kSanshoku));
  }
  for (int n = 0; n < 9; ++n)
    if (pung_mask_by_number[n] == 7) y.set(static_cast<int>(YakuId::kSanshokuDoukou));
  if (kans == 3) y.set(static_cast<int>(YakuId::kSankantsu));
  if (pungs == 4) y.set(static_cast<int>(YakuId::kToitoi));
  if (r.ConcealedPungs() == 3) y.set(static_cast<int>(YakuId::kSanankou));
  if (dragon_pungs == 2 && IsDragon(r.pair)) y.set(static_cast<int>(YakuId::kShousangen));
  (void)wind_pungs;
  return y;
}

SequenceFacts DetectSequenceFacts(const Reading& r) {
  SequenceFacts f;
  if (r.form != HandForm::kStandard) return f;
  int count[kNumKinds] = {};
  for (const HandSet& s : r.sets) {
    if (s.type != SetType::kSequence) continue;
    ++f.sequences;
    ++count[s.kind];
  }
  for (int k = 0; k < kNumKinds; ++k) {
    if (!count[k]) continue;
    f.most_identical = std::max(f.most_identical, count[k]);
    f.identical_pairs += count[k] / 2;
    // k and k + 3 in one suit: the lower sequence starts at 1..4.
    if (NumberOf(static_cast<Kind>(k)) <= 4 && count[k + 3]) f.run_of_six = true;
  }
  return f;
}

YakuSet DetectYakuman(const Reading& r, const WinContext& ctx, const HandSummary& sum) {
  YakuSet y;
  if (ctx.tenhou) y.set(static_cast<int>(YakuId::kTenhou));
  if (ctx.chiihou) y.set(static_cast<int>(YakuId::kChiihou));
  if (r.form == HandForm::kThirteenOrphans) {
    y.set(static_cast<int>(r.thirteen_wait ? YakuId::kKokushi13 : YakuId::kKokushi));
    return y;
  }
  bool all_honor = true, all_terminal = true, all_green = true;
  for (int k = 0; k < kNumKinds; ++k) {
    if (!sum.all[k]) continue;
    if (!IsHonor(static_cast<Kind>(k))) all_honor = false;
    if (!IsTerminal(static_cast<Kind>(k))) all_terminal = false;
    if (!IsGreen(static_cast<Kind>(k))) all_green = false;
  }
  if (all_honor) y.set(static_cast<int>(YakuId::kTsuuiisou));
  if (all_green) y.set(static_cast<int>(YakuId::kRyuuiisou));
  if (all_terminal) y.set(static_cast<int>(YakuId::kChinroutou));
  if (r.form != HandForm::kStandard) return y;

  int dragon_pungs = 0, wind_pungs = 0, kans = 0;
  for (const HandSet& s : r.sets) {
    if (s.type == SetType::kSequence) continue;
    if (IsDragon(s.kind)) ++dragon_pungs;
    if (IsWind(s.kind)) ++wind_pungs;
    if (s.type == SetType::kKan) ++kans;
  }
  if (dragon_pungs == 3) y.set(static_cast<int>(YakuId::kDaisangen));
  if (wind_pungs == 4) y.set(static_cast<int>(YakuId::kDaisuushii));
  if (wind_pungs == 3 && IsWind(r.pair)) y.set(static_cast<int>(YakuId::kShousuushii));
  if (kans == 4) y.set(static_cast<int>(YakuId::kSuukantsu));
  if (r.ConcealedPungs() == 4)
    y.set(static_cast<int>(r.wait == WaitShape::kTanki ? YakuId::kSuuankouTanki : YakuId::kSuuankou));

  // Nine gates: closed, one suit, 1112345678999 plus one more.
  if (sum.closed && ctx.melds.empty()) {
    for (int s = 0; s < 3; ++s) {
      int total = 0;
      for (int i = 0; i < 9; ++i) total += ctx.concealed[s * 9 + i];
      if (total != 14) continue;
      static constexpr int kBase[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
      bool ok = true;
      for (int i = 0; i < 9; ++i)
        if (ctx.concealed[s * 9 + i] < kBase[i]) ok = false;
      if (!ok) break;
      // Pure nine gates: the thirteen tiles before the win were exactly the base shape.
      const int win_i = ctx.win_tile - s * 9;
      const bool pure = win_i >= 0 && win_i < 9 && ctx.concealed[ctx.win_tile] == kBase[win_i] + 1;
      y.set(static_cast<int>(pure ? YakuId::kJunseiChuuren : YakuId::kChuuren));
    }
  }
  return y;
}

}  // namespace mj
