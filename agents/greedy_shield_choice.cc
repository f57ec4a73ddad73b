// GreedyAgent's shield choice at the deal (Dunpai): which surplus kind each kSetShield decision
// puts aside, rated by the shanten of what remains, then, on the last decision, its acceptance.
#include "agents/greedy_agent.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <utility>
#include <vector>

#include "agents/kind_order.h"
#include "engine/legal_actions.h"
#include "engine/win_check.h"
#include "rules/shanten.h"
#include "rules/waits.h"

namespace mj {
namespace {

using kind_order::SortByUpper;
using kind_order::SortIndices;

// The kSetShield action of `tile` in `legal` (the first action if none).
Action ShieldAction(std::span<const Action> legal, Tile tile) {
  for (const Action& a : legal)
    if (a.type == ActionType::kSetShield && a.tile == tile) return a;
  return legal.front();
}

// A kind that a kSetShield decision may put aside, with the keys it is ranked by (lower first):
// the shanten of what remains, then peach tile (1) or not, banked pair (0) or not, the
// acceptance negated (the last decision only; 0 before), TileValue, safety (honour 0, terminal
// 1, simple 2). `rest` packs the keys other than shanten and acceptance; Key() packs them all,
// so comparing the packed numbers compares the keys in that order (each within its bits:
// shanten + 1 below 16, acceptance below 256, TileValue below 64).
struct ShieldCandidate {
  Tile tile;
  Kind kind;
  int shanten;
  int acceptance;
  uint32_t rest;  // peach << 9 | (1 - banked) << 8 | TileValue << 2 | safety
  [[nodiscard]] static uint32_t Rest(bool peach, bool banked, int value, int safety) {
    return static_cast<uint32_t>(peach) << 9 | static_cast<uint32_t>(!banked) << 8 |
           static_cast<uint32_t>(value) << 2 | static_cast<uint32_t>(safety);
  }
  // Shanten, peach, banked: the keys before the acceptance.
  [[nodiscard]] uint32_t Prefix() const { return static_cast<uint32_t>(shanten + 1) << 2 | rest >> 8; }
  [[nodiscard]] uint32_t Key() const {
    return Prefix() << 22 | static_cast<uint32_t>(255 - acceptance) << 8 | (rest & 0xff);
  }
};
// Only the first n (ListShields) are filled: left uninitialised past them.
using ShieldCandidates = std::array<ShieldCandidate, kNumKinds>;

// The safety key of a kind: honour 0, terminal 1, simple 2.
constexpr std::array<uint8_t, kNumKinds> kSafety = [] {
  std::array<uint8_t, kNumKinds> s{};
  for (int k = 0; k < kNumKinds; ++k)
    s[k] = IsHonor(static_cast<Kind>(k)) ? 0 : IsTerminal(static_cast<Kind>(k)) ? 1 : 2;
  return s;
}();

// The kinds of the kSetShield actions in `legal`, in their order, each with the copy to shield
// (the first plain one of its kind, before a peach tile; else the first) and every key but the
// shanten and the acceptance (0). Returns how many.
size_t ListShields(const PlayerView& view, std::span<const Action> legal, bool bank_pairs, ShieldCandidates& c) {
  const Ruleset& rules = view.rules();
  std::array<uint8_t, kNumKinds> slot;  // the index in `c` of each kind listed
  KindMask listed = 0;
  KindMask peach_listed = 0;  // the kinds whose peach copy is held (each face is listed once)
  size_t n = 0;
  for (const Action& a : legal) {
    if (a.type != ActionType::kSetShield) continue;
    const Kind k = KindOf(a.tile);
    peach_listed |= static_cast<KindMask>(IsPeach(a.tile, rules)) << k;
    if (!HasKind(listed, k)) {
      listed |= KindBit(k);
      slot[k] = static_cast<uint8_t>(n);
      c[n++] = {a.tile, k, 0, 0, 0};
    } else if (Tile& t = c[slot[k]].tile; IsPeach(t, rules) && !IsPeach(a.tile, rules)) {
      t = a.tile;
    }
  }
  const KindCounts& counts = view.counts();
  KindCounts shielded{};
  if (bank_pairs)
    for (Tile t : view.own_shields()) ++shielded[KindOf(t)];
  const HeldMasks held = HeldMasksOf(counts);
  // DoraKinds: without dora indicators, the kinds held once whose copy is the peach one.
  const KindMask dora = rules.dora          ? DoraKinds(view, held)
                        : rules.peach_tiles ? peach_listed & held.held & ~held.paired
                                            : 0;
  const TileValues value(held, YakuhaiKinds(view), dora);
  for (size_t i = 0; i < n; ++i) {
    const Kind k = c[i].kind;
    const bool bank = bank_pairs && IsSimple(k) && counts[k] + shielded[k] >= 2;
    const int safety = kSafety[k];
    c[i].rest = ShieldCandidate::Rest(IsPeach(c[i].tile, rules), bank, value(k), safety);
  }
  return n;
}

// The index of the least key among c[0..n) (the first of equals).
size_t MinKey(const ShieldCandidates& c, size_t n) {
  size_t best = 0;
  for (size_t i = 1; i < n; ++i)
    if (c[i].Key() < c[best].Key()) best = i;
  return best;
}

// The shanten a shield decision rates a hand of `tiles` tiles by, from the standard form's
// shanten of the hand and its IrregularShanten: up to 14 tiles Shanten (the minimum of the three
// forms, as rules/shanten.h takes it); above, that of the best subset of `target` (13 or 14)
// tiles: the standard form's table lookup counts the tiles to add, which extra tiles never raise,
// and seven pairs / thirteen orphans are taken over the larger set, none below the subset's
// floor. Every part only grows with the tiles held: the whole hand's value is a floor for each
// hand inside it.
int ShieldShanten(int standard, const IrregularShanten& irregular, int tiles, int target) {
  if (tiles <= 14) return std::min(standard, irregular.Min());
  const int floor = target == 13 ? 0 : -1;
  const int chiitoi = std::max(floor, 6 - std::min(irregular.pairs(), 7) + std::max(0, 7 - irregular.kinds()));
  const int kokushi = std::max(floor, irregular.Kokushi());
  return std::min({std::max(floor, standard), chiitoi, kokushi});
}


// A decision before the last (`after` tiles remain, more than `target`): the index of the least
// key among c[0..n) (the first of equals; the acceptance key is 0 for all). The whole hand's
// shanten is a floor for every candidate's, so in the order of the other keys the first one that
// reaches it is the best: the candidates are taken in that order, each shanten looked up only
// when its turn comes (usually the first already reaches the floor).
size_t BestBeforeLast(const KindCounts& counts, const StandardShantenNeighbours& standard, int after, int target,
                      ShieldCandidates& c, size_t n) {
  const IrregularShanten irregular(counts);
  // The whole hand (one tile more than `after`) rated as `after` tiles; each candidate's from
  // the hand's neighbours object (`standard`, Minus).
  const int floor = ShieldShanten(standard.Unchanged(), irregular, after, target);
  uint64_t left = (uint64_t{1} << n) - 1;  // bit i: c[i] not taken yet
  while (left != 0) {
    size_t next = static_cast<size_t>(std::countr_zero(left));
    for (uint64_t m = left & (left - 1); m != 0; m &= m - 1) {
      const auto i = static_cast<size_t>(std::countr_zero(m));
      if (c[i].rest < c[next].rest) next = i;
    }
    left &= ~(uint64_t{1} << next);
    ShieldCandidate& x = c[next];
    x.shanten = ShieldShanten(standard.Minus(x.kind), irregular.Minus(x.kind, counts[x.kind]), after, target);
    if (x.shanten == floor) return next;
  }
  return MinKey(c, n);
}

// Non-dealer, the last decision: the acceptance of the 13 tiles left by shielding each of
// c[tied[0..m)] (every draw counts). Only the widest is counted exactly (Count's bound).
void RankByAcceptance13(DiscardAcceptance& whole, ShieldCandidates& c, std::array<uint8_t, kNumKinds>& tied,
                        size_t m) {
  std::array<DiscardAcceptance::Plan, kNumKinds> plans;  // by index in c
  for (size_t j = 0; j < m; ++j) {
    const ShieldCandidate& x = c[tied[j]];
    plans[tied[j]] = whole.Prepare(x.kind, x.shanten, kAllKinds);
  }
  SortByUpper(plans, tied, m);
  int widest = 0;
  for (size_t j = 0; j < m; ++j) {
    const int ukeire = whole.Count(plans[tied[j]], widest);
    widest = std::max(widest, ukeire);
    c[tied[j]].acceptance = ukeire;
  }
}

// Counts of the 13-tile hands the dealer's last decision reaches: the whole hand less a shielded
// x and a discarded d, both kept at the best shanten s. (x, d) and (d, x) reach the same hand,
// and drawing x or d back never lowers its shanten (that gives the 14 tiles whose shanten is
// s), so excluding either draw changes nothing: one count serves both orders. Each count is
// kept with the bound it was made under (DiscardAcceptance::Count: exact when at least the
// bound, else some value below it).
class PairCounts {
 public:
  PairCounts() { entries_.fill({-1, 0}); }
  // A count of {a, b} that answers a count under `bound`: exact, or below a bound no higher.
  [[nodiscard]] std::optional<int> Find(Kind a, Kind b, int bound) const {
    const auto [value, under] = entries_[Index(a, b)];
    if (value < 0 || (value < under && under > bound)) return std::nullopt;
    return value;
  }
  void Store(Kind a, Kind b, int value, int bound) {
    entries_[Index(a, b)] = {static_cast<int16_t>(value), static_cast<int16_t>(bound)};
  }

