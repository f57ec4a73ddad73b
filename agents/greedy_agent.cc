#include "agents/greedy_agent.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <utility>
#include <vector>

#include "engine/legal_actions.h"
#include "engine/win_check.h"
#include "rules/shanten.h"
#include "rules/waits.h"

namespace mj {
namespace {

bool IsWin(const Action& a) { return a.type == ActionType::kTsumo || a.type == ActionType::kRon; }

// A red five or a peach tile: worth a han, so a plain copy of its kind goes first.
bool IsMarked(Tile t, const Ruleset& rules) { return IsRedFive(t, rules) || IsPeach(t, rules); }

int NumMelds(const PlayerView& view) { return static_cast<int>(view.melds(view.seat()).size()); }

// The pass at the end of a response list (LegalDiscardResponses / LegalKanResponses).
Action Pass(std::span<const Action> legal) {
  for (const Action& a : legal)
    if (a.type == ActionType::kPass) return a;
  return legal.back();
}

// Stable insertion sort of order[0..n) by `less` (n <= 34: no allocation, unlike
// std::stable_sort).
template <typename Less>
void SortIndices(std::array<uint8_t, kNumKinds>& order, size_t n, Less less) {
  for (size_t i = 1; i < n; ++i) {
    const uint8_t x = order[i];
    size_t j = i;
    for (; j > 0 && less(x, order[j - 1]); --j) order[j] = order[j - 1];
    order[j] = x;
  }
}

// Orders order[0..n) (indices into `plans`) by decreasing upper bound of the acceptance, so the
// likeliest widest is counted first and the bound prunes the rest (any order gives the same
// decisions).
void SortByUpper(const std::array<DiscardAcceptance::Plan, kNumKinds>& plans, std::array<uint8_t, kNumKinds>& order,
                 size_t n) {
  SortIndices(order, n, [&](uint8_t a, uint8_t b) { return plans[a].upper > plans[b].upper; });
}

// The kSetShield action of `tile` in `legal` (the first action if none).
Action ShieldAction(std::span<const Action> legal, Tile tile) {
  for (const Action& a : legal)
    if (a.type == ActionType::kSetShield && a.tile == tile) return a;
  return legal.front();
}

// A shanten not looked up yet.
constexpr int kUnknown = -100;

// One candidate discard kind with its ranking keys (lower is better, ukeire negated).
struct Candidate {
  Kind kind = 0;
  int danger = 0;
  int priority = 0;  // 0: the yaku plan wants this kind gone, 2: it needs this kind
  int shanten = 0;
  int neg_ukeire = 0;
  int value = 0;
};

// Keeps the candidates whose `key` is minimal; returns the new count.
template <typename Key>
size_t KeepMin(std::array<Candidate, kNumKinds>& c, size_t n, Key key) {
  int best = key(c[0]);
  for (size_t i = 1; i < n; ++i) best = std::min(best, key(c[i]));
  size_t out = 0;
  for (size_t i = 0; i < n; ++i) {  // every candidate written, kept by advancing: no branch
    const bool keep = key(c[i]) == best;
    c[out] = c[i];
    out += keep ? 1 : 0;
  }
  return out;
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

std::string GreedyAgent::OptionText() const {
  const GreedyOptions d;
  std::string s;
  auto add = [&](const std::string& kv) { s += (s.empty() ? "" : ",") + kv; };
  if (options_.riichi != d.riichi) add(std::string("riichi=") + (options_.riichi ? "true" : "false"));
  if (options_.calls != d.calls) add(std::string("calls=") + (options_.calls ? "true" : "false"));
  if (options_.kans != d.kans) add(std::string("kans=") + (options_.kans ? "true" : "false"));
  if (options_.nine_terminals_shanten != d.nine_terminals_shanten)
    add("nine_terminals_shanten=" + std::to_string(options_.nine_terminals_shanten));
  if (options_.exchange != d.exchange) add(std::string("exchange=") + (options_.exchange ? "true" : "false"));
  if (options_.exchange_min_danger != d.exchange_min_danger)
    add("exchange_min_danger=" + std::to_string(options_.exchange_min_danger));
  if (options_.shield_max_danger != d.shield_max_danger)
    add("shield_max_danger=" + std::to_string(options_.shield_max_danger));
  if (options_.bank_pairs != d.bank_pairs) add(std::string("bank_pairs=") + (options_.bank_pairs ? "true" : "false"));
  if (options_.open_riichi_wait != d.open_riichi_wait)
    add("open_riichi_wait=" + std::to_string(options_.open_riichi_wait));
  if (options_.min_win_han_per_shield != d.min_win_han_per_shield)
    add("min_win_han_per_shield=" + std::to_string(options_.min_win_han_per_shield));
  return s;
}

std::string GreedyAgent::Name() const {
  const std::string opts = OptionText();
  return opts.empty() ? "greedy" : "greedy:" + opts;
}

void GreedyAgent::BeginGame(int seat, uint64_t seed) {
  (void)seat;
  rng_ = Rng(seed);
}

const Action* GreedyAgent::WinToTake(const PlayerView& view, std::span<const Action> legal) const {
  for (const Action& a : legal) {
    if (!IsWin(a)) continue;
    if (options_.min_win_han_per_shield > 0 && view.rules().shields.enabled) {
      const int me = view.seat();
      const int shields = view.shields_down(me) + static_cast<int>(view.shields_up(me).size());
      if (shields > 0 && EstimateWinHan(view, a) < options_.min_win_han_per_shield * shields) continue;
    }
    return &a;
  }
  return nullptr;
}

Action GreedyAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  // A shield decision's list holds kSetShield actions only, and no other list holds one.
  if (legal.front().type == ActionType::kSetShield) return ChooseShield(view, legal);
  // A win is never an exchange: the exchange tail of a turn list (FirstExchange) is left out.
  if (const Action* win = WinToTake(view, legal.first(FirstExchange(legal)))) return *win;
  const Phase phase = view.phase();
  if (phase == Phase::kAfterDraw || phase == Phase::kAfterCall) return ChooseTurn(view, legal);
  return ChooseCall(view, legal);
}

Action GreedyAgent::BestDiscard(const PlayerView& view, std::span<const Action> legal, const DangerTable* danger) {
  const KindCounts& counts = view.counts();
  const int melds = NumMelds(view);
  std::array<Candidate, kNumKinds> c;
  size_t n = 0;
  KindMask seen = 0;
  for (const Action& a : legal) {
    if (a.type != ActionType::kDiscard) continue;
    const Kind k = KindOf(a.tile);
    if (HasKind(seen, k)) continue;
    seen |= KindBit(k);
    c[n++].kind = k;
  }
  // Open tanyao: every non-simple must go, and only simples count as acceptance. An open hand
  // whose only yaku is a concealed yakuhai triplet keeps that triplet.
  KindMask allowed = kAllKinds, unwanted = 0, kept = 0;
  const YakuPlan plan = CurrentYakuPlan(view);
  if (plan == YakuPlan::kTanyao) {
    allowed = SimpleKinds();
    unwanted = kAllKinds & ~allowed;
  } else if (plan == YakuPlan::kYakuhai) {
    const KindMask yakuhai = YakuhaiKinds(view);
    bool melded = false;
    for (const EngineMeld& m : view.melds(view.seat()))
      melded = melded || (m.type != MeldType::kChi && HasKind(yakuhai, m.LowestKind()));
    for (int k = kEast; k < kNumKinds && !melded; ++k)
      if (HasKind(yakuhai, static_cast<Kind>(k)) && counts[k] >= 3) kept |= KindBit(static_cast<Kind>(k));
  }
  for (size_t i = 0; i < n; ++i) {
    c[i].danger = danger ? (*danger)[c[i].kind] : 0;
    c[i].priority = HasKind(unwanted, c[i].kind) ? 0 : HasKind(kept, c[i].kind) ? 2 : 1;
  }
  n = KeepMin(c, n, [](const Candidate& x) { return x.danger; });
  n = KeepMin(c, n, [](const Candidate& x) { return x.priority; });
  // When seven pairs and thirteen orphans are further than the standard form even after the
  // best discard, no discard makes them the minimum (a discard raises the standard form's
  // shanten by at most one and never lowers theirs), so the cheaper standard lookup decides.
  const StandardShantenNeighbours standard(counts, melds);
  const bool standard_only =
      melds > 0 || std::min(ShantenChiitoitsu(counts), ShantenKokushi(counts)) > standard.Unchanged();
  KindCounts h = counts;
  for (size_t i = 0; i < n; ++i) {
    c[i].shanten = standard.Minus(c[i].kind);
    if (standard_only) continue;
    // Shanten(h, melds) with melds == 0: the standard form, seven pairs and thirteen orphans.
    --h[c[i].kind];
    c[i].shanten = std::min({c[i].shanten, ShantenChiitoitsu(h), ShantenKokushi(h)});
    ++h[c[i].kind];
  }
  n = KeepMin(c, n, [](const Candidate& x) { return x.shanten; });
  if (n > 1) {
    const KindCounts visible = view.VisibleCounts();
    // Drawing back the kind just thrown is not counted: it only returns to the current hand.
    DiscardAcceptance acceptance(counts, melds, visible, nullptr, &standard);
    std::array<DiscardAcceptance::Plan, kNumKinds> plans;
    for (size_t i = 0; i < n; ++i)
      plans[i] = acceptance.Prepare(c[i].kind, c[i].shanten, allowed & ~KindBit(c[i].kind));
    // Only the widest acceptance matters: the likeliest widest are counted first, and a count
    // that cannot reach the widest so far stops early (it is below it, dropped all the same).
    std::array<uint8_t, kNumKinds> order;
    for (size_t i = 0; i < n; ++i) order[i] = static_cast<uint8_t>(i);
    SortByUpper(plans, order, n);
    int widest = 0;
    for (size_t j = 0; j < n; ++j) {
      const size_t i = order[j];
      const int u = acceptance.Count(plans[i], widest);
      widest = std::max(widest, u);
      c[i].neg_ukeire = -u;
    }
    n = KeepMin(c, n, [](const Candidate& x) { return x.neg_ukeire; });
  }
  if (n > 1) {
    const HeldMasks held = HeldMasksOf(counts);
    const TileValues value(held, YakuhaiKinds(view), DoraKinds(view, held));
    for (size_t i = 0; i < n; ++i) c[i].value = value(c[i].kind);
    n = KeepMin(c, n, [](const Candidate& x) { return x.value; });
  }
  const Kind pick = c[n > 1 ? static_cast<size_t>(rng_.Below(n)) : 0].kind;
  // A plain copy before a red five; the first such action otherwise.
  const Action* best = nullptr;
  for (const Action& a : legal) {
    if (a.type != ActionType::kDiscard || KindOf(a.tile) != pick) continue;
    if (best == nullptr || (IsMarked(best->tile, view.rules()) && !IsMarked(a.tile, view.rules()))) best = &a;
  }
  return *best;
}

Action GreedyAgent::ChooseTurn(const PlayerView& view, std::span<const Action> legal) {
  // Every choice but an exchange (Guard weighs those): the list before its exchange tail.
  const std::span<const Action> head = legal.first(FirstExchange(legal));
  const KindCounts& counts = view.counts();
  const int melds = NumMelds(view);
  // The best shanten a discard can keep; looked up only for a nine-terminals or kan decision.
  int now_cache = kUnknown;
  auto now = [&] {
    if (now_cache == kUnknown) now_cache = Shanten(counts, melds);
    return now_cache;
  };
  for (const Action& a : head)
    if (a.type == ActionType::kNineTerminals && now() >= options_.nine_terminals_shanten) return a;

  if (options_.riichi) {
    const Action* best = nullptr;
    int best_wait = 0, best_value = 0;
    KindCounts visible{};
    bool have_visible = false;
    KindMask yakuhai = 0, dora = 0;
    for (const Action& a : head) {
      if (a.type != ActionType::kRiichi) continue;
      if (!have_visible) {
        visible = view.VisibleCounts();
        yakuhai = YakuhaiKinds(view);
        dora = DoraKinds(view);
        have_visible = true;
      }
      KindCounts h = counts;
      --h[KindOf(a.tile)];
      const int wait = Ukeire(h, melds, Shanten(h, melds), visible);
      const int value = TileValue(KindOf(a.tile), counts, yakuhai, dora);
      const bool better = best == nullptr || wait > best_wait || (wait == best_wait && value < best_value) ||
                          (wait == best_wait && value == best_value && KindOf(a.tile) == KindOf(best->tile) &&
                           IsMarked(best->tile, view.rules()) && !IsMarked(a.tile, view.rules()));
      if (better) {
        best = &a;
        best_wait = wait;
        best_value = value;
      }
    }
    if (best != nullptr && best_wait > 0) {
      // Open riichi on a wide wait: 2 han instead of 1, and no tsumo protection for the others.
      if (options_.open_riichi_wait > 0 && best_wait >= options_.open_riichi_wait)
        for (const Action& a : head)
          if (a.type == ActionType::kOpenRiichi && a.tile == best->tile) return a;
      return *best;
    }
  }

  if (options_.kans) {
    const bool tanyao = CurrentYakuPlan(view) == YakuPlan::kTanyao;
    for (const Action& a : head) {
      KindCounts h = counts;
      int after;
      if (tanyao && !IsSimple(KindOf(a.tile == kNoTile ? a.consumed[0] : a.tile))) continue;  // would void the yaku
      if (a.type == ActionType::kAnkan) {
        h[KindOf(a.consumed[0])] -= 4;
        after = ShantenStandard(h, melds + 1);
      } else if (a.type == ActionType::kKakan) {
        --h[KindOf(a.tile)];
        after = ShantenStandard(h, melds);
      } else {
        continue;
      }
      if (after <= now()) return a;
    }
  }

  return Guard(view, legal, BestDiscard(view, head, nullptr));
}

bool GreedyAgent::ThreatDanger(const PlayerView& view, DangerTable* danger, KindMask only) {
  const int me = view.seat();
  unsigned riichi = 0;  // bit p: seat p (not this one) is in riichi
  for (int p = 0; p < 4; ++p)
    if (p != me && view.in_riichi(p)) riichi |= 1u << p;
  if (riichi == 0) return false;
  // The kinds a turn's discards and exchanges read: those in the hand and the own shields.
  KindMask kinds = HeldMasksOf(view.counts()).held;
  for (Tile t : view.own_shields()) kinds |= KindBit(KindOf(t));
  kinds &= only;
  const std::array<KindMask, 4> genbutsu = GenbutsuKindsOf(view, riichi);
  KindCounts visible{};  // VisibleCounts once an honour's danger needs it
  bool have_visible = false;
  std::array<int, kNumKinds> worst{}, sum{};
  for (int p = 0; p < 4; ++p) {
    if (((riichi >> p) & 1) == 0) continue;
    if (view.open_riichi(p)) {
      // The waits are known: a wait is certain to deal in unless the seat is furiten; every
      // other kind is 0, which changes neither the worst nor the sum.
      const KindMask waits = ShownWaitKinds(view, p);
      if ((waits & genbutsu[p]) != 0) continue;
      for (KindMask m = waits & kinds; m != 0; m &= m - 1) {
        const int k = std::countr_zero(m);
        worst[k] = std::max(worst[k], 11);
        sum[k] += 11;
      }
      continue;
    }
    if (!have_visible && (kinds & kHonorKinds & ~genbutsu[p]) != 0) {
      visible = view.VisibleCounts();
      have_visible = true;
    }
    const DangerRow d = Dangers(kinds, genbutsu[p], RiverKinds(view, p), visible);
    for (KindMask m = kinds; m != 0; m &= m - 1) {
      const int k = std::countr_zero(m);
      worst[k] = std::max<int>(worst[k], d[k]);
      sum[k] += d[k];
    }
  }
  for (int k = 0; k < kNumKinds; ++k) (*danger)[k] = worst[k] * 64 + sum[k];
  return true;
}

KindMask GreedyAgent::ShownWaitKinds(const PlayerView& view, int seat) {
  ShownWaits& cached = shown_waits_[seat];
  KindCounts hand{};
  for (Tile t : view.shown_hand(seat)) ++hand[KindOf(t)];
  const int melds = static_cast<int>(view.melds(seat).size());
  if (cached.melds != melds || cached.hand != hand) cached = {hand, melds, WaitKinds(hand, melds)};
  return cached.waits;
}

const Action* GreedyAgent::SafeExchange(const PlayerView& view, std::span<const Action> legal, Tile hand_tile,
                                        const DangerTable& danger) const {
  (void)view;
  if (!options_.exchange) return nullptr;
  const Action* best = nullptr;
  for (const Action& a : legal.subspan(FirstExchange(legal))) {
    if (a.tile != hand_tile) continue;
    const int d = danger[KindOf(a.consumed[0])];
    if (d / 64 > options_.shield_max_danger || d >= danger[KindOf(hand_tile)]) continue;
    // The safest shield; among equally safe ones the lowest kind, then the lowest id.
    if (best == nullptr || d < danger[KindOf(best->consumed[0])] ||
        (d == danger[KindOf(best->consumed[0])] && a.consumed[0] < best->consumed[0]))
      best = &a;
  }
  return best;
}

Action GreedyAgent::Guard(const PlayerView& view, std::span<const Action> legal, const Action& d) {
  const size_t first_exchange = FirstExchange(legal);
  const bool exchangeable = first_exchange < legal.size();
  bool shown = false;
  for (int p = 0; p < 4; ++p) shown = shown || (p != view.seat() && view.open_riichi(p));
  if (!exchangeable && !shown) return d;  // the riichi preset always ends here
  // Only the discard's danger and the shields' are read, unless the discard is a known wait.
  KindMask read = KindBit(KindOf(d.tile));
  if (exchangeable)
    for (Tile t : view.own_shields()) read |= KindBit(KindOf(t));
  DangerTable danger{};
  if (!ThreatDanger(view, &danger, read)) return d;
  if (exchangeable && danger[KindOf(d.tile)] / 64 >= options_.exchange_min_danger)
    if (const Action* x = SafeExchange(view, legal, d.tile, danger)) return *x;
  if (danger[KindOf(d.tile)] / 64 < 11) return d;
  // A known wait of an open riichi: the best discard that avoids every known wait.
  (void)ThreatDanger(view, &danger);
  DangerTable known{};
  for (int k = 0; k < kNumKinds; ++k) known[k] = danger[k] / 64 >= 11 ? 1 : 0;
  return BestDiscard(view, legal.first(first_exchange), &known);
}

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

Action GreedyAgent::ChooseCall(const PlayerView& view, std::span<const Action> legal) {
  const Action pass = Pass(legal);
  if (!options_.calls || view.phase() != Phase::kOnDiscard) return pass;
  const KindCounts& counts = view.counts();
  const int melds = NumMelds(view);
  const int before = Shanten(counts, melds);
  const YakuPlan plan = CurrentYakuPlan(view);
  // A closed tenpai hand can riichi or win by menzen tsumo: never open it.
  if (plan == YakuPlan::kClosed && before <= 0) return pass;
  const KindMask yakuhai = YakuhaiKinds(view);
  bool melds_simple = true;
  for (const EngineMeld& m : view.melds(view.seat()))
    for (int i = 0; i < m.num_tiles; ++i) melds_simple = melds_simple && IsSimple(KindOf(m.tiles[i]));
  const bool tanyao_rule = OpenTanyaoAllowed(view.rules());

  const Action* best = nullptr;
  int best_shanten = 0, best_ukeire = 0;
  KindCounts visible{};
  bool have_visible = false;
  for (const Action& a : legal) {
    if (a.type != ActionType::kPon && a.type != ActionType::kChi && a.type != ActionType::kDaiminkan) continue;
    const Kind called = KindOf(a.tile);
    KindCounts h = counts;
    bool meld_simple = IsSimple(called);
    for (int i = 0; i < a.num_consumed; ++i) {
      --h[KindOf(a.consumed[i])];
      meld_simple = meld_simple && IsSimple(KindOf(a.consumed[i]));
    }
    // Which yaku the open hand would count on.
    const bool yakuhai_call = a.type != ActionType::kChi && HasKind(yakuhai, called);
    bool yakuhai_held = false;  // a concealed yakuhai triplet (closed hands report kClosed)
    for (int k = kEast; k < kNumKinds; ++k)
      yakuhai_held = yakuhai_held || (HasKind(yakuhai, static_cast<Kind>(k)) && h[k] >= 3);
    KindMask allowed = kAllKinds;
    if (plan != YakuPlan::kYakuhai && !yakuhai_call && !yakuhai_held) {
      int non_simple = 0;
      for (int k = 0; k < kNumKinds; ++k)
        if (!IsSimple(static_cast<Kind>(k))) non_simple += h[k];
      if (!(tanyao_rule && melds_simple && meld_simple && non_simple <= 1)) continue;
      allowed = SimpleKinds();
    }
    int after = 99;
    int ukeire = 0;
    if (!have_visible) {
      visible = view.VisibleCounts();
      have_visible = true;
    }
    if (a.type == ActionType::kDaiminkan) {
      // Only into an already open hand: a kan is not worth giving up riichi.
      if (plan == YakuPlan::kClosed) continue;
      after = ShantenStandard(h, melds + 1);
      if (after > before) continue;
      ukeire = Ukeire(h, melds + 1, after, visible, allowed);
    } else {
      SmallVector<Kind, 2> forbidden;
      KuikaeForbidden(a, &forbidden);
      const bool must_drop = allowed != kAllKinds && [&] {
        for (int k = 0; k < kNumKinds; ++k)
          if (h[k] && !HasKind(allowed, static_cast<Kind>(k))) return true;
        return false;
      }();
      std::array<int8_t, kNumKinds> after_discard;
      after_discard.fill(99);
      for (int d = 0; d < kNumKinds; ++d) {
        if (h[d] == 0 || std::find(forbidden.begin(), forbidden.end(), d) != forbidden.end()) continue;
        if (must_drop && HasKind(allowed, static_cast<Kind>(d))) continue;
        --h[d];
        after_discard[d] = static_cast<int8_t>(ShantenStandard(h, melds + 1));
        after = std::min<int>(after, after_discard[d]);
        ++h[d];
      }
      const bool progress = after < before || (yakuhai_call && after <= before);
      if (!progress) continue;
      // The widest acceptance after those discards; only whether it beats the best call so far
      // matters when the shanten ties (then anything not above it may stop early).
      const int floor = best != nullptr && after == best_shanten ? best_ukeire + 1 : 0;
      DiscardAcceptance acceptance(h, melds + 1, visible);
      for (int d = 0; d < kNumKinds; ++d) {
        if (after_discard[d] != after) continue;
        const DiscardAcceptance::Plan p = acceptance.Prepare(static_cast<Kind>(d), after, allowed);
        ukeire = std::max(ukeire, acceptance.Count(p, std::max(floor, ukeire)));
      }
    }
    if (best == nullptr || after < best_shanten || (after == best_shanten && ukeire > best_ukeire)) {
      best = &a;
      best_shanten = after;
      best_ukeire = ukeire;
    }
  }
  return best != nullptr ? *best : pass;
}

}  // namespace mj
