// `mahjong score --compare`: one hand valued under every named ruleset, one row per hand. The
// expected values are worked by hand from RULES.md (each ruleset's section), not by this code.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/program_run.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace score_compare_test {
namespace {

using nlohmann::json;

using test::ProgramRun;

// Runs `mahjong score ARGS`, feeding `input` on stdin (through a temporary file).
ProgramRun RunScore(const std::string& args, const std::string& input) {
  const std::filesystem::path in =
      std::filesystem::temp_directory_path() / ("mj_compare_" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(in) << input;
  ProgramRun r = test::Program("score " + args + " < " + in.string());
  std::filesystem::remove(in);
  return r;
}

// A non-dealer's closed tsumo of 23m567m345p678s99s on 4m (waits 1m/4m), East round, no dora.
constexpr char kPinfuTsumo[] =
    R"({"id":"pinfu_tsumo","concealed":"234m567m345p678s99s","win_tile":"4m","tsumo":true,"seat_wind":"S","round_wind":"E"})";
// A non-dealer's ron on 9s (tanki) with a closed kan of East, East round.
constexpr char kEastKan[] =
    R"({"id":"east_kan","concealed":"234m567p678s99s","melds":[{"type":"ankan","tiles":"1111z"}],"win_tile":"9s","seat_wind":"S","round_wind":"E"})";

TEST(ScoreCompare, OneRowPerHandWithEveryRulesetInTheGivenOrder) {
  const ProgramRun r = RunScore("--compare riichi,fuless,ayame-blend,dunpai,ningbo",
                         std::string(kPinfuTsumo) + "\n\n" + kEastKan + "\n");
  ASSERT_EQ(r.status, 0) << r.out;
  std::istringstream lines(r.out);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  // The rulesets appear in the order given (the row is written in that order).
  size_t last = 0;
  for (const char* name : {"\"riichi\":", "\"fuless\":", "\"ayame-blend\":", "\"dunpai\":", "\"ningbo\":"}) {
    const size_t at = line.find(name);
    ASSERT_NE(at, std::string::npos) << name << " in " << line;
    EXPECT_GT(at, last) << name;
    last = at;
  }
  const json row = json::parse(line);
  EXPECT_EQ(row["id"], "pinfu_tsumo");
  const json& res = row["results"];
  // riichi: pinfu 1 + menzen tsumo 1, 20 fu: base 20 x 2^4 = 320 -> 400 from each non-dealer,
  // 640 -> 700 from the dealer: 1500.
  EXPECT_EQ(res["riichi"]["han"], 2);
  EXPECT_EQ(res["riichi"]["fu"], 20);
  EXPECT_EQ(res["riichi"]["total"], 1500);
  EXPECT_FALSE(res["riichi"].contains("id"));
  // fuless: pinfu 2/3 + menzen tsumo 1 = 1 2/3 han: base 250 x 1.6 = 400: 400 / 800: 1600.
  EXPECT_EQ(res["fuless"]["han_sixths"], 10);
  EXPECT_EQ(res["fuless"]["payment"], (json{{"dealer", 800}, {"non_dealer", 400}}));
  EXPECT_EQ(res["fuless"]["total"], 1600);
  // ayame-blend: four sequences 0.5 + menzen tsumo 1 = 1.5 han: p = 2 x 3 = 6, V = 1500: the
  // dealer pays 750 -> 800, the others 375 -> 400: 1600.
  EXPECT_EQ(res["ayame-blend"]["han_sixths"], 9);
  EXPECT_EQ(res["ayame-blend"]["total"], 1600);
  // dunpai: pinfu 1 + menzen tsumo 1 + renroku (234m 567m) 1 = 3 han = 4000, in thirds: 1334 ->
  // 1400 each: 4200.
  EXPECT_EQ(res["dunpai"]["han"], 3);
  EXPECT_EQ(res["dunpai"]["total"], 4200);
  // ningbo: base 10 + tsumo 2 = 12 fu (1m/4m: two chances, no single-wait fu), 0 fan: 12 from
  // each non-dealer, 24 from the dealer: 48.
  EXPECT_EQ(res["ningbo"]["fu"], 12);
  EXPECT_EQ(res["ningbo"]["total"], 48);

  ASSERT_TRUE(std::getline(lines, line));  // the blank input line is skipped
  const json row2 = json::parse(line);
  EXPECT_EQ(row2["id"], "east_kan");
  // riichi: round-wind East kan = yakuhai 1 han; 20 + 10 (closed ron) + 32 (closed honour kan)
  // + 2 (tanki) = 64 -> 70 fu: 70 x 2^3 = 560, x4 = 2240 -> 2300.
  EXPECT_EQ(row2["results"]["riichi"]["total"], 2300);
  // ayame has no kongs: the hand cannot exist there; the others still score.
  EXPECT_EQ(row2["results"]["ayame-blend"]["ok"], false);
  EXPECT_EQ(row2["results"]["ayame-blend"]["error"], "invalid_input");
  EXPECT_EQ(row2["results"]["fuless"]["ok"], true);
  EXPECT_FALSE(std::getline(lines, line));
}

TEST(ScoreCompare, TableShowsEachRulesetsValue) {
  const ProgramRun r = RunScore("--compare riichi,fuless,dunpai --table", std::string(kPinfuTsumo) + "\n");
  ASSERT_EQ(r.status, 0) << r.out;
  std::istringstream lines(r.out);
  std::string header, rule, row;
  ASSERT_TRUE(std::getline(lines, header));
  ASSERT_TRUE(std::getline(lines, rule));
  ASSERT_TRUE(std::getline(lines, row));
  EXPECT_NE(header.find("riichi"), std::string::npos) << header;
  EXPECT_NE(header.find("fuless"), std::string::npos) << header;
  EXPECT_NE(header.find("dunpai"), std::string::npos) << header;
  EXPECT_EQ(rule.find_first_not_of("-+"), std::string::npos) << rule;
  EXPECT_EQ(row.rfind("pinfu_tsumo", 0), 0u) << row;
  EXPECT_NE(row.find("2 han 20 fu 1500"), std::string::npos) << row;
  EXPECT_NE(row.find("1 2/3 han 1600"), std::string::npos) << row;
  EXPECT_NE(row.find("3 han 4200"), std::string::npos) << row;
  // The columns line up: every "|" of the row sits under one of the header.
  for (size_t i = 0; i < row.size(); ++i)
    if (row[i] == '|') {
      ASSERT_LT(i, header.size());
      EXPECT_EQ(header[i], '|') << "column " << i;
    }
}

TEST(ScoreCompare, BadListsAreRefusedNamingTheEntry) {
  const ProgramRun unknown = RunScore("--compare riichi,fulless", "");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("--compare entry 2"), std::string::npos) << unknown.out;
  EXPECT_NE(unknown.out.find("fulless"), std::string::npos) << unknown.out;
  const ProgramRun empty = RunScore("--compare riichi,,dunpai", "");
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.out.find("empty ruleset name at entry 2"), std::string::npos) << empty.out;
  const ProgramRun table_alone = RunScore("--table", "");
  EXPECT_EQ(table_alone.status, 2);
  EXPECT_NE(table_alone.out.find("--table needs --compare"), std::string::npos) << table_alone.out;
  const ProgramRun both = RunScore("--rules dunpai --compare riichi", "");
  EXPECT_EQ(both.status, 2) << both.out;
}

}  // namespace
}  // namespace score_compare_test
}  // namespace mj
