// Canonical replay text read fast (see replay_fast_read.h).

#include "replays/replay_fast_read.h"

#include <simdjson.h>

#include <array>
#include <charconv>
#include <memory>
#include <string>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "replays/json_schema.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/replay_schema.h"
#include "replays/replay_writer.h"
#include "replays/simd_json_value.h"

namespace mj {
namespace {

using nlohmann::json;

constexpr std::string_view kRulesetKey = "\n\"ruleset\":";
constexpr std::string_view kFinalKey = ",\n\"final\":";
constexpr std::string_view kHandsKey = ",\n\"hands\":[";
constexpr std::string_view kEventsKey = ",\n\"events\":[\n";
// Distinct event lines remembered as schema-valid, per thread, before the set starts over.
constexpr size_t kMaxCachedLines = 1 << 18;

// The replay schema in three parts: one definition on its own ("event", "ruleset"), and the
// document with any ruleset (it is checked on its own, once per distinct ruleset text).
struct SchemaParts {
  std::unique_ptr<JsonSchema> event, hand, ruleset, document;
};

std::unique_ptr<JsonSchema> CompiledOrNull(json schema) {
  auto compiled = JsonSchema::Compile(std::move(schema));
  if (!compiled) return nullptr;
  return std::make_unique<JsonSchema>(std::move(compiled).value());
}

const SchemaParts& Schemas() {
  static const SchemaParts parts = [] {
    SchemaParts p;
    const Result<JsonSchema>& full = ReplaySchema();
    if (!full) return p;
    const json& defs = full->schema().at("$defs");
    p.event = CompiledOrNull({{"$ref", "#/$defs/event"}, {"$defs", defs}});
    p.hand = CompiledOrNull({{"$ref", "#/$defs/hand"}, {"$defs", defs}});
    p.ruleset = CompiledOrNull({{"$ref", "#/$defs/ruleset"}, {"$defs", defs}});
    json doc = full->schema();
    doc["properties"]["ruleset"] = true;
    p.document = CompiledOrNull(std::move(doc));
    return p;
  }();
  return parts;
}

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

// An event line with the parts that are valid whatever their values, once the line is what the
// writer writes, replaced by fixed ones, so that lines differing only there share one schema
// check: every "scores" / "deltas" array of four integers (the schema's points4: four integers,
// nothing more) becomes [0,0,0,0], and every tile name in "tehais" becomes "1m" (the writer
// writes only tile names of the schema's enum; the counts, which the schema limits, stay).
void Normalize(std::string_view line, std::string* out) {
  out->clear();
  size_t at = 0;
  while (at < line.size()) {
    const size_t key = line.find("\":[", at);
    if (key == std::string_view::npos) break;
    const size_t name_start = line.rfind('"', key - 1);
    const std::string_view name = line.substr(name_start + 1, key - name_start - 1);
    const size_t value = key + 3;  // after '['
    out->append(line.substr(at, value - at));
    at = value;
    if (name == "scores" || name == "deltas") {
      const size_t close = line.find(']', value);
      const std::string_view items = line.substr(value, close - value);
      int commas = 0;
      bool integers = close != std::string_view::npos && !items.empty();
      for (const char c : items) {
        if (c == ',') ++commas;
        else if (!(c == '-' || (c >= '0' && c <= '9'))) integers = false;
      }
      if (integers && commas == 3) {
        out->append("0,0,0,0");
        at = close;
      }
    } else if (name == "tehais") {
      int depth = 1;
      size_t i = value;
      for (; i < line.size() && depth > 0; ++i) {
        const char c = line[i];
        if (c == '[') ++depth;
        if (c == ']') --depth;
        if (c == '"') {
          const size_t end = line.find('"', i + 1);
          if (end == std::string_view::npos) break;
          out->append("\"1m\"");
          i = end;
          continue;
        }
        out->push_back(c);
      }
      at = i;
    }
  }
  out->append(line.substr(at));
}

// One line (an event or a hand summary) valid under `schema`; `kind` keeps their caches apart.
bool ValidLine(std::string_view text, const JsonSchema& schema, int kind) {
  thread_local std::array<std::unordered_set<std::string, StringHash, std::equal_to<>>, 2> caches;
  auto& valid = caches[kind];
  thread_local std::string normalized;
  Normalize(text, &normalized);
  const std::string_view line = normalized;
  if (valid.find(line) != valid.end()) return true;
  json doc = json::parse(line, nullptr, false);
  if (doc.is_discarded() || !schema.Accepts(doc)) return false;
  if (valid.size() >= kMaxCachedLines) valid.clear();
  valid.emplace(line);
  return true;
}

// The ruleset a replay's "ruleset" text stands for, remembered per thread for the last text.
// (Schema-checked when first seen.)
const Ruleset* RulesetOf(std::string_view text, const JsonSchema& schema) {
  struct Cached {
    std::string text;
    Ruleset rules;
  };
  thread_local std::unique_ptr<Cached> cache;
  if (cache && cache->text == text) return &cache->rules;
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !schema.Accepts(j)) return nullptr;
  auto rules = RulesetFromJson(j);
  if (!rules) return nullptr;
  cache = std::make_unique<Cached>(Cached{std::string(text), std::move(rules).value()});
  return &cache->rules;
}

// ReplayFromJson's checks on the events themselves (its messages come from it).
bool EventsFitTheHeader(const GameRecord& rec) {
  if (rec.events.empty() || rec.events.front().type != EventType::kStartGame) return false;
  for (size_t i = 1; i < rec.events.size(); ++i) {
    const EventType t = rec.events[i].type;
    if (t == EventType::kStartGame) return false;
    if (t == EventType::kEndGame && i + 1 != rec.events.size()) return false;
  }
  const bool ended = rec.events.back().type == EventType::kEndGame;
  if (ended != rec.complete || (ended && !rec.events.back().end)) return false;
  for (const Event& e : rec.events) {  // dealt hand sizes (ReplayFromJson's CheckDealSizes)
    if (e.type != EventType::kStartKyoku || !e.start) continue;
    for (int p = 0; p < 4; ++p) {
      const size_t dealt = e.start->tehais[p].size();
      if (!rec.rules.shields.enabled && dealt != 13) return false;
      if (rec.rules.shields.enabled && dealt < static_cast<size_t>(13 + e.start->shields_carried[p])) return false;
    }
  }
  return true;
}

}  // namespace

