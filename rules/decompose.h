#pragma once
// Decomposition of a complete hand into its readings: four sets + a pair (with called melds),
// seven pairs, thirteen orphans. Works on kind counts; allocation-free.

#include <cstdint>
#include <string_view>

#include "tiles/small_vector.h"
#include "tiles/tile.h"

namespace mj {

enum class SetType : uint8_t { kSequence, kPung, kKan };

// One set of a reading. `open` = exposed by a call (chi/pon/minkan/kakan); a closed kan and
// the hand's own sets are concealed.
struct HandSet {
  SetType type = SetType::kSequence;
  Kind kind = 0;           // lowest kind of a sequence, else the kind
  bool open = false;
  bool called = false;     // declared meld (from the meld list), not part of the concealed tiles
  [[nodiscard]] bool Contains(Kind k) const {
    return type == SetType::kSequence ? (k >= kind && k <= kind + 2) : k == kind;
  }
};

// Four sets and a pair from the concealed tiles (called melds are added by the caller).
struct StandardSplit {
  SmallVector<HandSet, 4> sets;  // concealed sets only, in ascending kind order
  Kind pair = 0;
};

inline constexpr int kMaxSplits = 16;
using SplitList = SmallVector<StandardSplit, kMaxSplits>;

// Every distinct way the concealed counts form `num_sets` sets plus one pair (each tile used
// exactly once). Empty when there is none. The counts must hold 3*num_sets + 2 tiles.
void SplitStandard(const KindCounts& counts, int num_sets, SplitList* out);

// Seven distinct pairs (four of a kind is not two pairs).
[[nodiscard]] bool IsSevenPairs(const KindCounts& counts);
// All thirteen terminal/honour kinds with one of them paired (14 tiles).
[[nodiscard]] bool IsThirteenOrphans(const KindCounts& counts);

}  // namespace mj

namespace mj {

// How the winning tile completed its block in one reading.
enum class WaitShape : uint8_t { kRyanmen, kKanchan, kPenchan, kShanpon, kTanki, kCount };
[[nodiscard]] std::string_view WaitShapeName(WaitShape s);  // "ryanmen", ...

// The shape of completing `set` (a concealed sequence or pung) with `win`; the set must contain it.
[[nodiscard]] constexpr WaitShape ShapeOfSet(const HandSet& set, Kind win) {
  if (set.type != SetType::kSequence) return WaitShape::kShanpon;
  const int pos = win - set.kind;  // 0, 1 or 2
  if (pos == 1) return WaitShape::kKanchan;
  const int low = NumberOf(set.kind);
  if ((pos == 2 && low == 1) || (pos == 0 && low == 7)) return WaitShape::kPenchan;
  return WaitShape::kRyanmen;
}

}  // namespace mj
