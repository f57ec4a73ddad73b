#include "engine/win_check.h"

#include <cstring>

#include "engine/shields.h"
#include "rules/shanten.h"
#include "rules/waits.h"

namespace mj {

bool DealtHandWins(const Ruleset& rules) {
  return rules.yaku[static_cast<int>(YakuId::kThirteenSingleOrphans)].enabled ||
         rules.yaku[static_cast<int>(YakuId::kThirteenUnconnected)].enabled;
}

bool IsFirstTurn(const RoundState& s, int seat) {
  const SeatState& p = s.seats[seat];
  return s.turn == seat && p.river.empty() && p.melds.empty() && !s.drawn_from_rinshan;
}

WinContext MakeWinContext(const RoundState& s, int seat, Tile win, WinKind kind) {
  const SeatState& p = s.seats[seat];
  const Ruleset& rules = *s.rules;
  WinContext ctx;
  ctx.concealed = p.counts;
  int red = 0, peach = 0;
  auto is_peach = [&](Tile t) { return rules.peach_tiles && IsPeachCopy(t); };
  for (Tile t : p.hand) {
    red += IsRedFive(t, rules);
    peach += is_peach(t);
  }
  if (kind != WinKind::kTsumo) {
    ++ctx.concealed[KindOf(win)];
    red += IsRedFive(win, rules);
    peach += is_peach(win);
  }
  ctx.win_tile = KindOf(win);
  for (const EngineMeld& m : p.melds) {
    Meld meld;
    meld.type = m.type;
    meld.kind = m.LowestKind();
    for (int i = 0; i < m.num_tiles; ++i) {
      red += IsRedFive(m.tiles[i], rules);
      peach += is_peach(m.tiles[i]);
    }
    ctx.melds.push_back(meld);
  }
  ctx.red_fives = static_cast<uint8_t>(red);
  ctx.peach_tiles = static_cast<uint8_t>(peach);
  ctx.tsumo = kind == WinKind::kTsumo;
  ctx.chankan = kind == WinKind::kChankan;
  ctx.double_riichi = p.double_riichi;
  ctx.riichi = p.riichi == RiichiState::kAccepted && !p.double_riichi;
  ctx.open_riichi = p.riichi == RiichiState::kAccepted && p.open_riichi;
  ctx.ippatsu = p.ippatsu && p.riichi == RiichiState::kAccepted;
  ctx.rinshan = ctx.tsumo && s.drawn_from_rinshan;
  ctx.haitei = ctx.tsumo && !s.drawn_from_rinshan && s.TilesLeft() == 0;
  ctx.houtei = kind == WinKind::kRon && s.TilesLeft() == 0;
  const bool first_draw = s.no_calls_yet && p.river.empty() && ctx.tsumo && !s.drawn_from_rinshan;
  ctx.tenhou = first_draw && seat == s.dealer && rules.yaku[static_cast<int>(YakuId::kTenhou)].enabled;
  const bool chiihou_enabled = rules.yaku[static_cast<int>(YakuId::kChiihou)].enabled;
  if (rules.chiihou_kind == ChiihouKind::kFirstDraw) {
    ctx.chiihou = first_draw && seat != s.dealer && chiihou_enabled;
  } else {  // a ron on the dealer's first discard, before any call
    ctx.chiihou = kind == WinKind::kRon && seat != s.dealer && s.no_calls_yet &&
                  s.discards_made == 1 && s.last_discarder == s.dealer && chiihou_enabled;
  }
  ctx.first_turn = ctx.tsumo && IsFirstTurn(s, seat);
  ctx.seat_wind = s.SeatWind(seat);
  ctx.has_round_wind = rules.round_wind;
  ctx.round_wind = static_cast<Wind>(s.round_wind);
  for (int i = 0; i < s.dora_revealed; ++i) ctx.dora_indicators.push_back(KindOf(s.wall.DoraIndicator(i)));
  if (p.riichi == RiichiState::kAccepted)
    for (int i = 0; i < s.dora_revealed; ++i) ctx.ura_indicators.push_back(KindOf(s.wall.UraIndicator(i)));
  ctx.honba = s.honba;
  ctx.riichi_sticks = s.riichi_sticks;
  return ctx;
}

namespace {
// Equal kind counts, compared eight kinds at a time (this runs on every discard, for each seat).
bool SameCounts(const KindCounts& a, const KindCounts& b) {
  static_assert(kNumKinds == 34);
  for (int i = 0; i < 32; i += 8) {
    uint64_t u, v;
    std::memcpy(&u, a.data() + i, 8);
    std::memcpy(&v, b.data() + i, 8);
    if (u != v) return false;
  }
  return a[32] == b[32] && a[33] == b[33];
}
}  // namespace

uint64_t TenpaiWaitKinds(const KindCounts& counts, int num_melds) {
  // Waits() lists the kinds held at most three times whose draw completes the hand; complete is
  // shanten -1 in some form (a standard split; with no melds seven pairs or thirteen orphans),
  // so one neighbours lookup per kind answers for the standard form, and the irregular forms
  // need looking at only when the hand is already at shanten 0 in one of them.
  const StandardShantenNeighbours standard(counts, num_melds);
  const bool irregular = num_melds == 0 && std::min(ShantenChiitoitsu(counts), ShantenKokushi(counts)) == 0;
  KindCounts c = counts;
  uint64_t mask = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (c[k] >= 4) continue;
    bool completes = standard.Plus(static_cast<Kind>(k)) < 0;
    if (!completes && irregular) {
      ++c[k];
      completes = ShantenChiitoitsu(c) < 0 || ShantenKokushi(c) < 0;
      --c[k];
    }
    if (completes) mask |= uint64_t{1} << k;
  }
  return mask;
}