std::optional<GameRecord> ReadCanonicalReplay(std::string_view text) {
  const SchemaParts& schemas = Schemas();
  if (!schemas.event || !schemas.hand || !schemas.ruleset || !schemas.document) return std::nullopt;
  const size_t hands_at = text.find(kHandsKey);
  if (hands_at == std::string_view::npos) return std::nullopt;
  const size_t ruleset_at = text.find(kRulesetKey);
  const size_t final_at = text.find(kFinalKey);
  const size_t events_at = text.find(kEventsKey);
  if (ruleset_at == std::string_view::npos || final_at == std::string_view::npos ||
      events_at == std::string_view::npos || !(ruleset_at < final_at && final_at < events_at))
    return std::nullopt;

  GameRecord rec;
  try {
    thread_local simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(text.data(), text.size()).value();
    const std::string_view seed = doc["seed"].get_string().value();
    const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), rec.seed);
    if (ec != std::errc() || end != seed.data() + seed.size()) return std::nullopt;
    const SimdJsonValue root(doc);
    rec.agents = root.at("agents").get<std::array<std::string, 4>>();
    rec.complete = root.at("complete").get<bool>();
    if (root.contains("error")) rec.error = root.at("error").get<std::string>();
    if (root.contains("match")) {
      const json match = json::parse(simdjson::minify(doc["match"].value()), nullptr, false);
      if (match.is_discarded()) return std::nullopt;
      auto info = MatchInfoFromJson(match);
      if (!info) return std::nullopt;
      rec.match = *info;
    }
    const size_t rules_begin = ruleset_at + kRulesetKey.size();
    const Ruleset* rules = RulesetOf(text.substr(rules_begin, final_at - rules_begin), *schemas.ruleset);
    if (!rules) return std::nullopt;
    rec.rules = *rules;
    auto events = EventsFromSimdJson(root.at("events"), rec.rules, "/events");
    if (!events) return std::nullopt;
    rec.events = std::move(events).value();
  } catch (const std::exception&) {  // simdjson_error, or nlohmann's in the match object
    return std::nullopt;
  }
  if (!EventsFitTheHeader(rec)) return std::nullopt;
  if (rec.complete) rec.end = *rec.events.back().end;

  // Exactly what the record writes back...
  if (ReplayText(rec) != text) return std::nullopt;

  // ... and schema-valid: the ruleset (above), the document with any ruleset, no hand summaries
  // and its first event only, then every hand summary line and every other event line.
  const size_t lines_begin = events_at + kEventsKey.size();
  size_t line_end = text.find('\n', lines_begin);
  if (line_end == std::string_view::npos) return std::nullopt;
  std::string_view first = text.substr(lines_begin, line_end - lines_begin);
  if (!first.empty() && first.back() == ',') first.remove_suffix(1);
  std::string skeleton(text.substr(0, ruleset_at));
  skeleton += "\n\"ruleset\":{}";
  if (!(final_at < hands_at && hands_at < events_at)) return std::nullopt;
  skeleton += text.substr(final_at, hands_at - final_at);
  skeleton += ",\n\"hands\":[]";
  skeleton += ",\n\"events\":[";
  skeleton += first;
  skeleton += "]}";
  const json head = json::parse(skeleton, nullptr, false);
  if (head.is_discarded() || !schemas.document->Accepts(head)) return std::nullopt;
  for (size_t at = line_end + 1; at < text.size();) {
    const size_t next = text.find('\n', at);
    if (next == std::string_view::npos) break;
    std::string_view line = text.substr(at, next - at);
    at = next + 1;
    if (line == "]}") break;
    if (!line.empty() && line.back() == ',') line.remove_suffix(1);
    if (!ValidLine(line, *schemas.event, 0)) return std::nullopt;
  }
  for (size_t at = hands_at + kHandsKey.size(); at < events_at;) {
    size_t next = text.find('\n', at);
    if (next == std::string_view::npos || next > events_at) next = events_at;
    std::string_view line = text.substr(at, next - at);
    at = next + 1;
    if (!line.empty() && line.back() == ',') line.remove_suffix(1);
    if (line.empty() || line == "]") continue;
    if (!ValidLine(line, *schemas.hand, 1)) return std::nullopt;
  }
  return rec;
}

}  // namespace mj
