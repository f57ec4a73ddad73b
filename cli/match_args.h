#pragma once
// Command-line values shared by `match`, `playtest` and `stats`: whole numbers, the four
// agents, the command line as run (recorded in summaries).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "playtest/match_shard.h"
#include "tiles/result.h"

namespace mj::cli {

// Parses a whole decimal number (no sign, no trailing text) into an unsigned 64-bit value;
// errors name `what`.
[[nodiscard]] Result<uint64_t> ParseUnsigned(const std::string& text, const char* what);
// "a,b,c,d" -> four agent specs, each one the registry can make ("defensive:x=1,y=2" keeps its
// options together).
[[nodiscard]] Result<std::array<std::string, 4>> ParseAgents(const std::string& text);
// "i/N" (whole numbers, 0 <= i < N) -> shard i of N (`match --shard`); errors name `what`.
[[nodiscard]] Result<MatchShard> ParseShard(const std::string& text, const char* what);
// "mahjong <command> arg arg ..." with arguments quoted for a POSIX shell where needed.
[[nodiscard]] std::string CommandLine(const std::string& command, const std::vector<std::string>& args);

}  // namespace mj::cli
