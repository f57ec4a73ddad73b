#include "agents/hand_eval.h"

#include <algorithm>
#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/win_check.h"
#include "rules/scoring_module.h"
#include "rules/shanten.h"
#include "rules/yaku_id.h"
#include "tiles/bit_count.h"

namespace mj {
namespace {

// The suit kinds (man, pin, sou), and those whose rank is at least / at most a given one.
constexpr KindMask SuitKindsWithRank(int lowest, int highest) {
  KindMask m = 0;
  for (int k = 0; k < 27; ++k)
    if (k % 9 + 1 >= lowest && k % 9 + 1 <= highest) m |= KindBit(static_cast<Kind>(k));
  return m;
}
constexpr KindMask kSuitKinds = SuitKindsWithRank(1, 9);

// Danger (hand_eval.h) of an honour not in the genbutsu, `seen` copies visible.
constexpr int HonorDanger(int seen) { return seen >= 4 ? 1 : seen == 3 ? 2 : seen == 2 ? 5 : 7; }

// Danger of a suit tile of rank `n` not in the genbutsu; `low` / `high`: the tile three ranks
// below / above is in the riichi player's river (suji).
constexpr int SuitDanger(int n, bool low, bool high) {
  if (n == 1 || n == 9) return (high || low) ? 3 : 6;
  if (n == 2 || n == 3) return high ? 4 : (n == 2 ? 8 : 9);
  if (n == 7 || n == 8) return low ? 4 : (n == 8 ? 8 : 9);
  // 4, 5, 6: two ryanmen shapes, one on each side.
  if (low && high) return 4;
  if (low || high) return 8;
  return 10;
}

// Kinds that can lower the standard form's shanten of a hand (its HeldMasks) when drawn. A drawn
// tile that is not a copy of a held kind nor within two ranks of one in its suit can only help as
// a lone pair-to-be, which the standard form never needs more than the tiles already held offer,
// except when the hand's own four copies block a completion: so every kind when some kind is held
// four times, else the neighbourhood of the held tiles. (Such a far draw leaves the standard
// form's shanten as it is; seven pairs and thirteen orphans can still use it.)
KindMask StandardDraws(const HeldMasks& masks) {
  if (masks.four != 0) return kAllKinds;
  // Each held suit kind spreads two ranks up and down, not past its suit's ends.
  const KindMask suits = masks.held & kSuitKinds;
  return masks.held | ((suits << 1) & SuitKindsWithRank(2, 9)) | ((suits << 2) & SuitKindsWithRank(3, 9)) |
         ((suits >> 1) & SuitKindsWithRank(1, 8)) | ((suits >> 2) & SuitKindsWithRank(1, 7));
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

int Unseen(const KindCounts& visible, int k) { return 4 - std::min<int>(visible[k], 4); }

// The tiles of the kinds in `kinds` not seen yet.
int UnseenOf(const KindCounts& visible, KindMask kinds) {
  int total = 0;
  for (KindMask m = kinds; m != 0; m &= m - 1) total += Unseen(visible, std::countr_zero(m));
  return total;
}

// The draws that Ukeire(counts, num_melds, shanten, visible, allowed) counts: `sure` tiles
// certainly lower the shanten, `maybe` tiles (of the kinds in `check`) need a lookup, and every
// other kind is settled as not lowering. `masks` and `irregular` describe `counts` (`irregular`
// is unused with melds), `exhausted` holds the kinds with no unseen copy. `parent` (optional)
// holds `counts` plus the discard: its shanten plus a draw is a floor for `counts` plus that draw.
DrawPlan PlanDraws(const HeldMasks& masks, const IrregularShanten& irregular, int num_melds, int shanten,
                   const KindCounts& visible, KindMask exhausted, KindMask allowed, DiscardAcceptance* parent,
                   Kind discard) {
  DrawPlan plan{};
  // Seven pairs and thirteen orphans drop by at most one per tile: when both are above
  // `shanten`, no draw brings them below it and the standard form alone decides.
  plan.standard_only = num_melds > 0 || (irregular.Chiitoitsu() > shanten && irregular.Kokushi() > shanten);
  const KindMask near = StandardDraws(masks);
  // Seven pairs and thirteen orphans can use any kind; the standard form only `near` ones. A
  // kind held four times or with no copy left is never drawn.
  const KindMask mask = allowed & (plan.standard_only ? near : kAllKinds) & ~masks.four & ~exhausted;
  // A far kind (outside `near`) is never held and leaves the standard form's shanten as it is
  // (never below `shanten`), so it lowers the shanten only through seven pairs or thirteen
  // orphans, which treat every far kind alike but for being a terminal/honour: one answer each.
  const KindMask far = mask & ~near;
  for (const KindMask group : {far & kOrphanKinds, far & ~kOrphanKinds})
    if (group != 0 && irregular.Plus(static_cast<Kind>(std::countr_zero(group)), 0).Min() < shanten)
      plan.sure += UnseenOf(visible, group);
  plan.check = mask & near;
  // The parent plus k holds counts plus k, so its shanten is a floor (drawing the discard back
  // gives the parent itself, which may already hold four: not settled this way).
  if (parent != nullptr) plan.check &= ~parent->Settled(plan.check & ~KindBit(discard), plan.standard_only, shanten);
  plan.maybe = UnseenOf(visible, plan.check);
  return plan;
}

// Counts the plan's draws on `h` (`irregular` describes it; unused when plan.standard_only): the
// exact Ukeire when it is at least `bound`, else a value below `bound`.
// `parent`, if given, is the StandardShantenNeighbours of `h` plus one `removed`.
int CountDraws(const DrawPlan& plan, const KindCounts& h, const IrregularShanten& irregular, int num_melds,
               int shanten, const KindCounts& visible, int bound, const StandardShantenNeighbours* parent = nullptr,
               Kind removed = 0) {
  int total = plan.sure, remaining = plan.maybe;
  if (total + remaining < bound) return total + remaining;
  std::optional<StandardShantenNeighbours> standard;  // built at the first draw that needs it
  for (KindMask m = plan.check; m != 0; m &= m - 1) {
    const auto k = static_cast<Kind>(std::countr_zero(m));
    const int unseen = Unseen(visible, k);
    remaining -= unseen;
    // Shanten(h + k, num_melds) < shanten, seven pairs and thirteen orphans first (no lookup).
    bool lowers = !plan.standard_only && irregular.Plus(k, h[k]).Min() < shanten;
    if (!lowers) {
      if (!standard) {
        if (parent != nullptr) {
          standard.emplace(parent->Without(removed));
        } else {
          standard.emplace(h, num_melds);
        }
      }
      lowers = standard->Plus(k) < shanten;
    }
    if (lowers) total += unseen;
    if (total + remaining < bound) return total + remaining;
  }
  return total;
}

}  // namespace

HeldMasks HeldMasksOf(const KindCounts& counts) {
  HeldMasks masks;
  int k = 0;
#if defined(__SSE2__)
  // Kinds 0..31 sixteen at a time. Counts are 0..4 (below 128 at worst), so signed compares do.
  auto more_than = [](__m128i v, char times) {
    return static_cast<KindMask>(static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(times)))));
  };
  for (; k + 16 <= kNumKinds; k += 16) {
    __m128i v;
    std::memcpy(&v, &counts[k], sizeof(v));
    masks.held |= more_than(v, 0) << k;
    masks.paired |= more_than(v, 1) << k;
    masks.four |= more_than(v, 3) << k;
  }
