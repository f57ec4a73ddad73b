// `match --shard i/N` and `stats merge` (docs/SCALE.md): shard i plays the games g ≡ i (mod N)
// (with --duplicate, the sets), and the merged shard summaries are the unsharded match's
// summary byte for byte (all but the line naming the command that wrote it).

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/match_shard.h"
#include "tests/program_run.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace shard_merge_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::FreshDir;
using test::Program;
using test::ProgramRun;
using test::Slurp;
using test::WithoutCommand;

std::vector<long> GamesOf(long games, int rotations, MatchShard s) {
  std::vector<long> out;
  for (long k = 1; k <= ShardGameCount(games, rotations, s); ++k) out.push_back(ShardGame(rotations, s, k));
  return out;
}

TEST(MatchShardTest, ShardIHoldsTheGamesCongruentToI) {
  // 8 games in 3 shards: g mod 3 = 0, 1, 2.
  EXPECT_EQ(GamesOf(8, 0, {0, 3}), (std::vector<long>{3, 6}));
  EXPECT_EQ(GamesOf(8, 0, {1, 3}), (std::vector<long>{1, 4, 7}));
  EXPECT_EQ(GamesOf(8, 0, {2, 3}), (std::vector<long>{2, 5, 8}));
  EXPECT_EQ(GamesOf(8, 0, {0, 1}), (std::vector<long>{1, 2, 3, 4, 5, 6, 7, 8}));
  // Duplicate, 3 sets of 4 games in 2 shards: sets 2 | sets 1 and 3, each set whole.
  EXPECT_EQ(GamesOf(12, 4, {0, 2}), (std::vector<long>{5, 6, 7, 8}));
  EXPECT_EQ(GamesOf(12, 4, {1, 2}), (std::vector<long>{1, 2, 3, 4, 9, 10, 11, 12}));
  EXPECT_EQ(GamesOf(48, 24, {1, 2}).size(), 24u);
  EXPECT_EQ(GamesOf(48, 24, {1, 2}).back(), 24);
}

TEST(MatchShardTest, ShardsPartitionEveryMatch) {
  for (int rotations : {0, 4, 24}) {
    const long unit = rotations > 0 ? rotations : 1;
    for (long units : {1L, 2L, 5L, 13L}) {
      const long games = units * unit;
      for (long n = 1; n <= units; ++n) {
        std::multiset<long> all;
        for (long i = 0; i < n; ++i) {
          const std::vector<long> mine = GamesOf(games, rotations, {i, n});
          EXPECT_FALSE(mine.empty());
          for (size_t k = 0; k < mine.size(); ++k) {
            if (k > 0) {
              EXPECT_LT(mine[k - 1], mine[k]);
            }
            EXPECT_TRUE(InShard(mine[k], rotations, {i, n}));
            EXPECT_EQ(((mine[k] - 1) / unit + 1) % n, i);
            all.insert(mine[k]);
          }
        }
        ASSERT_EQ(all.size(), static_cast<size_t>(games)) << rotations << " " << units << " " << n;
        long expect = 1;
        for (long g : all) EXPECT_EQ(g, expect++);
      }
    }
  }
}

// Plays MATCH whole and as N shards; the merged summary must equal the whole one.
void ExpectMergeIsUnsharded(const std::string& name, const std::string& match, int n) {
  const fs::path dir = FreshDir(name);
  const ProgramRun whole = Program(match + " --out " + (dir / "whole").string() + " --summary " +
                                   (dir / "whole.json").string());
  ASSERT_EQ(whole.status, 0) << whole.out;
  std::string shards;
  for (int i = 0; i < n; ++i) {
    const std::string index = std::to_string(i);
    const std::string s = index + "/" + std::to_string(n);
    const fs::path summary = dir / ("shard" + index + ".json");
    const fs::path replays = dir / ("replays" + index);
    const ProgramRun r = Program(match + " --shard " + s + " --out " + replays.string() + " --summary " +
                                 summary.string());
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("; shard " + s + ": "), std::string::npos) << r.out;
    // The shard's replays are the whole match's files of those games, byte for byte.
    for (const auto& entry : fs::directory_iterator(replays))
      EXPECT_EQ(Slurp(entry.path()), Slurp(dir / "whole" / entry.path().filename())) << entry.path();
    shards = summary.string() + " " + shards;  // given out of order on purpose
  }
  const fs::path merged = dir / "merged.json";
  const ProgramRun m = Program("stats merge --jobs 2 " + shards + "-o " + merged.string());
  ASSERT_EQ(m.status, 0) << m.out;
  const std::string whole_text = Slurp(dir / "whole.json");
  const std::string merged_text = Slurp(merged);
  ASSERT_FALSE(whole_text.empty());
  EXPECT_EQ(WithoutCommand(merged_text), WithoutCommand(whole_text));
  const json a = json::parse(whole_text), b = json::parse(merged_text);
  EXPECT_EQ(a["statistics"].dump(), b["statistics"].dump());
  EXPECT_EQ(b["command"].get<std::string>().rfind("mahjong stats merge ", 0), 0u) << b["command"];
  // The table printed by the merge is the match's statistics table.
  const size_t at = whole.out.find("95% intervals");
  ASSERT_NE(at, std::string::npos) << whole.out;
  EXPECT_NE(m.out.find(whole.out.substr(at)), std::string::npos) << m.out;
  fs::remove_all(dir);
}

