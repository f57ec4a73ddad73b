#include "playtest/shard_summary.h"

#include <algorithm>
#include <iterator>

#include "engine/match_plan.h"
#include "playtest/match_shard.h"
#include "rules/bounded_json.h"
#include "rules/ruleset.h"

namespace mj {

using nlohmann::json;

namespace {

// "at: A against B" for the first few places where two JSON values differ.
void Differences(const json& a, const json& b, const std::string& at, std::vector<std::string>& out) {
  if (out.size() >= 3 || a == b) return;
  if (a.is_object() && b.is_object()) {
    std::vector<std::string> keys;
    for (auto it = a.begin(); it != a.end(); ++it) keys.push_back(it.key());
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key())) keys.push_back(it.key());
    for (const std::string& k : keys)
      Differences(a.value(k, json()), b.value(k, json()), at + "/" + k, out);
    return;
  }
  auto shown = [](const json& v) {
    std::string s = v.is_null() ? std::string("(none)") : v.dump();
    return s.size() > 80 ? s.substr(0, 77) + "..." : s;
  };
  out.push_back(at + ": " + shown(a) + " against " + shown(b));
}

struct Shard {
  std::string name;
  MatchShard shard;
  long games = 0;  // of the whole match
  json match;
  MatchHeader header;
  std::vector<GameSummary> records;
};

std::string ShardName(const MatchShard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

Result<Shard> ReadShard(const std::string& name, const json& doc) {
  auto summary = SummaryFromJson(doc);
  if (!summary) return Error{name + ": " + summary.error()};
  if (!doc.contains("shard"))
    return Error{name + ": not a shard's summary (no \"shard\"; it is written by match --shard i/N --summary FILE)"};
  Shard s;
  s.name = name;
  s.header = summary->first;
  s.records = std::move(summary->second);
  const json& info = doc.at("shard");
  try {
    // Read exactly (get<long>() would wrap or, for a huge floating-point number, be undefined).
    for (const auto& [key, out] : {std::pair{"index", &s.shard.index}, std::pair{"count", &s.shard.count},
                                   std::pair{"games", &s.games}}) {
      const auto v = JsonIntIn(info.at(key), 0, int64_t{1} << 40);
      if (!v) return Error{name + ": /shard/" + key + ": " + DescribeJson(info.at(key)) + " is not a count"};
      *out = static_cast<long>(*v);
    }
    s.match = info.at("match");
  } catch (const std::exception& e) {
    return Error{name + ": /shard: " + PrintableText(e.what(), 300)};
  }
  if (s.shard.count < 1 || s.shard.index < 0 || s.shard.index >= s.shard.count)
    return Error{name + ": /shard: shard " + ShardName(s.shard) + " is not one of 0/N ... (N-1)/N"};
  if (s.games < 1 || s.games % ShardUnitGames(s.header.rotations) != 0)
    return Error{name + ": /shard/games: " + std::to_string(s.games) + " is not a number of games of this match"};
  // Exactly the shard's games: all of them in the shard (records are sorted and unique), and
  // as many as the shard has.
  for (const GameSummary& g : s.records) {
    if (g.game < 1 || g.game > s.games || !InShard(g.game, s.header.rotations, s.shard))
      return Error{name + ": game " + std::to_string(g.game) + " is not a game of shard " + ShardName(s.shard) +
                   " of a " + std::to_string(s.games) + "-game match"};
    // The record is that game's: its seed, seating and duplicate place are the match plan's.
    const PlannedGame plan = PlanMatchGame(s.header.seed, g.game, s.header.rotations);
    if (g.seed != plan.seed || g.seating != plan.seating || g.set != plan.set || g.rotation != plan.rotation)
      return Error{name + ": the record of game " + std::to_string(g.game) + " (seed " + std::to_string(g.seed) +
                   ") is not game " + std::to_string(g.game) + " of the match with seed " +
                   std::to_string(s.header.seed) + " (game seed " + std::to_string(plan.seed) +
                   "): its seed, seating or duplicate set differ"};
  }
  const long expected = ShardGameCount(s.games, s.header.rotations, s.shard);
  if (static_cast<long>(s.records.size()) != expected)
    return Error{name + ": holds " + std::to_string(s.records.size()) + " game records, but shard " +
                 ShardName(s.shard) + " of a " + std::to_string(s.games) + "-game match has " +
                 std::to_string(expected) + " games (an unfinished shard?)"};
  return s;
}

}  // namespace

json ShardJson(const MatchSetup& setup, const json& bots) {
  json match = {{"rules", RulesetToJson(setup.rules)},
                {"seed", std::to_string(setup.seed)},
                {"agents", setup.entries},
                {"games", setup.games},
                {"duplicate", setup.rotations}};
  if (!bots.is_null()) match["bots"] = bots;
  return json{{"index", setup.shard.index}, {"count", setup.shard.count}, {"games", setup.games}, {"match", match}};
}

Result<bool> ShardMerger::Add(const std::string& name, const json& doc) {
  auto s = ReadShard(name, doc);
  if (!s) return Error{s.error()};
  if (first_) {
    std::vector<std::string> diffs;
    Differences(first_->match, s->match, "", diffs);
    if (!diffs.empty()) {
      std::string text;
      for (const std::string& d : diffs) text += (text.empty() ? "" : "; ") + d;
      return Error{s->name + " is a shard of another match than " + first_->name + " (" + text + ")"};
    }
    if (s->shard.count != first_->count)
      return Error{s->name + " is shard " + ShardName(s->shard) + " but " + first_->name + " is shard " +
                   ShardName({first_->index, first_->count}) + ": the shards of a merge must split the match the same way"};
    if (MatchHeaderToJson(s->header) != MatchHeaderToJson(first_->header))
      return Error{s->name + ": /header differs from " + first_->name + "'s (" + MatchHeaderToJson(s->header).dump() +
                   " against " + MatchHeaderToJson(first_->header).dump() + ")"};
  } else {
    first_ = First{s->name, s->shard.index, s->shard.count, s->match, s->header};
  }
  if (auto it = seen_.find(s->shard.index); it != seen_.end())
    return Error{it->second + " and " + s->name + " are both shard " + ShardName(s->shard)};
  seen_.emplace(s->shard.index, s->name);
  games_.insert(games_.end(), std::make_move_iterator(s->records.begin()), std::make_move_iterator(s->records.end()));
  return true;
}

Result<MatchRecords> ShardMerger::Finish() {
  if (!first_) return Error{"no shard summaries given"};
  const long count = first_->count;
  std::string missing;
  long missing_count = 0;
  for (long i = 0; i < count; ++i) {
    if (seen_.count(i)) continue;
    if (++missing_count <= 10) missing += (missing.empty() ? "" : ", ") + std::to_string(i) + "/" + std::to_string(count);
  }
  if (missing_count > 0)
    return Error{"missing " + std::to_string(missing_count) + " of the " + std::to_string(count) + " shards: " +
                 missing + (missing_count > 10 ? ", ..." : "")};
  MatchRecords merged;
  merged.header = first_->header;
  merged.games = std::move(games_);
  games_.clear();
  std::sort(merged.games.begin(), merged.games.end(),
            [](const GameSummary& a, const GameSummary& b) { return a.game < b.game; });
  return merged;
}

Result<MatchRecords> MergeShardSummaryFiles(const std::vector<std::string>& paths) {
  ShardMerger merger;
  for (const std::string& path : paths) {
    auto doc = ReadJsonFile(path);
    if (!doc) return Error{doc.error()};
    if (auto added = merger.Add(path, *doc); !added) return Error{added.error()};
  }
  return merger.Finish();
}

}  // namespace mj