#endif
  for (; k < kNumKinds; ++k) {
    masks.held |= static_cast<KindMask>(counts[k] >= 1) << k;
    masks.paired |= static_cast<KindMask>(counts[k] >= 2) << k;
    masks.four |= static_cast<KindMask>(counts[k] >= 4) << k;
  }
  return masks;
}

IrregularShanten::IrregularShanten(const HeldMasks& masks)
    : kinds_(BitCount(masks.held)),
      pairs_(BitCount(masks.paired)),
      orphan_kinds_(BitCount(masks.held & kOrphanKinds)),
      orphan_pairs_(BitCount(masks.paired & kOrphanKinds)) {}

KindMask IrregularShanten::DrawsAtLeast(const HeldMasks& masks, int shanten) const {
  // Plus depends on the kind only through whether it is a terminal/honour and how many of it
  // the hand holds (none, one, two or more): one answer for each of the six groups, asked of its
  // lowest kind.
  const std::array<KindMask, 3> by_held = {kAllKinds & ~masks.held, masks.held & ~masks.paired, masks.paired};
  KindMask out = 0;
  for (int held = 0; held < 3; ++held)
    for (const KindMask group : {kOrphanKinds, kAllKinds & ~kOrphanKinds})
      if (Plus(static_cast<Kind>(std::countr_zero(group)), held).Min() >= shanten) out |= by_held[held] & group;
  return out;
}

