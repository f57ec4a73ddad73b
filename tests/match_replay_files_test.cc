// `match` writes each game's replay from the thread that played it: the files are the same for
// any --jobs, and a replay that cannot be written stops the match with an error naming the game
// and the file, the games before it kept.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/program_run.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace match_replay_files_test {
namespace {

namespace fs = std::filesystem;
using test::Program;

TEST(MatchReplayFiles, AReplayThatCannotBeWrittenStopsTheMatchAndNamesIt) {
  const fs::path dir = test::FreshDir("match_unwritable");
  // game-0003.json is taken by a directory: the third replay cannot be written.
  fs::create_directories(dir / "game-0003.json");
  const auto r = Program("match --agents random,random,greedy,greedy --games 6 --seed 4 --jobs 2 --out " + dir.string());
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("game 3: cannot write the replay: cannot write " + (dir / "game-0003.json").string()),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(fs::is_regular_file(dir / "game-0001.json"));
  EXPECT_TRUE(fs::is_regular_file(dir / "game-0002.json"));
  // The games before it are whole replays.
  const auto verified = Program("replay verify " + (dir / "game-0001.json").string() + " " +
                                (dir / "game-0002.json").string());
  EXPECT_EQ(verified.status, 0) << verified.out;
  fs::remove_all(dir);
}

TEST(MatchReplayFiles, TheSameFilesForAnyNumberOfThreads) {
  const fs::path dir = test::FreshDir("match_threads");
  const std::string common = "match --agents random,greedy,defensive,random --games 12 --seed 8 --compress zstd ";
  ASSERT_EQ(Program(common + "--jobs 1 --out " + (dir / "one").string()).status, 0);
  ASSERT_EQ(Program(common + "--jobs 3 --out " + (dir / "three").string()).status, 0);
  for (int g = 1; g <= 12; ++g) {
    char name[32];
    std::snprintf(name, sizeof name, "game-%04d.json.zst", g);
    EXPECT_EQ(test::Slurp(dir / "one" / name), test::Slurp(dir / "three" / name)) << name;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace match_replay_files_test
}  // namespace mj
