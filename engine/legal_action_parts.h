#pragma once
// Small builders shared by the legal action lists (engine/legal_actions.cc and the shield
// module's, engine/shields.cc). Internal to engine/.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/action.h"
#include "engine/round_state.h"

namespace mj::legal_parts {

// An action with no consumed tiles (all four 0, as `{type, actor, tile, {}, 0}` writes them),
// assembled as its eight bytes: GCC builds such a brace-initialised Action on the stack in
// pieces, and the 8-byte copy into the list then stalls waiting for them.
inline Action Plain(ActionType type, uint8_t actor, Tile tile) {
  static_assert(sizeof(Action) == 8 && std::is_trivially_copyable_v<Action>);
  static_assert(offsetof(Action, actor) == 1 && offsetof(Action, tile) == 2 && offsetof(Action, consumed) == 3 &&
                offsetof(Action, num_consumed) == 7);
  const std::array<uint8_t, 8> bytes{static_cast<uint8_t>(type), actor, tile, 0, 0, 0, 0, 0};
  Action a;
  std::memcpy(&a, bytes.data(), sizeof(a));
  return a;
}

// A face's slot among the up-to-three faces of a kind: 0 plain, 1 red five, 2 peach. Only a
// marked copy (tile.h kMarkedCopies, 6 tiles in 136) asks the ruleset.
inline int FaceSlot(Tile t, const Ruleset& rules) {
  const uint8_t mark = kMarkedCopies[t];
  if (mark == 0) return 0;
  if (mark == 1) return rules.red_fives[KindOf(t) / 9] > 0 ? 1 : 0;
  return rules.peach_tiles ? 2 : 0;
}

// Kuikae: the kinds the caller may not discard now, as a mask (bit k for kind k).
inline uint64_t ForbiddenMask(const RoundState& s) {
  uint64_t m = 0;
  for (Kind k : s.forbidden_discards) m |= uint64_t{1} << k;
  return m;
}
inline bool Forbidden(uint64_t forbidden, Tile t) { return (forbidden >> KindOf(t)) & 1; }

}  // namespace mj::legal_parts
