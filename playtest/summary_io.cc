#include "playtest/summary_io.h"

#include <fstream>
#include <sstream>

#include "playtest/parallel_for.h"
#include "rules/bounded_json.h"

namespace mj {

using nlohmann::json;

MatchHeader HeaderFor(const MatchSetup& setup) {
  MatchHeader h;
  h.rules = setup.rules.name;
  h.point_scale = PointScale(setup.rules);
  h.shields = setup.rules.shields.enabled;
  h.seed = setup.seed;
  h.entries = setup.entries;
  h.rotations = setup.rotations;
  return h;
}

namespace {

// SummaryText, with the records' one-line texts given instead of read from doc's "games".
std::string SummaryTextWith(const json& doc, const std::vector<std::string>* record_lines) {
  std::string out = "{";
  bool first = true;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    out += first ? "\n" : ",\n";
    first = false;
    out += json(it.key()).dump() + ": ";
    if (it.key() == "games") {
      out += "[";
      const size_t n = record_lines ? record_lines->size() : it->size();
      for (size_t i = 0; i < n; ++i) {
        out += i ? ",\n" : "\n";
        out += record_lines ? (*record_lines)[i] : (*it)[i].dump();
      }
      out += "\n]";
    } else if (it.key() == "statistics") {
      out += it->dump(1);
    } else {
      out += it->dump();
    }
  }
  out += "\n}\n";
  return out;
}

}  // namespace

std::string SummaryText(const json& doc) { return SummaryTextWith(doc, nullptr); }

Result<bool> WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Error{"cannot write " + path};
  out << text;
  out.close();
  if (!out) return Error{"cannot write " + path};
  return true;
}

Result<bool> WriteSummary(const std::string& path, const MatchHeader& header, const std::vector<GameSummary>& games,
                          const json& statistics, const std::string& command, const json& shard, int jobs) {
  // The records' lines are made on the threads and no document of them is kept: the same text
  // as SummaryText(SummaryDocument(...)).
  std::vector<std::string> lines(games.size());
  ParallelFor(games.size(), jobs, [&](size_t i) { lines[i] = GameSummaryToJson(games[i]).dump(); });
  json doc = SummaryDocument(header, {}, command, statistics);
  if (!shard.is_null()) doc["shard"] = shard;
  return WriteText(path, SummaryTextWith(doc, &lines));
}

Result<json> ReadJsonFile(const std::string& path) {
  // A summary is outside input: bounded in size and depth, every parser error (a count written
  // 1e999 is a number out of range) an error naming the file.
  auto text = ReadBoundedFile(path, kSummaryLimits.max_bytes);
  if (!text) return Error{text.error()};
  auto doc = ParseBoundedJson(*text, kSummaryLimits);
  if (!doc) return Error{path + ": invalid JSON: " + doc.error()};
  return doc;
}

}  // namespace mj