TEST(ShardMergeTest, ThreeShardsMergeToTheUnshardedSummary) {
  ExpectMergeIsUnsharded("shard_merge_plain",
                         "match --rules riichi --agents greedy,defensive,random,greedy:calls=false --games 10 --seed 11",
                         3);
}

TEST(ShardMergeTest, DuplicateShardsKeepSetsAndMergeToTheUnshardedSummary) {
  ExpectMergeIsUnsharded("shard_merge_duplicate",
                         "match --rules dunpai --agents greedy,defensive,random,random --games 12 --seed 4 --duplicate",
                         3);
}

TEST(ShardMergeTest, RefusesWhatIsNotOneWholeMatch) {
  const fs::path dir = FreshDir("shard_merge_refusals");
  const std::string match = "match --agents random,random,greedy,greedy --games 6 --replays none";
  auto shard = [&](const std::string& extra, const std::string& file) {
    const ProgramRun r = Program(match + " " + extra + " --summary " + (dir / file).string());
    EXPECT_EQ(r.status, 0) << r.out;
    return (dir / file).string();
  };
  const std::string s0 = shard("--rules riichi --seed 1 --shard 0/3", "s0.json");
  const std::string s1 = shard("--rules riichi --seed 1 --shard 1/3", "s1.json");
  const std::string s2 = shard("--rules riichi --seed 1 --shard 2/3", "s2.json");
  const std::string other = shard("--rules riichi --seed 2 --shard 2/3", "other.json");
  const std::string four = shard("--rules riichi --seed 1 --shard 2/4", "four.json");
  const std::string whole = shard("--rules riichi --seed 1", "whole.json");
  auto refused = [&](const std::string& args, const std::string& says) {
    const ProgramRun r = Program(args);
    EXPECT_NE(r.status, 0) << args;
    EXPECT_NE(r.out.find(says), std::string::npos) << args << "\n" << r.out;
  };
  refused("stats merge " + s0 + " " + s1, "missing 1 of the 3 shards: 2/3");
  refused("stats merge " + s0 + " " + s1 + " " + s1 + " " + s2, "are both shard 1/3");
  refused("stats merge " + s0 + " " + s1 + " " + other, "is a shard of another match than " + s0 + " (/seed: \"1\" against \"2\")");
  refused("stats merge " + s0 + " " + s1 + " " + four, "is shard 2/4 but " + s0 + " is shard 0/3");
  refused("stats merge " + s0 + " " + whole, "not a shard's summary");
  // A shard of another ruleset or agents.
  const std::string fuless = shard("--seed 1 --shard 2/3 --rules fuless", "fuless.json");
  refused("stats merge " + s0 + " " + s1 + " " + fuless, "/rules/name: \"riichi\" against \"fuless\"");
  // A summary cut short is not the whole shard.
  json cut = json::parse(Slurp(s1));
  cut["games"].erase(cut["games"].begin());
  std::ofstream((dir / "cut.json").string()) << cut.dump();
  refused("stats merge " + s0 + " " + (dir / "cut.json").string() + " " + s2,
          "holds 1 game records, but shard 1/3 of a 6-game match has 2 games");
  // A record moved from another match (another seed) into a shard.
  json moved = json::parse(Slurp(s1));
  moved["games"][0] = json::parse(Slurp(other))["games"][0];  // game 2 of seed 2 (shard 2/3: games 2, 5)
  moved["games"][0]["game"] = 1;
  std::ofstream((dir / "moved.json").string()) << moved.dump();
  refused("stats merge " + s0 + " " + (dir / "moved.json").string() + " " + s2,
          "the record of game 1 (seed " + moved["games"][0]["seed"].get<std::string>() +
              ") is not game 1 of the match with seed 1");
  // --shard itself.
  refused(match + " --shard 3/3", "--shard 3/3: the shard index must be below N (shards are numbered 0 to 2)");
  refused(match + " --shard 0/7", "--shard 0/7: the match has 6 games, so at most 6 shards");
  refused("match --agents random,random,greedy,greedy --games 8 --duplicate --replays none --shard 0/3", "the match has 2 duplicate sets, so at most 2 shards");
  refused(match + " --shard 1", "--shard takes i/N");
  refused(match + " --shard -1/3", "--shard takes i/N");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace shard_merge_test
}  // namespace mj
