// Matches and playtests through the library (playtest/match.h, playtest/playtest.h), with no
// command line: the expected values are what the `mahjong match` and `mahjong playtest`
// programs write and print for the same options (the same replay bytes, the same summary and
// playtest documents, the same tables).

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "playtest/match.h"
#include "playtest/playtest.h"
#include "playtest/statistics_table.h"
#include "playtest/summary_io.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace match_library_test {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the program with `args`; its standard output (stderr dropped) and exit status.
std::pair<std::string, int> RunProgram(const std::string& args) {
  const std::string command = std::string(MJ_PROGRAM) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return {"", -1};
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  const int status = pclose(pipe);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

fs::path FreshDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("mj_match_library_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The "command" entries (the command line as run) blanked: a library call has none of its own.
nlohmann::json WithoutCommands(nlohmann::json doc) {
  if (doc.is_object()) {
    for (auto& [key, value] : doc.items()) {
      if (key == "command") value = "";
      else value = WithoutCommands(value);
    }
  } else if (doc.is_array()) {
    for (auto& value : doc) value = WithoutCommands(value);
  }
  return doc;
}

class CountingProgress : public MatchProgress {
 public:
  void Started(long total) override { started = total; }
  void GameDone(long done, long) override { last_done = done, ++calls; }
  void Problem(const std::string&) override { ++problems; }
  void Finished(long done, long) override { finished = done; }
  long started = -1, last_done = 0, calls = 0, problems = 0, finished = -1;
};

TEST(MatchLibrary, DuplicateMatchWritesWhatTheMatchCommandWrites) {
  const fs::path dir = FreshDir("match");
  const auto [printed, status] = RunProgram(
      "match --rules dunpai --agents greedy,defensive,greedy,defensive --games 8 --seed 5 --duplicate --jobs 2 --out " +
      (dir / "cmd").string() + " --summary " + (dir / "cmd.json").string());
  ASSERT_EQ(status, 0) << printed;

  MatchSetup setup;
  setup.rules = LoadRuleset("dunpai").value();
  setup.seed = 5;
  setup.entries = {"greedy", "defensive", "greedy", "defensive"};
  setup.rotations = 4;
  setup.games = 8;
  setup.jobs = 2;
  setup.out_dir = (dir / "lib").string();
  fs::create_directories(setup.out_dir);
  CountingProgress progress;
  const MatchResult result = PlayMatch(setup, &progress);
  ASSERT_TRUE(result.run.fatal.empty()) << result.run.fatal;
  EXPECT_TRUE(result.run.problems.empty());
  EXPECT_EQ(progress.started, 8);
  EXPECT_EQ(progress.calls, 8);
  EXPECT_EQ(progress.last_done, 8);
  EXPECT_EQ(progress.finished, 8);
  EXPECT_EQ(progress.problems, 0);
  ASSERT_EQ(result.run.games.size(), 8u);
  for (int g = 1; g <= 8; ++g) {
    char name[32];
    std::snprintf(name, sizeof name, "game-%04d.json", g);
    const std::string from_command = ReadAll(dir / "cmd" / name);
    ASSERT_FALSE(from_command.empty()) << name;
    EXPECT_EQ(ReadAll(dir / "lib" / name), from_command) << name;
  }
  // The tables the command printed are the result's.
  ASSERT_TRUE(result.table.has_value());
  EXPECT_NE(printed.find(FormatMatchTable(*result.table)), std::string::npos) << printed;
  EXPECT_NE(printed.find(FormatShieldTable(*result.table)), std::string::npos) << printed;
  EXPECT_NE(printed.find(FormatStatistics(result.statistics)), std::string::npos) << printed;
  // The summary file, but for the command line it records.
  ASSERT_TRUE(WriteSummary((dir / "lib.json").string(), result.header, result.run.games, result.statistics, "", nullptr, 2));
  const auto from_command = nlohmann::json::parse(ReadAll(dir / "cmd.json"));
  const auto from_library = nlohmann::json::parse(ReadAll(dir / "lib.json"));
  EXPECT_EQ(WithoutCommands(from_library).dump(), WithoutCommands(from_command).dump());
  fs::remove_all(dir);
}

TEST(MatchLibrary, PlaytestGivesThePlaytestCommandsDocument) {
  const fs::path dir = FreshDir("playtest");
  const auto [printed, status] =
      RunProgram("playtest --rules riichi,dunpai --agents greedy,defensive,greedy,defensive --games 4 --seed 3 "
                 "--jobs 2 --summary " + (dir / "cmd.json").string());
  ASSERT_EQ(status, 0) << printed;

  PlaytestSetup setup;
  setup.rulesets = {LoadRuleset("riichi").value(), LoadRuleset("dunpai").value()};
  setup.baseline = 0;
  setup.seed = 3;
  setup.entries = {"greedy", "defensive", "greedy", "defensive"};
  setup.rotations = 4;
  setup.games = 4;
  setup.jobs = 2;
  setup.document = true;
  const PlaytestResult result = RunPlaytest(setup);
  ASSERT_TRUE(result.fatal.empty()) << result.fatal;
  EXPECT_FALSE(result.problems);
  ASSERT_EQ(result.runs.size(), 2u);
  EXPECT_EQ(result.runs[0].header.rules, "riichi");
  EXPECT_EQ(result.runs[1].header.rules, "dunpai");
  for (const RulesetRun& run : result.runs) {
    EXPECT_EQ(run.games.size(), 4u);
    EXPECT_NE(printed.find("== " + run.header.rules + " ==\n" + FormatStatistics(run.statistics)), std::string::npos)
        << printed;
  }
  EXPECT_NE(printed.find(FormatVerdicts(result.comparison)), std::string::npos) << printed;
  const auto from_command = nlohmann::json::parse(ReadAll(dir / "cmd.json"));
  EXPECT_EQ(WithoutCommands(result.document).dump(), WithoutCommands(from_command).dump());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace match_library_test
}  // namespace mj
