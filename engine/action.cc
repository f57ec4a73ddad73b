#include "engine/action.h"

namespace mj {

std::string_view ActionTypeName(ActionType t) {
  static constexpr std::string_view kNames[] = {"discard", "riichi", "tsumo",  "ankan", "kakan", "nine_terminals",
                                                "ron",     "chi",    "pon",    "daiminkan", "pass",
                                                "set_shield", "exchange", "open_riichi"};
  return kNames[static_cast<int>(t)];
}

std::string ActionToString(const Action& a) {
  std::string s = "seat ";
  s += std::to_string(a.actor);
  s += ' ';
  s += ActionTypeName(a.type);
  if (a.tile != kNoTile) {
    s += ' ';
    s += FormatTileId(a.tile, true, false);
  }
  if (a.num_consumed) {
    s += " with ";
    for (int i = 0; i < a.num_consumed; ++i) s += FormatTileId(a.consumed[i], true, false);
  }
  return s;
}

}  // namespace mj
