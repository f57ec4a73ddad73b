#include "rules/ruleset_reading.h"

#include "rules/bounded_json.h"

namespace mj::ruleset_json {

using nlohmann::json;

std::string Quote(std::string_view s) {
  std::string q = PrintableText(s, 200);  // a huge or binary name is clipped, not echoed
  q.insert(q.begin(), '"');
  q.push_back('"');
  return q;
}

// "string \"yes\"", "number 2.5", "array", ... for error messages.
std::string Describe(const json& v) {
  std::string s = v.type_name();
  if (v.is_primitive() && !v.is_null()) {
    s.push_back(' ');
    s.append(DescribeJson(v));
  }
  return s;
}

Error KeyError(std::string_view key, const std::string& what) {
  return Error{Quote(key) + " " + what};
}

std::optional<Error> GetInt(const json& j, std::string_view key, int64_t lo, int64_t hi, int& out) {
  const json& v = j.at(std::string(key));
  if (!v.is_number_integer()) return KeyError(key, "must be an integer, got " + Describe(v));
  const auto x = JsonIntIn(v, lo, hi);
  if (!x)
    return KeyError(key, "must be an integer from " + std::to_string(lo) + " to " +
                             std::to_string(hi) + ", got " + DescribeJson(v));
  out = static_cast<int>(*x);
  return std::nullopt;
}

}  // namespace mj::ruleset_json
