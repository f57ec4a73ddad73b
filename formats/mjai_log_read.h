#pragma once
// Reading an mjai event log (JSON Lines: the reference server's, gimite's Tenhou conversions,
// Mortal / mjai-reviewer / RiichiEnv bot logs; shared/realgames/FORMATS.md section 3) into the
// hand-by-hand form of a tenhou.net/6 record (formats/tenhou6.h), which the engine then replays
// (formats/replay_import.h). A full-information log is needed: hidden tiles ("?", an in-game
// view) are refused. The reference server's own logs state no start scores: a hand starts with
// the scores the log last stated (25,000 each before any).

#include <string>
#include <string_view>

#include "formats/tenhou6.h"
#include "tiles/result.h"

namespace mj::tenhou {

// `title`: the log's id or file name (its date, when it starts with one, picks the era's rules).
// Errors name the line (1-based) and event: "line 412 (dahai): ...". Draws without a `reason`
// (Mortal's dialect) are classified from the hand: the live wall used up = exhaustive (nagashi
// mangan when someone gains a mangan's worth), otherwise nine terminals after a draw, four winds,
// four riichi, four kans, or three rons.
[[nodiscard]] Result<Game> ParseMjaiLog(std::string_view text, const std::string& title);

}  // namespace mj::tenhou
