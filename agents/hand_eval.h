#pragma once
// Hand evaluation shared by the built-in agents (greedy, defensive): acceptance (ukeire) counts,
// a tile-value heuristic for tie-breaks, which kinds give a yaku, and the danger of a discard
// against a riichi player. Everything reads only what a PlayerView shows.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "engine/player_view.h"
#include "tiles/tile.h"
#include "rules/shanten.h"

namespace mj {

// A set of kinds: bit k for kind k (0..33).
using KindMask = uint64_t;
inline constexpr KindMask kAllKinds = (uint64_t{1} << kNumKinds) - 1;
[[nodiscard]] constexpr KindMask KindBit(Kind k) { return uint64_t{1} << k; }
[[nodiscard]] constexpr bool HasKind(KindMask m, Kind k) { return (m >> k) & 1; }
// The simples 2..8 of the three suits.
[[nodiscard]] KindMask SimpleKinds();

// Acceptance of a 13-equivalent hand (13 - 3 * num_melds concealed tiles) whose shanten is
// `shanten` (all forms, rules/shanten.h Shanten): the number of unseen tiles (4 - visible, where
// `visible` includes the own hand as PlayerView::VisibleCounts does) of the kinds in `allowed`
// that lower the shanten by one. For a tenpai hand this is the number of winning tiles left.
[[nodiscard]] int Ukeire(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                         KindMask allowed = kAllKinds);
// The kinds Ukeire counts (with every kind allowed): those with an unseen copy whose draw lowers
// the shanten below `shanten`.
[[nodiscard]] KindMask LoweringDraws(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible);
// Ukeire when it is at least `bound`; otherwise some value below `bound` (the count stops as
// soon as the kinds left cannot reach it). For ranking: exact for every hand that ties or beats
// the best seen so far when that is the bound.
[[nodiscard]] int UkeireAtLeast(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                                KindMask allowed, int bound);

// The terminals and honours (IsTerminalOrHonor).
inline constexpr KindMask kOrphanKinds = [] {
  KindMask m = 0;
  for (int k = 0; k < kNumKinds; ++k)
    if (IsTerminalOrHonor(static_cast<Kind>(k))) m |= KindBit(static_cast<Kind>(k));
  return m;
}();

// Which kinds a hand holds at least once, twice and four times, one bit per kind.
struct HeldMasks {
  KindMask held = 0, paired = 0, four = 0;
  // The masks of the hand less one `k`, of which it holds `count` (at least one).
  [[nodiscard]] HeldMasks Minus(Kind k, int count) const {
    const KindMask bit = KindBit(k);
    return {count == 1 ? held & ~bit : held, count == 2 ? paired & ~bit : paired, count == 4 ? four & ~bit : four};
  }
};
// The masks of `counts` (each count 0..4).
[[nodiscard]] HeldMasks HeldMasksOf(const KindCounts& counts);

// Seven pairs and thirteen orphans (rules/shanten.h ShantenChiitoitsu, ShantenKokushi) of a hand
// and of the hands one tile away, from four counters: ShantenChiitoitsu is 6 - pairs + max(0, 7 -
// kinds), ShantenKokushi 13 - terminal/honour kinds - (1 if one of them is paired); a kind held
// two or more times is one pair.
class IrregularShanten {
 public:
  IrregularShanten() = default;  // an empty hand
  explicit IrregularShanten(const HeldMasks& masks);
  explicit IrregularShanten(const KindCounts& counts) : IrregularShanten(HeldMasksOf(counts)) {}
  // The hand plus one `k`, of which it holds `held`.
  [[nodiscard]] IrregularShanten Plus(Kind k, int held) const {
    const bool orphan = HasKind(kOrphanKinds, k);
    IrregularShanten r = *this;
    r.kinds_ += held == 0;
    r.pairs_ += held == 1;
    r.orphan_kinds_ += orphan && held == 0;
    r.orphan_pairs_ += orphan && held == 1;
    return r;
  }
  // The hand less one `k`, of which it holds `held` (at least one).
  [[nodiscard]] IrregularShanten Minus(Kind k, int held) const {
    const bool orphan = HasKind(kOrphanKinds, k);
    IrregularShanten r = *this;
    r.kinds_ -= held == 1;
    r.pairs_ -= held == 2;
    r.orphan_kinds_ -= orphan && held == 1;
    r.orphan_pairs_ -= orphan && held == 2;
    return r;
  }
  [[nodiscard]] int kinds() const { return kinds_; }
  [[nodiscard]] int pairs() const { return pairs_; }
  // ShantenChiitoitsu, ShantenKokushi and the smaller of the two.
  [[nodiscard]] int Chiitoitsu() const { return 6 - pairs_ + std::max(0, 7 - kinds_); }
  [[nodiscard]] int Kokushi() const { return 13 - orphan_kinds_ - (orphan_pairs_ > 0 ? 1 : 0); }
  [[nodiscard]] int Min() const { return std::min(Chiitoitsu(), Kokushi()); }
  // The kinds k (held at most three times) with Plus(k, held).Min() >= shanten, for the hand
  // whose HeldMasks are `masks`.
  [[nodiscard]] KindMask DrawsAtLeast(const HeldMasks& masks, int shanten) const;

