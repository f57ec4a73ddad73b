#include "agents/hand_eval.h"

#include <algorithm>

#include "rules/scoring_module.h"
#include "rules/shanten.h"
#include "rules/waits.h"
#include "rules/yaku_id.h"

namespace mj {
namespace {

// Kinds that can lower the shanten of `counts` when drawn. A drawn tile that is not a copy of a
// held kind nor within two ranks of one can only help as a lone pair-to-be, which the standard
// form never needs more than the tiles already held offer, except when the hand's own four
// copies block a completion; seven pairs and thirteen orphans can use any new kind. So: every
// kind when some kind is held four times or an irregular form is within reach, else the
// neighbourhood of the held tiles.
KindMask CandidateDraws(const KindCounts& counts, bool standard_only) {
  for (int k = 0; k < kNumKinds; ++k)
    if (counts[k] >= 4) return kAllKinds;
  if (!standard_only) return kAllKinds;
  KindMask m = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] == 0) continue;
    if (IsHonor(static_cast<Kind>(k))) {
      m |= KindBit(static_cast<Kind>(k));
      continue;
    }
    const int base = k / 9 * 9, n = k % 9;
    for (int d = -2; d <= 2; ++d)
      if (n + d >= 0 && n + d <= 8) m |= KindBit(static_cast<Kind>(base + n + d));
  }
  return m;
}

// True if seven pairs and thirteen orphans cannot reach `shanten` - 1 with one more tile (each
// drops by at most one per tile), so the standard form alone decides.
bool StandardOnly(const KindCounts& counts, int num_melds, int shanten) {
  return num_melds > 0 || (ShantenChiitoitsu(counts) > shanten && ShantenKokushi(counts) > shanten);
}

int CountLowering(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible, KindMask mask,
                  bool standard_only) {
  KindCounts h = counts;
  int total = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (!HasKind(mask, static_cast<Kind>(k)) || h[k] >= 4) continue;
    const int unseen = 4 - std::min<int>(visible[k], 4);
    if (unseen <= 0) continue;
    ++h[k];
    const int s = standard_only ? ShantenStandard(h, num_melds) : Shanten(h, num_melds);
    if (s < shanten) total += unseen;
    --h[k];
  }
  return total;
}

}  // namespace

KindMask SimpleKinds() {
  KindMask m = 0;
  for (int k = 0; k < 27; ++k)
    if (IsSimple(static_cast<Kind>(k))) m |= KindBit(static_cast<Kind>(k));
  return m;
}

int Ukeire(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible, KindMask allowed) {
  const bool standard_only = StandardOnly(counts, num_melds, shanten);
  return CountLowering(counts, num_melds, shanten, visible, allowed & CandidateDraws(counts, standard_only),
                       standard_only);
}

int UkeireBruteForce(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                     KindMask allowed) {
  return CountLowering(counts, num_melds, shanten, visible, allowed, false);
}

KindMask YakuhaiKinds(const PlayerView& view) {
  KindMask m = KindBit(kWhite) | KindBit(kGreen) | KindBit(kRed);
  m |= KindBit(static_cast<Kind>(kEast + static_cast<int>(view.seat_wind(view.seat()))));
  if (view.rules().round_wind) m |= KindBit(static_cast<Kind>(kEast + view.round_wind()));
  return m;
}

bool IsPeach(Tile t, const Ruleset& rules) { return rules.peach_tiles && IsPeachCopy(t); }

KindMask DoraKinds(const PlayerView& view) {
  KindMask m = 0;
  if (view.rules().dora)
    for (Tile t : view.dora_indicators()) m |= KindBit(DoraFromIndicator(KindOf(t)));
  if (view.rules().peach_tiles)
    for (Tile t : view.hand())
      if (IsPeachCopy(t) && view.counts()[KindOf(t)] == 1) m |= KindBit(KindOf(t));
  return m;
}

KindMask OpenRiichiWaits(const PlayerView& view, int seat) {
  if (!view.open_riichi(seat) || seat == view.seat()) return 0;
  KindCounts c{};
  for (Tile t : view.shown_hand(seat)) ++c[KindOf(t)];
  KindMask m = 0;
  for (const Wait& w : Waits(c, static_cast<int>(view.melds(seat).size()))) m |= KindBit(w.tile);
  return m;
}

int EstimateWinHan(const PlayerView& view, const Action& win) {
  const Ruleset& rules = view.rules();
  const ScoringModule* module = FindScoringModule(rules.scoring);
  if (module == nullptr) return 0;
  const int me = view.seat();
  const bool tsumo = win.type == ActionType::kTsumo;
  WinContext ctx;
  ctx.concealed = view.counts();
  int peach = 0;
  for (Tile t : view.hand()) peach += IsPeach(t, rules);
  Tile win_tile = tsumo ? view.drawn() : win.tile;
  if (win_tile == kNoTile) win_tile = view.hand().empty() ? 0 : view.hand().back();
  if (!tsumo) {
    ++ctx.concealed[KindOf(win_tile)];
    peach += IsPeach(win_tile, rules);
  }
  ctx.win_tile = KindOf(win_tile);
  for (const EngineMeld& m : view.melds(me)) {
    Meld meld;
    meld.type = m.type;
    meld.kind = m.LowestKind();
    for (int i = 0; i < m.num_tiles; ++i) meld.peach += IsPeach(m.tiles[i], rules);
    peach += meld.peach;
    ctx.melds.push_back(meld);
  }
  ctx.peach_tiles = static_cast<uint8_t>(peach);
  ctx.tsumo = tsumo;
  ctx.chankan = view.phase() == Phase::kOnKakan || view.phase() == Phase::kOnAnkan;
  ctx.open_riichi = view.open_riichi(me);
  ctx.riichi = view.in_riichi(me);
  ctx.haitei = tsumo && view.tiles_left() == 0;
  ctx.houtei = !tsumo && view.tiles_left() == 0;
  ctx.seat_wind = view.seat_wind(me);
  ctx.has_round_wind = rules.round_wind;
  ctx.round_wind = static_cast<Wind>(view.round_wind());
  if (rules.dora)
    for (Tile t : view.dora_indicators()) ctx.dora_indicators.push_back(KindOf(t));
  const ScoreResult r = module->Score(ctx, rules);
  return r.ok() ? r.han_sixths / 6 : 0;
}

