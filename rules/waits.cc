#include "rules/waits.h"

#include "rules/shanten.h"

namespace mj {

bool IsComplete(const KindCounts& counts, int num_melds) {
  SplitList splits;
  SplitStandard(counts, 4 - num_melds, &splits);
  if (!splits.empty()) return true;
  return num_melds == 0 && (IsSevenPairs(counts) || IsThirteenOrphans(counts));
}

WaitList Waits(const KindCounts& counts, int num_melds) {
  WaitList out;
  int total = 0;
  for (uint8_t n : counts) total += n;
  if (num_melds < 0 || num_melds > 4 || total != 13 - 3 * num_melds) return out;
  if (Shanten(counts, num_melds) != 0) return out;  // not tenpai: no tile completes it
  KindCounts c = counts;
  SplitList splits;
  for (int k = 0; k < kNumKinds; ++k) {
    if (c[k] >= 4) continue;
    // Quick filter: a wait is a tile in the hand or next to one (or any orphan for kokushi).
    const bool near = c[k] > 0 || (k < 27 && ((k % 9 > 0 && c[k - 1]) || (k % 9 < 8 && c[k + 1]) ||
                                               (k % 9 > 1 && c[k - 2]) || (k % 9 < 7 && c[k + 2])));
    if (!near && !(num_melds == 0 && IsTerminalOrHonor(static_cast<Kind>(k)))) continue;
    ++c[k];
    Wait w;
    w.tile = static_cast<Kind>(k);
    SplitStandard(c, 4 - num_melds, &splits);
    for (const StandardSplit& s : splits) {
      if (s.pair == k) w.shapes |= 1u << static_cast<int>(WaitShape::kTanki);
      for (const HandSet& set : s.sets)
        if (set.Contains(w.tile)) w.shapes |= 1u << static_cast<int>(ShapeOfSet(set, w.tile));
    }
    if (num_melds == 0) {
      w.seven_pairs = IsSevenPairs(c);
      w.thirteen_orphans = IsThirteenOrphans(c);
    }
    if (w.shapes || w.seven_pairs || w.thirteen_orphans) out.push_back(w);
    --c[k];
  }
  return out;
}

}  // namespace mj
