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

using kind_order::SortByUpper;

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
