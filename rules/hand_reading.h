#pragma once
// Reading: one interpretation of a complete hand, as the yaku and fu rules see it: four sets
// (called melds and concealed sets, with a ron-completed pung marked open) and a pair, or seven
// pairs, or thirteen orphans; plus the shape in which the winning tile completed it.
// EnumerateReadings() visits every reading of a WinContext, so a scorer can keep the best.

#include <cstdint>

#include "tiles/small_vector.h"
#include "tiles/tile.h"
#include "rules/decompose.h"
#include "rules/win_context.h"

namespace mj {

enum class HandForm : uint8_t { kStandard, kSevenPairs, kThirteenOrphans };

struct Reading {
  HandForm form = HandForm::kStandard;
  SmallVector<HandSet, 4> sets;   // standard form: called melds first, then concealed sets
  Kind pair = 0;                  // standard form
  WaitShape wait = WaitShape::kTanki;
  int win_set = -1;               // index in `sets` of the set the winning tile completed, -1 = pair
  bool thirteen_wait = false;     // thirteen orphans waiting on all 13 kinds

  // Sets that count as concealed for yaku (closed kans and own sets, not a ron-completed pung).
  [[nodiscard]] int ConcealedPungs() const {
    int n = 0;
    for (const HandSet& s : sets)
      if (s.type != SetType::kSequence && !s.open) ++n;
    return n;
  }
};

// Facts about the whole hand shared by every reading, computed once per WinContext.
struct HandSummary {
  KindCounts all{};        // every tile of the hand, melds included (a kan counts 4)
  bool closed = true;      // no open meld (closed kans allowed)
  int num_kans = 0;
};

[[nodiscard]] HandSummary Summarize(const WinContext& ctx);

// Calls visit(const Reading&) for every reading of the hand; returns how many there were
// (0 = not a winning hand). The counts must already be valid (validated by the caller).
template <typename Visit>
int EnumerateReadings(const WinContext& ctx, Visit&& visit);

// ---- implementation ----

inline HandSet SetFromMeld(const Meld& m) {
  HandSet s;
  s.kind = m.kind;
  s.called = true;
  s.open = m.IsOpen();
  s.type = m.IsSequence() ? SetType::kSequence : (m.IsKan() ? SetType::kKan : SetType::kPung);
  return s;
}

template <typename Visit>
int EnumerateReadings(const WinContext& ctx, Visit&& visit) {
  int count = 0;
  const int num_melds = static_cast<int>(ctx.melds.size());
  if (num_melds == 0) {
    if (IsThirteenOrphans(ctx.concealed)) {
      Reading r;
      r.form = HandForm::kThirteenOrphans;
      r.wait = WaitShape::kTanki;
      r.thirteen_wait = ctx.concealed[ctx.win_tile] == 2;
      visit(static_cast<const Reading&>(r));
      return 1;  // a thirteen-orphans hand has no other reading
    }
    if (IsSevenPairs(ctx.concealed)) {
      Reading r;
      r.form = HandForm::kSevenPairs;
      r.wait = WaitShape::kTanki;
      r.pair = ctx.win_tile;
      visit(static_cast<const Reading&>(r));
      ++count;
    }
  }
  SplitList splits;
  SplitStandard(ctx.concealed, 4 - num_melds, &splits);
  for (const StandardSplit& split : splits) {
    Reading base;
    for (const Meld& m : ctx.melds) base.sets.push_back(SetFromMeld(m));
    for (const HandSet& s : split.sets) base.sets.push_back(s);
    base.pair = split.pair;
    // Each concealed block holding the winning tile is a separate reading; skip duplicates
    // (two identical sets give the same reading).
    if (split.pair == ctx.win_tile) {
      Reading r = base;
      r.wait = WaitShape::kTanki;
      r.win_set = -1;
      visit(static_cast<const Reading&>(r));
      ++count;
    }
    for (size_t i = static_cast<size_t>(num_melds); i < base.sets.size(); ++i) {
      const HandSet& s = base.sets[i];
      if (!s.Contains(ctx.win_tile)) continue;
      bool duplicate = false;
      for (size_t j = static_cast<size_t>(num_melds); j < i; ++j)
        if (base.sets[j].type == s.type && base.sets[j].kind == s.kind) duplicate = true;
      if (duplicate) continue;
      Reading r = base;
      r.win_set = static_cast<int>(i);
      r.wait = ShapeOfSet(s, ctx.win_tile);
      if (r.wait == WaitShape::kShanpon && !ctx.tsumo) r.sets[i].open = true;  // ron: minkou
      visit(static_cast<const Reading&>(r));
      ++count;
    }
  }
  return count;
}

}  // namespace mj
