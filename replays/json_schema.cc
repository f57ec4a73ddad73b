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

std::string ShortValue(const json& v) {
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

// A "type" keyword's value (one name or an array of names) admits the value.
bool AnyType(const json& type, const json& v) {
  if (type.is_string()) return HasType(v, type.get_ref<const std::string&>());
  for (const json& t : type)
    if (HasType(v, t.get_ref<const std::string&>())) return true;
  return false;
}

// A schema object's keywords, found in one pass over its members (a schema object has a few;
// looking each of the two dozen keywords up by name on every value was most of the time).
struct Keywords {
  const json *ref = nullptr, *type = nullptr, *constant = nullptr, *enumeration = nullptr, *title = nullptr;
  const json *minimum = nullptr, *maximum = nullptr, *min_length = nullptr, *max_length = nullptr, *pattern = nullptr;
  const json *min_items = nullptr, *max_items = nullptr, *prefix_items = nullptr, *items = nullptr;
  const json *required = nullptr, *properties = nullptr, *additional = nullptr;
  const json *all_of = nullptr, *any_of = nullptr, *one_of = nullptr, *if_ = nullptr, *then = nullptr, *else_ = nullptr;
};

Keywords Scan(const json& s) {
  Keywords k;
  for (auto it = s.begin(); it != s.end(); ++it) {
    const std::string& key = it.key();
    const json* v = &*it;
    if (key.empty()) continue;
    switch (key[0]) {
      case '$': if (key == "$ref") k.ref = v; break;
      case 'a':
        if (key == "allOf") k.all_of = v;
        else if (key == "anyOf") k.any_of = v;
        else if (key == "additionalProperties") k.additional = v;
        break;
      case 'c': if (key == "const") k.constant = v; break;
      case 'e':
        if (key == "enum") k.enumeration = v;
        else if (key == "else") k.else_ = v;
        break;
      case 'i':
        if (key == "items") k.items = v;
        else if (key == "if") k.if_ = v;
        break;
      case 'm':
        if (key == "minimum") k.minimum = v;
        else if (key == "maximum") k.maximum = v;
        else if (key == "minLength") k.min_length = v;
        else if (key == "maxLength") k.max_length = v;
        else if (key == "minItems") k.min_items = v;
        else if (key == "maxItems") k.max_items = v;
        break;
      case 'o': if (key == "oneOf") k.one_of = v; break;
      case 'p':
        if (key == "properties") k.properties = v;
        else if (key == "pattern") k.pattern = v;
        else if (key == "prefixItems") k.prefix_items = v;
        break;
      case 'r': if (key == "required") k.required = v; break;
      case 't':
        if (key == "type") k.type = v;
        else if (key == "then") k.then = v;
        else if (key == "title") k.title = v;
        break;
      default: break;
    }
  }
  return k;
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
          return Error{at + ": unknown type " + ShortValue(t)};
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
        return Error{at + ": unresolved reference " + ShortValue(value)};
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
    const json* target = Resolve(it->get_ref<const std::string&>());
    if (target != nullptr && !TypeMatches(*target, value, depth + 1)) return false;
  }
  auto it = schema.find("type");
  return it == schema.end() || AnyType(*it, value);
}

bool JsonSchema::Matches(const json& schema, const json& value, int depth) const {
  return Check(schema, value, std::string(), nullptr, depth);
}

bool JsonSchema::Accepts(const json& doc) const { return Check(root_, doc, std::string(), nullptr, 0); }

