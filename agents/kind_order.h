#pragma once
// Orders of candidate kinds shared by the greedy agent's discard and shield choices. Internal
// to agents/.

#include <array>
#include <cstddef>
#include <cstdint>

#include "agents/hand_eval.h"
#include "tiles/tile.h"

namespace mj::kind_order {

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
inline void SortByUpper(const std::array<DiscardAcceptance::Plan, kNumKinds>& plans,
                        std::array<uint8_t, kNumKinds>& order, size_t n) {
  SortIndices(order, n, [&](uint8_t a, uint8_t b) { return plans[a].upper > plans[b].upper; });
}

}  // namespace mj::kind_order
