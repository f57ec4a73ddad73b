#include "cli/match_args.h"

#include <charconv>
#include <system_error>

#include "agents/registry.h"
#include "mjai/stdio_bots.h"

namespace mj::cli {

// Parses a whole decimal number (no sign, no trailing text) into an unsigned 64-bit value.
Result<uint64_t> ParseUnsigned(const std::string& text, const char* what) {
  uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end)
    return Error{std::string(what) + " must be a non-negative whole number, got \"" + text + "\""};
  if (ec == std::errc::result_out_of_range)
    return Error{std::string(what) + " is too large (at most 18446744073709551615), got \"" + text + "\""};
  return v;
}

Result<MatchShard> ParseShard(const std::string& text, const char* what) {
  const size_t slash = text.find('/');
  const std::string form = std::string(what) + " takes i/N, the shard i (0 to N-1) of N, got \"" + text + "\"";
  if (slash == std::string::npos) return Error{form};
  auto index = ParseUnsigned(text.substr(0, slash), what);
  auto count = ParseUnsigned(text.substr(slash + 1), what);
  if (!index || !count) return Error{form};
  constexpr uint64_t kMaxShards = 1'000'000'000;
  if (*count < 1 || *count > kMaxShards)
    return Error{std::string(what) + " " + text + ": N must be between 1 and " + std::to_string(kMaxShards)};
  if (*index >= *count)
    return Error{std::string(what) + " " + text + ": the shard index must be below N (shards are numbered 0 to " +
                 std::to_string(*count - 1) + ")"};
  return MatchShard{static_cast<long>(*index), static_cast<long>(*count)};
}

Result<std::array<std::string, 4>> ParseAgents(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    // "defensive:fold_shanten=2,push_when_tenpai=false": a part with '=' but no ':' continues
    // the previous agent's options.
    if (!parts.empty() && part.find('=') != std::string::npos && part.find(':') == std::string::npos &&
        parts.back().find(':') != std::string::npos) {
      parts.back() += "," + part;
    } else {
      parts.push_back(std::move(part));
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (parts.size() != 4)
    return Error{"--agents needs exactly 4 comma-separated agents, got " + std::to_string(parts.size()) + " in \"" +
                 text + "\""};
  std::array<std::string, 4> out;
  for (int i = 0; i < 4; ++i) {
    if (parts[i].empty()) return Error{"--agents: agent " + std::to_string(i + 1) + " is empty in \"" + text + "\""};
    auto agent = CheckAgentSpec(parts[i]);  // a built-in agent or mjai-stdio:CMD
    if (!agent) return Error{"--agents: \"" + parts[i] + "\": " + agent.error()};
    out[i] = parts[i];
  }
  return out;
}

std::string CommandLine(const std::string& command, const std::vector<std::string>& args) {
  std::string out = "mahjong " + command;
  for (const std::string& a : args) {
    const bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_=.,/:+@%") == std::string::npos;
    if (plain) {
      out += " " + a;
      continue;
    }
    out += " '";
    for (char c : a) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += "'";
  }
  return out;
}

}  // namespace mj::cli
