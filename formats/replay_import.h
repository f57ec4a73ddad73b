#pragma once
// Importing outside game logs as replays: tenhou.net/6 JSON, Tenhou mjlog XML and mjai JSON
// Lines (shared/realgames/FORMATS.md). Every hand is re-simulated through the engine with the
// log's tiles and decisions (formats/tenhou_verify.h: the wall rebuilt from the deal, the draws
// and the indicators; the log's turn order found); a hand the engine does not reproduce exactly
// (an illegal action, another result, other point changes, another next hand or game end) is
// refused, never altered. The replay records the walls the hands drew (explicit walls, not a
// seed) and its events are the engine's, so `replay verify` re-simulates it like a game we
// played. docs/REPLAY.md "Importing".

#include <optional>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "tiles/result.h"

namespace mj {

enum class ImportFormat : uint8_t { kTenhou6, kMjlog, kMjai };

[[nodiscard]] const char* ImportFormatName(ImportFormat f);  // "tenhou6", "mjlog", "mjai"
[[nodiscard]] std::optional<ImportFormat> ParseImportFormat(std::string_view name);
// The format a text is in, from its first bytes: "<mjloggm" (after an optional XML declaration)
// = mjlog, a JSON object with "log" = tenhou6, JSON Lines whose first object has "type" = mjai.
[[nodiscard]] std::optional<ImportFormat> DetectImportFormat(std::string_view text);

// What an import compared of the log's wins beyond the play and the point changes: `scored` of
// the `wins` state their yaku (tenhou.net/6, mjlog, gimite's mjai), which were compared with the
// engine's scoring of each, with han and fu where stated (docs/REPLAY.md "Importing" lists what
// each format states); the other wins' logs state point changes only (Mortal's mjai dialect).
struct ImportChecks {
  int wins = 0;
  int scored = 0;
};

// Imports one game. `file` names it in errors and in the replay's "imported" header (its
// directory is dropped); its leading date (Tenhou ids: "2019021004gm-...") picks Tenhou's rules
// of that era. Errors: "FILE: E2-1: what: expected X, got Y" or "FILE: line 17 (dahai): ...".
// `checks`, when given, is filled on success.
[[nodiscard]] Result<GameRecord> ImportGame(std::string_view text, ImportFormat format, const std::string& file,
                                            ImportChecks* checks = nullptr);
// Reads the file (gzip / zstd undone), detects the format unless given, imports.
[[nodiscard]] Result<GameRecord> ImportFile(const std::string& path, std::optional<ImportFormat> format = std::nullopt,
                                            ImportChecks* checks = nullptr);

// A replay file, or an outside log imported on the fly (what `replay html` and `replay review`
// read): a text that starts like a replay document is read as one, anything else is imported.
[[nodiscard]] Result<GameRecord> ReadGameFile(const std::string& path);

// File names an import of a directory takes: *.json (tenhou.net/6), *.mjlog, *.xml (mjlog),
// *.jsonl, *.mjson (mjai; the reference server names its logs .mjson), also gzip'ed (.gz).
[[nodiscard]] bool IsImportFileName(std::string_view name);

}  // namespace mj
