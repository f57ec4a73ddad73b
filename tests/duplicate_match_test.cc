// Duplicate matches and `match --jobs`: the games of a duplicate set are dealt the same walls,
// every seating is played, and the replays, records and statistics do not depend on the number
// of threads; `stats DIR` recomputes the summary's statistics from the replays.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/match_plan.h"
#include "replays/replay.h"
#include "rules/ruleset.h"
#include "tests/program_run.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace duplicate_match_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

GameRecord PlaySeated(const Ruleset& rules, const PlannedGame& plan, const std::array<std::string, 4>& entries) {
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = MakeAgent(entries[plan.seating[s]]).value();
    agents[s] = owned[s].get();
  }
  return PlayGame(rules, plan.seed, agents);
}

struct Deal {
  int oya = -1;
  std::array<std::vector<Tile>, 4> tehais;
  Tile dora = kNoTile;
  Tile first_draw = kNoTile;
  bool carried = false;  // some seat carries shields into this hand (Dunpai): they join the deal
};

std::vector<Deal> Deals(const GameRecord& r) {
  std::vector<Deal> out;
  for (const Event& e : r.events) {
    if (e.type == EventType::kStartKyoku && e.start) {
      out.push_back({});
      out.back().oya = e.start->oya;
      out.back().dora = e.start->dora_marker;
      for (int c : e.start->shields_carried) out.back().carried |= c > 0;
      for (int p = 0; p < 4; ++p) out.back().tehais[p] = {e.start->tehais[p].begin(), e.start->tehais[p].end()};
    } else if (e.type == EventType::kTsumo && !out.empty() && out.back().first_draw == kNoTile) {
      out.back().first_draw = e.pai;
    }
  }
  return out;
}

TEST(DuplicateMatchTest, EverySeatingOfASetGetsTheSameWalls) {
  for (const char* name : {"riichi", "dunpai"}) {
    const Ruleset rules = LoadRuleset(name).value();
    const std::array<std::string, 4> entries = {"greedy", "defensive", "random", "greedy:calls=false"};
    for (long set = 1; set <= 2; ++set) {
      std::vector<std::vector<Deal>> deals;
      std::set<std::array<int, 4>> seatings;
      for (int r = 0; r < 4; ++r) {
        const PlannedGame plan = PlanMatchGame(99, (set - 1) * 4 + r + 1, 4);
        EXPECT_EQ(plan.set, set);
        EXPECT_EQ(plan.rotation, r);
        seatings.insert(plan.seating);
        // Entry i sits at seat (i + r) % 4.
        for (int i = 0; i < 4; ++i) EXPECT_EQ(plan.seating[(i + r) % 4], i);
        const GameRecord rec = PlaySeated(rules, plan, entries);
        ASSERT_TRUE(rec.complete) << rec.error;
        deals.push_back(Deals(rec));
      }
      EXPECT_EQ(seatings.size(), 4u);
      // Hand k of every game is dealt from the same wall: where the dealer is the same seat
      // (always in hand 0) the four hands, the dora indicator and the first draw are equal
      // (under Dunpai when no seat carries shields, which the seat's own play decided).
      int compared = 0;
      for (int r = 1; r < 4; ++r) {
        for (size_t k = 0; k < std::min(deals[0].size(), deals[r].size()); ++k) {
          if (deals[0][k].oya != deals[r][k].oya || deals[0][k].carried || deals[r][k].carried) continue;
          ++compared;
          EXPECT_EQ(deals[0][k].tehais, deals[r][k].tehais) << name << " set " << set << " rotation " << r << " hand " << k;
          EXPECT_EQ(deals[0][k].dora, deals[r][k].dora);
          EXPECT_EQ(deals[0][k].first_draw, deals[r][k].first_draw);
        }
      }
      EXPECT_GE(compared, 3) << name;
      // Other sets have other walls.
      if (set == 2) {
        EXPECT_NE(PlanMatchGame(99, 1, 4).seed, PlanMatchGame(99, 5, 4).seed);
      }
    }
  }
}

TEST(DuplicateMatchTest, TwentyFourRotationsAreAllSeatings) {
  std::set<std::array<int, 4>> seen;
  for (int r = 0; r < 24; ++r) seen.insert(DuplicateSeating(r, 24));
  EXPECT_EQ(seen.size(), 24u);
  EXPECT_EQ(PlanMatchGame(5, 24, 24).set, 1);
  EXPECT_EQ(PlanMatchGame(5, 25, 24).set, 2);
  EXPECT_EQ(PlanMatchGame(5, 25, 24).seed, PlanMatchGame(5, 48, 24).seed);
}

// A work directory of this process (several checkouts may run the tests at once on one machine).
fs::path WorkDir(const std::string& name) {
  return fs::path(testing::TempDir()) / (name + "_" + std::to_string(getpid()));
}

