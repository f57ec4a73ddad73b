// Hostile input: every reader of outside JSON answers with its documented error, never a crash,
// a wrap-around or a wrong success. Each case was a crash or a misreading of the program before
// (issue 12); the expected texts are the documented errors (docs/SCORE.md, docs/RULESET.md).

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "formats/tenhou6.h"
#include "rules/bounded_json.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace hostile_input_test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct ProgramRun {
  int status = -1;  // exit status; -1 when killed by a signal
  std::string out;  // stdout
  std::string err;  // stderr
};

fs::path TempPath(const std::string& name) {
  return fs::temp_directory_path() / ("mj_hostile_" + std::to_string(::getpid()) + "_" + name);
}

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the program with `args` and `input` on stdin; stdout and stderr kept apart.
ProgramRun RunProgram(const std::string& args, const std::string& input = "") {
  const fs::path in = TempPath("in"), out = TempPath("out"), err = TempPath("err");
  std::ofstream(in, std::ios::binary) << input;
  const std::string cmd = std::string(MJ_PROGRAM) + " " + args + " < " + in.string() + " > " + out.string() +
                          " 2> " + err.string();
  const int status = std::system(cmd.c_str());
  ProgramRun r;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadAll(out);
  r.err = ReadAll(err);
  for (const fs::path& p : {in, out, err}) fs::remove(p);
  return r;
}

std::vector<json> Lines(const std::string& text) {
  std::vector<json> out;
  std::istringstream s(text);
  std::string line;
  while (std::getline(s, line)) out.push_back(json::parse(line));
  return out;
}

// A non-dealer's closed tsumo: riichi, menzen tsumo, pinfu, tanyao (4 han 20 fu under riichi).
constexpr char kHand[] =
    R"("concealed":"234m567p23488s456s","win_tile":"4s","tsumo":true,"riichi":true,"seat_wind":"S","round_wind":"E")";

// ---- score lines ----------------------------------------------------------------------------------