 private:
  int kinds_ = 0, pairs_ = 0, orphan_kinds_ = 0, orphan_pairs_ = 0;
};

// What counting the acceptance of one hand takes (DiscardAcceptance::Prepare).
// No default member values: arrays of plans (one per discard) are left unfilled until used;
// `DrawPlan{}` is all zero.
struct DrawPlan {
  bool standard_only;  // seven pairs and thirteen orphans cannot lower the shanten
  KindMask check;      // kinds whose draw needs a shanten lookup
  int sure;            // tiles that lower the shanten (settled without a lookup)
  int maybe;           // tiles of the `check` kinds
};

// The acceptance after each discard of one hand holding a tile more than a 13-equivalent hand
// (after a draw or a call; a dealt hand being cut down), for ranking discards: Ukeire(hand -
// discard, num_melds, shanten, visible, allowed) for several discards, sharing the work. The
// hand less a discard plus a draw is inside the hand plus that draw, whose shanten is no higher
// (rules/shanten.h counts tiles to add; a superset never needs more): one lookup of the hand plus
// a draw settles that draw for every discard whose shanten it does not beat. Those lookups, and
// those of the hand less a discard plus a draw, go through StandardShantenNeighbours.
class DiscardAcceptance {
 public:
  // `visible` (and `outer`) must outlive the object. `outer`, if given, holds `hand` and one
  // tile more: its shanten plus a draw is a floor too, shared by several such objects.
  // `neighbours`, if given, is StandardShantenNeighbours(hand, num_melds), already built (it is
  // copied); each count then derives its hand's from it (StandardShantenNeighbours::Without).
  DiscardAcceptance(const KindCounts& hand, int num_melds, const KindCounts& visible,
                    DiscardAcceptance* outer = nullptr, const StandardShantenNeighbours* neighbours = nullptr);
  struct Plan {  // as DrawPlan: no default member values
    Kind discard;
    int shanten;
    int upper;  // the acceptance is at most this
    DrawPlan draws;
  };
  // The draws to look at for `discard`; `shanten` must be Shanten(hand - discard, num_melds).
  [[nodiscard]] Plan Prepare(Kind discard, int shanten, KindMask allowed);
  // Ukeire(hand - discard, ...) when it is at least `bound`, else a value below `bound`.
  [[nodiscard]] int Count(const Plan& plan, int bound);
  // Shanten(hand - discard, num_melds), all forms; the hand must hold a `discard`. With no melds
  // that is the minimum of the standard form (StandardShantenNeighbours::Minus), seven pairs and
  // thirteen orphans, as rules/shanten.h Shanten takes it.
  [[nodiscard]] int ShantenWithout(Kind discard);
  // The kinds among `draws` that are settled as not lowering a shanten of `shanten` for every
  // hand inside this one plus the draw: those whose draw gives this hand, or the outer hand, a
  // shanten of at least `shanten` (in the form asked; FloorsAtLeast).
  [[nodiscard]] KindMask Settled(KindMask draws, bool standard_only, int shanten) {
    KindMask settled = 0;
    if (outer_ != nullptr) settled = outer_->FloorsAtLeast(draws & ~outer_->masks_.four, standard_only, shanten);
    return settled | FloorsAtLeast(draws & ~settled & ~masks_.four, standard_only, shanten);
  }
  // An upper bound on the acceptance of every hand one discard away whose shanten is `shanten`,
  // counting only draws in `allowed`: the tiles of the draws not Settled in all forms.
  [[nodiscard]] int UpperBound(int shanten, KindMask allowed);
  // The standard form's shanten of the hand plus or minus one tile, built on first use.
  const StandardShantenNeighbours& Neighbours();

