#pragma once
// Reading Tenhou's mjlog XML (`<mjloggm ver="2.3">`, as tenhou.net serves it; gzip is undone by
// the caller) into the hand-by-hand form of a tenhou.net/6 record (formats/tenhou6.h), which
// the engine then replays (formats/tenhou_verify.h, formats/replay_import.h). Tags and the call
// bit layout are described in shared/realgames/FORMATS.md section 2. Four-player games only.

#include <string>
#include <string_view>

#include "formats/tenhou6.h"
#include "tiles/result.h"

namespace mj::tenhou {

// `title`: the log's id or file name (its date, when it starts with one, picks the era's rules).
// Errors name the tag (its position in the log) and what does not fit: "tag 412 <N who="2"
// m="31008">: ...". Results are taken from the log: winners, discarders, liable seats, every
// seat's point changes; draws by kind (and the number of tenpai hands at an exhaustive draw).
[[nodiscard]] Result<Game> ParseMjlog(std::string_view xml, const std::string& title);

}  // namespace mj::tenhou