using test::Program;
using test::ProgramRun;

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DuplicateMatchTest, JobsChangeNothingAndStatsRecomputeFromReplays) {
  const fs::path dir = WorkDir("duplicate_match_jobs");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string common = "match --rules dunpai --agents greedy,defensive,random,greedy:calls=false --games 24 "
                             "--seed 7 --duplicate ";
  std::array<json, 3> summaries;
  const std::array<int, 3> jobs = {1, 2, 3};
  for (int i = 0; i < 3; ++i) {
    const std::string n = std::to_string(jobs[i]);
    const fs::path out = dir / ("j" + n);
    const fs::path summary = dir / ("s" + n + ".json");
    const ProgramRun r = Program(common + "--jobs " + n + " --out " + out.string() + " --summary " + summary.string());
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("duplicate: 6 sets of 4 seatings"), std::string::npos) << r.out;
    summaries[i] = json::parse(Slurp(summary));
  }
  for (int g = 1; g <= 24; ++g) {
    char name[32];
    std::snprintf(name, sizeof name, "game-%04d.json", g);
    const std::string one = Slurp(dir / "j1" / name);
    ASSERT_FALSE(one.empty()) << name;
    EXPECT_EQ(one, Slurp(dir / "j2" / name)) << name;
    EXPECT_EQ(one, Slurp(dir / "j3" / name)) << name;
    // The replay says which set and seating it is.
    const json doc = json::parse(one);
    EXPECT_EQ(doc["match"]["game"], g);
    EXPECT_EQ(doc["match"]["duplicate"]["set"], (g - 1) / 4 + 1);
    EXPECT_EQ(doc["match"]["duplicate"]["rotation"], (g - 1) % 4);
    auto back = ReadReplayFile((dir / "j1" / name).string());
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_TRUE(back->match.has_value());
    EXPECT_EQ(back->match->rotations, 4);
  }
  for (int i = 1; i < 3; ++i) {
    EXPECT_EQ(summaries[0]["games"], summaries[i]["games"]);
    EXPECT_EQ(summaries[0]["statistics"].dump(), summaries[i]["statistics"].dump());
  }
  for (const char* stats_jobs : {"1", "3"}) {
    const fs::path from_replays = dir / ("from_replays" + std::string(stats_jobs) + ".json");
    const ProgramRun stats = Program("stats --jobs " + std::string(stats_jobs) + " " + (dir / "j2").string() +
                                     " --summary " + from_replays.string());
    ASSERT_EQ(stats.status, 0) << stats.out;
    const json recomputed = json::parse(Slurp(from_replays));
    EXPECT_EQ(recomputed["games"], summaries[0]["games"]) << stats_jobs << " jobs";
    EXPECT_EQ(recomputed["statistics"].dump(), summaries[0]["statistics"].dump()) << stats_jobs << " jobs";
  }
  EXPECT_TRUE(summaries[0]["statistics"].contains("luck_skill"));
  EXPECT_EQ(summaries[0]["statistics"]["units"]["count"], 6);
  fs::remove_all(dir);
}

TEST(DuplicateMatchTest, StatsNamesTheFirstBadReplayForAnyJobs) {
  // Eight replays of a match; game 3 cut short, game 6 from another match, game 7 cut short:
  // whatever the number of threads reading them, `stats` names game 3 (the first in file order).
  const fs::path dir = WorkDir("duplicate_stats_bad");
  fs::remove_all(dir);
  const std::string match = "match --agents greedy,defensive,random,random --games 8 --duplicate --jobs 2 --out ";
  ASSERT_EQ(Program(match + (dir / "a").string() + " --seed 1").status, 0);
  ASSERT_EQ(Program(match + (dir / "b").string() + " --seed 2").status, 0);
  auto cut = [&](const std::string& name) {
    const std::string text = Slurp(dir / "a" / name);
    std::ofstream(dir / "a" / name, std::ios::binary | std::ios::trunc) << text.substr(0, text.size() / 2);
  };
  fs::copy_file(dir / "b" / "game-0006.json", dir / "a" / "game-0006.json", fs::copy_options::overwrite_existing);
  cut("game-0007.json");
  for (const char* jobs : {"1", "2", "3"}) {
    const ProgramRun other = Program("stats --jobs " + std::string(jobs) + " " + (dir / "a").string());
    EXPECT_EQ(other.status, 1) << other.out;
    EXPECT_NE(other.out.find("game-0006.json: from another match than " + (dir / "a" / "game-0001.json").string() +
                             " ("),
              std::string::npos)
        << jobs << " jobs: " << other.out;
  }
  cut("game-0003.json");
  for (const char* jobs : {"1", "2", "3"}) {
    const ProgramRun bad = Program("stats --jobs " + std::string(jobs) + " " + (dir / "a").string());
    EXPECT_EQ(bad.status, 1) << bad.out;
    EXPECT_NE(bad.out.find("mahjong stats: " + (dir / "a" / "game-0003.json").string() + ": "), std::string::npos)
        << jobs << " jobs: " << bad.out;
    EXPECT_EQ(bad.out.find("game-0006"), std::string::npos) << jobs << " jobs: " << bad.out;
    EXPECT_EQ(bad.out.find("game-0007"), std::string::npos) << jobs << " jobs: " << bad.out;
  }
  const ProgramRun zero = Program("stats --jobs 0 " + (dir / "b").string());
  EXPECT_EQ(zero.status, 2);
  EXPECT_NE(zero.out.find("--jobs must be a whole number between 1 and 256, got \"0\""), std::string::npos) << zero.out;
  fs::remove_all(dir);
}

