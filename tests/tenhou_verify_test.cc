// The engine against real Tenhou games: every hand of every tenhou.net/6 record in
// shared/realgames/tenhou6 (54 whole games) and tenhou6/hands (20 short fixtures) is replayed
// through the engine and must end exactly as recorded (docs/TENHOU.md). Also: games played by
// the engine, written as tenhou.net/6 records, verify against the engine (the reader, the wall
// rebuild and the turn-order search on calls the engine itself made).

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "agents/registry.h"
#include "engine/game.h"
#include "formats/tenhou6.h"
#include "formats/tenhou_verify.h"
#include "rules/ruleset.h"

namespace mj::tenhou {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace tenhou_verify_test {
namespace {

const std::string kDir = std::string(MJ_SHARED_DIR) + "/realgames/tenhou6";

struct Totals {
  int games = 0;
  int hands = 0;
  std::vector<std::string> mismatches;  // formatted, with the file name only
};

Totals VerifyDir(const std::string& dir) {
  Totals t;
  auto files = CollectRecordFiles(dir);
  EXPECT_TRUE(files.ok()) << (files.ok() ? "" : files.error());
  if (!files.ok()) return t;
  for (const std::string& f : *files) {
    const GameReport r = VerifyFile(f);
    const std::string name = std::filesystem::path(f).filename().string();
    EXPECT_TRUE(r.read_ok) << name << ": " << r.error;
    if (!r.read_ok) continue;
    ++t.games;
    t.hands += r.hands;
    for (const Mismatch& m : r.mismatches) t.mismatches.push_back(FormatMismatch(name, m));
  }
  return t;
}

std::string Lines(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += s + "\n";
  return out;
}

class TenhouCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::is_directory(kDir))
      FAIL() << "the Tenhou records are missing: " << kDir
             << " (set MJ_SHARED_DIR when configuring to the shared/ folder holding realgames/)";
  }
};

TEST_F(TenhouCorpus, WholeGamesMatchTheEngine) {
  const Totals t = VerifyDir(kDir);
  EXPECT_EQ(t.games, 54);
  EXPECT_EQ(t.hands, 554);
  EXPECT_TRUE(t.mismatches.empty()) << t.mismatches.size() << " mismatches:\n" << Lines(t.mismatches);
}

TEST_F(TenhouCorpus, ShortFixturesMatchTheEngine) {
  const Totals t = VerifyDir(kDir + "/hands");
  EXPECT_EQ(t.games, 20);
  EXPECT_EQ(t.hands, 23);
  // Two of mjai-reviewer's hand-built "confusing nakis" fixtures contradict themselves: a riichi
  // was declared and paid during the hand (its next discard passed, or it was called), yet the
  // recorded point changes leave that 1000-point stick out of the winner's gain, which Tenhou
  // never does (every real record here includes it, e.g. hands/suukantsu_1.json, double_ron.json,
  // rinshan.json). The engine is right to differ; any other difference is a failure.
  const std::set<std::string> known = {
      "confusing_nakis_1.json E2-2: seat 0 ron from 2: point changes: expected [1600, 0, -1600, 0], got [2600, 0, "
      "-1600, 0]",
      "confusing_nakis_2.json E1-0: seat 2 ron from 0: point changes: expected [-3200, 0, 3200, 0], got [-3200, 0, "
      "4200, 0]"};
  std::vector<std::string> unexpected;
  for (const std::string& m : t.mismatches)
    if (!known.count(m)) unexpected.push_back(m);
  EXPECT_TRUE(unexpected.empty()) << unexpected.size() << " mismatches:\n" << Lines(unexpected);
  EXPECT_EQ(t.mismatches.size(), known.size()) << Lines(t.mismatches);
}

TEST_F(TenhouCorpus, ParsesCallStringsAsWritten) {
  auto g = ReadGameFile(kDir + "/hands/confusing_nakis_0.json");
  ASSERT_TRUE(g.ok()) << g.error();
  const Kyoku& k = g->log[0];
  EXPECT_EQ(k.Label(), "E4-0");
  // "1717p17": a pon of 7m from shimocha (letter before the last tile).
  const Item& pon = k.takes[0][14];
  EXPECT_EQ(pon.type, ItemType::kPon);
  EXPECT_EQ(pon.tile, 17);
  EXPECT_EQ(pon.from, 1);
  // "k51151515": red 5m added to the pon "p151515" from kamicha.
  const Item& kakan = k.discards[2][7];
  EXPECT_EQ(kakan.type, ItemType::kKakan);
  EXPECT_EQ(kakan.tile, 51);
  EXPECT_EQ(kakan.from, 3);
  EXPECT_EQ(kakan.own, (std::vector<int>{15, 15, 15}));
  // "c365337": chi of 6s with red 5s and 7s.
  const Item& chi = k.takes[2][6];
  EXPECT_EQ(chi.type, ItemType::kChi);
  EXPECT_EQ(chi.tile, 36);
  EXPECT_EQ(chi.own, (std::vector<int>{53, 37}));
}