KindMask SimpleKinds() {
  KindMask m = 0;
  for (int k = 0; k < 27; ++k)
    if (IsSimple(static_cast<Kind>(k))) m |= KindBit(static_cast<Kind>(k));
  return m;
}

KindMask LoweringDraws(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible) {
  const HeldMasks masks = HeldMasksOf(counts);
  const IrregularShanten irregular = num_melds == 0 ? IrregularShanten(masks) : IrregularShanten();
  // As PlanDraws: far kinds only through seven pairs and thirteen orphans, one answer per group.
  const bool standard_only = num_melds > 0 || (irregular.Chiitoitsu() > shanten && irregular.Kokushi() > shanten);
  const KindMask near = StandardDraws(masks);
  const KindMask mask = (standard_only ? near : kAllKinds) & ~masks.four & ~HeldMasksOf(visible).four;
  KindMask out = 0;
  const KindMask far = mask & ~near;
  for (const KindMask group : {far & kOrphanKinds, far & ~kOrphanKinds})
    if (group != 0 && irregular.Plus(static_cast<Kind>(std::countr_zero(group)), 0).Min() < shanten) out |= group;
  std::optional<StandardShantenNeighbours> standard;
  for (KindMask m = mask & near; m != 0; m &= m - 1) {
    const auto k = static_cast<Kind>(std::countr_zero(m));
    bool lowers = !standard_only && irregular.Plus(k, counts[k]).Min() < shanten;
    if (!lowers) {
      if (!standard) standard.emplace(counts, num_melds);
      lowers = standard->Plus(k) < shanten;
    }
    if (lowers) out |= KindBit(k);
  }
  return out;
}

int Ukeire(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible, KindMask allowed) {
  return UkeireAtLeast(counts, num_melds, shanten, visible, allowed, 0);
}

int UkeireAtLeast(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible, KindMask allowed,
                  int bound) {
  const HeldMasks masks = HeldMasksOf(counts);
  const IrregularShanten irregular = num_melds == 0 ? IrregularShanten(masks) : IrregularShanten();
  const KindMask exhausted = HeldMasksOf(visible).four;
  const DrawPlan plan = PlanDraws(masks, irregular, num_melds, shanten, visible, exhausted, allowed, nullptr, 0);
  return CountDraws(plan, counts, irregular, num_melds, shanten, visible, bound);
}

DiscardAcceptance::DiscardAcceptance(const KindCounts& hand, int num_melds, const KindCounts& visible,
                                     DiscardAcceptance* outer, const StandardShantenNeighbours* neighbours)
    : hand_(hand),
      masks_(HeldMasksOf(hand)),
      num_melds_(num_melds),
      visible_(visible),
      exhausted_(HeldMasksOf(visible).four),
      outer_(outer) {
  std_plus_.fill(kNotLookedUp);
  if (neighbours != nullptr) neighbours_.emplace(*neighbours);
}

void DiscardAcceptance::SettleFarDraws() {
  if (far_settled_) return;
  far_settled_ = true;
  // A far draw leaves the standard form's shanten as it is (StandardDraws): one lookup for all.
  const KindMask far = kAllKinds & ~StandardDraws(masks_);
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
  const KindMask draws = allowed & ~masks_.four & ~exhausted_;
  return UnseenOf(visible_, draws & ~Settled(draws, false, shanten));
}

