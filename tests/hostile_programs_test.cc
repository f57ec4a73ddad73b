// Hostile peers, files and settings (issue 23), through the program: the issue's reproducers run
// as the probe ran them. No exit status of 128 or more (a crash), no game's record lost, every
// fault on stderr and in its replay, no page or path hijacked. (Runs the program: mj_tests only;
// the in-process classes are in tests/hostile_peers_test.cc, which the sanitized set runs.)

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/program_run.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace hostile_programs_test {
namespace {

using nlohmann::json;
using test::FreshDir;
using test::Program;
using test::Slurp;
namespace fs = std::filesystem;

// A bot that answers every line with bytes that are not UTF-8 (the issue's `printf "garbage\377\n"`).
const std::string kGarbageBot = "'mjai-stdio:while read l; do printf \"garbage\\377\\n\"; done'";

TEST(HostilePrograms, MatchWithAnInvalidUtf8BotLosesNoGame) {
  for (const char* policy : {"end", "substitute"}) {
    SCOPED_TRACE(policy);
    const fs::path dir = FreshDir(std::string("hostile_garbage_") + policy);
    const auto run = Program("match --agents greedy," + kGarbageBot + ",greedy,greedy --games 4 --bot-fault " + policy +
                             " --out " + (dir / "r").string() + " --summary " + (dir / "s.json").string());
    EXPECT_EQ(run.status, std::string(policy) == "end" ? 1 : 0) << run.out;
    for (int g = 1; g <= 4; ++g) {
      const fs::path file = dir / "r" / ("game-000" + std::to_string(g) + ".json");
      ASSERT_TRUE(fs::exists(file)) << run.out;
      const json doc = json::parse(Slurp(file));
      ASSERT_TRUE(doc.contains("faults")) << file;
      EXPECT_NE(doc["faults"][0]["error"].get<std::string>().find("malformed JSON: garbage\xEF\xBF\xBD"), std::string::npos);
    }
    EXPECT_TRUE(json::accept(Slurp(dir / "s.json")));
    EXPECT_NE(run.out.find("malformed JSON: garbage\xEF\xBF\xBD"), std::string::npos) << run.out;
  }
}

// The issue's fault class: a bot exiting mid-game under substitute. The game completes, its
// replay lists the fault, stderr says so, `replay show` too.
TEST(HostilePrograms, SubstitutedFaultReachesReplayAndStderr) {
  const fs::path dir = FreshDir("hostile_substitute");
  const std::string bot = "'mjai-stdio:python3 " + std::string(MJ_TEST_DATA_DIR) + "/mjai_bad_bot.py --mode exit --after 100'";
  const auto run = Program("match --agents greedy," + bot + ",greedy,greedy --games 2 --bot-fault substitute --out " +
                           (dir / "r").string());
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("(the seat played tsumogiri/pass from then on)"), std::string::npos) << run.out;
  // The statistics do not count the substitute's play as the bot's (issue 23): both games' ranks
  // are left out and the hands from each fault on.
  EXPECT_NE(run.out.find("faulted and a substitute (tsumogiri / pass) finished its seat in 2 player-game(s): no rank "
                         "or score from those"),
            std::string::npos)
      << run.out;
  const json doc = json::parse(Slurp(dir / "r" / "game-0001.json"));
  EXPECT_EQ(doc["complete"], true);
  ASSERT_TRUE(doc.contains("faults"));
  EXPECT_EQ(doc["faults"][0]["seat"], 1);
  EXPECT_EQ(doc["faults"][0]["substituted"], true);
  EXPECT_NE(doc["faults"][0]["error"].get<std::string>().find("the peer closed the connection"), std::string::npos);
  const auto verify = Program("replay verify " + (dir / "r" / "game-0001.json").string());
  EXPECT_EQ(verify.status, 0) << verify.out;
  const auto show = Program("replay show " + (dir / "r" / "game-0001.json").string());
  EXPECT_NE(show.out.find("seat 1 (played tsumogiri/pass from then on): seat 1 (bot"), std::string::npos) << show.out;
}

TEST(HostilePrograms, StatsMergeRefusesAnOutOfRangeCount) {
  const fs::path dir = FreshDir("hostile_merge");
  const std::string summary = (dir / "s0.json").string();
  ASSERT_EQ(Program("match --agents greedy,greedy,random,random --games 2 --shard 0/1 --replays none --summary " + summary).status, 0);
  std::string text = Slurp(summary);
  const size_t at = text.find("\"hands\":");
  ASSERT_NE(at, std::string::npos);
  const size_t end = text.find(',', at);
  text.replace(at, end - at, "\"hands\":1e999");
  std::ofstream(summary, std::ios::trunc) << text;
  const auto run = Program("stats merge " + summary);
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_NE(run.out.find("s0.json: invalid JSON: "), std::string::npos) << run.out;
}

TEST(HostilePrograms, MjaiClientRefusesDeepNestingWithoutCrashing) {
  const fs::path dir = FreshDir("hostile_client");
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "{\"a\":";
  deep += "1" + std::string(100000, '}') + "\n";
  std::ofstream(dir / "in.txt") << deep;
  const auto run = Program("mjai-client --stdio < " + (dir / "in.txt").string());
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_NE(run.out.find("nested more than 32 deep"), std::string::npos) << run.out;
}

// `replay html DIR` with hostile file names and a planted link: every replay gets its own page,
// no link runs script, the link's target is untouched.
TEST(HostilePrograms, ReplayHtmlNamesAndLinksCannotHijack) {
  const fs::path dir = FreshDir("hostile_html");
  const fs::path in = dir / "in";
  ASSERT_EQ(Program("match --agents greedy,greedy,random,random --games 1 --out " + (dir / "plain").string()).status, 0);
  ASSERT_EQ(Program("match --agents greedy,greedy,random,random --games 1 --compress gzip --out " + (dir / "gz").string()).status, 0);
  ASSERT_EQ(Program("match --agents greedy,greedy,random,random --games 1 --compress zstd --out " + (dir / "zst").string()).status, 0);
  fs::create_directories(in);
  const fs::path plain = dir / "plain" / "game-0001.json";
  fs::copy_file(plain, in / "game-0001.json");
  fs::copy_file(plain, in / "javascript:document.title='X';x.json");
  fs::copy_file(plain, in / "index.json");
  fs::copy_file(dir / "gz" / "game-0001.json.gz", in / "g.json.gz");
  fs::copy_file(dir / "zst" / "game-0001.json.zst", in / "g.json.zst");
  std::ofstream(dir / "victim.txt") << "keep me\n";
  fs::create_symlink(dir / "victim.txt", in / "game-0001.html");
  const auto run = Program("replay html " + in.string());
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("and 5 of 5 replay pages"), std::string::npos) << run.out;
  EXPECT_EQ(Slurp(dir / "victim.txt"), "keep me\n");
  for (const char* page : {"game-0001.html", "index-2.html", "g.json.gz.html", "g.json.zst.html"})
    EXPECT_TRUE(fs::is_regular_file(in / page) && !fs::is_symlink(in / page)) << page;
  const std::string index = Slurp(in / "index.html");
  EXPECT_EQ(index.find("href=\"javascript:"), std::string::npos);
  EXPECT_NE(index.find("href=\"javascript%3Adocument.title%3D%27X%27%3Bx.html\""), std::string::npos);
  EXPECT_NE(index.find("script-src 'none'"), std::string::npos);
}

