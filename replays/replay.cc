// Replay documents: GameRecord <-> JSON (docs/REPLAY.md), files.

#include "replays/replay.h"

#include <charconv>
#include <optional>

#include "replays/json_schema.h"
#include "replays/replay_fast_read.h"
#include "replays/replay_writer.h"
#include "rules/bounded_json.h"
#include "replays/mjai_events.h"
#include "replays/replay_schema.h"

namespace mj {
namespace {

using nlohmann::json;

constexpr const char* kFormatName = "mahjong-replay";

std::string Short(const json& v) {
  std::string text = DumpOrdered(v);
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  return text;
}

// Per-hand summaries, folded from the events.
json HandsSummary(const std::vector<Event>& events, const Ruleset& rules) {
  static constexpr std::string_view kWinds = "ESWN";
  json hands = json::array();
  std::array<int, 4> running{};
  for (const Event& e : events) {
    json* hand = hands.empty() ? nullptr : &hands.back();
    switch (e.type) {
      case EventType::kStartKyoku: {
        if (!e.start) break;
        const StartKyokuInfo& s = *e.start;
        running = s.scores;
        hands.push_back({{"bakaze", std::string(1, kWinds[s.bakaze & 3])},
                         {"kyoku", s.kyoku},
                         {"honba", s.honba},
                         {"kyotaku", s.kyotaku},
                         {"oya", s.oya},
                         {"result", "unfinished"},
                         {"deltas", std::array<int, 4>{}},
                         {"scores", running}});
        break;
      }
      case EventType::kReachAccepted:
        if (!hand || e.actor < 0 || e.actor > 3) break;
        running[e.actor] -= rules.riichi_deposit;
        (*hand)["scores"] = running;
        break;
      case EventType::kHora: {
        if (!hand || !e.hora) break;
        json& h = *hand;
        if (h["result"] != "hora") {
          h["result"] = "hora";
          h["winners"] = json::array();
          h["target"] = e.target;
        }
        h["winners"].push_back(e.actor);
        auto deltas = h["deltas"].get<std::array<int, 4>>();
        for (int p = 0; p < 4; ++p) deltas[p] += e.hora->deltas[p];
        h["deltas"] = deltas;
        running = e.hora->scores;
        h["scores"] = running;
        break;
      }
      case EventType::kRyukyoku:
        if (!hand || !e.ryukyoku) break;
        (*hand)["result"] = "ryukyoku";
        (*hand)["reason"] = EventToJson(e, rules)["reason"];
        (*hand)["deltas"] = e.ryukyoku->deltas;
        running = e.ryukyoku->scores;
        (*hand)["scores"] = running;
        break;
      default: break;
    }
  }
  return hands;
}

// The first place where `doc` differs from `canon` (the document rebuilt from what was read).
std::optional<std::string> FirstDifference(const json& doc, const json& canon, const std::string& ptr) {
  const std::string where = ptr.empty() ? "(root)" : ptr;
  if (doc.is_object() && canon.is_object()) {
    for (auto it = canon.begin(); it != canon.end(); ++it) {
      const std::string at = PointerAppend(ptr, it.key());
      if (!doc.contains(it.key())) return at + ": missing; the rest of the document gives " + Short(*it);
      if (auto d = FirstDifference(doc.at(it.key()), *it, at)) return d;
    }
    for (auto it = doc.begin(); it != doc.end(); ++it)
      if (!canon.contains(it.key())) return PointerAppend(ptr, it.key()) + ": unexpected property";
    return std::nullopt;
  }
  if (doc.is_array() && canon.is_array()) {
    for (size_t i = 0; i < doc.size() && i < canon.size(); ++i)
      if (auto d = FirstDifference(doc[i], canon[i], PointerAppend(ptr, std::to_string(i)))) return d;
    if (doc.size() != canon.size())
      return where + ": has " + std::to_string(doc.size()) + " items; the rest of the document gives " +
             std::to_string(canon.size());
    return std::nullopt;
  }
  if (doc == canon) return std::nullopt;
  return where + ": " + Short(doc) + " disagrees with the rest of the document, which gives " + Short(canon);
}

// The schema allows 13 or more dealt tiles; the ruleset says how many: 13 without shields,
// at least 13 + the shields carried with them (the engine's deal is checked by verify).
std::optional<std::string> CheckDealSizes(const json& events, const Ruleset& rules) {
  for (size_t i = 0; i < events.size(); ++i) {
    const json& e = events[i];
    if (e.at("type") != "start_kyoku") continue;
    for (int p = 0; p < 4; ++p) {
      const size_t dealt = e.at("tehais")[p].size();
      const int carried = e.contains("shields_carried") ? e.at("shields_carried")[p].get<int>() : 0;
      const std::string where = "/events/" + std::to_string(i) + "/tehais/" + std::to_string(p) + ": " +
                                std::to_string(dealt) + " tiles dealt";
      if (!rules.shields.enabled && dealt != 13)
        return where + "; ruleset \"" + rules.name + "\" has no shields, so 13";
      if (rules.shields.enabled && dealt < static_cast<size_t>(13 + carried))
        return where + ", fewer than 13 + the " + std::to_string(carried) + " shields carried";
    }
  }
  return std::nullopt;
}

Result<uint64_t> ParseSeed(const std::string& text) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size())
    return Error{"/seed: \"" + text + "\" is not an unsigned 64-bit integer"};
  return v;
}

}  // namespace