TEST(DuplicateMatchTest, IdenticalAgentsDifferByNothingWithinTheInterval) {
  // "greedy" and "greedy:riichi=true" play identically (riichi is on by default): over
  // duplicate sets their paired rank and score differences are centred on zero. (Listed
  // opposite each other with the same agents between them, rotations 0 and 2 would mirror each
  // other and the difference would be exactly 0; this order does not.)
  const fs::path dir = WorkDir("duplicate_match_same");
  fs::remove_all(dir);
  const ProgramRun r = Program("match --agents greedy,greedy:riichi=true,defensive,random --games 64 --seed 3 --duplicate "
                        "--jobs 2 --out " + dir.string() + " --summary " + (dir / "s.json").string());
  ASSERT_EQ(r.status, 0) << r.out;
  const json s = json::parse(Slurp(dir / "s.json"))["statistics"];
  bool found = false;
  for (const json& p : s["pairs"]) {
    if (p["a"] != "greedy" || p["b"] != "greedy:riichi=true") continue;
    found = true;
    for (const char* k : {"rank_difference", "score_difference"}) {
      EXPECT_LE(p[k]["ci95"][0].get<double>(), 0.0) << k << " " << p.dump();
      EXPECT_GE(p[k]["ci95"][1].get<double>(), 0.0) << k << " " << p.dump();
      EXPECT_GT(p[k]["p_value"].get<double>(), 0.05) << k;
    }
  }
  EXPECT_TRUE(found) << s["pairs"].dump();
  fs::remove_all(dir);
}

TEST(DuplicateMatchTest, PlaytestIsTheSameForAnyJobs) {
  const fs::path dir = WorkDir("duplicate_playtest_jobs");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::array<json, 3> docs;
  for (int j = 1; j <= 3; ++j) {
    const std::string n = std::to_string(j);
    const fs::path summary = dir / ("p" + n + ".json");
    const ProgramRun r = Program("playtest --rules riichi,dunpai --agents greedy,defensive,random,random --games 16 "
                                 "--seed 9 --jobs " + n + " --summary " + summary.string());
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("rulesets by skill share"), std::string::npos) << r.out;
    docs[j - 1] = json::parse(Slurp(summary));
    docs[j - 1].erase("command");
    for (json& rs : docs[j - 1]["rulesets"]) rs["summary"].erase("command");
  }
  EXPECT_EQ(docs[0].dump(), docs[1].dump());
  EXPECT_EQ(docs[0].dump(), docs[2].dump());
  ASSERT_EQ(docs[0]["comparison"]["ranking"].size(), 2u);
  ASSERT_EQ(docs[0]["comparison"]["differences"].size(), 1u);
  EXPECT_TRUE(docs[0]["comparison"]["differences"][0]["skill_share_difference"].contains("p_value"));
  fs::remove_all(dir);
}

TEST(DuplicateMatchTest, BadArgumentsSayWhat) {
  const ProgramRun odd = Program("match --agents greedy,greedy,greedy,greedy --games 6 --duplicate --out " +
                          WorkDir("dup_bad").string());
  EXPECT_EQ(odd.status, 2);
  EXPECT_NE(odd.out.find("--games 6 is not a multiple of 4"), std::string::npos) << odd.out;
  const ProgramRun jobs = Program("match --agents greedy,greedy,greedy,greedy --jobs 0 --out " +
                           WorkDir("dup_bad").string());
  EXPECT_EQ(jobs.status, 2);
  EXPECT_NE(jobs.out.find("--jobs must be a whole number between 1 and 256"), std::string::npos) << jobs.out;
  const ProgramRun rot = Program("match --agents greedy,greedy,greedy,greedy --duplicate 5 --out " +
                          WorkDir("dup_bad").string());
  EXPECT_EQ(rot.status, 2);
  EXPECT_NE(rot.out.find("--duplicate takes 4"), std::string::npos) << rot.out;
}

}  // namespace
}  // namespace duplicate_match_test
}  // namespace mj