KindMask DiscardAcceptance::FloorsAtLeast(KindMask draws, bool standard_only, int shanten) {
  if (floors_.shanten != shanten) floors_ = {shanten, 0, 0, std::nullopt};
  if (!standard_only) {
    // The minimum over all forms is at least `shanten` only where the irregular forms are.
    if (!floors_.irregular) floors_.irregular = Irregular().DrawsAtLeast(masks_, shanten);
    draws &= *floors_.irregular;
  }
  for (KindMask m = draws & ~floors_.asked; m != 0; m &= m - 1) {
    const auto k = static_cast<Kind>(std::countr_zero(m));
    int standard = std_plus_[k];
    if (standard == kNotLookedUp) standard = LookUpStandard(k);
    if (standard >= shanten) floors_.standard |= KindBit(k);
  }
  floors_.asked |= draws;
  return floors_.standard & draws;
}

const StandardShantenNeighbours& DiscardAcceptance::Neighbours() {
  if (!neighbours_) neighbours_.emplace(hand_, num_melds_);
  return *neighbours_;
}

const IrregularShanten& DiscardAcceptance::Irregular() {
  if (!irregular_) irregular_.emplace(masks_);
  return *irregular_;
}

IrregularShanten DiscardAcceptance::IrregularWithout(Kind discard) {
  return num_melds_ == 0 ? Irregular().Minus(discard, hand_[discard]) : IrregularShanten();
}

int DiscardAcceptance::ShantenWithout(Kind discard) {
  const int standard = Neighbours().Minus(discard);
  if (num_melds_ != 0) return standard;
  return std::min(standard, IrregularWithout(discard).Min());
}

int8_t DiscardAcceptance::LookUpStandard(Kind draw) {
  std_plus_[draw] = static_cast<int8_t>(Neighbours().Plus(draw));
  return std_plus_[draw];
}

DiscardAcceptance::Plan DiscardAcceptance::Prepare(Kind discard, int shanten, KindMask allowed) {
  Plan plan{};
  plan.discard = discard;
  plan.shanten = shanten;
  plan.draws = PlanDraws(masks_.Minus(discard, hand_[discard]), IrregularWithout(discard), num_melds_, shanten,
                         visible_, exhausted_, allowed, this, discard);
  plan.upper = plan.draws.sure + plan.draws.maybe;
  return plan;
}

int DiscardAcceptance::Count(const Plan& plan, int bound) {
  KindCounts h = hand_;
  --h[plan.discard];
  return CountDraws(plan.draws, h, IrregularWithout(plan.discard), num_melds_, plan.shanten, visible_, bound,
                    neighbours_ ? &*neighbours_ : nullptr, plan.discard);
}

int UkeireBruteForce(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                     KindMask allowed) {
  return CountLowering(counts, num_melds, shanten, visible, allowed, false);
}

KindMask YakuhaiKinds(const PlayerView& view) { return YakuhaiKinds(view, view.seat()); }

KindMask YakuhaiKinds(const PlayerView& view, int seat) {
  KindMask m = KindBit(kWhite) | KindBit(kGreen) | KindBit(kRed);
  m |= KindBit(static_cast<Kind>(kEast + static_cast<int>(view.seat_wind(seat))));
  if (view.rules().round_wind) m |= KindBit(static_cast<Kind>(kEast + view.round_wind()));
  return m;
}

KindMask DoraKinds(const PlayerView& view) { return DoraKinds(view, HeldMasksOf(view.counts())); }

KindMask IndicatorDoraKinds(const PlayerView& view) {
  KindMask m = 0;
  if (view.rules().dora)
    for (Tile t : view.dora_indicators()) m |= KindBit(DoraFromIndicator(KindOf(t)));
  return m;
}

KindMask DoraKinds(const PlayerView& view, const HeldMasks& held) {
  KindMask m = IndicatorDoraKinds(view);
  if (view.rules().peach_tiles) {
    KindMask peach = 0;  // the kinds of the peach copies held
    for (Tile t : view.hand()) peach |= static_cast<KindMask>(IsPeachCopy(t)) << KindOf(t);
    m |= peach & held.held & ~held.paired;  // held once: that copy is the peach one
  }
  return m;
}

