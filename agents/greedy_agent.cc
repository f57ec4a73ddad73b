#include "agents/greedy_agent.h"

#include <algorithm>

#include "engine/legal_actions.h"
#include "engine/win_check.h"
#include "rules/shanten.h"

namespace mj {
namespace {

bool IsWin(const Action& a) { return a.type == ActionType::kTsumo || a.type == ActionType::kRon; }

int NumMelds(const PlayerView& view) { return static_cast<int>(view.melds(view.seat()).size()); }

// The pass at the end of a response list (LegalDiscardResponses / LegalKanResponses).
Action Pass(std::span<const Action> legal) {
  for (const Action& a : legal)
    if (a.type == ActionType::kPass) return a;
  return legal.back();
}

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
  for (size_t i = 0; i < n; ++i)
    if (key(c[i]) == best) c[out++] = c[i];
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

Action GreedyAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  for (const Action& a : legal)
    if (IsWin(a)) return a;
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
  const bool standard_only =
      melds > 0 || std::min(ShantenChiitoitsu(counts), ShantenKokushi(counts)) > ShantenStandard(counts, melds);
  KindCounts h = counts;
  for (size_t i = 0; i < n; ++i) {
    --h[c[i].kind];
    c[i].shanten = standard_only ? ShantenStandard(h, melds) : Shanten(h, melds);
    ++h[c[i].kind];
  }
  n = KeepMin(c, n, [](const Candidate& x) { return x.shanten; });
  if (n > 1) {
    const KindCounts visible = view.VisibleCounts();
    for (size_t i = 0; i < n; ++i) {
      --h[c[i].kind];
      // Drawing back the kind just thrown is not counted: it only returns to the current hand.
      c[i].neg_ukeire = -Ukeire(h, melds, c[i].shanten, visible, allowed & ~KindBit(c[i].kind));
      ++h[c[i].kind];
    }
    n = KeepMin(c, n, [](const Candidate& x) { return x.neg_ukeire; });
  }
  if (n > 1) {
    const KindMask yakuhai = YakuhaiKinds(view), dora = DoraKinds(view);
    for (size_t i = 0; i < n; ++i) c[i].value = TileValue(c[i].kind, counts, yakuhai, dora);
    n = KeepMin(c, n, [](const Candidate& x) { return x.value; });
  }
  const Kind pick = c[n > 1 ? static_cast<size_t>(rng_.Below(n)) : 0].kind;
  // A plain copy before a red five; the first such action otherwise.
  const Action* best = nullptr;
  for (const Action& a : legal) {
    if (a.type != ActionType::kDiscard || KindOf(a.tile) != pick) continue;
    if (best == nullptr || (IsRedFive(best->tile, view.rules()) && !IsRedFive(a.tile, view.rules()))) best = &a;
  }
  return *best;
}

Action GreedyAgent::ChooseTurn(const PlayerView& view, std::span<const Action> legal) {
  const KindCounts& counts = view.counts();
  const int melds = NumMelds(view);
  const int now = Shanten(counts, melds);  // the best shanten a discard can keep
  for (const Action& a : legal)
    if (a.type == ActionType::kNineTerminals && now >= options_.nine_terminals_shanten) return a;

  if (options_.riichi) {
    const Action* best = nullptr;
    int best_wait = 0, best_value = 0;
    KindCounts visible{};
    bool have_visible = false;
    KindMask yakuhai = 0, dora = 0;
    for (const Action& a : legal) {
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
                           IsRedFive(best->tile, view.rules()) && !IsRedFive(a.tile, view.rules()));
      if (better) {
        best = &a;
        best_wait = wait;
        best_value = value;
      }
    }
    if (best != nullptr && best_wait > 0) return *best;
  }

  if (options_.kans) {
    const bool tanyao = CurrentYakuPlan(view) == YakuPlan::kTanyao;
    for (const Action& a : legal) {
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
      if (after <= now) return a;
    }
  }

  return BestDiscard(view, legal, nullptr);
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
      for (int d = 0; d < kNumKinds; ++d) {
        if (after_discard[d] != after) continue;
        --h[d];
        ukeire = std::max(ukeire, Ukeire(h, melds + 1, after, visible, allowed));
        ++h[d];
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
