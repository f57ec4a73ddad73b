#include "replays/json_schema.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <string_view>

namespace mj {
namespace {

using nlohmann::json;

constexpr int kMaxDepth = 100;  // nesting of schemas (and $ref hops) before we call it a cycle

constexpr std::array<std::string_view, 24> kKeywords = {
    "type",     "const",       "enum",        "minimum",    "maximum",    "minLength",
    "maxLength", "pattern",    "minItems",    "maxItems",   "prefixItems", "items",
    "required", "properties",  "additionalProperties", "allOf", "anyOf", "oneOf",
    "if",       "then",        "else",        "$ref",       "$defs",      "$schema"};
constexpr std::array<std::string_view, 6> kAnnotations = {"$id", "$comment", "title", "description", "examples",
                                                          "default"};

bool Known(std::string_view key) {
  return std::find(kKeywords.begin(), kKeywords.end(), key) != kKeywords.end() ||
         std::find(kAnnotations.begin(), kAnnotations.end(), key) != kAnnotations.end();
}

// "string \"x\"", "integer 3", "object", ... for messages.
std::string Describe(const json& v) {
  std::string s = v.is_number_integer() || v.is_number_unsigned() ? "integer" : v.type_name();
  if (v.is_primitive() && !v.is_null()) {
    std::string text = v.dump();
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    s += " " + text;
  }
  return s;
}

std::string Short(const json& v) {
  std::string text = v.dump();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

bool HasType(const json& v, std::string_view type) {
  if (type == "null") return v.is_null();
  if (type == "boolean") return v.is_boolean();
  if (type == "string") return v.is_string();
  if (type == "array") return v.is_array();
  if (type == "object") return v.is_object();
  if (type == "number") return v.is_number();
  if (type == "integer") {
    if (v.is_number_integer() || v.is_number_unsigned()) return true;
    if (!v.is_number_float()) return false;
    const double d = v.get<double>();
    return std::isfinite(d) && std::floor(d) == d;
  }
  return false;
}

void Add(std::vector<SchemaError>* errors, const std::string& pointer, std::string message) {
  errors->push_back({pointer, std::move(message)});
}

// Compile-time walk: keywords known, subschemas of the right shape, patterns compiled.
std::optional<Error> CheckSchema(const json& s, const std::string& where, std::map<std::string, std::regex>* patterns) {
  if (s.is_boolean()) return std::nullopt;
  if (!s.is_object()) return Error{where + ": a schema must be an object or a boolean"};
  for (const auto& [key, value] : s.items()) {
    if (!Known(key)) return Error{where + ": unsupported keyword \"" + key + "\""};
    const std::string at = PointerAppend(where, key);
    if (key == "properties" || key == "$defs") {
      if (!value.is_object()) return Error{at + ": must be an object"};
      for (const auto& [name, sub] : value.items())
        if (auto e = CheckSchema(sub, PointerAppend(at, name), patterns)) return e;
    } else if (key == "items" || key == "additionalProperties" || key == "if" || key == "then" || key == "else") {
      if (auto e = CheckSchema(value, at, patterns)) return e;
    } else if (key == "prefixItems" || key == "allOf" || key == "anyOf" || key == "oneOf") {
      if (!value.is_array() || value.empty()) return Error{at + ": must be a non-empty array"};
      for (size_t i = 0; i < value.size(); ++i)
        if (auto e = CheckSchema(value[i], PointerAppend(at, std::to_string(i)), patterns)) return e;
    } else if (key == "type") {
      const json types = value.is_array() ? value : json::array({value});
      for (const json& t : types)
        if (!t.is_string() || !(t == "null" || t == "boolean" || t == "string" || t == "array" || t == "object" ||
                                t == "number" || t == "integer"))
          return Error{at + ": unknown type " + Short(t)};
    } else if (key == "enum") {
      if (!value.is_array() || value.empty()) return Error{at + ": must be a non-empty array"};
    } else if (key == "required") {
      if (!value.is_array()) return Error{at + ": must be an array of names"};
      for (const json& n : value)
        if (!n.is_string()) return Error{at + ": must be an array of names"};
    } else if (key == "minimum" || key == "maximum") {
      if (!value.is_number()) return Error{at + ": must be a number"};
    } else if (key == "minItems" || key == "maxItems" || key == "minLength" || key == "maxLength") {
      if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<int64_t>() >= 0))
        return Error{at + ": must be a non-negative integer"};
    } else if (key == "pattern") {
      if (!value.is_string()) return Error{at + ": must be a string"};
      const std::string p = value.get<std::string>();
      try {
        patterns->emplace(p, std::regex(p, std::regex::ECMAScript));
      } catch (const std::regex_error& e) {
        return Error{at + ": invalid pattern: " + e.what()};
      }
    } else if (key == "$ref") {
      if (!value.is_string()) return Error{at + ": must be a string"};
    }
  }
  return std::nullopt;
}

// Every $ref in `s` resolves.
std::optional<Error> CheckRefs(const json& s, const std::string& where,
                               const std::function<const json*(const std::string&)>& resolve) {
  if (s.is_object()) {
    for (const auto& [key, value] : s.items()) {
      const std::string at = PointerAppend(where, key);
      if (key == "$ref" && value.is_string() && resolve(value.get<std::string>()) == nullptr)
        return Error{at + ": unresolved reference " + Short(value)};
      if (key == "enum" || key == "const" || key == "examples" || key == "default") continue;
      if (auto e = CheckRefs(value, at, resolve)) return e;
    }
  } else if (s.is_array()) {
    for (size_t i = 0; i < s.size(); ++i)
      if (auto e = CheckRefs(s[i], PointerAppend(where, std::to_string(i)), resolve)) return e;
  }
  return std::nullopt;
}

// The deepest pointer among errors (for choosing which failed alternative to report).
size_t Depth(const std::vector<SchemaError>& errors) {
  size_t best = 0;
  for (const SchemaError& e : errors) best = std::max(best, static_cast<size_t>(std::count(e.pointer.begin(), e.pointer.end(), '/')));
  return best;
}

}  // namespace