json WallToJson(const Wall& wall, const Ruleset& rules) {
  json out = json::array();
  for (int i = 0; i < kNumTiles; ++i) out.push_back(MjaiTile(wall.tiles[i], rules));
  return out;
}

Result<Wall> WallFromJson(const json& names, const Ruleset& rules) {
  // Ids as the events get them: a red or peach name is copy 0, a plain name the lowest copy not
  // yet used (copies 1-3 when copy 0 is marked under the ruleset).
  // Every tile of the set, once (the engine takes carried shields out of the wall it is given).
  if (names.size() != static_cast<size_t>(kNumTiles))
    return Error{": " + std::to_string(names.size()) + " tiles; a wall has all 136"};
  std::array<bool, kNumTiles> used{};
  Wall wall;
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string name = names[i].get<std::string>();
    const auto parsed = ParseMjaiTile(name);
    if (!parsed) return Error{"/" + std::to_string(i) + ": \"" + name + "\" is not a tile name"};
    Tile t = kNoTile;
    for (int copy = 0; copy < 4 && t == kNoTile; ++copy) {
      const Tile c = TileOf(parsed->kind, copy);
      if (!used[c] && MjaiNameOf(c, rules) == *parsed) t = c;
    }
    if (t == kNoTile) return Error{"/" + std::to_string(i) + ": a fifth \"" + name + "\" (every copy is already in this wall)"};
    used[t] = true;
    wall.tiles[i] = t;
  }
  return wall;
}

// The file text: header keys on the first line, then the ruleset, the final result, and one
// hand summary / event per line.
std::string ReplayDocumentText(const json& doc) {
  std::string out = "{";
  bool first = true;
  auto key = [&](const char* k) {
    out += first ? "" : ",";
    first = false;
    out += json(k).dump() + ":";
  };
  for (const char* k : {"format", "version", "seed", "agents", "complete", "error", "match", "faults", "imported"}) {
    if (!doc.contains(k)) continue;
    key(k);
    out += DumpOrdered(doc.at(k));
  }
  for (const char* k : {"ruleset", "final"}) {
    if (!doc.contains(k)) continue;
    out += ",\n";
    first = true;
    key(k);
    // The ruleset keeps RulesetToJson's (alphabetical) key order.
    out += std::string_view(k) == "ruleset" ? doc.at(k).dump() : DumpOrdered(doc.at(k));
  }
  for (const char* k : {"hands", "events", "walls"}) {
    if (!doc.contains(k)) continue;
    out += ",\n";
    first = true;
    key(k);
    out += "[";
    const json& items = doc.at(k);
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ",\n" : "\n") + DumpOrdered(items[i]);
    out += "\n]";
  }
  out += "}\n";
  return out;
}

json MatchInfoToJson(const MatchInfo& m) {
  json out = {{"seed", std::to_string(m.seed)}, {"game", m.game}, {"entries", m.entries}, {"seating", m.seating}};
  if (m.rotations > 0) out["duplicate"] = {{"set", m.set}, {"rotation", m.rotation}, {"rotations", m.rotations}};
  return out;
}

// The schema has checked the shape; this checks what it cannot say.
Result<MatchInfo> MatchInfoFromJson(const json& j) {
  MatchInfo m;
  auto seed = ParseSeed(j.at("seed").get<std::string>());
  if (!seed) return Error{"/match" + seed.error()};
  m.seed = *seed;
  m.game = j.at("game").get<long>();
  m.entries = j.at("entries").get<std::array<std::string, 4>>();
  m.seating = j.at("seating").get<std::array<int, 4>>();
  if (j.contains("duplicate")) {
    const json& d = j.at("duplicate");
    m.set = d.at("set").get<long>();
    m.rotation = d.at("rotation").get<int>();
    m.rotations = d.at("rotations").get<int>();
    if (m.rotation >= m.rotations)
      return Error{"/match/duplicate/rotation: " + std::to_string(m.rotation) + " but a set has only " +
                   std::to_string(m.rotations) + " rotations"};
  }
  return m;
}

json FaultsToJson(const std::vector<AgentFault>& faults) {
  json out = json::array();
  for (const AgentFault& f : faults)
    out.push_back({{"seat", f.seat}, {"event", f.event}, {"agent", f.agent}, {"error", f.error},
                   {"substituted", f.substituted}});
  return out;
}