 private:
  static constexpr int8_t kNotLookedUp = -100;
  // The kinds k among `draws` (each held at most three times) such that the shanten of the hand
  // plus k (the standard form's, or the minimum over all forms) is at least `shanten`. Kept for
  // the last `shanten` asked: the discards of one hand mostly share a shanten.
  KindMask FloorsAtLeast(KindMask draws, bool standard_only, int shanten);
  // Seven pairs and thirteen orphans of the hand less `discard` (unused with melds: the standard
  // form alone counts then).
  IrregularShanten IrregularWithout(Kind discard);
  int8_t LookUpStandard(Kind draw);
  // Fills std_plus_ for every draw far from the hand (they all equal the hand's own).
  void SettleFarDraws();
  // Seven pairs and thirteen orphans of the hand, counted on first use.
  const IrregularShanten& Irregular();

  KindCounts hand_;
  HeldMasks masks_;  // of hand_
  int num_melds_;
  const KindCounts& visible_;
  KindMask exhausted_;  // the kinds with no unseen copy (visible four times)
  DiscardAcceptance* outer_;
  bool far_settled_ = false;
  std::optional<StandardShantenNeighbours> neighbours_;
  std::optional<IrregularShanten> irregular_;
  // What FloorsAtLeast knows for `shanten`: the kinds whose standard form was compared with it
  // (`asked`), those at it or above (`standard`), and IrregularShanten::DrawsAtLeast.
  struct Floors {
    int shanten = kNotLookedUp;
    KindMask asked = 0, standard = 0;
    std::optional<KindMask> irregular;
  };
  Floors floors_;
  std::array<int8_t, kNumKinds> std_plus_;  // ShantenStandard(hand + k), once looked up
};

// Ukeire by drawing every kind (34 full shanten lookups); Ukeire skips kinds that cannot help
// and settles the kinds far from the hand without the standard form. Kept for tests of that.
[[nodiscard]] int UkeireBruteForce(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                                   KindMask allowed = kAllKinds);

// Kinds that are yakuhai for the view's seat: the three dragons, its seat wind and the round wind
// (where the ruleset counts it).
[[nodiscard]] KindMask YakuhaiKinds(const PlayerView& view);
// The same for another seat `seat`.
[[nodiscard]] KindMask YakuhaiKinds(const PlayerView& view, int seat);
// Kinds that are dora by the revealed indicators alone (none when rules().dora is off).
[[nodiscard]] KindMask IndicatorDoraKinds(const PlayerView& view);
// Kinds that are dora by the revealed indicators (none when rules().dora is off). With peach
// tiles (rules().peach_tiles), also the kinds whose only held copy is the peach copy: throwing
// them loses a han, so the tile-value heuristic treats them like dora.
[[nodiscard]] KindMask DoraKinds(const PlayerView& view);
// The same with the own hand's HeldMasksOf(view.counts()) given.
[[nodiscard]] KindMask DoraKinds(const PlayerView& view, const HeldMasks& held);
// True if `t` is a peach tile under the view's rules.
[[nodiscard]] inline bool IsPeach(Tile t, const Ruleset& rules) { return rules.peach_tiles && IsPeachCopy(t); }
// The kinds that complete the concealed hand `seat` shows in open riichi (empty if none shown).
[[nodiscard]] KindMask OpenRiichiWaits(const PlayerView& view, int seat);
// The kinds that complete a concealed hand `counts` with `num_melds` melds (rules/waits.h Waits).
[[nodiscard]] KindMask WaitKinds(const KindCounts& counts, int num_melds);
// Han of winning with `win` (a kTsumo or kRon action) as far as the view tells (no ippatsu):
// the scoring module on the own hand, melds, riichi and peach tiles. 0 if it does not score.
[[nodiscard]] int EstimateWinHan(const PlayerView& view, const Action& win);

// Heuristic worth of keeping one tile of kind `k` in the hand `counts` (higher = keep): lone
// guest winds lowest, then lone yakuhai honours, terminals, 2/8, 3..7; each neighbour within
// two ranks, a pair and dora add to it. Only breaks ties between equally fast discards.
[[nodiscard]] int TileValue(Kind k, const KindCounts& counts, KindMask yakuhai, KindMask dora);
// TileValue of any kind for one hand, from its HeldMasks: the neighbour, pair, yakuhai and dora
// tests as mask bits (no branches, for rating many kinds of one hand).
class TileValues {
 public:
  TileValues(const HeldMasks& masks, KindMask yakuhai, KindMask dora);
  [[nodiscard]] int operator()(Kind k) const {
    return kBase[k] + 4 * Bit(plus4_a_, k) + 4 * Bit(plus4_b_, k) + 2 * Bit(plus2_a_, k) + 2 * Bit(plus2_b_, k) +
           kPairBonus[k] * Bit(paired_, k) + 8 * Bit(dora_, k);
  }

