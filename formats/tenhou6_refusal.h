#pragma once
// Export of engine games to tenhou.net/6 JSON (`mahjong replay export --format tenhou6`): which
// games the format can hold. The writer is tenhou::ExportGame (formats/tenhou6.h,
// formats/tenhou6_export.cc); a game it writes opens in the tenhou.net/6 viewer and verifies
// with `mahjong tenhou verify`.

#include <optional>
#include <string>

#include "engine/game.h"

namespace mj::tenhou {

// nullopt when the game can be written as a tenhou.net/6 record; otherwise why not. A record
// carries no ruleset beyond the game length, red fives and open tanyao: every reader (the
// tenhou.net/6 viewer, `tenhou verify`, mjai-reviewer) plays it by Tenhou's rules, so a game is
// refused unless its ruleset is the riichi preset with at most those three changed (the message
// names the keys that differ). A game stopped by an agent error is refused too: a record's hands
// all have a result.
[[nodiscard]] std::optional<std::string> Tenhou6ExportRefusal(const GameRecord& record);

}  // namespace mj::tenhou