TEST(HostileScore, InvalidUtf8LineIsAnErrorAndLaterLinesAreScored) {
  const ProgramRun r = RunProgram("score", "{\"id\":1}\n\xff\n{\"id\":2}\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0]["id"], 1);
  EXPECT_EQ(lines[1]["error"], "invalid_input");
  EXPECT_EQ(lines[1]["id"], nullptr);
  // The message names the byte without copying it.
  EXPECT_NE(lines[1]["message"].get<std::string>().find("line 2: invalid JSON"), std::string::npos);
  EXPECT_NE(lines[1]["message"].get<std::string>().find("\\xFF"), std::string::npos);
  EXPECT_EQ(lines[2]["id"], 2);
}

TEST(HostileScore, PrettyReportsTypeErrorsInsteadOfAborting) {
  const std::string tsumo_text = std::string("{\"id\":1,") + kHand + "}";
  std::string with_string_tsumo = tsumo_text;
  with_string_tsumo.replace(with_string_tsumo.find("\"tsumo\":true"), 12, "\"tsumo\":\"yes\"");
  ProgramRun r = RunProgram("score --pretty", with_string_tsumo + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("cannot score: invalid_input: \"tsumo\" must be true or false, got string"),
            std::string::npos)
      << r.out;
  r = RunProgram("score --pretty",
          R"({"id":2,"concealed":"234m567p23488s","melds":[{"type":1,"tiles":2}],"win_tile":"4s","seat_wind":"S","round_wind":"E"})"
          "\n"
          R"({"id":3,"concealed":"234m567p23488s","melds":[{"type":"chi","tiles":[1]}],"win_tile":"4s","seat_wind":"S","round_wind":"E"})"
          "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("hand 2: 234m567p23488s [? ?]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("melds[0]: \"type\" must be a string"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hand 3: 234m567p23488s [chi ?]"), std::string::npos) << r.out;
}

TEST(HostileScore, DeepNestingIsRefused) {
  const std::string deep = "{\"id\":" + std::string(100000, '[') + std::string(100000, ']') + "}\n";
  const ProgramRun r = RunProgram("score", deep + "{\"id\":2}\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["message"], "line 1: invalid JSON: arrays and objects nested more than 32 deep");
  EXPECT_EQ(lines[1]["id"], 2);
}

TEST(HostileScore, OverlongLineIsRefusedUnreadAndNotEchoed) {
  const std::string huge = std::string("{\"id\":1,\"concealed\":\"") + std::string(50'000'000, '1') + "\"}\n";
  const ProgramRun r = RunProgram("score", huge + "{\"id\":2}\n");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_LT(r.out.size(), 1000u);
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["message"], "line 1: longer than 1048576 bytes; not read");
  EXPECT_EQ(lines[1]["id"], 2);
}

TEST(HostileScore, LongTileTextIsRefusedWithoutEchoing) {
  const std::string line = "{\"id\":1,\"concealed\":\"" + std::string(100'000, '1') + "m\",\"win_tile\":\"1m\"}";
  const json out = json::parse(ScoreInputLine(line, *LoadRuleset("riichi")));
  EXPECT_EQ(out["message"], "\"concealed\" is 100001 characters long; at most 200");
}

TEST(HostileScore, CountsDoNotWrap) {
  const auto riichi = LoadRuleset("riichi");
  ASSERT_TRUE(riichi.ok());
  for (const char* n : {"9223372036854775808", "18446744073709551615", "-1", "1001"}) {
    const json out = json::parse(ScoreInputLine(std::string("{\"id\":1,") + kHand + ",\"honba\":" + n + "}", *riichi));
    EXPECT_EQ(out["message"], std::string("\"honba\" must be between 0 and 1000, got ") + n);
    const json sticks =
        json::parse(ScoreInputLine(std::string("{\"id\":1,") + kHand + ",\"riichi_sticks\":" + n + "}", *riichi));
    EXPECT_EQ(sticks["message"], std::string("\"riichi_sticks\" must be between 0 and 1000, got ") + n);
  }
}

TEST(HostileScore, StrayPositionalArgumentsAreRefused) {
  ProgramRun r = RunProgram("score extra");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("too many positional options"), std::string::npos) << r.err;
  r = RunProgram("match extra --agents random,random,random,random --games 1 --seed 1 --out " + TempPath("m").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("too many positional options"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(TempPath("m")));
}

TEST(HostileScore, CompareAnswersNullAsNotAnObjectAndRefusesRepeatedRulesets) {
  ProgramRun r = RunProgram("score --compare riichi", "null\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["results"]["riichi"]["message"], "each line must be a JSON object, got null");
  r = RunProgram("score --compare riichi,fuless,riichi", "");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "mahjong score: --compare: \"riichi\" is listed twice (entries 1 and 3)\n");
}

// ---- points arithmetic at the bounds of the settings ----------------------------------------------

Result<Ruleset> RulesetOf(const std::string& text) {
  auto j = ParseBoundedJson(text, kRulesetLimits);
  if (!j) return Error{j.error()};
  return RulesetFromJson(*j);
}

TEST(HostilePoints, StickValuesAreBoundedAndAThousandSticksAddUpExactly) {
  auto too_big = RulesetOf(R"({"base":"riichi","honba_value":100000001})");
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.error(), "\"honba_value\" must be an integer from 0 to 100000, got 100000001");
  too_big = RulesetOf(R"({"base":"riichi","riichi_deposit":100001})");
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.error(), "\"riichi_deposit\" must be an integer from 0 to 100000, got 100001");
  // At the bound, 1,000 honba and 1,000 sticks: 4 han 20 fu tsumo pays 1300/2600 (RULES.md table).
  const auto most = RulesetOf(R"({"base":"riichi","honba_value":100000,"riichi_deposit":100000})");
  ASSERT_TRUE(most.ok()) << most.error();
  const json out =
      json::parse(ScoreInputLine(std::string("{\"id\":1,") + kHand + ",\"honba\":1000,\"riichi_sticks\":1000}", *most));
  ASSERT_EQ(out["ok"], true) << out.dump();
  EXPECT_EQ(out["honba_bonus"], 100'000'000);
  EXPECT_EQ(out["deposits"], 100'000'000);
  EXPECT_EQ(out["total"], 200'005'200);
}

TEST(HostilePoints, AyameUnitIsBoundedByTheValueOfACappedDealerHand) {
  // AYAME.md: V = unit x floor(x+1) x ceil(x+1); at the 13-han cap 14 x 14 = 196; the dealer
  // receives V x 150 % (ayame-competition). 3401360 x 196 x 1.5 = 999,999,840 <= 10^9.
  const auto unit_over = RulesetOf(R"({"base":"ayame-competition","ayame":{"unit":100000000}})");
  ASSERT_FALSE(unit_over.ok());
  EXPECT_EQ(unit_over.error(),
            "\"ayame\" \"unit\" 100000000 makes a hand at the cap worth 29400000000 points; at most 1000000000");
  EXPECT_FALSE(RulesetOf(R"({"base":"ayame-competition","ayame":{"unit":3401361}})").ok());
  const auto at_bound = RulesetOf(R"({"base":"ayame-competition","ayame":{"unit":3401360}})");
  ASSERT_TRUE(at_bound.ok()) << at_bound.error();
  // The capped hand of tests/data (13.5 han paid as 13) as the dealer's tsumo: each of the three
  // pays V x 150 % / 3 = 333,333,280 -> 333,333,300 (rounded up to 100).
  const json out = json::parse(ScoreInputLine(
      R"({"id":1,"concealed":"11223345556789p","win_tile":"5p","riichi":true,"ippatsu":true,"tsumo":true,)"
      R"("haitei":true,"seat_wind":"E","round_wind":"E"})",
      *at_bound));
  ASSERT_EQ(out["ok"], true) << out.dump();
  EXPECT_EQ(out["payment"]["each"], 333'333'300);
  EXPECT_EQ(out["total"], 999'999'900);
}

// ---- rulesets ---------------------------------------------------------------------------------------

TEST(HostileRuleset, UmaDoesNotWrap) {
  const auto r = RulesetOf(R"({"base":"riichi","uma":[18446744073709551615,1,0,0]})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(),
            "\"uma\" must be an array of 4 integers (1st to 4th place) that sum to 0, got "
            "[18446744073709551615,1,0,0]");
  EXPECT_FALSE(RulesetOf(R"({"base":"riichi","uma":[9223372036854775808,0,0,0]})").ok());
  EXPECT_FALSE(RulesetOf(R"({"base":"riichi","starting_points":18446744073709551615})").ok());
}

TEST(HostileRuleset, HugeNameAndHugeFileAreRefusedWithoutEcho) {
  const auto r = RulesetOf(R"({"base":"riichi","name":")" + std::string(500'000, 'n') + "\"}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "\"name\" is 500000 bytes long; at most 200");
  const fs::path big = TempPath("big_ruleset.json");
  std::ofstream(big) << R"({"base":"riichi","name":")" << std::string(50'000'000, 'n') << "\"}";
  const auto file = LoadRuleset(big.string());
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error(), "ruleset file \"" + big.string() + "\": " + big.string() + ": 50000027 bytes; at most 1048576");
  fs::remove(big);
  // A huge unknown value is clipped in the message.
  const auto scoring = RulesetOf(R"({"base":"riichi","scoring":")" + std::string(100'000, 'x') + "\"}");
  ASSERT_FALSE(scoring.ok());
  EXPECT_LT(scoring.error().size(), 1000u);
}

