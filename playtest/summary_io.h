#pragma once
// Summary files (`--summary FILE.json`, docs/PLAYTEST.md): written from a match's header and
// per-game records, read back for `mahjong stats`; the header of a match being played; and a
// match's records (its header and every game's record), the unit summaries are made of.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/match_runner.h"
#include "playtest/match_statistics.h"
#include "tiles/result.h"

namespace mj {

// A match as its records: what a summary holds, what its replays or its shards' summaries give.
struct MatchRecords {
  MatchHeader header;
  std::vector<GameSummary> games;  // every game, in game order
};

[[nodiscard]] MatchHeader HeaderFor(const MatchSetup& setup);

// The summary document's text: one key per line, one game record per line, the statistics
// indented (SummaryDocument).
[[nodiscard]] std::string SummaryText(const nlohmann::json& doc);
// `statistics` is MatchStatistics(header, games); `shard`, when not null, is the shard's
// "shard" object (playtest/shard_summary.h). The records' text is made on `jobs` threads (the same
// bytes for any number).
[[nodiscard]] Result<bool> WriteSummary(const std::string& path, const MatchHeader& header,
                                        const std::vector<GameSummary>& games, const nlohmann::json& statistics,
                                        const std::string& command, const nlohmann::json& shard = nullptr,
                                        int jobs = 1);
[[nodiscard]] Result<bool> WriteText(const std::string& path, const std::string& text);
[[nodiscard]] Result<nlohmann::json> ReadJsonFile(const std::string& path);

}  // namespace mj