 private:
  static int Bit(KindMask m, Kind k) { return static_cast<int>((m >> k) & 1); }
  // A lone tile's worth: guest wind 2, terminal 6, 2/8 8, 3..7 10 (a yakuhai honour's 4 comes
  // from plus2_a_); and what holding two or more adds: 20 for an honour, 6 for a number.
  static constexpr std::array<int8_t, kNumKinds> kBase = [] {
    std::array<int8_t, kNumKinds> b{};
    for (int k = 0; k < kNumKinds; ++k) {
      const int n = k % 9 + 1;
      b[k] = static_cast<int8_t>(k >= 27 ? 2 : (n == 1 || n == 9) ? 6 : (n == 2 || n == 8) ? 8 : 10);
    }
    return b;
  }();
  static constexpr std::array<int8_t, kNumKinds> kPairBonus = [] {
    std::array<int8_t, kNumKinds> b{};
    for (int k = 0; k < kNumKinds; ++k) b[k] = static_cast<int8_t>(k >= 27 ? 20 : 6);
    return b;
  }();
  // plus4_a_ / plus4_b_: a held neighbour one rank below / above; plus2_a_: two ranks below,
  // or a yakuhai honour; plus2_b_: two ranks above.
  KindMask plus4_a_, plus4_b_, plus2_a_, plus2_b_, paired_, dora_;
};

// What an open hand counts on for its yaku (closed hands need none: riichi / menzen tsumo).
enum class YakuPlan : uint8_t {
  kClosed,   // no open meld
  kYakuhai,  // a yakuhai pon/kan is melded, or a yakuhai triplet is held concealed
  kTanyao,   // every meld is simples and open tanyao is allowed: keep only simples
  kNone,     // open with no plan (the agent avoids getting here)
};
[[nodiscard]] YakuPlan CurrentYakuPlan(const PlayerView& view);
// True if the ruleset lets an open hand win with tanyao.
[[nodiscard]] bool OpenTanyaoAllowed(const Ruleset& rules);

// Kinds that `riichi_seat` cannot ron with: every kind in its river or face up in its shield
// area (furiten; shields_up count as discards) and every kind anyone discarded after its riichi
// declaration (it passed them, so riichi furiten; PlayerView::kinds_after_riichi).
[[nodiscard]] KindMask GenbutsuKinds(const PlayerView& view, int riichi_seat);
// GenbutsuKinds of every seat in `seats` (bit p for seat p; 0 for the others).
[[nodiscard]] std::array<KindMask, 4> GenbutsuKindsOf(const PlayerView& view, unsigned seats);

// Danger of discarding kind `k` against `riichi_seat`, 0 (safe) .. 10 (a middle tile with no
// hint). Scale: 0 genbutsu; 1 honour with all four visible; 2 honour with three visible;
// 3 suji 1/9; 4 suji 2/8, 3/7 and 4/5/6 with both sujis discarded; 5 honour with two visible;
// 6 terminal without suji; 7 honour with one or none visible; 8 2/8 without suji and 4/5/6
// with one suji; 9 3/7 without suji; 10 4/5/6 without suji. Suji count the riichi player's own
// river only (e.g. a 4 in it makes 1 and 7 suji).
[[nodiscard]] int Danger(Kind k, int riichi_seat, KindMask genbutsu, const PlayerView& view,
                         const KindCounts& visible);
// The same with the kinds in the riichi player's river given (RiverKinds), for rating many kinds.
[[nodiscard]] int Danger(Kind k, KindMask genbutsu, KindMask river, const KindCounts& visible);
// Danger of each kind in `kinds` (by kind; 0 for the others), as the overload above gives it,
// from masks. `visible` is read only for the honours in `kinds` outside `genbutsu`.
using DangerRow = std::array<int8_t, kNumKinds>;
[[nodiscard]] DangerRow Dangers(KindMask kinds, KindMask genbutsu, KindMask river, const KindCounts& visible);
// The honours.
inline constexpr KindMask kHonorKinds = kAllKinds & ~((uint64_t{1} << 27) - 1);
// The kinds in `seat`'s river.
[[nodiscard]] KindMask RiverKinds(const PlayerView& view, int seat);

}  // namespace mj
