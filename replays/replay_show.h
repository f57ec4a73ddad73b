#pragma once
// A readable account of a game or of one hand: the deal, each turn, calls, riichi, the result
// with its yaku breakdown and point changes.

#include <string>

#include "engine/game.h"

namespace mj {

// hand < 0: the whole game; else only hand number `hand` (0-based, in play order).
[[nodiscard]] std::string ShowReplay(const GameRecord& record, int hand);

}  // namespace mj
