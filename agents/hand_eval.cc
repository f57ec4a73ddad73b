#include "agents/hand_eval.h"

#include <algorithm>
#include <bit>

#include "rules/scoring_module.h"
#include "rules/shanten.h"
#include "rules/waits.h"
#include "rules/yaku_id.h"

namespace mj {
namespace {

// Per kind: itself, and for a suit tile the kinds within two ranks in its suit.
constexpr std::array<KindMask, kNumKinds> kNeighbourhood = [] {
  std::array<KindMask, kNumKinds> out{};
  for (int k = 0; k < kNumKinds; ++k) {
    if (IsHonor(static_cast<Kind>(k))) {
      out[k] = KindBit(static_cast<Kind>(k));
      continue;
    }
    const int base = k / 9 * 9, n = k % 9;
    for (int d = -2; d <= 2; ++d)
      if (n + d >= 0 && n + d <= 8) out[k] |= KindBit(static_cast<Kind>(base + n + d));
  }
  return out;
}();

// Kinds that can lower the standard form's shanten of `counts` when drawn. A drawn tile that is
// not a copy of a held kind nor within two ranks of one can only help as a lone pair-to-be, which
// the standard form never needs more than the tiles already held offer, except when the hand's
// own four copies block a completion: so every kind when some kind is held four times, else the
// neighbourhood of the held tiles. (Such a far draw leaves the standard form's shanten as it is;
// seven pairs and thirteen orphans can still use it.)
KindMask StandardDraws(const KindCounts& counts) {
  KindMask m = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] == 0) continue;
    if (counts[k] >= 4) return kAllKinds;
    m |= kNeighbourhood[k];
  }
  return m;
}

// True if seven pairs and thirteen orphans cannot reach `shanten` - 1 with one more tile (each
// drops by at most one per tile), so the standard form alone decides.
bool StandardOnly(const KindCounts& counts, int num_melds, int shanten) {
  return num_melds > 0 || (ShantenChiitoitsu(counts) > shanten && ShantenKokushi(counts) > shanten);
}

// Seven pairs and thirteen orphans of a closed hand plus one tile, without going through the
// hand each time: ShantenChiitoitsu is 6 - pairs + max(0, 7 - kinds), ShantenKokushi 13 -
// terminal/honour kinds - (1 if one of them is paired) (rules/shanten.h).
class Irregular {
 public:
  Irregular() = default;
  explicit Irregular(const KindCounts& counts) {
    for (int k = 0; k < kNumKinds; ++k) {
      const bool orphan = IsTerminalOrHonor(static_cast<Kind>(k));
      kinds_ += counts[k] >= 1;
      pairs_ += counts[k] >= 2;
      orphan_kinds_ += orphan && counts[k] >= 1;
      orphan_pair_ = orphan_pair_ || (orphan && counts[k] >= 2);
    }
  }
  // min(ShantenChiitoitsu, ShantenKokushi) of the hand plus one `k`, of which it holds `held`.
  [[nodiscard]] int MinWith(Kind k, int held) const {
    const bool orphan = IsTerminalOrHonor(k);
    const int pairs = pairs_ + (held == 1), kinds = kinds_ + (held == 0);
    const int orphan_kinds = orphan_kinds_ + (orphan && held == 0);
    const bool orphan_pair = orphan_pair_ || (orphan && held == 1);
    return std::min(6 - pairs + std::max(0, 7 - kinds), 13 - orphan_kinds - (orphan_pair ? 1 : 0));
  }

 private:
  int kinds_ = 0, pairs_ = 0, orphan_kinds_ = 0;
  bool orphan_pair_ = false;
};

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

int Unseen(const KindCounts& visible, int k) { return 4 - std::min<int>(visible[k], 4); }

// The draws that Ukeire(counts, num_melds, shanten, visible, allowed) counts: `sure` tiles
// certainly lower the shanten, `maybe` tiles (of the kinds in `check`) need a lookup, and every
// other kind is settled as not lowering. `parent` (optional) holds `counts` plus the discard:
// its shanten plus a draw is a floor for `counts` plus that draw.
DrawPlan PlanDraws(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                   KindMask allowed, DiscardAcceptance* parent, Kind discard) {
  DrawPlan plan;
  plan.standard_only = StandardOnly(counts, num_melds, shanten);
  const KindMask near = StandardDraws(counts);
  // Seven pairs and thirteen orphans can use any kind; the standard form only `near` ones.
  const KindMask mask = allowed & (plan.standard_only ? near : kAllKinds);
  // A far kind (outside `near`) is never held and leaves the standard form's shanten as it is
  // (never below `shanten`), so it lowers the shanten only through seven pairs or thirteen
  // orphans, which treat every far kind alike but for being a terminal/honour: one answer each.
  int far_lowers[2] = {-1, -1};
  KindCounts h = counts;
  for (KindMask m = mask; m != 0; m &= m - 1) {
    const auto k = static_cast<Kind>(std::countr_zero(m));
    if (counts[k] >= 4) continue;
    const int unseen = Unseen(visible, k);
    if (unseen <= 0) continue;
    if (!HasKind(near, k)) {
      int& known = far_lowers[IsTerminalOrHonor(k) ? 1 : 0];
      if (known < 0) {
        ++h[k];
        known = std::min(ShantenChiitoitsu(h), ShantenKokushi(h)) < shanten ? 1 : 0;
        --h[k];
      }
      if (known == 1) plan.sure += unseen;
      continue;
    }
    // The parent plus k holds counts plus k, so its shanten is a floor (drawing the discard
    // back gives the parent itself, which may already hold four: not settled this way).
    if (parent != nullptr && k != discard && parent->Settled(k, plan.standard_only, shanten)) continue;
    plan.check |= KindBit(k);
    plan.maybe += unseen;
  }
  return plan;
}

