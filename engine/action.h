#pragma once
// Action: one answer of a seat at a decision point. Legal actions are generated in one place
// (engine/legal_actions.h); an agent's answer is valid iff it equals one of them.

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "tiles/tile.h"

namespace mj {

inline constexpr Tile kNoTile = 255;

enum class ActionType : uint8_t {
  kDiscard,        // tile = the discarded tile
  kRiichi,         // declare riichi, discarding `tile`
  kTsumo,          // win on the drawn tile
  kAnkan,          // closed kan; consumed = the four tiles
  kKakan,          // add `tile` to an own pon
  kNineTerminals,  // abortive draw: nine different terminals/honours on the first turn
  kRon,            // win on the discard / robbed kan tile
  kChi,            // tile = the discard taken, consumed = two own tiles
  kPon,            // tile = the discard taken, consumed = two own tiles
  kDaiminkan,      // tile = the discard taken, consumed = three own tiles
  kPass,           // decline every call
  // Shields (盾牌, rules.shields.enabled).
  kSetShield,      // at the deal: put `tile` face down into the shield area (one per decision)
  kExchange,       // instead of a discard: `consumed[0]` (a face-down shield) goes to the river,
                   // `tile` (from the hand) goes face up into the shield area
  kOpenRiichi,     // riichi with the whole hand shown, discarding `tile`
  kCount
};

[[nodiscard]] std::string_view ActionTypeName(ActionType t);  // "discard", "riichi", ...

struct Action {
  ActionType type = ActionType::kPass;
  uint8_t actor = 0;
  Tile tile = kNoTile;
  std::array<Tile, 4> consumed{kNoTile, kNoTile, kNoTile, kNoTile};
  uint8_t num_consumed = 0;
  // Field by field equal; all eight bytes are fields (no padding), so one 8-byte comparison.
  friend bool operator==(const Action& a, const Action& b) {
    uint64_t x, y;
    std::memcpy(&x, &a, sizeof(x));
    std::memcpy(&y, &b, sizeof(y));
    return x == y;
  }
};
static_assert(sizeof(Action) == 8, "Action's operator== compares its eight bytes");

// "seat 2 pon 5m with 0m5m" style text, for logs and error messages.
[[nodiscard]] std::string ActionToString(const Action& a);

}  // namespace mj
