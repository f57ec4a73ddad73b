#pragma once
// Reading outside JSON (score lines, ruleset files, replays, tenhou.net/6 records, protocol
// messages) within bounds: a size and a nesting depth checked before parsing, error messages
// that never copy invalid UTF-8 or a huge input, and integers read exactly (no wrap-around).
// Every reader of untrusted JSON goes through here; nothing in it throws.

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "tiles/result.h"

namespace mj {

struct JsonLimits {
  size_t max_bytes = 0;  // the whole text
  int max_depth = 0;     // arrays and objects nested inside each other
};

// The bounds of each reader. Real inputs nest at most 6 deep; sizes are far above the largest
// real input of each kind (a replay of a long game is about 100 kB, a tenhou.net/6 record 20 kB).
inline constexpr JsonLimits kScoreLineLimits{1 << 20, 32};       // one `score` line
inline constexpr JsonLimits kRulesetLimits{1 << 20, 32};         // a ruleset file
inline constexpr JsonLimits kReplayLimits{64 << 20, 32};         // a replay file
inline constexpr JsonLimits kTenhouRecordLimits{16 << 20, 32};   // a tenhou.net/6 record
inline constexpr JsonLimits kMessageLimits{1 << 20, 32};         // one protocol message (a line)
inline constexpr JsonLimits kSummaryLimits{512 << 20, 32};       // a match summary (--summary, stats)

// The nesting depth of arrays and objects in `text`, counted outside strings, stopping as soon
// as it passes `stop_above` (the text need not be valid JSON).
[[nodiscard]] int JsonNestingDepth(std::string_view text, int stop_above);

// Parses `text` as one JSON value within `limits`. Errors: "N bytes; at most M", "nested
// more than D deep", or the parser's "parse error at line L, column C: ..." with invalid UTF-8
// shown as \xNN escapes.
[[nodiscard]] Result<nlohmann::json> ParseBoundedJson(std::string_view text, const JsonLimits& limits);

// The first key that appears twice in one object of `text` (valid JSON, within bounds), as a
// JSON pointer to it ("/ayame/unit"); nullopt when no key repeats. nlohmann's parser keeps the
// last of repeated keys silently; a reader that must not guess which one was meant (a ruleset
// file) refuses them with this.
[[nodiscard]] std::optional<std::string> FindRepeatedKey(std::string_view text);

// Reads a whole file of at most `max_bytes`. Errors: "cannot read PATH", "PATH: N bytes; at most M".
[[nodiscard]] Result<std::string> ReadBoundedFile(const std::string& path, size_t max_bytes);

// Reads one line (without its '\n') of at most `max_bytes` into `line`. A longer line is read
// to its end but only its first `max_bytes` are kept, and `*too_long` is set. False at the end
// of the input when nothing was read.
bool ReadBoundedLine(std::istream& in, size_t max_bytes, std::string& line, bool* too_long);

// `text` made safe to print inside a message: valid UTF-8 is kept, any other byte and control
// characters become \xNN, and beyond `max_bytes` the rest is replaced by "... (N bytes)".
[[nodiscard]] std::string PrintableText(std::string_view text, size_t max_bytes = 80);

// `text` as it may be quoted in a message, a log line or a record (JSON strings included): valid
// UTF-8 is kept, every byte that is not part of a valid UTF-8 sequence becomes U+FFFD, control
// characters (C0, DEL, C1: a newline, an ANSI escape) become the six characters \u00NN, and a text
// longer than `max_bytes` is cut between whole characters and followed by "...". The result is
// always valid UTF-8 and one line, so it can never abort a JSON writer nor split or colour a log.
[[nodiscard]] std::string QuotedText(std::string_view text, size_t max_bytes = SIZE_MAX);

// `text` with every byte that is not part of a valid UTF-8 sequence replaced by U+FFFD (nothing
// else changed): what a JSON string may hold.
[[nodiscard]] std::string ValidUtf8(std::string_view text);
// True when `text` is valid UTF-8.
[[nodiscard]] bool IsValidUtf8(std::string_view text);

// A JSON value for a message: its compact text, made printable and clipped like PrintableText.
[[nodiscard]] std::string DescribeJson(const nlohmann::json& v, size_t max_bytes = 80);

// The value of an integer JSON number when it fits in int64_t; nullopt for anything else
// (non-integers, and unsigned numbers above INT64_MAX, which get<int64_t>() would wrap).
[[nodiscard]] std::optional<int64_t> JsonInt64(const nlohmann::json& v);

// An integer JSON number within [lo, hi]; else nullopt.
[[nodiscard]] std::optional<int64_t> JsonIntIn(const nlohmann::json& v, int64_t lo, int64_t hi);

}  // namespace mj