int TileValue(Kind k, const KindCounts& counts, KindMask yakuhai, KindMask dora) {
  int v;
  if (IsHonor(k)) {
    v = HasKind(yakuhai, k) ? 4 : 2;
    if (counts[k] >= 2) v += 20;
  } else {
    const int n = NumberOf(k);
    v = (n == 1 || n == 9) ? 6 : (n == 2 || n == 8) ? 8 : 10;
    for (int d = -2; d <= 2; ++d) {
      if (d == 0 || n + d < 1 || n + d > 9) continue;
      if (counts[k + d] > 0) v += (d == 1 || d == -1) ? 4 : 2;
    }
    if (counts[k] >= 2) v += 6;
  }
  if (HasKind(dora, k)) v += 8;
  return v;
}

bool OpenTanyaoAllowed(const Ruleset& rules) {
  const YakuValue& y = rules.yaku[static_cast<int>(YakuId::kTanyao)];
  return rules.kuitan && y.enabled && y.open_sixths > 0;
}

YakuPlan CurrentYakuPlan(const PlayerView& view) {
  const auto melds = view.melds(view.seat());
  bool open = false, all_simple = true;
  const KindMask yakuhai = YakuhaiKinds(view);
  bool yakuhai_set = false;
  for (const EngineMeld& m : melds) {
    open = open || m.type != MeldType::kAnkan;
    const Kind k = m.LowestKind();
    if (m.type != MeldType::kChi && HasKind(yakuhai, k)) yakuhai_set = true;
    for (int i = 0; i < m.num_tiles; ++i) all_simple = all_simple && IsSimple(KindOf(m.tiles[i]));
  }
  if (!open) return YakuPlan::kClosed;
  for (int k = kEast; k < kNumKinds; ++k)
    if (HasKind(yakuhai, static_cast<Kind>(k)) && view.counts()[k] >= 3) yakuhai_set = true;
  if (yakuhai_set) return YakuPlan::kYakuhai;
  if (all_simple && OpenTanyaoAllowed(view.rules())) return YakuPlan::kTanyao;
  return YakuPlan::kNone;
}

KindMask GenbutsuKinds(const PlayerView& view, int riichi_seat) {
  KindMask m = 0;
  const auto& own = view.river(riichi_seat);
  int riichi_index = -1;
  for (size_t i = 0; i < own.size(); ++i) {
    m |= KindBit(KindOf(own[i].tile));
    if (own[i].riichi) riichi_index = static_cast<int>(i);
  }
  for (Tile t : view.shields_up(riichi_seat)) m |= KindBit(KindOf(t));
  if (riichi_index < 0) return m;
  size_t total = 0;
  for (int p = 0; p < 4; ++p) total += view.river(p).size();
  std::array<size_t, 4> next{};
  int cur = view.dealer();
  bool after = false;
  for (size_t n = 0; n < total; ++n) {
    const auto& river = view.river(cur);
    if (next[cur] >= river.size()) break;  // cannot happen for an engine state
    const RiverTile& t = river[next[cur]];
    if (cur == riichi_seat && static_cast<int>(next[cur]) == riichi_index) {
      after = true;
    } else if (after) {
      m |= KindBit(KindOf(t.tile));
    }
    ++next[cur];
    int following = (cur + 1) % 4;
    if (t.called) {
      for (int p = 0; p < 4; ++p)
        for (const EngineMeld& meld : view.melds(p))
          if (meld.called == t.tile && meld.from == cur) following = p;
    }
    cur = following;
  }
  return m;
}

int Danger(Kind k, int riichi_seat, KindMask genbutsu, const PlayerView& view, const KindCounts& visible) {
  if (HasKind(genbutsu, k)) return 0;
  if (IsHonor(k)) {
    const int seen = visible[k];
    return seen >= 4 ? 1 : seen == 3 ? 2 : seen == 2 ? 5 : 7;
  }
  // Suji from the riichi player's own river.
  KindMask river = 0;
  for (const RiverTile& r : view.river(riichi_seat)) river |= KindBit(KindOf(r.tile));
  const int n = NumberOf(k);
  const bool low = n - 3 >= 1 && HasKind(river, static_cast<Kind>(k - 3));   // e.g. 1 for a 4
  const bool high = n + 3 <= 9 && HasKind(river, static_cast<Kind>(k + 3));  // e.g. 7 for a 4
  if (n == 1 || n == 9) return (high || low) ? 3 : 6;
  if (n == 2 || n == 3) return high ? 4 : (n == 2 ? 8 : 9);
  if (n == 7 || n == 8) return low ? 4 : (n == 8 ? 8 : 9);
  // 4, 5, 6: two ryanmen shapes, one on each side.
  if (low && high) return 4;
  if (low || high) return 8;
  return 10;
}

}  // namespace mj