json ReplayToJson(const GameRecord& record) {
  json doc = json::object();
  doc["format"] = kFormatName;
  doc["version"] = kReplayFormatVersion;
  doc["seed"] = std::to_string(record.seed);
  doc["agents"] = record.agents;
  doc["complete"] = record.complete;
  if (!record.complete) doc["error"] = record.error;
  if (record.match) doc["match"] = MatchInfoToJson(*record.match);
  if (!record.faults.empty()) doc["faults"] = FaultsToJson(record.faults);
  if (record.imported) doc["imported"] = {{"format", record.imported->format}, {"file", record.imported->file}};
  doc["ruleset"] = RulesetToJson(record.rules);
  if (record.complete) {
    doc["final"] = {{"scores", record.end.scores}, {"ranks", record.end.ranks}, {"results", record.end.results}};
  } else {
    doc["final"] = nullptr;
  }
  doc["hands"] = HandsSummary(record.events, record.rules);
  doc["events"] = EventsToJson(record.events, record.rules, record.agents);
  if (!record.walls.empty()) {
    json walls = json::array();
    for (const Wall& w : record.walls) walls.push_back(WallToJson(w, record.rules));
    doc["walls"] = std::move(walls);
  }
  return doc;
}

Result<GameRecord> ReplayFromJson(const json& doc) {
  const Result<JsonSchema>& schema = ReplaySchema();
  if (!schema) return Error{schema.error()};
  if (!schema->Accepts(doc)) {  // the messages are built only for a document that has errors
    const std::vector<SchemaError> errors = schema->Validate(doc, 100);
    if (errors.empty()) return Error{"(root): the replay schema rejects the document"};  // (they agree)
    std::string message = errors.front().ToString();
    if (errors.size() > 1)
      message += " (and " + std::string(errors.size() >= 100 ? "99+" : std::to_string(errors.size() - 1)) +
                 " more schema errors)";
    return Error{message};
  }
  GameRecord rec;
  auto rules = RulesetFromJson(doc.at("ruleset"));
  if (!rules) return Error{"/ruleset: " + rules.error()};
  rec.rules = std::move(rules).value();
  if (auto bad = CheckDealSizes(doc.at("events"), rec.rules)) return Error{*bad};
  auto seed = ParseSeed(doc.at("seed").get<std::string>());
  if (!seed) return Error{seed.error()};
  rec.seed = *seed;
  rec.agents = doc.at("agents").get<std::array<std::string, 4>>();
  rec.complete = doc.at("complete").get<bool>();
  if (doc.contains("error")) rec.error = doc.at("error").get<std::string>();
  if (doc.contains("match")) {
    auto match = MatchInfoFromJson(doc.at("match"));
    if (!match) return Error{match.error()};
    rec.match = std::move(match).value();
  }
  if (doc.contains("faults"))
    for (const json& f : doc.at("faults"))
      rec.faults.push_back({f.at("seat").get<int>(), f.at("event").get<int>(), f.at("agent").get<std::string>(),
                            f.at("error").get<std::string>(), f.at("substituted").get<bool>()});

  if (doc.contains("imported"))
    rec.imported = ImportedFrom{doc.at("imported").at("format").get<std::string>(),
                                doc.at("imported").at("file").get<std::string>()};
  if (doc.contains("walls")) {
    const json& walls = doc.at("walls");
    for (size_t i = 0; i < walls.size(); ++i) {
      auto wall = WallFromJson(walls[i], rec.rules);
      if (!wall) return Error{"/walls/" + std::to_string(i) + wall.error()};
      rec.walls.push_back(*wall);
    }
  }
  auto events = EventsFromJson(doc.at("events"), rec.rules, "/events");
  if (!events) return Error{events.error()};
  rec.events = std::move(events).value();
  for (size_t i = 1; i < rec.events.size(); ++i) {
    const EventType t = rec.events[i].type;
    if (t == EventType::kStartGame) return Error{"/events/" + std::to_string(i) + "/type: start_game after the first event"};
    if (t == EventType::kEndGame && i + 1 != rec.events.size())
      return Error{"/events/" + std::to_string(i) + "/type: end_game before the last event"};
  }
  const bool ended = rec.events.back().type == EventType::kEndGame;
  if (ended != rec.complete)
    return Error{std::string("/complete: ") + (rec.complete ? "true but the events do not end with end_game"
                                                            : "false but the events end with end_game")};
  if (ended) rec.end = *rec.events.back().end;

  // Everything derived (hand summaries, final result, reach_accepted points, start_game names)
  // and the ruleset's canonical form must agree with what was read: then the document is
  // exactly ReplayToJson of the record.
  if (auto diff = FirstDifference(doc, ReplayToJson(rec), "")) return Error{*diff};
  return rec;
}

std::string ReplayFileText(const GameRecord& record) { return ReplayText(record); }

Result<GameRecord> ReplayFromText(std::string_view text) {
  if (auto fast = ReadCanonicalReplay(text)) return std::move(*fast);
  auto doc = ParseBoundedJson(text, kReplayLimits);
  if (!doc) return Error{"invalid JSON: " + doc.error()};
  return ReplayFromJson(*doc);
}

Result<bool> WriteReplayFile(const GameRecord& record, const std::string& path, Compression compression) {
  return WriteMaybeCompressedFile(path, ReplayText(record), compression);
}

Result<GameRecord> ReadReplayFile(const std::string& path) {
  auto text = ReadMaybeCompressedFile(path, kReplayLimits.max_bytes);
  if (!text) return Error{text.error()};
  return ReplayFromText(*text);
}

}  // namespace mj