// Ruleset names as folders: "../../escaped" stays inside --out; two rulesets named riichi (a file
// based on riichi keeps the name) are refused before any game, naming both entries, so neither
// overwrites the other's replays (each ruleset's name is also its column and its verdicts).
TEST(HostilePrograms, PlaytestFoldersStayInsideOutAndApart) {
  const fs::path dir = FreshDir("hostile_playtest");
  std::ofstream(dir / "escape.json") << R"({"base":"riichi","name":"../../escaped","length":"east"})";
  std::ofstream(dir / "same.json") << R"({"base":"riichi","length":"east"})";
  const fs::path out = dir / "a" / "b" / "out";
  const auto run = Program("playtest --rules " + (dir / "escape.json").string() +
                           ",riichi --games 4 --agents greedy,greedy,random,random --out " + out.string());
  EXPECT_LT(run.status, 2) << run.out;
  EXPECT_FALSE(fs::exists(dir / "a" / "escaped"));
  EXPECT_TRUE(fs::exists(out / "_._.._escaped" / "game-0001.json")) << run.out;
  EXPECT_TRUE(fs::exists(out / "riichi" / "game-0004.json"));
  const fs::path out2 = dir / "out2";
  const auto same = Program("playtest --rules " + (dir / "same.json").string() +
                            ",riichi --games 4 --agents greedy,greedy,random,random --out " + out2.string());
  EXPECT_EQ(same.status, 2) << same.out;
  EXPECT_NE(same.out.find("entries 1 and 2 are both named \"riichi\""), std::string::npos) << same.out;
  EXPECT_FALSE(fs::exists(out2 / "riichi"));
}

TEST(HostilePrograms, ServeWaitsTheReferenceAnswerTimeByDefault) {
  const auto help = Program("serve --help");
  EXPECT_NE(help.out.find("--bot-timeout arg (=60000)"), std::string::npos) << help.out;
  const auto match_help = Program("match --help");
  EXPECT_NE(match_help.out.find("--bot-timeout arg (=5000)"), std::string::npos) << match_help.out;
}

}  // namespace
}  // namespace hostile_programs_test
}  // namespace mj
