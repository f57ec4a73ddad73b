#include "formats/tenhou6_refusal.h"

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "formats/tenhou6.h"
#include "formats/tenhou_verify.h"
#include "rules/ruleset.h"

namespace mj::tenhou {
namespace {

using nlohmann::json;

// The keys (dotted below objects: "yaku.open_riichi.enabled") where `a` and `b` differ.
void DiffKeys(const json& a, const json& b, const std::string& prefix, std::vector<std::string>* out) {
  if (a.is_object() && b.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      const std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
      if (!b.contains(it.key())) {
        out->push_back(key);
      } else {
        DiffKeys(it.value(), b.at(it.key()), key, out);
      }
    }
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key())) out->push_back(prefix.empty() ? it.key() : prefix + "." + it.key());
    return;
  }
  if (a != b) out->push_back(prefix);
}

}  // namespace

std::optional<std::string> Tenhou6ExportRefusal(const GameRecord& record) {
  if (!record.complete)
    return "the game stopped before its end (" + record.error +
           "); a tenhou.net/6 record holds whole hands with their results";
  Game shape;
  shape.east_only = record.rules.length == GameLength::kEast;
  shape.kuitan = record.rules.kuitan;
  shape.red_fives = record.rules.red_fives;
  auto tenhou = RulesetFor(shape);
  if (!tenhou) return "cannot build Tenhou's ruleset: " + tenhou.error();
  json ours = RulesetToJson(record.rules);
  json theirs = RulesetToJson(*tenhou);
  ours.erase("name");
  theirs.erase("name");
  std::vector<std::string> keys;
  DiffKeys(ours, theirs, "", &keys);
  if (keys.empty()) return std::nullopt;
  std::string list;
  const size_t shown = std::min<size_t>(keys.size(), 8);
  for (size_t i = 0; i < shown; ++i) list += (i ? ", " : "") + keys[i];
  if (keys.size() > shown) list += " and " + std::to_string(keys.size() - shown) + " more";
  return "tenhou.net/6 records games under Tenhou's rules (the riichi preset; only the game length east/hanchan, "
         "red fives and open tanyao can vary), and ruleset \"" +
         record.rules.name + "\" differs in " + list + "; its readers would replay the game under other rules";
}

}  // namespace mj::tenhou
