#include "rules/ruleset_sweep.h"

namespace mj {

using nlohmann::json;

namespace {

std::vector<std::string> Split(const std::string& text, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

// Sets the dotted `key` of `overlay` to v, creating its sections; the key must be one of
// `whole` (the base's every key: a sweep changes a ruleset's key, it does not invent one).
Result<bool> SetKey(json& overlay, const json& whole, const std::string& key, const json& v, const std::string& base) {
  const json* known = &whole;
  json* at = &overlay;
  for (const std::string& part : Split(key, '.')) {
    if (!known->is_object() || !known->contains(part))
      return Error{"--vary: \"" + key + "\" is not a key of ruleset \"" + base + "\" (docs/RULESET.md)"};
    known = &(*known)[part];
    if (!at->is_object()) *at = json::object();
    at = &(*at)[part];
  }
  if (known->is_object() || known->is_array())
    return Error{"--vary: \"" + key + "\" is a section, not a value; name one of its keys"};
  *at = v;
  return true;
}

}  // namespace

Result<RulesetVary> ParseRulesetVary(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    return Error{"--vary takes KEY=V1,V2,... (e.g. shields.per_hand+shields.extra_tiles=1,2,3), got \"" + text + "\""};
  RulesetVary v;
  for (const std::string& key : Split(text.substr(0, eq), '+')) {
    if (key.empty()) return Error{"--vary: empty key in \"" + text + "\""};
    v.keys.push_back(key);
  }
  for (const std::string& value : Split(text.substr(eq + 1), ',')) {
    if (value.empty()) return Error{"--vary: empty value in \"" + text + "\""};
    json parsed = json::parse(value, nullptr, false);
    v.values.push_back(parsed.is_discarded() ? json(value) : parsed);
    v.texts.push_back(value);
  }
  return v;
}

Result<std::vector<Ruleset>> SweepRulesets(const Ruleset& base, const std::vector<RulesetVary>& vary) {
  if (vary.empty() || vary.size() > 2) return Error{"--vary: give one or two of them (a grid of two keys at most)"};
  std::vector<std::vector<size_t>> combos;
  for (size_t a = 0; a < vary[0].values.size(); ++a) {
    if (vary.size() == 1) {
      combos.push_back({a});
    } else {
      for (size_t b = 0; b < vary[1].values.size(); ++b) combos.push_back({a, b});
    }
  }
  std::vector<Ruleset> out;
  for (const std::vector<size_t>& combo : combos) {
    const json whole = RulesetToJson(base);
    json j = json::object();
    std::string label;
    for (size_t o = 0; o < combo.size(); ++o) {
      const RulesetVary& v = vary[o];
      for (const std::string& key : v.keys) {
        auto set = SetKey(j, whole, key, v.values[combo[o]], base.name);
        if (!set) return Error{set.error()};
      }
      if (!label.empty()) label += ",";
      std::string keys;
      for (const std::string& key : v.keys) keys += (keys.empty() ? "" : "+") + key;
      label += keys + "=" + v.texts[combo[o]];
    }
    j["name"] = base.name + "[" + label + "]";
    auto r = RulesetFromJson(j, base);
    if (!r) return Error{"--vary " + label + ": " + r.error()};
    out.push_back(std::move(r).value());
  }
  return out;
}

}  // namespace mj
