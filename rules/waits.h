#pragma once
// Waits of a 13-tile (13 - 3*melds concealed) hand: which kinds complete it, and in which
// shapes (one reading may be ryanmen, another kanchan for the same tile).

#include <cstdint>

#include "tiles/small_vector.h"
#include "tiles/tile.h"
#include "rules/decompose.h"

namespace mj {

struct Wait {
  Kind tile = 0;
  uint8_t shapes = 0;        // bit (1 << WaitShape) for each reading's shape
  bool seven_pairs = false;  // completes seven pairs (a tanki)
  bool thirteen_orphans = false;
  [[nodiscard]] bool Has(WaitShape s) const { return shapes & (1u << static_cast<int>(s)); }
};

using WaitList = SmallVector<Wait, kNumKinds>;

// Every kind that completes the hand, in kind order. `num_melds` called melds (0..4); seven
// pairs and thirteen orphans only count when num_melds == 0. A kind whose four copies are all
// in the hand is not a wait (it cannot be drawn).
[[nodiscard]] WaitList Waits(const KindCounts& counts, int num_melds);

// True if the counts (3*k+2 tiles) form a complete hand in any form.
[[nodiscard]] bool IsComplete(const KindCounts& counts, int num_melds);

}  // namespace mj
