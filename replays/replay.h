#pragma once
// Replay files: one JSON document per game, self-contained: format version, the whole
// ruleset, seed, agents, every event in the mjai vocabulary (with our extensions: full scoring
// breakdowns on hora, reasons/tenpai/deltas on ryukyoku, final ranks on end_game), per-hand
// results and the final scores. The JSON Schema is replays/replay.schema.json; loading
// validates against it and reports where the document is wrong.

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "replays/compression.h"
#include "tiles/result.h"

namespace mj {

inline constexpr int kReplayFormatVersion = 1;

// The replay document of a game (complete or stopped by an agent error).
[[nodiscard]] nlohmann::json ReplayToJson(const GameRecord& record);
// Parses a replay document (schema-validated); errors say where ("/events/17/pai: ...").
[[nodiscard]] Result<GameRecord> ReplayFromJson(const nlohmann::json& doc);

// The replay file's text (what WriteReplayFile writes, before compression): ReplayText
// (replays/replay_writer.h), streamed.
[[nodiscard]] std::string ReplayFileText(const GameRecord& record);
// The "faults" array of a replay (ReplayToJson's, and the streamed writer's).
[[nodiscard]] nlohmann::json FaultsToJson(const std::vector<AgentFault>& faults);
// The "match" object of a replay, and back (the schema has checked its shape).
[[nodiscard]] nlohmann::json MatchInfoToJson(const MatchInfo& m);
[[nodiscard]] Result<MatchInfo> MatchInfoFromJson(const nlohmann::json& j);
// A replay file's text (any JSON layout; the canonical one is read fastest, see
// replays/replay_fast_read.h); errors as ReplayFromJson's, or "invalid JSON: ...".
[[nodiscard]] Result<GameRecord> ReplayFromText(std::string_view text);
// The file layout of a replay document: header keys on the first line, then the ruleset, the
// final result, and one hand summary / event per line (docs/REPLAY.md). ReplayText
// (replays/replay_writer.h) writes the same bytes from the record without the document.
[[nodiscard]] std::string ReplayDocumentText(const nlohmann::json& doc);

// Writes the replay (compressed as asked: .json.zst / .json.gz names are the caller's choice).
[[nodiscard]] Result<bool> WriteReplayFile(const GameRecord& record, const std::string& path,
                                           Compression compression = Compression::kNone);
// Reads a replay file, compressed (zstd, gzip) or not.
[[nodiscard]] Result<GameRecord> ReadReplayFile(const std::string& path);

// An explicit wall (an imported game's) as its tiles' names in draw order, and back (ids given
// as EventsFromJson gives them; errors say where: "/17: ...").
[[nodiscard]] nlohmann::json WallToJson(const Wall& wall, const Ruleset& rules);
[[nodiscard]] Result<Wall> WallFromJson(const nlohmann::json& names, const Ruleset& rules);

// One event as an mjai JSON object (tiles as "5mr", "E", ...), with our extension fields.
[[nodiscard]] nlohmann::json EventToJson(const Event& e, const Ruleset& rules);
// mjai tile name of an engine tile ("5mr" for a red five when the ruleset has red fives).
[[nodiscard]] std::string MjaiTile(Tile t, const Ruleset& rules);

}  // namespace mj