 private:
  static size_t Index(Kind a, Kind b) { return size_t{std::min(a, b)} * kNumKinds + std::max(a, b); }
  std::array<std::pair<int16_t, int16_t>, kNumKinds * kNumKinds> entries_;  // value -1: none yet
};

// The dealer's acceptance after shielding `shield` and its best discard: the widest Ukeire of
// the hand `shielding` holds (counts less one `shield`) less a discard d that keeps shanten `s`,
// drawing d back not counted. Exact when at least `bound`, else some value below `bound`.
int AcceptanceAfterDiscard(DiscardAcceptance& shielding, const KindCounts& counts, Kind shield, int s, int bound,
                           PairCounts& pairs) {
  std::array<DiscardAcceptance::Plan, kNumKinds> plans;
  std::array<uint8_t, kNumKinds> order;
  size_t p = 0;
  int ukeire = 0;
  // The kinds still held after the shield.
  KindMask held = HeldMasksOf(counts).held;
  if (counts[shield] == 1) held &= ~KindBit(shield);
  for (; held != 0; held &= held - 1) {
    const auto discard = static_cast<Kind>(std::countr_zero(held));
    if (shielding.ShantenWithout(discard) != s) continue;
    if (const std::optional<int> known = pairs.Find(shield, discard, bound)) {
      ukeire = std::max(ukeire, *known);
      continue;
    }
    plans[p] = shielding.Prepare(discard, s, kAllKinds & ~KindBit(discard));
    order[p] = static_cast<uint8_t>(p);
    ++p;
  }
  SortByUpper(plans, order, p);
  for (size_t q = 0; q < p; ++q) {
    const DiscardAcceptance::Plan& plan = plans[order[q]];
    const int under = std::max(bound, ukeire);
    const int count = shielding.Count(plan, under);
    pairs.Store(shield, plan.discard, count, under);
    ukeire = std::max(ukeire, count);
  }
  return ukeire;
}

// The dealer, the last decision (it discards first): the acceptance after the best discard
// (AcceptanceAfterDiscard) for each of c[tied[0..m)]. `whole` (the whole hand) is the outer
// hand of each hand shielded: its shanten plus a draw is a floor shared by all of them. Each
// kind's acceptance is at most an upper bound from those floors: the kinds are counted from the
// highest bound down, and a kind whose bound cannot reach the widest so far is left out (it is
// below the widest, dropped all the same).
void RankByAcceptance14(DiscardAcceptance& whole, const KindCounts& counts, const KindCounts& visible,
                        ShieldCandidates& c, const std::array<uint8_t, kNumKinds>& tied, size_t m) {
  std::vector<DiscardAcceptance> shielding;  // shielding[j]: the hand less c[tied[j]]
  shielding.reserve(m);
  std::array<int, kNumKinds> upper;  // by j
  std::array<uint8_t, kNumKinds> order;
  KindCounts h = counts;
  for (size_t j = 0; j < m; ++j) {
    const ShieldCandidate& x = c[tied[j]];
    --h[x.kind];
    const StandardShantenNeighbours less = whole.Neighbours().Without(x.kind);
    shielding.emplace_back(h, 0, visible, &whole, &less);
    ++h[x.kind];
    upper[j] = shielding[j].UpperBound(x.shanten, kAllKinds);
    order[j] = static_cast<uint8_t>(j);
  }
  SortIndices(order, m, [&](uint8_t a, uint8_t b) { return upper[a] > upper[b]; });
  PairCounts pairs;
  int widest = 0;
  for (size_t q = 0; q < m; ++q) {
    const size_t j = order[q];
    ShieldCandidate& x = c[tied[j]];
    if (upper[j] < widest) {
      x.acceptance = upper[j];
      continue;
    }
    const int ukeire = AcceptanceAfterDiscard(shielding[j], counts, x.kind, x.shanten, widest, pairs);
    widest = std::max(widest, ukeire);
    x.acceptance = ukeire;
  }
}

// The last decision ranks by acceptance after the keys before it (shanten filled in): only the
// kinds tied best on those need it, and only when two or more tie. `whole` holds `counts`.
void RankByAcceptance(DiscardAcceptance& whole, const KindCounts& counts, const KindCounts& visible, int target,
                      ShieldCandidates& c, size_t n) {
  uint32_t top = c[0].Prefix();
  for (size_t i = 1; i < n; ++i) top = std::min(top, c[i].Prefix());
  std::array<uint8_t, kNumKinds> tied;
  size_t m = 0;
  for (size_t i = 0; i < n; ++i)
    if (c[i].Prefix() == top) tied[m++] = static_cast<uint8_t>(i);
  if (m < 2) return;
  if (target == 13) {
    RankByAcceptance13(whole, c, tied, m);
  } else {
    RankByAcceptance14(whole, counts, visible, c, tied, m);
  }
}

}  // namespace

Action GreedyAgent::ChooseShield(const PlayerView& view, std::span<const Action> legal) {
  // The hand keeps 13 tiles (the first player, the dealer, 14); every kSetShield decision puts
  // one of the surplus aside. Each candidate kind is rated by what remains: its shanten
  // (ShieldShanten), then, on the last decision, its acceptance.
  const KindCounts& counts = view.counts();
  const int target = view.seat() == view.dealer() ? 14 : 13;
  int total = 0;
  for (uint8_t c : counts) total += c;
  const int after = total - 1;
  ShieldCandidates c;
  const size_t n = ListShields(view, legal, options_.bank_pairs, c);
  if (n == 0) return legal.front();
  const StandardShantenNeighbours standard = DealNeighbours(counts);
  if (after != target) {
    const size_t best = BestBeforeLast(counts, standard, after, target, c, n);
    KeepDealHand(counts, standard, c[best].kind);
    return ShieldAction(legal, c[best].tile);
  }
  // The last decision: `after` is at most 14, so ShieldShanten is Shanten, all forms.
  const KindCounts visible = view.VisibleCounts();
  DiscardAcceptance whole(counts, 0, visible, nullptr, &standard);
  for (size_t i = 0; i < n; ++i) c[i].shanten = whole.ShantenWithout(c[i].kind);
  if (n > 1) RankByAcceptance(whole, counts, visible, target, c, n);
  return ShieldAction(legal, c[MinKey(c, n)].tile);
}

StandardShantenNeighbours GreedyAgent::DealNeighbours(const KindCounts& counts) const {
  if (deal_hand_.standard && deal_hand_.counts == counts) return *deal_hand_.standard;
  return StandardShantenNeighbours(counts, 0);
}

void GreedyAgent::KeepDealHand(const KindCounts& counts, const StandardShantenNeighbours& standard, Kind pick) {
  deal_hand_.counts = counts;
  --deal_hand_.counts[pick];
  deal_hand_.standard.emplace(standard.Without(pick));
}

}  // namespace mj