uint64_t WaitMask(const SeatState& seat) {
  // Hands change once per turn but are asked about on every discard: cache by content.
  const int melds = static_cast<int>(seat.melds.size());
  if (seat.waits_for_melds == melds && SameCounts(seat.waits_for, seat.counts)) return seat.waits_cached;
  int total = 0;
  for (uint8_t n : seat.counts) total += n;
  // Waits() answers nothing for a hand of the wrong size; its shanten is then left at 0, which
  // KnownShantenBeforeDraw's callers read as "may be near".
  const int shanten = total == 13 - 3 * melds ? Shanten(seat.counts, melds) : 0;
  const uint64_t mask = shanten == 0 ? TenpaiWaitKinds(seat.counts, melds) : 0;
  seat.waits_for = seat.counts;
  seat.waits_for_melds = static_cast<int8_t>(melds);
  seat.shanten_cached = static_cast<int8_t>(shanten);
  seat.waits_cached = mask;
  return mask;
}

int KnownShantenBeforeDraw(const SeatState& seat, Tile drawn) {
  if (drawn == kNoTile || seat.waits_for_melds != static_cast<int>(seat.melds.size())) return -1;
  KindCounts before = seat.counts;
  if (before[KindOf(drawn)] == 0) return -1;
  --before[KindOf(drawn)];
  return SameCounts(seat.waits_for, before) ? seat.shanten_cached : -1;
}

bool IsTenpaiCounts(const KindCounts& counts, int num_melds) {
  return IsTenpaiCounts(counts, num_melds, Shanten(counts, num_melds));
}

bool IsTenpaiCounts(const KindCounts& counts, int num_melds, int shanten) {
  if (shanten != 0) return false;
  bool holds_four = false;
  for (uint8_t n : counts) holds_four = holds_four || n == 4;
  return !holds_four || !Waits(counts, num_melds).empty();
}

bool IsFuriten(const SeatState& seat, uint64_t waits) {
  if (seat.temporary_furiten || seat.riichi_furiten) return true;
  for (int k = 0; k < kNumKinds; ++k)
    if ((waits >> k & 1) && seat.discarded[k]) return true;
  return ShieldFuriten(seat, waits);  // face-up shield tiles count as own discards (Dunpai)
}

ScoreResult ScoreWin(const RoundState& s, int seat, Tile win, WinKind kind) {
  const ScoringModule* module = FindScoringModule(s.rules->scoring);
  const WinContext ctx = MakeWinContext(s, seat, win, kind);
  if (!IsComplete(ctx.concealed, static_cast<int>(ctx.melds.size())) &&
      !(ctx.first_turn && DealtHandWins(*s.rules))) {
    ScoreResult r;
    r.error = ScoreError::kNotWinningHand;
    return r;
  }
  return module->Score(ctx, *s.rules);
}

}  // namespace mj
