#pragma once
// A match read back from its replays (`mahjong stats DIR|FILE...`, docs/PLAYTEST.md): each
// replay gives its game's record (GameSummary); the records sorted by game index give exactly
// the statistics `match --summary` wrote.

#include <string>
#include <vector>

#include "playtest/summary_io.h"
#include "tiles/result.h"

namespace mj {

// The replay files named: files as given, a directory's game-*.json (.zst, .gz) in name order.
// An error names the input that is missing, unreadable or holds no replay.
[[nodiscard]] Result<std::vector<std::string>> MatchReplayFiles(const std::vector<std::string>& inputs);

// Reads `files` on `jobs` threads (the first bad file named is the same for any number) into the
// match's header and its records in game order. Refuses a file that does not read, is not a game
// of a match, is of another match than the first, or repeats a game.
[[nodiscard]] Result<MatchRecords> ReadMatchReplays(const std::vector<std::string>& files, int jobs);

}  // namespace mj
