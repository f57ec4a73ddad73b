#pragma once
// The replay file text written as a stream: the bytes of ReplayToJson (replays/replay.h) laid
// out by the file format (docs/REPLAY.md), appended straight to a string with no JSON document
// tree per event. ReplayToJson + DumpOrdered stay the reference: the stream is byte for byte
// what they give (tests/replay_writer_test.cc, scripts/same_replays.sh).

#include <array>
#include <string>
#include <vector>

#include "engine/game.h"

namespace mj {

// Canonical mjai lines of a game's events in order, each exactly DumpOrdered of EventsToJson's
// object for it (the fields that depend on the header or earlier events included).
class EventTextWriter {
 public:
  EventTextWriter(const Ruleset& rules, const std::array<std::string, 4>& names);
  // Appends the next event's line (no newline) to `out`.
  void Append(const Event& e, std::string* out);

 private:
  void AppendTile(mj::Tile t, std::string* out) const;
  void AppendTiles(const mj::Tile* tiles, size_t n, std::string* out) const;

  const Ruleset& rules_;
  const std::array<std::string, 4>& names_;
  const std::array<std::string, kNumTiles>* tile_names_;
  std::array<int, 4> scores_{};
};

// The whole replay file (header line, ruleset, final result, hand summaries, events), ending
// with a newline: what WriteReplayFile writes before compression.
void AppendReplayText(const GameRecord& record, std::string* out);
[[nodiscard]] std::string ReplayText(const GameRecord& record);

// The parts of the text that depend only on the ruleset (cached per thread for the last ruleset
// seen): its JSON ("ruleset" value) and each tile's mjai name.
struct RulesetText {
  Ruleset rules;
  std::string json;
  std::array<std::string, kNumTiles> tile_names;
};
[[nodiscard]] const RulesetText& CachedRulesetText(const Ruleset& rules);

// A string as JSON, exactly as nlohmann::json::dump writes it.
void AppendJsonString(std::string_view s, std::string* out);

}  // namespace mj
