#pragma once
// Shard summaries (`match --shard i/N --summary FILE`) and their merge (`mahjong stats merge`,
// docs/SCALE.md). A shard's summary is a match summary (docs/PLAYTEST.md) of the shard's games
// with one more key, "shard": {"index", "count", "games" (the whole match's), "match" (what
// makes two runs the same match: the ruleset in full, seed, agents, games, duplicate rotations,
// mjai bot options when there are bots)}. Merging the N shards of a match gives its header and
// every game record, so exactly the statistics of the unsharded match.

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/match_runner.h"
#include "playtest/match_statistics.h"
#include "playtest/summary_io.h"
#include "tiles/result.h"

namespace mj {

// The "shard" object of a shard's summary. `bots` is the mjai bot options as given on the
// command line (null when no agent is a bot).
[[nodiscard]] nlohmann::json ShardJson(const MatchSetup& setup, const nlohmann::json& bots);

// Merges shard summaries one at a time (a summary's JSON can be dropped once added), each named
// (its file name) for the messages. Refuses summaries that are not shard summaries, shards of
// different matches or shard counts, a shard given twice or missing, and a shard whose records
// are not exactly its games.
class ShardMerger {
 public:
  [[nodiscard]] Result<bool> Add(const std::string& name, const nlohmann::json& doc);
  // The whole match, once every shard was added.
  [[nodiscard]] Result<MatchRecords> Finish();

 private:
  struct First {
    std::string name;
    long index = 0, count = 0;
    nlohmann::json match;
    MatchHeader header;
  };
  std::optional<First> first_;
  std::map<long, std::string> seen_;  // shard index -> file
  std::vector<GameSummary> games_;
};

// The whole match from its shards' summary files, read one at a time (ReadJsonFile, then
// ShardMerger::Add, so one summary's JSON is in memory at once); errors name the file.
[[nodiscard]] Result<MatchRecords> MergeShardSummaryFiles(const std::vector<std::string>& paths);

}  // namespace mj
