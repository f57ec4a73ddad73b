#pragma once
// Reading a replay at the speed of play. A replay file as the program writes it (the canonical
// layout, replays/replay_writer.h) is parsed once with simdjson into typed events
// (EventsFromJson over SimdJsonValue) and accepted only when
//   - writing the record read back gives exactly the same bytes (so the document is
//     ReplayToJson of the record: every derived field, hand summary and the final result agree,
//     and the ruleset is in its canonical form), and
//   - the document passes the JSON Schema (replays/replay.schema.json): the header, ruleset,
//     final result, hand summaries and first event are validated as a document with that one
//     event; every other event line is validated on its own against the schema's event
//     definition, once per distinct line (a per-thread cache: a game has a few hundred distinct
//     lines, most of them repeated across games).
// Anything else (another layout, an error anywhere) gets nullopt, and the caller reads it the
// thorough way (ReplayFromJson), which gives the error messages. So this never accepts what
// ReplayFromJson would refuse, and gives the same record when both accept.

#include <optional>
#include <string_view>

#include "engine/game.h"

namespace mj {

[[nodiscard]] std::optional<GameRecord> ReadCanonicalReplay(std::string_view text);

}  // namespace mj
