#pragma once
// Engine events <-> mjai JSON objects (docs/REPLAY.md): tile names, each event's fields, the
// fields that follow from earlier events, and reading events back with tile ids resolved.
// EventToJson and MjaiTile (declared in replays/replay.h) are defined with these, in
// mjai_events_write.cc and mjai_tile_names.cc; reading back is mjai_events_read.cc.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/event.h"
#include "tiles/result.h"
#include "rules/ruleset.h"

namespace mj {

class SimdJsonValue;

// A tile name's meaning: its kind and whether it is a red five ("5mr") or a peach tile ("3m*",
// our extension for Dunpai's marked 3s and 7s).
struct MjaiTileName {
  Kind kind = 0;
  bool red = false;
  bool peach = false;
  [[nodiscard]] bool marked() const { return red || peach; }
  friend bool operator==(const MjaiTileName&, const MjaiTileName&) = default;
};
// "1m".."9m", "1p".., "1s".., "E" "S" "W" "N" "P" "F" "C", "5mr" "5pr" "5sr", "3m*" "7m*" "3p*"
// "7p*" "3s*" "7s*"; nullopt otherwise.
[[nodiscard]] std::optional<MjaiTileName> ParseMjaiTile(std::string_view name);
// The name an engine tile has under the ruleset.
[[nodiscard]] MjaiTileName MjaiNameOf(Tile t, const Ruleset& rules);

// Every event of a game as mjai objects, EventToJson plus the fields that depend on the game
// header or on earlier events: start_game "names"; reach_accepted "deltas" and "scores".
[[nodiscard]] std::vector<nlohmann::json> EventsToJson(const std::vector<Event>& events, const Ruleset& rules,
                                                       const std::array<std::string, 4>& names);

// Reads schema-valid event objects back (`pointer` is where the array sits, e.g. "/events").
// Fields derived from other data (see EventsToJson) are not read; the caller checks them.
// Tile ids: a red (or peach) name takes copy 0 of its kind; a plain name that appears for the
// first time in a hand (deal, draw, dora and ura indicators) takes the lowest copy not yet seen
// in that hand (copies 1-3 when copy 0 is marked under the ruleset); a tile leaving a hand (discard, call,
// kan, shown hand) is the held copy with that name: the drawn one for tsumogiri, else the lowest
// other one; a called or ronned tile is the last discarded (or kan) tile. A document that is
// not a consistent game falls back to fresh copies; verification finds what is wrong.
[[nodiscard]] Result<std::vector<Event>> EventsFromJson(const nlohmann::json& events, const Ruleset& rules,
                                                        const std::string& pointer);
// The same reader over a simdjson DOM array (replays/simd_json_value.h).
[[nodiscard]] Result<std::vector<Event>> EventsFromSimdJson(const SimdJsonValue& events, const Ruleset& rules,
                                                            const std::string& pointer);

// Why a ruleset's games cannot be exported as mjai, or nullopt when they can. Games with shields
// (盾牌) are refused: mjai has no shield area, its readers reject unknown event types and
// 15/16-tile deals, and dropping the shield events would leave a stream that is not a game.
[[nodiscard]] std::optional<std::string> MjaiExportRefusal(const Ruleset& rules);

// The events of a record as mjai JSON Lines: EventsToJson, one event per line ("type" first),
// our extension fields kept.
[[nodiscard]] std::string ExportMjaiLines(const std::vector<Event>& events, const Ruleset& rules,
                                          const std::array<std::string, 4>& names);

// A JSON value on one line with object keys in the documented order ("type" first, then the
// mjai fields in mjai order, our extensions after them; unknown keys alphabetically).
[[nodiscard]] std::string DumpOrdered(const nlohmann::json& j);

}  // namespace mj