TEST(TenhouVerify, MismatchesAreReportedWithTheHand) {
  // A record whose winner gets 1000 too many: the point changes differ, and so does the next
  // hand's start.
  auto g = ReadGameFile(kDir + "/2019021004gm-00a9-0000-e2f6516d.json");
  if (!g.ok()) GTEST_SKIP() << g.error();
  Game game = *g;
  game.log[0].result.wins[0].deltas[2] += 1000;
  const GameReport r = VerifyGame(game, "x.json");
  ASSERT_FALSE(r.mismatches.empty());
  EXPECT_EQ(FormatMismatch("x.json", r.mismatches[0]),
            "x.json E1-0: seat 2 tsumo: point changes: expected [-6000, -3000, 13000, -3000], got [-6000, -3000, "
            "12000, -3000]");
  // A recorded discard the engine cannot make stops that hand with a clear reason.
  game = *g;
  game.log[1].discards[0][0].tile = 47;  // seat 0 holds no 7z
  const GameReport bad = VerifyGame(game, "x.json");
  ASSERT_FALSE(bad.mismatches.empty());
  EXPECT_EQ(bad.mismatches[0].hand, "E2-0");
  EXPECT_NE(bad.mismatches[0].got.find("recorded discard 7z is not legal"), std::string::npos) << bad.mismatches[0].got;
}

// Tenhou's all-last game end by era. The 2009 record 2009022022gm-00a9-0000-cd94aac8 S4-1: the
// dealer (seat 3) is tenpai at the exhaustive draw and first with 37400, and the game goes on to
// S4-2 (the older rule). Verified under its era's rules it matches; under today's riichi preset
// (the dealer stops there, as current Tenhou games do) the engine ends the game at S4-1.
TEST_F(TenhouCorpus, GameEndFollowsTheRecordsEra) {
  auto g = ReadGameFile(kDir + "/2009022022gm-00a9-0000-cd94aac8.json");
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(RecordDate(*g), 20090220);
  auto era = RulesetFor(*g);
  ASSERT_TRUE(era.ok()) << era.error();
  EXPECT_FALSE(era->tenpai_yame);
  EXPECT_TRUE(VerifyGame(*g, "x.json").mismatches.empty());

  auto riichi = LoadRuleset("riichi");
  ASSERT_TRUE(riichi.ok());
  EXPECT_TRUE(riichi->tenpai_yame);
  VerifyOptions today;
  today.rules = *riichi;
  const GameReport r = VerifyGame(*g, "x.json", today);
  ASSERT_EQ(r.mismatches.size(), 1u);
  EXPECT_EQ(FormatMismatch("x.json", r.mismatches[0]), "x.json S4-1: game end: expected the game goes on to S4-2, got the game ends");

  // A record without a dated id (an engine export, a hand-made fixture) gets today's rule.
  Game undated = *g;
  undated.title = "";
  EXPECT_EQ(RecordDate(undated), 0);
  EXPECT_TRUE(RulesetFor(undated)->tenpai_yame);
  undated.title = "2022010100gm-00a9-0000-00000000";
  EXPECT_TRUE(RulesetFor(undated)->tenpai_yame);
}

// Games the engine plays, written as records, verify against the engine: the reader, the wall
// rebuild and the search over call timings see every kind of call the agents make.
TEST(TenhouVerify, EngineGamesRoundTrip) {
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok());
  int games = 0, hands = 0;
  std::map<std::string, int> seen;
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    std::vector<std::unique_ptr<Agent>> owned;
    std::array<Agent*, 4> agents{};
    const char* specs[] = {"greedy", "defensive", "greedy", "random"};
    for (int p = 0; p < 4; ++p) {
      auto a = MakeAgent(specs[(p + seed) % 4]);
      ASSERT_TRUE(a.ok()) << a.error();
      owned.push_back(std::move(a.value()));
      agents[p] = owned.back().get();
    }
    Ruleset r = *rules;
    if (seed % 3 == 0) r.length = GameLength::kEast;
    const GameRecord rec = PlayGame(r, seed, agents);
    ASSERT_TRUE(rec.complete) << rec.error;
    const nlohmann::json doc = ExportGame(rec);
    auto game = ParseGame(doc);
    ASSERT_TRUE(game.ok()) << game.error();
    const GameReport report = VerifyGame(*game, "seed " + std::to_string(seed));
    ++games;
    hands += report.hands;
    std::vector<std::string> lines;
    for (const Mismatch& m : report.mismatches) lines.push_back(FormatMismatch(report.file, m));
    EXPECT_TRUE(lines.empty()) << Lines(lines) << doc.dump();
    for (const Event& e : rec.events) seen[std::string(EventTypeName(e.type))]++;
  }
  EXPECT_EQ(games, 24);
  EXPECT_GT(hands, 150);
  std::string counts;
  for (const auto& [type, n] : seen) counts += type + "=" + std::to_string(n) + " ";
  for (const char* type : {"chi", "pon", "hora", "reach", "ryukyoku", "daiminkan", "kakan", "ankan"})
    EXPECT_GT(seen[type], 0) << type << " never happened: " << counts;
}

}  // namespace
}  // namespace tenhou_verify_test
}  // namespace mj::tenhou