// Quiet (errors == nullptr): returns at the first failure and builds no pointer and no message,
// for if/then/else conditions, anyOf/oneOf alternatives and Accepts(). Otherwise every error is
// added, in the order the keywords are checked below, and the result says whether none was.
bool JsonSchema::Check(const json& s, const json& v, const std::string& ptr, std::vector<SchemaError>* errors,
                       int depth) const {
  const bool quiet = errors == nullptr;
  bool ok = true;
  // A failure: quiet checks stop here; full checks record it and go on.
#define MJ_SCHEMA_FAIL(at, message) \
  do {                              \
    if (quiet) return false;        \
    ok = false;                     \
    Add(errors, at, message);       \
  } while (false)
  // A child's pointer, built only when errors are reported.
  const auto child = [&](const std::string& token) { return quiet ? std::string() : PointerAppend(ptr, token); };
  // A subschema's check: the child's verdict joins this one's (quiet: the first failure ends both).
#define MJ_SCHEMA_SUB(call)            \
  do {                                 \
    if (!(call)) {                     \
      if (quiet) return false;         \
      ok = false;                      \
    }                                  \
  } while (false)

  if (depth > kMaxDepth) {
    MJ_SCHEMA_FAIL(ptr, "schema nesting too deep (a $ref cycle?)");
    return ok;
  }
  if (s.is_boolean()) {
    if (!s.get<bool>()) MJ_SCHEMA_FAIL(ptr, "no value is allowed here");
    return ok;
  }
  const Keywords k = Scan(s);
  if (k.ref != nullptr) {
    if (const json* target = Resolve(k.ref->get_ref<const std::string&>()))
      MJ_SCHEMA_SUB(Check(*target, v, ptr, errors, depth + 1));
  }
  if (const json* it = k.type; it != nullptr && !AnyType(*it, v)) {
    if (quiet) return false;
    std::string names;
    for (const json& t : it->is_array() ? *it : json::array({*it}))
      names += (names.empty() ? "" : " or ") + t.get<std::string>();
    Add(errors, ptr, "expected " + names + ", got " + Describe(v));
    return false;  // nothing else about this value is meaningful
  }
  if (const json* it = k.constant; it != nullptr && v != *it)
    MJ_SCHEMA_FAIL(ptr, "expected " + ShortValue(*it) + ", got " + ShortValue(v));
  if (const json* it = k.enumeration; it != nullptr) {
    if (std::find(it->begin(), it->end(), v) == it->end()) {
      if (quiet) return false;
      std::string what;
      if (const json* title = k.title; title != nullptr && title->is_string()) {
        what = "the " + title->get<std::string>();
      } else {
        for (size_t i = 0; i < it->size() && i < 8; ++i) what += (i ? ", " : "") + ShortValue((*it)[i]);
        if (it->size() > 8) what += ", ... (" + std::to_string(it->size()) + " values)";
        what = "[" + what + "]";
      }
      MJ_SCHEMA_FAIL(ptr, ShortValue(v) + " is not one of " + what);
    }
  }
  if (v.is_number()) {
    const double x = v.get<double>();
    if (const json* it = k.minimum; it != nullptr && x < it->get<double>())
      MJ_SCHEMA_FAIL(ptr, ShortValue(v) + " is less than the minimum " + ShortValue(*it));
    if (const json* it = k.maximum; it != nullptr && x > it->get<double>())
      MJ_SCHEMA_FAIL(ptr, ShortValue(v) + " is more than the maximum " + ShortValue(*it));
  }
  if (v.is_string()) {
    const std::string& text = v.get_ref<const std::string&>();
    // A string's length is its number of Unicode code points (JSON Schema validation 6.3.1):
    // the UTF-8 bytes that do not continue a character.
    const auto length = [&text] {
      return static_cast<size_t>(
          std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    };
    if (const json* it = k.min_length; it != nullptr && length() < it->get<size_t>())
      MJ_SCHEMA_FAIL(ptr, "is shorter than " + ShortValue(*it) + " characters");
    if (const json* it = k.max_length; it != nullptr && length() > it->get<size_t>())
      MJ_SCHEMA_FAIL(ptr, "is longer than " + ShortValue(*it) + " characters");
    if (const json* it = k.pattern; it != nullptr) {
      const std::regex& re = patterns_.at(it->get<std::string>());
      if (!std::regex_search(text, re)) MJ_SCHEMA_FAIL(ptr, ShortValue(v) + " does not match the pattern " + ShortValue(*it));
    }
  }
  if (v.is_array()) {
    if (const json* it = k.min_items; it != nullptr && v.size() < it->get<size_t>())
      MJ_SCHEMA_FAIL(ptr, "has " + std::to_string(v.size()) + " items; at least " + ShortValue(*it) + " required");
    if (const json* it = k.max_items; it != nullptr && v.size() > it->get<size_t>())
      MJ_SCHEMA_FAIL(ptr, "has " + std::to_string(v.size()) + " items; at most " + ShortValue(*it) + " allowed");
    size_t first = 0;
    if (const json* it = k.prefix_items; it != nullptr) {
      for (size_t i = 0; i < it->size() && i < v.size(); ++i)
        MJ_SCHEMA_SUB(Check((*it)[i], v[i], child(std::to_string(i)), errors, depth + 1));
      first = it->size();
    }
    if (const json* it = k.items; it != nullptr)
      for (size_t i = first; i < v.size(); ++i)
        MJ_SCHEMA_SUB(Check(*it, v[i], child(std::to_string(i)), errors, depth + 1));
  }
  if (v.is_object()) {
    if (const json* it = k.required; it != nullptr)
      for (const json& name : *it)
        if (!v.contains(name.get_ref<const std::string&>()))
          MJ_SCHEMA_FAIL(child(name.get_ref<const std::string&>()), "required property is missing");
    const json* props = k.properties;
    const json* additional = k.additional;
    for (const auto& [key, value] : v.items()) {
      const json* sub = nullptr;
      if (props != nullptr) {
        if (auto p = props->find(key); p != props->end()) sub = &*p;
      }
      if (sub != nullptr) {
        MJ_SCHEMA_SUB(Check(*sub, value, child(key), errors, depth + 1));
      } else if (additional != nullptr) {
        if (additional->is_boolean() && !additional->get<bool>()) {
          MJ_SCHEMA_FAIL(child(key), "unknown property (not allowed here)");
        } else {
          MJ_SCHEMA_SUB(Check(*additional, value, child(key), errors, depth + 1));
        }
      }
    }
  }
  if (const json* it = k.all_of; it != nullptr)
    for (const json& sub : *it) MJ_SCHEMA_SUB(Check(sub, v, ptr, errors, depth + 1));
  for (const json* it : {k.any_of, k.one_of}) {
    if (it == nullptr) continue;
    const bool one = it == k.one_of;
    // First only whether each alternative matches (anyOf: until one does).
    int matched = 0;
    for (const json& sub : *it) {
      if (Check(sub, v, std::string(), nullptr, depth + 1)) ++matched;
      if (!one && matched > 0) break;
    }
    if (matched == 0) {
      if (quiet) return false;
      // Report the alternative that got furthest into the value, or the only one of the right
      // type: usually the intended one.
      int typed = 0;
      std::vector<SchemaError> best;
      bool have_best = false, best_typed = false;
      for (const json& sub : *it) {
        std::vector<SchemaError> branch;
        Check(sub, v, ptr, &branch, depth + 1);
        const bool type_ok = TypeMatches(sub, v, depth + 1);
        typed += type_ok;
        if (!have_best || Depth(branch) > Depth(best) || (Depth(branch) == Depth(best) && type_ok && !best_typed)) {
          best = std::move(branch);
          have_best = true;
          best_typed = type_ok;
        }
      }
      ok = false;
      if (Depth(best) > static_cast<size_t>(std::count(ptr.begin(), ptr.end(), '/')) || (best_typed && typed == 1)) {
        errors->insert(errors->end(), best.begin(), best.end());
      } else {
        Add(errors, ptr, "matches none of the " + std::to_string(it->size()) + " alternatives (" + best.front().message + ", ...)");
      }
    } else if (one && matched > 1) {
      MJ_SCHEMA_FAIL(ptr, "matches " + std::to_string(matched) + " alternatives; exactly one is allowed");
    }
  }
  if (const json* it = k.if_; it != nullptr) {
    if (Matches(*it, v, depth + 1)) {
      if (const json* then = k.then; then != nullptr) MJ_SCHEMA_SUB(Check(*then, v, ptr, errors, depth + 1));
    } else {
      if (const json* otherwise = k.else_; otherwise != nullptr) MJ_SCHEMA_SUB(Check(*otherwise, v, ptr, errors, depth + 1));
    }
  }
  return ok;
#undef MJ_SCHEMA_SUB
#undef MJ_SCHEMA_FAIL
}

}  // namespace mj
