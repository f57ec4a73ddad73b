#pragma once
// Streamed JSON text: the small writers shared by the replay writer (replays/replay_writer.cc)
// and the mjai wire writer (mjai/wire_writer.cc). Every value is formatted exactly as
// nlohmann::json::dump formats it, so streamed text equals the tree form byte for byte.

#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/event.h"

namespace mj::json_text {

inline constexpr std::string_view kWindNames = "ESWN";

inline void Int(long long v, std::string* out) {
  char buf[24];
  out->append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}
inline void Bool(bool b, std::string* out) { out->append(b ? "true" : "false"); }
// Doubles are rare (final results, fractional han): nlohmann formats them.
inline void Double(double d, std::string* out) { out->append(nlohmann::json(d).dump()); }
// A JSON array of the four seats' values, each written by `one`.
template <typename T, typename Write>
void SeatArray(const std::array<T, 4>& a, Write one, std::string* out) {
  out->push_back('[');
  for (int i = 0; i < 4; ++i) {
    if (i) out->push_back(',');
    one(a[i], out);
  }
  out->push_back(']');
}
inline void Ints(const std::array<int, 4>& a, std::string* out) {
  SeatArray(a, [](int v, std::string* o) { Int(v, o); }, out);
}
inline void Bools(const std::array<bool, 4>& a, std::string* out) { SeatArray(a, Bool, out); }
inline void Doubles(const std::array<double, 4>& a, std::string* out) { SeatArray(a, Double, out); }
// `,"key":` (or `"key":` first in an object).
inline void Key(std::string_view key, std::string* out, bool first = false) {
  if (!first) out->push_back(',');
  out->push_back('"');
  out->append(key);
  out->append("\":");
}
// The mjai `reason` of a draw: an exhaustive draw with nagashi mangan is "nagashimangan".
inline std::string_view RyukyokuReason(const RyukyokuInfo& r) {
  const bool nagashi = std::any_of(r.nagashi.begin(), r.nagashi.end(), [](bool b) { return b; });
  return r.reason == DrawReason::kExhaustive && nagashi ? std::string_view("nagashimangan") : DrawReasonName(r.reason);
}

}  // namespace mj::json_text
