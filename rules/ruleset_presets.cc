#include "rules/ruleset_presets.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#include "rules/bounded_json.h"
#include "rules/presets.h"
#include "rules/ruleset_reading.h"

namespace mj {
namespace ruleset_json {

std::string PresetNameList() {
  std::string names;
  for (const auto& [name, text] : EmbeddedPresets()) {
    if (!names.empty()) names += ", ";
    names += name;
  }
  return names;
}

Result<Ruleset> ParseText(std::string_view text, int depth) {
  try {
    auto doc = ParseBoundedJson(text, kRulesetLimits);
    if (!doc) return Error{doc.error()};
    if (const auto repeated = FindRepeatedKey(text))
      return Error{"key " + *repeated + " appears twice in one object (which one was meant?)"};
    return FromJson(*doc, depth);
  } catch (const std::exception& e) {
    return Error{e.what()};
  }
}

Result<Ruleset> PresetByName(std::string_view name, int depth) {
  // Parsed presets, filled on first use. Parsing runs outside the lock: a preset's "base"
  // comes back here.
  static std::mutex mutex;
  static std::map<std::string, Ruleset, std::less<>> cache;
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(name); it != cache.end()) return it->second;
  }
  for (const auto& [preset, text] : EmbeddedPresets()) {
    if (preset != name) continue;
    auto r = ParseText(text, depth);
    if (!r.ok()) return Error{"preset " + Quote(name) + ": " + r.error()};
    std::lock_guard lock(mutex);
    cache.emplace(std::string(name), r.value());
    return r;
  }
  return Error{"unknown preset " + Quote(name) + " (presets: " + PresetNameList() + ")"};
}

bool IsPreset(std::string_view name) {
  for (const auto& [preset, text] : EmbeddedPresets())
    if (preset == name) return true;
  return false;
}

}  // namespace ruleset_json

using ruleset_json::IsPreset;
using ruleset_json::ParseText;
using ruleset_json::PresetByName;
using ruleset_json::PresetNameList;
using ruleset_json::Quote;

Result<Ruleset> LoadRuleset(std::string_view name_or_path) {
  try {
    if (IsPreset(name_or_path)) return PresetByName(name_or_path, 0);
    const std::string path(name_or_path);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) || !std::ifstream(path, std::ios::binary).is_open())
      return Error{"unknown ruleset " + Quote(name_or_path) + ": not a preset (" +
                   PresetNameList() + ") nor a readable file"};
    auto text = ReadBoundedFile(path, kRulesetLimits.max_bytes);
    if (!text) return Error{"ruleset file " + Quote(path) + ": " + text.error()};
    auto r = ParseText(*text, 0);
    if (!r.ok()) return Error{"ruleset file " + Quote(path) + ": " + r.error()};
    return r;
  } catch (const std::exception& e) {
    return Error{"ruleset " + Quote(name_or_path) + ": " + e.what()};
  }
}

}  // namespace mj