std::string PointerAppend(const std::string& pointer, const std::string& token) {
  std::string out = pointer + "/";
  for (char c : token) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

std::string SchemaError::ToString() const { return (pointer.empty() ? "(root)" : pointer) + ": " + message; }

Result<JsonSchema> JsonSchema::Compile(json schema) {
  JsonSchema out;
  if (auto e = CheckSchema(schema, "", &out.patterns_)) return Error{"schema " + e->message};
  out.root_ = std::move(schema);
  auto resolve = [&out](const std::string& ref) { return out.Resolve(ref); };
  if (auto e = CheckRefs(out.root_, "", resolve)) return Error{"schema " + e->message};
  return out;
}

const json* JsonSchema::Resolve(const std::string& ref) const {
  if (ref == "#") return &root_;
  static constexpr std::string_view kPrefix = "#/$defs/";
  if (ref.rfind(kPrefix, 0) != 0) return nullptr;
  const std::string name = ref.substr(kPrefix.size());
  auto defs = root_.find("$defs");
  if (defs == root_.end() || !defs->is_object()) return nullptr;
  auto it = defs->find(name);
  return it == defs->end() ? nullptr : &*it;
}

std::vector<SchemaError> JsonSchema::Validate(const json& doc, size_t max_errors) const {
  std::vector<SchemaError> errors;
  Check(root_, doc, "", &errors, 0);
  if (errors.size() > max_errors) errors.resize(max_errors);
  return errors;
}

bool JsonSchema::TypeMatches(const json& schema, const json& value, int depth) const {
  if (!schema.is_object() || depth > kMaxDepth) return true;
  if (auto it = schema.find("$ref"); it != schema.end()) {
    const json* target = Resolve(it->get<std::string>());
    if (target != nullptr && !TypeMatches(*target, value, depth + 1)) return false;
  }
  auto it = schema.find("type");
  if (it == schema.end()) return true;
  const json types = it->is_array() ? *it : json::array({*it});
  for (const json& t : types)
    if (HasType(value, t.get<std::string>())) return true;
  return false;
}

bool JsonSchema::Matches(const json& schema, const json& value, int depth) const {
  std::vector<SchemaError> errors;
  Check(schema, value, "", &errors, depth);
  return errors.empty();
}

void JsonSchema::Check(const json& s, const json& v, const std::string& ptr, std::vector<SchemaError>* errors,
                       int depth) const {
  if (depth > kMaxDepth) {
    Add(errors, ptr, "schema nesting too deep (a $ref cycle?)");
    return;
  }
  if (s.is_boolean()) {
    if (!s.get<bool>()) Add(errors, ptr, "no value is allowed here");
    return;
  }
  if (auto it = s.find("$ref"); it != s.end()) {
    if (const json* target = Resolve(it->get<std::string>())) Check(*target, v, ptr, errors, depth + 1);
  }
  if (auto it = s.find("type"); it != s.end()) {
    const json types = it->is_array() ? *it : json::array({*it});
    bool ok = false;
    std::string names;
    for (const json& t : types) {
      ok = ok || HasType(v, t.get<std::string>());
      names += (names.empty() ? "" : " or ") + t.get<std::string>();
    }
    if (!ok) {
      Add(errors, ptr, "expected " + names + ", got " + Describe(v));
      return;  // nothing else about this value is meaningful
    }
  }
  if (auto it = s.find("const"); it != s.end() && v != *it)
    Add(errors, ptr, "expected " + Short(*it) + ", got " + Short(v));
  if (auto it = s.find("enum"); it != s.end()) {
    if (std::find(it->begin(), it->end(), v) == it->end()) {
      std::string what;
      if (auto title = s.find("title"); title != s.end() && title->is_string()) {
        what = "the " + title->get<std::string>();
      } else {
        for (size_t i = 0; i < it->size() && i < 8; ++i) what += (i ? ", " : "") + Short((*it)[i]);
        if (it->size() > 8) what += ", ... (" + std::to_string(it->size()) + " values)";
        what = "[" + what + "]";
      }
      Add(errors, ptr, Short(v) + " is not one of " + what);
    }
  }
  if (v.is_number()) {
    const double x = v.get<double>();
    if (auto it = s.find("minimum"); it != s.end() && x < it->get<double>())
      Add(errors, ptr, Short(v) + " is less than the minimum " + Short(*it));
    if (auto it = s.find("maximum"); it != s.end() && x > it->get<double>())
      Add(errors, ptr, Short(v) + " is more than the maximum " + Short(*it));
  }
  if (v.is_string()) {
    const std::string& text = v.get_ref<const std::string&>();
    if (auto it = s.find("minLength"); it != s.end() && text.size() < it->get<size_t>())
      Add(errors, ptr, "is shorter than " + Short(*it) + " characters");
    if (auto it = s.find("maxLength"); it != s.end() && text.size() > it->get<size_t>())
      Add(errors, ptr, "is longer than " + Short(*it) + " characters");
    if (auto it = s.find("pattern"); it != s.end()) {
      const std::regex& re = patterns_.at(it->get<std::string>());
      if (!std::regex_search(text, re)) Add(errors, ptr, Short(v) + " does not match the pattern " + Short(*it));
    }
  }
  if (v.is_array()) {
    if (auto it = s.find("minItems"); it != s.end() && v.size() < it->get<size_t>())
      Add(errors, ptr, "has " + std::to_string(v.size()) + " items; at least " + Short(*it) + " required");
    if (auto it = s.find("maxItems"); it != s.end() && v.size() > it->get<size_t>())
      Add(errors, ptr, "has " + std::to_string(v.size()) + " items; at most " + Short(*it) + " allowed");
    size_t first = 0;
    if (auto it = s.find("prefixItems"); it != s.end()) {
      for (size_t i = 0; i < it->size() && i < v.size(); ++i)
        Check((*it)[i], v[i], PointerAppend(ptr, std::to_string(i)), errors, depth + 1);
      first = it->size();
    }
    if (auto it = s.find("items"); it != s.end())
      for (size_t i = first; i < v.size(); ++i) Check(*it, v[i], PointerAppend(ptr, std::to_string(i)), errors, depth + 1);
  }
  if (v.is_object()) {
    if (auto it = s.find("required"); it != s.end())
      for (const json& name : *it)
        if (!v.contains(name.get<std::string>()))
          Add(errors, PointerAppend(ptr, name.get<std::string>()), "required property is missing");
    const auto props = s.find("properties");
    const auto additional = s.find("additionalProperties");
    for (const auto& [key, value] : v.items()) {
      const std::string at = PointerAppend(ptr, key);
      if (props != s.end() && props->contains(key)) {
        Check(props->at(key), value, at, errors, depth + 1);
      } else if (additional != s.end()) {
        if (additional->is_boolean() && !additional->get<bool>()) {
          Add(errors, at, "unknown property (not allowed here)");
        } else {
          Check(*additional, value, at, errors, depth + 1);
        }
      }
    }
  }
  if (auto it = s.find("allOf"); it != s.end())
    for (const json& sub : *it) Check(sub, v, ptr, errors, depth + 1);
  for (const char* key : {"anyOf", "oneOf"}) {
    auto it = s.find(key);
    if (it == s.end()) continue;
    int matched = 0, typed = 0;
    std::vector<SchemaError> best;
    bool have_best = false, best_typed = false;
    for (const json& sub : *it) {
      std::vector<SchemaError> branch;
      Check(sub, v, ptr, &branch, depth + 1);
      if (branch.empty()) {
        ++matched;
        continue;
      }
      const bool type_ok = TypeMatches(sub, v, depth + 1);
      typed += type_ok;
      if (!have_best || Depth(branch) > Depth(best) || (Depth(branch) == Depth(best) && type_ok && !best_typed)) {
        best = std::move(branch);
        have_best = true;
        best_typed = type_ok;
      }
    }
    const bool one = std::string_view(key) == "oneOf";
    if (matched == 0) {
      // Report the alternative that got furthest into the value, or the only one of the right
      // type: usually the intended one.
      if (Depth(best) > static_cast<size_t>(std::count(ptr.begin(), ptr.end(), '/')) || (best_typed && typed == 1)) {
        errors->insert(errors->end(), best.begin(), best.end());
      } else {
        Add(errors, ptr, "matches none of the " + std::to_string(it->size()) + " alternatives (" + best.front().message + ", ...)");
      }
    } else if (one && matched > 1) {
      Add(errors, ptr, "matches " + std::to_string(matched) + " alternatives; exactly one is allowed");
    }
  }
  if (auto it = s.find("if"); it != s.end()) {
    if (Matches(*it, v, depth + 1)) {
      if (auto then = s.find("then"); then != s.end()) Check(*then, v, ptr, errors, depth + 1);
    } else {
      if (auto otherwise = s.find("else"); otherwise != s.end()) Check(*otherwise, v, ptr, errors, depth + 1);
    }
  }
}

}  // namespace mj