TEST(HostileRuleset, DeepNestingAndInvalidUtf8AreRefused) {
  const fs::path deep = TempPath("deep_ruleset.json");
  std::ofstream(deep) << "{\"base\":\"riichi\",\"yaku\":" << std::string(100000, '[') << std::string(100000, ']') << "}";
  auto r = LoadRuleset(deep.string());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "ruleset file \"" + deep.string() + "\": arrays and objects nested more than 32 deep");
  std::ofstream(deep, std::ios::trunc) << "{\"base\":\"riichi\",\"name\":\"\xff\"}";
  r = LoadRuleset(deep.string());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("invalid string: ill-formed UTF-8 byte; last read: '\"\\xFF'"), std::string::npos)
      << r.error();
  fs::remove(deep);
}

// ---- tenhou.net/6 records ----------------------------------------------------------------------

json RealRecord() {
  std::ifstream in(std::string(MJ_SHARED_DIR) + "/realgames/tenhou6/2009031702gm-00a1-0000-336ee82a.json");
  return json::parse(in);
}

TEST(HostileTenhou, NumbersDoNotWrap) {
  json doc = RealRecord();
  ASSERT_TRUE(tenhou::ParseGame(doc).ok());
  // The first tile of seat 0's deal (15 = 5m) plus 2^32 used to read as 15.
  json wrapped = doc;
  wrapped["log"][0][4][0] = 15 + 4294967296LL;
  auto r = tenhou::ParseGame(wrapped);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("expected an integer from -100000000 to 100000000, got 4294967311"), std::string::npos)
      << r.error();
  json score = doc;
  score["log"][0][1][0] = 25000 + 4294967296LL;
  EXPECT_FALSE(tenhou::ParseGame(score).ok());
  json unsigned_huge = doc;
  unsigned_huge["log"][0][4][0] = json::parse("18446744073709551615");
  EXPECT_FALSE(tenhou::ParseGame(unsigned_huge).ok());
  // Final scores whose sum overflowed 32 bits (and then read as hundreds).
  json sc = doc;
  sc["sc"] = json::parse("[100000000,0,100000000,0,-100000000,0,-100000000,0]");
  auto final_scores = tenhou::ParseGame(sc);
  ASSERT_TRUE(final_scores.ok()) << final_scores.error();
  EXPECT_EQ(final_scores->final_scores[0], 100000000);  // points as written: the sum is not "small"
  sc["sc"] = json::parse("[2000000000,0,2000000000,0,0,0,0,0]");
  EXPECT_FALSE(tenhou::ParseGame(sc).ok());
}

