#include "cli/summary_io.h"

#include <fstream>
#include <sstream>

namespace mj::cli {

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

std::string SummaryText(const json& doc) {
  std::string out = "{";
  bool first = true;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    out += first ? "\n" : ",\n";
    first = false;
    out += json(it.key()).dump() + ": ";
    if (it.key() == "games") {
      out += "[";
      for (size_t i = 0; i < it->size(); ++i) out += (i ? ",\n" : "\n") + (*it)[i].dump();
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

Result<bool> WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Error{"cannot write " + path};
  out << text;
  out.close();
  if (!out) return Error{"cannot write " + path};
  return true;
}

Result<bool> WriteSummary(const std::string& path, const MatchHeader& header, const std::vector<GameSummary>& games,
                          const json& statistics, const std::string& command, const json& shard) {
  json doc = SummaryDocument(header, games, command, statistics);
  if (!shard.is_null()) doc["shard"] = shard;
  return WriteText(path, SummaryText(doc));
}

Result<json> ReadJsonFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read " + path};
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return json::parse(text.str());
  } catch (const json::parse_error& e) {
    return Error{path + ": invalid JSON: " + e.what()};
  }
}

}  // namespace mj::cli