KindMask OpenRiichiWaits(const PlayerView& view, int seat) {
  if (!view.open_riichi(seat) || seat == view.seat()) return 0;
  KindCounts c{};
  for (Tile t : view.shown_hand(seat)) ++c[KindOf(t)];
  return WaitKinds(c, static_cast<int>(view.melds(seat).size()));
}

KindMask WaitKinds(const KindCounts& counts, int num_melds) {
  // Waits lists kinds only for a tenpai hand of the right size; the engine's TenpaiWaitKinds
  // gives the same kinds for such a hand with shanten lookups.
  int total = 0;
  for (uint8_t n : counts) total += n;
  if (num_melds < 0 || num_melds > 4 || total != 13 - 3 * num_melds) return 0;
  if (Shanten(counts, num_melds) != 0) return 0;
  return TenpaiWaitKinds(counts, num_melds);
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

namespace {
// The number kinds whose rank is at least `lo` and at most `hi`.
constexpr KindMask RanksBetween(int lo, int hi) {
  KindMask m = 0;
  for (int k = 0; k < 27; ++k)
    if (k % 9 + 1 >= lo && k % 9 + 1 <= hi) m |= KindMask{1} << k;
  return m;
}
}  // namespace

TileValues::TileValues(const HeldMasks& masks, KindMask yakuhai, KindMask dora)
    : plus4_a_((masks.held << 1) & RanksBetween(2, 9)),
      plus4_b_((masks.held >> 1) & RanksBetween(1, 8)),
      plus2_a_(((masks.held << 2) & RanksBetween(3, 9)) | (yakuhai & kHonorKinds)),
      plus2_b_((masks.held >> 2) & RanksBetween(1, 7)),
      paired_(masks.paired),
      dora_(dora) {}

int TileValue(Kind k, const KindCounts& counts, KindMask yakuhai, KindMask dora) {
  return TileValues(HeldMasksOf(counts), yakuhai, dora)(k);
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
  return GenbutsuKindsOf(view, 1u << riichi_seat)[riichi_seat];
}

std::array<KindMask, 4> GenbutsuKindsOf(const PlayerView& view, unsigned seats) {
  std::array<KindMask, 4> out{};
  for (int p = 0; p < 4; ++p) {
    if (((seats >> p) & 1) == 0) continue;
    out[p] = RiverKinds(view, p) | view.kinds_after_riichi(p);
    for (Tile t : view.shields_up(p)) out[p] |= KindBit(KindOf(t));
  }
  return out;
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
  if (IsHonor(k)) return HonorDanger(visible[k]);
  // Suji from the riichi player's own river.
  const int n = NumberOf(k);
  const bool low = n - 3 >= 1 && HasKind(river, static_cast<Kind>(k - 3));   // e.g. 1 for a 4
  const bool high = n + 3 <= 9 && HasKind(river, static_cast<Kind>(k + 3));  // e.g. 7 for a 4
  return SuitDanger(n, low, high);
}

DangerRow Dangers(KindMask kinds, KindMask genbutsu, KindMask river, const KindCounts& visible) {
  // Bit k of `low` / `high`: the kind three ranks below / above k, in k's suit, is in the river
  // (Danger's `low` and `high`).
  const KindMask low = (river << 3) & SuitKindsWithRank(4, 9);
  const KindMask high = (river >> 3) & SuitKindsWithRank(1, 6);
  // SuitDanger by rank (index n - 1) and the two suji bits (low * 2 + high).
  static constexpr auto kSuit = [] {
    std::array<std::array<int8_t, 4>, 9> t{};
    for (int n = 1; n <= 9; ++n)
      for (int b = 0; b < 4; ++b) t[n - 1][b] = static_cast<int8_t>(SuitDanger(n, b >= 2, (b & 1) != 0));
    return t;
  }();
  DangerRow out{};  // 0 for genbutsu and for the kinds not asked
  for (KindMask m = kinds & ~genbutsu; m != 0; m &= m - 1) {
    const int k = std::countr_zero(m);
    out[k] = k < 27 ? kSuit[k % 9][((low >> k) & 1) * 2 + ((high >> k) & 1)]
                    : static_cast<int8_t>(HonorDanger(visible[k]));
  }
  return out;
}

}  // namespace mj
