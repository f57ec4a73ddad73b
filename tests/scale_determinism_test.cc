// Determinism at scale (docs/SCALE.md): a match played with any --jobs, cut into any number of
// shards (merged with `stats merge`), written with any --compress, gives the replays
// (decompressed) and the statistics of the plain run (one thread, one process, plain .json)
// byte for byte; `stats` over the shards' compressed replays gives them too.

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <vector>

#include "replays/compression.h"
#include "tests/program_run.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace scale_determinism_test {
namespace {

namespace fs = std::filesystem;
using test::FreshDir;
using test::Program;
using test::ProgramRun;
using test::Slurp;
using test::WithoutCommand;

// Every replay below `dirs`, decompressed, by game file name without its extension.
std::map<std::string, std::string> Replays(const std::vector<fs::path>& dirs) {
  std::map<std::string, std::string> out;
  for (const fs::path& dir : dirs) {
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      auto text = ReadMaybeCompressedFile(entry.path().string(), size_t{1} << 30);
      EXPECT_TRUE(text.ok()) << text.error();
      const std::string game = name.substr(0, name.find('.'));
      EXPECT_EQ(out.count(game), 0u) << game << " written twice";
      out[game] = text.ok() ? *text : std::string();
    }
  }
  return out;
}

struct Way {
  std::string name;
  int jobs = 1;
  int shards = 0;  // 0: not sharded (no --shard at all)
  std::string compress = "none";
};

// Plays `match` the plain way and each of `ways`; every way must give the plain replays and
// summary (statistics, records, header: all but the command line).
void ExpectEveryWayIsThePlainRun(const std::string& test_name, const std::string& match, long games,
                                 const std::vector<Way>& ways) {
  const fs::path dir = FreshDir(test_name);
  const ProgramRun plain = Program(match + " --out " + (dir / "plain").string() + " --summary " +
                                   (dir / "plain.json").string());
  ASSERT_EQ(plain.status, 0) << plain.out;
  const std::map<std::string, std::string> replays = Replays({dir / "plain"});
  ASSERT_EQ(replays.size(), static_cast<size_t>(games));
  const std::string summary = WithoutCommand(Slurp(dir / "plain.json"));
  ASSERT_NE(summary.find("\"statistics\""), std::string::npos);
  for (const Way& way : ways) {
    SCOPED_TRACE(way.name);
    const std::string flags = " --jobs " + std::to_string(way.jobs) + " --compress " + way.compress;
    std::vector<fs::path> dirs;
    fs::path way_summary;
    if (way.shards == 0) {
      dirs.push_back(dir / way.name);
      way_summary = dir / (way.name + ".json");
      const ProgramRun r = Program(match + flags + " --out " + dirs.back().string() + " --summary " + way_summary.string());
      ASSERT_EQ(r.status, 0) << r.out;
    } else {
      std::string shard_summaries;
      for (int i = 0; i < way.shards; ++i) {
        const std::string index = std::to_string(i);
        const std::string shard = index + "/" + std::to_string(way.shards);
        dirs.push_back(dir / (way.name + "_" + index));
        const fs::path s = dir / (way.name + "_" + index + ".json");
        const ProgramRun r = Program(match + flags + " --shard " + shard + " --out " + dirs.back().string() +
                                     " --summary " + s.string());
        ASSERT_EQ(r.status, 0) << r.out;
        shard_summaries.append(" ").append(s.string());
      }
      way_summary = dir / (way.name + ".json");
      const ProgramRun m = Program("stats merge" + shard_summaries + " -o " + way_summary.string());
      ASSERT_EQ(m.status, 0) << m.out;
    }
    const std::map<std::string, std::string> got = Replays(dirs);
    ASSERT_EQ(got.size(), replays.size());
    for (const auto& [game, text] : replays) {
      ASSERT_EQ(got.count(game), 1u) << game;
      EXPECT_TRUE(got.at(game) == text) << game << " differs from the plain run's";
    }
    EXPECT_EQ(WithoutCommand(Slurp(way_summary)), summary);
    // The same statistics recomputed from this way's (maybe compressed, maybe sharded) replays.
    std::string all_dirs;
    for (const fs::path& d : dirs) all_dirs.append(" ").append(d.string());
    const fs::path recomputed = dir / (way.name + "_stats.json");
    const ProgramRun st = Program("stats" + all_dirs + " --summary " + recomputed.string());
    ASSERT_EQ(st.status, 0) << st.out;
    EXPECT_EQ(WithoutCommand(Slurp(recomputed)), summary);
  }
  fs::remove_all(dir);
}

TEST(ScaleDeterminismTest, JobsShardsAndCompressionChangeNoByte) {
  ExpectEveryWayIsThePlainRun("scale_determinism_plain",
                              "match --rules riichi --agents random,greedy,defensive,random --games 9 --seed 21", 9,
                              {{"jobs2", 2, 0, "none"},
                               {"one_shard", 1, 1, "none"},
                               {"three_shards", 1, 3, "none"},
                               {"zstd", 1, 0, "zstd"},
                               {"gzip", 1, 0, "gzip"},
                               {"three_shards_jobs2_zstd", 2, 3, "zstd"},
                               {"three_shards_jobs2_gzip", 2, 3, "gzip"}});
}

TEST(ScaleDeterminismTest, DuplicateMatchesToo) {
  ExpectEveryWayIsThePlainRun("scale_determinism_duplicate",
                              "match --rules riichi --agents greedy,random,defensive,random --games 12 --seed 8 "
                              "--duplicate",
                              12, {{"jobs2", 2, 0, "none"}, {"three_shards_jobs2_zstd", 2, 3, "zstd"},
                                   {"three_shards_gzip", 1, 3, "gzip"}});
}

}  // namespace
}  // namespace scale_determinism_test
}  // namespace mj
