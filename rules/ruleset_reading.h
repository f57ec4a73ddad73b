// Shared by the readers of ruleset JSON (ruleset.cc and the files it calls: han_text,
// yaku_table, ruleset_sections, ruleset_presets): the bounds every value is checked against and
// the wording of errors. Internal to rules/; the public interface is rules/ruleset.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "rules/ruleset.h"
#include "rules/yaku_values.h"
#include "tiles/result.h"

namespace mj::ruleset_json {

using mj::kSixthsPerHan;  // rules/yaku_values.h
inline constexpr int kMaxHan = 100;  // a han value above this is a typo
inline constexpr int kMaxYakumanMultiple = 8;
inline constexpr int kYakumanHanEquivalent = 13;    // stored han of one yakuman multiple (see docs)
inline constexpr int64_t kMaxPoints = 100'000'000;  // bound for every point amount
// honba_value and riichi_deposit are paid once per stick; `score` accepts up to 1,000 of each, so
// either adds at most kMaxPoints to a hand and a total stays far inside a 32-bit int.
inline constexpr int64_t kMaxPerStick = 100'000;
// The most a hand may be worth before honba and deposits (CheckCombinations bounds the ayame
// unit by it): with two kMaxPoints of sticks a total stays below 2^31.
inline constexpr int64_t kMaxHandValue = 1'000'000'000;
inline constexpr size_t kMaxNameBytes = 200;         // a ruleset's "name"
inline constexpr int kMaxBaseDepth = 8;             // "base" chains longer than this are a cycle
inline constexpr int kMaxHands = 10000;             // bound for max_hands
inline constexpr size_t kMaxHanPoints = 100;        // entries of han_points
// shields.per_hand and shields.extra_tiles; per_hand 0 is a ruleset without shields (docs/RULESET.md).
inline constexpr int kMinShields = 0, kMaxShields = 4;

// `s` in double quotes, made printable and clipped (a huge or binary name is not echoed).
[[nodiscard]] std::string Quote(std::string_view s);

// "string \"yes\"", "number 2.5", "array", ... for error messages.
[[nodiscard]] std::string Describe(const nlohmann::json& v);

// The error `"key" what`.
[[nodiscard]] Error KeyError(std::string_view key, const std::string& what);

// Reads integer `j[key]` (which must exist) from lo to hi into out, or says what is wrong.
std::optional<Error> GetInt(const nlohmann::json& j, std::string_view key, int64_t lo, int64_t hi,
                            int& out);

// A whole ruleset object (defined in ruleset.cc); `depth` counts "base" links followed so far.
// Without a "base" key the keys of j are read over `start` (null: the built-in riichi values).
[[nodiscard]] Result<Ruleset> FromJson(const nlohmann::json& j, int depth, const Ruleset* start = nullptr);

}  // namespace mj::ruleset_json