TEST(HostileTenhou, OverflowInAScoreTextIsNamed) {
  json doc = RealRecord();
  doc["log"][0][16][2][3] = "40符3飜77000000000000点";
  auto r = tenhou::ParseGame(doc);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("number \"77000000000000\" out of range in \"40符3飜77000000000000点\""), std::string::npos)
      << r.error();
  EXPECT_EQ(r.error().find("stoi"), std::string::npos);
  doc["log"][0][16][2][3] = "99999999999符3飜7700点";
  EXPECT_FALSE(tenhou::ParseGame(doc).ok());
  doc["log"][0][16][2][3] = "40符3飜7700点";
  doc["log"][0][16][2][4] = "立直(99999999999飜)";
  r = tenhou::ParseGame(doc);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("out of range"), std::string::npos) << r.error();
}

TEST(HostileTenhou, DeepOrHugeFilesAreRefused) {
  const fs::path deep = TempPath("deep_record.json");
  std::ofstream(deep) << "{\"log\":" << std::string(100000, '[') << std::string(100000, ']') << "}";
  auto r = tenhou::ReadGameFile(deep.string());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "not valid JSON: arrays and objects nested more than 32 deep");
  fs::remove(deep);
}

// ---- the shared reader ------------------------------------------------------------------------------

TEST(BoundedJson, DepthIsCountedOutsideStringsOnly) {
  EXPECT_EQ(JsonNestingDepth(R"({"a":[1,{"b":"[[[[\"[["}]})", 100), 3);
  EXPECT_TRUE(ParseBoundedJson(R"({"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["})", {100, 2}).ok());
  EXPECT_EQ(ParseBoundedJson("[[[1]]]", {100, 2}).error(), "arrays and objects nested more than 2 deep");
  EXPECT_EQ(ParseBoundedJson("[1, 2, 3]", {5, 2}).error(), "9 bytes; at most 5");
}

TEST(BoundedJson, IntegersAreReadExactly) {
  EXPECT_EQ(JsonInt64(json::parse("9223372036854775807")), INT64_MAX);
  EXPECT_EQ(JsonInt64(json::parse("9223372036854775808")), std::nullopt);
  EXPECT_EQ(JsonInt64(json::parse("-9223372036854775808")), INT64_MIN);
  EXPECT_EQ(JsonInt64(json::parse("1.0")), std::nullopt);
  EXPECT_EQ(JsonIntIn(json::parse("4294967297"), 0, 1000), std::nullopt);
}

TEST(BoundedJson, PrintableTextKeepsUtf8AndEscapesTheRest) {
  EXPECT_EQ(PrintableText("東\xff\n"), "東\\xFF\\x0A");
  EXPECT_EQ(PrintableText(std::string(100, 'a'), 10), "aaaaaaaaaa... (100 bytes)");
  EXPECT_EQ(PrintableText("\xe6\x9d"), "\\xE6\\x9D");  // a cut sequence
}

}  // namespace
}  // namespace hostile_input_test
}  // namespace mj