// Counts the plan's draws on `h`: the exact Ukeire when it is at least `bound`, else a value
// below `bound`.
int CountDraws(const DrawPlan& plan, const KindCounts& h, int num_melds, int shanten, const KindCounts& visible,
               int bound) {
  int total = plan.sure, remaining = plan.maybe;
  if (total + remaining < bound) return total + remaining;
  const Irregular irregular = plan.standard_only ? Irregular() : Irregular(h);
  std::optional<StandardShantenNeighbours> standard;  // built at the first draw that needs it
  for (KindMask m = plan.check; m != 0; m &= m - 1) {
    const auto k = static_cast<Kind>(std::countr_zero(m));
    const int unseen = Unseen(visible, k);
    remaining -= unseen;
    // Shanten(h + k, num_melds) < shanten, seven pairs and thirteen orphans first (no lookup).
    bool lowers = !plan.standard_only && irregular.MinWith(k, h[k]) < shanten;
    if (!lowers) {
      if (!standard) standard.emplace(h, num_melds);
      lowers = standard->Plus(k) < shanten;
    }
    if (lowers) total += unseen;
    if (total + remaining < bound) return total + remaining;
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
  return UkeireAtLeast(counts, num_melds, shanten, visible, allowed, 0);
}

int UkeireAtLeast(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible, KindMask allowed,
                  int bound) {
  const DrawPlan plan = PlanDraws(counts, num_melds, shanten, visible, allowed, nullptr, 0);
  return CountDraws(plan, counts, num_melds, shanten, visible, bound);
}

DiscardAcceptance::DiscardAcceptance(const KindCounts& hand, int num_melds, const KindCounts& visible,
                                     DiscardAcceptance* outer)
    : hand_(hand),
      num_melds_(num_melds),
      visible_(visible),
      outer_(outer) {
  std_plus_.fill(kNotLookedUp);
  irregular_plus_.fill(kNotLookedUp);
}

void DiscardAcceptance::SettleFarDraws() {
  if (far_settled_) return;
  far_settled_ = true;
  // A far draw leaves the standard form's shanten as it is (StandardDraws): one lookup for all.
  const KindMask far = kAllKinds & ~StandardDraws(hand_);
  if (far == 0) return;
  const auto standard = static_cast<int8_t>(Neighbours().Unchanged());
  for (KindMask m = far; m != 0; m &= m - 1) {
    const auto k = static_cast<Kind>(std::countr_zero(m));
    if (std_plus_[k] == kNotLookedUp) std_plus_[k] = standard;
  }
}

int DiscardAcceptance::UpperBound(int shanten, KindMask allowed) {
  SettleFarDraws();
  if (outer_ != nullptr) outer_->SettleFarDraws();
  int upper = 0;
  for (KindMask m = allowed; m != 0; m &= m - 1) {
    const auto k = static_cast<Kind>(std::countr_zero(m));
    const int unseen = Unseen(visible_, k);
    if (hand_[k] >= 4 || unseen <= 0) continue;
    if (!Settled(k, false, shanten)) upper += unseen;
  }
  return upper;
}

const StandardShantenNeighbours& DiscardAcceptance::Neighbours() {
  if (!neighbours_) neighbours_.emplace(hand_, num_melds_);
  return *neighbours_;
}

int8_t DiscardAcceptance::LookUpStandard(Kind draw) {
  std_plus_[draw] = static_cast<int8_t>(Neighbours().Plus(draw));
  return std_plus_[draw];
}

int8_t DiscardAcceptance::LookUpIrregular(Kind draw) {
  ++hand_[draw];
  irregular_plus_[draw] = static_cast<int8_t>(std::min(ShantenChiitoitsu(hand_), ShantenKokushi(hand_)));
  --hand_[draw];
  return irregular_plus_[draw];
}

DiscardAcceptance::Plan DiscardAcceptance::Prepare(Kind discard, int shanten, KindMask allowed) {
  KindCounts h = hand_;
  --h[discard];
  Plan plan;
  plan.discard = discard;
  plan.shanten = shanten;
  plan.draws = PlanDraws(h, num_melds_, shanten, visible_, allowed, this, discard);
  plan.upper = plan.draws.sure + plan.draws.maybe;
  return plan;
}

int DiscardAcceptance::Count(const Plan& plan, int bound) {
  KindCounts h = hand_;
  --h[plan.discard];
  return CountDraws(plan.draws, h, num_melds_, plan.shanten, visible_, bound);
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
  return WaitKinds(c, static_cast<int>(view.melds(seat).size()));
}

KindMask WaitKinds(const KindCounts& counts, int num_melds) {
  KindMask m = 0;
  for (const Wait& w : Waits(counts, num_melds)) m |= KindBit(w.tile);
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

KindMask RiverKinds(const PlayerView& view, int seat) {
  KindMask river = 0;
  for (const RiverTile& r : view.river(seat)) river |= KindBit(KindOf(r.tile));
  return river;
}

int Danger(Kind k, int riichi_seat, KindMask genbutsu, const PlayerView& view, const KindCounts& visible) {
  return Danger(k, genbutsu, RiverKinds(view, riichi_seat), visible);
}

int Danger(Kind k, KindMask genbutsu, KindMask river, const KindCounts& visible) {
  if (HasKind(genbutsu, k)) return 0;
  if (IsHonor(k)) {
    const int seen = visible[k];
    return seen >= 4 ? 1 : seen == 3 ? 2 : seen == 2 ? 5 : 7;
  }
  // Suji from the riichi player's own river.
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
