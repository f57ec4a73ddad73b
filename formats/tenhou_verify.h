#pragma once
// Verifying the engine against real Tenhou games: every hand of a tenhou.net/6 record is played
// by the engine with the record's wall (rebuilt from the dealt hands, the draws and the
// indicators) and scripted agents that answer each decision from the record. Each recorded
// action must be legal when the engine asks; each hand must end the same way (outcome, every
// seat's point change, and for wins han, fu, points, limit, yaku and pao as far as the record
// states them: Win in formats/tenhou6.h, yaku compared by formats/log_yaku.h in the record's own
// naming, so mjlog and mjai logs read into this form are checked alike), the next hand must start
// with the same counters and scores, and a whole game must end when the record does, with the
// same final points. docs/TENHOU.md describes the method and the Tenhou rules it pins down.

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "tiles/result.h"
#include "formats/tenhou6.h"
#include "engine/event.h"
#include "engine/wall.h"
#include "rules/ruleset.h"

namespace mj::tenhou {

struct Mismatch {
  std::string hand;      // "E2-1"; "end" for the game's end
  std::string what;      // what differs
  std::string expected;  // the record
  std::string got;       // the engine
};

struct GameReport {
  std::string file;
  bool read_ok = true;       // false: the file is not a readable record (error says why)
  std::string error;
  int hands = 0;
  std::vector<Mismatch> mismatches;
  // With VerifyOptions::keep_hands: per hand, the engine's events of the replay that matched the
  // record and the wall it drew (formats/replay_import.h builds a replay from them).
  std::vector<std::vector<Event>> hand_events;
  std::vector<Wall> walls;
};

struct VerifyOptions {
  // Call timings tried per hand when a recorded call could be made on more than one discard
  // (Tenhou records do not store turn order); beyond this the hand is reported as a mismatch.
  int max_replays_per_hand = 512;
  // When set, the engine's events of each replayed hand (only `trace_hand`, e.g. "E2-1", when
  // not empty) are written here, for finding where a mismatch starts.
  std::FILE* trace = nullptr;
  std::string trace_hand;
  // The ruleset every record is verified under (its game length, red fives and open tanyao still
  // come from the record); unset: the riichi preset, with the game end of the record's era
  // (RulesetFor).
  std::optional<Ruleset> rules;
  // Keep each hand's events and wall in the report (GameReport::hand_events, walls).
  bool keep_hands = false;
};

// Tenhou's all-last game end changed: the records up to kTenpaiYameSince's date (YYYYMMDD, from
// the record's id, e.g. "2009022022gm-...") let a tenpai dealer in first place play on after an
// exhaustive draw (`tenpai_yame` false); later ones end the game there, as the riichi preset
// does. docs/TENHOU.md gives the evidence for the date.
inline constexpr int kTenpaiYameSince = 20220101;
// The record's date from its id (YYYYMMDD), or 0 when the id does not start with one.
[[nodiscard]] int RecordDate(const Game& game);

// The ruleset the record was played under: `base` (default: the riichi preset, with tenpai_yame
// false for records dated before kTenpaiYameSince) with the record's game length, red fives and
// open-tanyao setting.
[[nodiscard]] Result<Ruleset> RulesetFor(const Game& game, const Ruleset* base = nullptr);

[[nodiscard]] GameReport VerifyGame(const Game& game, const std::string& file, const VerifyOptions& options = {});
[[nodiscard]] GameReport VerifyFile(const std::string& path, const VerifyOptions& options = {});

// "file E2-1: what: expected X, got Y".
[[nodiscard]] std::string FormatMismatch(const std::string& file, const Mismatch& m);

// The record files named by `path`: the file itself, or a directory's *.json files that hold a
// tenhou.net/6 record (a top-level "log"), sorted by name. Other files in a directory are skipped.
[[nodiscard]] Result<std::vector<std::string>> CollectRecordFiles(const std::string& path);

}  // namespace mj::tenhou
