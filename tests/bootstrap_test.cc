// The bootstrap and the match statistics against numbers worked out by hand or by normal
// theory (docs/PLAYTEST.md).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "engine/rng.h"
#include "playtest/bootstrap.h"
#include "playtest/luck_skill.h"
#include "playtest/match_statistics.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace bootstrap_test {
namespace {

TEST(BootstrapTest, QuantileInterpolatesBetweenOrderStatistics) {
  const std::vector<double> v = {1, 2, 3, 4};
  // Type 7: h = q (n - 1); 0.25 * 3 = 0.75 -> 1 + 0.75 * (2 - 1).
  EXPECT_DOUBLE_EQ(SortedQuantile(v, 0.25), 1.75);
  EXPECT_DOUBLE_EQ(SortedQuantile(v, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(SortedQuantile(v, 1.0), 4.0);
  EXPECT_DOUBLE_EQ(SortedQuantile(v, 0.5), 2.5);
}

TEST(BootstrapTest, RatioOfSums) {
  const Statistic s = RatioStatistic({1, 2}, {2, 2});
  const std::vector<double> ones = {1, 1}, twice_first = {2, 0};
  EXPECT_DOUBLE_EQ(s(ones), 0.75);       // (1 + 2) / (2 + 2)
  EXPECT_DOUBLE_EQ(s(twice_first), 0.5); // (2 * 1) / (2 * 2)
  EXPECT_TRUE(std::isnan(RatioStatistic({1}, {0})(std::vector<double>{1})));
}

TEST(BootstrapTest, TwoUnitsGiveTheWholeRange) {
  // Units 0 and 1: a resample's mean is 0, 1/2 or 1 with probabilities 1/4, 1/2, 1/4, so the
  // 2.5% and 97.5% percentiles of 1000 resamples are 0 and 1 (fewer than 26 of either end
  // has probability below 1e-80).
  const std::vector<Interval> iv = BootstrapIntervals(2, {RatioStatistic({0, 1}, {1, 1})});
  ASSERT_EQ(iv.size(), 1u);
  EXPECT_DOUBLE_EQ(iv[0].estimate, 0.5);
  EXPECT_DOUBLE_EQ(iv[0].lo, 0.0);
  EXPECT_DOUBLE_EQ(iv[0].hi, 1.0);
  EXPECT_EQ(iv[0].replicates, 1000);
  // The standard error of the mean of two resampled 0/1 values: sqrt(0.25 / 2) = 0.354.
  EXPECT_NEAR(iv[0].se, std::sqrt(0.125), 0.02);
}

TEST(BootstrapTest, ConstantDataHasAZeroWidthInterval) {
  const std::vector<Interval> iv = BootstrapIntervals(5, {RatioStatistic({3, 3, 3, 3, 3}, {1, 1, 1, 1, 1})});
  EXPECT_DOUBLE_EQ(iv[0].estimate, 3.0);
  EXPECT_DOUBLE_EQ(iv[0].lo, 3.0);
  EXPECT_DOUBLE_EQ(iv[0].hi, 3.0);
}

TEST(BootstrapTest, SeededSoReproducible) {
  std::vector<double> x(50), one(50, 1.0);
  for (int i = 0; i < 50; ++i) x[i] = (i * 37) % 11;
  const auto a = BootstrapIntervals(50, {RatioStatistic(x, one)});
  const auto b = BootstrapIntervals(50, {RatioStatistic(x, one), RatioStatistic(one, one)});
  EXPECT_EQ(a[0].lo, b[0].lo);  // bit-identical, also with other statistics alongside
  EXPECT_EQ(a[0].hi, b[0].hi);
  const auto c = BootstrapIntervals(50, {RatioStatistic(x, one)}, 1000, kBootstrapSeed + 1);
  EXPECT_NE(a[0].lo, c[0].lo);  // another seed, other resamples
}

// The documented resampling, written out plainly: resample b draws its n units with n calls of
// Rng::Below(n) on one stream seeded `seed`, after resample b - 1's; the replicates of a
// statistic are its finite values. Returns them sorted.
std::vector<double> ReferenceReplicates(size_t n, const Statistic& stat, int resamples, uint64_t seed) {
  Rng rng(seed);
  std::vector<double> out;
  for (int b = 0; b < resamples; ++b) {
    std::vector<double> w(n, 0.0);
    for (size_t k = 0; k < n; ++k) w[rng.Below(n)] += 1.0;
    if (const double v = stat(w); std::isfinite(v)) out.push_back(v);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(BootstrapTest, AnyNumberOfThreadsDrawsTheOneStream) {
  // 37 units; a mean, and a ratio whose denominator is one unit's (undefined on the resamples
  // that miss it, about (36/37)^37 = 36% of them). Resample counts that are and are not whole
  // blocks of the threaded evaluation.
  const size_t n = 37;
  std::vector<double> x(n), one(n, 1.0), num(n, 0.0), den(n, 0.0);
  for (size_t i = 0; i < n; ++i) x[i] = static_cast<double>((i * 53) % 17);
  num[5] = 3, den[5] = 2;
  const std::vector<Statistic> stats = {RatioStatistic(x, one), RatioStatistic(num, den)};
  for (const int resamples : {1000, 37, 1}) {
    const std::vector<double> ref_mean = ReferenceReplicates(n, stats[0], resamples, 99);
    const std::vector<double> ref_rare = ReferenceReplicates(n, stats[1], resamples, 99);
    for (const int jobs : {1, 2, 3, 8}) {
      const std::vector<Interval> iv = BootstrapIntervals(n, stats, resamples, 99, jobs);
      ASSERT_EQ(iv.size(), 2u);
      EXPECT_EQ(iv[0].replicates, resamples) << jobs;
      EXPECT_EQ(iv[0].lo, SortedQuantile(ref_mean, 0.025)) << resamples << " resamples, " << jobs << " jobs";
      EXPECT_EQ(iv[0].hi, SortedQuantile(ref_mean, 0.975)) << resamples << " resamples, " << jobs << " jobs";
      EXPECT_EQ(iv[1].replicates, static_cast<int>(ref_rare.size())) << resamples << " resamples, " << jobs << " jobs";
      if (!ref_rare.empty()) {
        EXPECT_EQ(iv[1].lo, 1.5);  // 3 k / (2 k) whenever unit 5 is drawn k > 0 times
        EXPECT_EQ(iv[1].hi, 1.5);
      }
      const std::vector<Interval> first = BootstrapIntervals(n, stats, resamples, 99, 1);
      EXPECT_EQ(iv[0].se, first[0].se) << jobs;  // bit-identical, the spread too
    }
  }
  EXPECT_GT(ReferenceReplicates(n, stats[1], 1000, 99).size(), 500u);
  EXPECT_LT(ReferenceReplicates(n, stats[1], 1000, 99).size(), 800u);
}

TEST(BootstrapTest, AgreesWithNormalTheoryForAMean) {
  // 400 draws of N(10, 2^2) (Box-Muller on the engine's PRNG): the 95% interval of the mean by
  // normal theory is mean -+ 1.96 s / sqrt(n); the bootstrap percentile interval must agree to
  // within 15% of its half-width at each end.
  Rng rng(12345);
  const size_t n = 400;
  std::vector<double> x(n), one(n, 1.0);
  for (size_t i = 0; i < n; ++i) {
    const double u1 = (static_cast<double>(rng.Below(1ULL << 53)) + 1.0) / 9007199254740993.0;
    const double u2 = static_cast<double>(rng.Below(1ULL << 53)) / 9007199254740992.0;
    x[i] = 10.0 + 2.0 * std::sqrt(-2.0 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
  }
  double mean = 0;
  for (double v : x) mean += v;
  mean /= n;
  double ss = 0;
  for (double v : x) ss += (v - mean) * (v - mean);
  const double half = 1.959964 * std::sqrt(ss / (n - 1)) / std::sqrt(static_cast<double>(n));
  const auto iv = BootstrapIntervals(n, {RatioStatistic(x, one)}, 2000);
  EXPECT_NEAR(iv[0].estimate, mean, 1e-12);
  EXPECT_NEAR(iv[0].lo, mean - half, 0.15 * half);
  EXPECT_NEAR(iv[0].hi, mean + half, 0.15 * half);
  EXPECT_NEAR(iv[0].se, half / 1.959964, 0.1 * half / 1.959964);
  // z = 1.96 -> two-sided p = 0.05.
  Interval z;
  z.estimate = 1.959964;
  z.se = 1.0;
  EXPECT_NEAR(z.PValue(), 0.05, 1e-5);
}

TEST(BootstrapTest, GamesToLead) {
  // (1.6449 / 0.5)^2 = 10.82 -> 11 games; d = 0.1 -> 270.6 -> 271; no lead -> never.
  EXPECT_EQ(GamesToLead(0.5), 11);
  EXPECT_EQ(GamesToLead(0.1), 271);
  EXPECT_TRUE(std::isinf(GamesToLead(0.0)));
  EXPECT_TRUE(std::isinf(GamesToLead(-0.2)));
}

GameSummary Game(long index, std::array<int, 4> ranks, std::array<int, 4> scores, std::array<int, 4> wins,
                 int hands) {
  GameSummary g;
  g.game = index;
  g.seating = {0, 1, 2, 3};
  g.complete = true;
  g.hands = hands;
  g.facts.hands.resize(static_cast<size_t>(hands));  // a record holds one entry per hand played
  g.facts.leaders.assign(static_cast<size_t>(hands), -1);
  g.end = GameEnd::kLength;
  for (int p = 0; p < 4; ++p) {
    g.seats[p].ranked = true;
    g.seats[p].rank = ranks[p];
    g.seats[p].final_score = scores[p];
    g.seats[p].hands = hands;
    g.seats[p].wins = wins[p];
  }
  return g;
}

TEST(MatchStatisticsTest, HandComputedFigures) {
  MatchHeader h;
  h.rules = "riichi";
  h.entries = {"a", "b", "c", "c"};
  // Three plain games, seats = entries. Agent a: ranks 1, 2, 1 -> 4/3; b: 2, 1, 3 -> 2;
  // c (two seats): 3, 4, 4, 3, 2, 4 -> 20/6. a's wins 2 + 1 + 3 over 3 * 8 hands = 0.25.
  std::vector<GameSummary> games = {Game(1, {1, 2, 3, 4}, {40000, 30000, 20000, 10000}, {2, 1, 0, 0}, 8),
                                    Game(2, {2, 1, 4, 3}, {30000, 45000, 10000, 15000}, {1, 3, 0, 1}, 8),
                                    Game(3, {1, 3, 2, 4}, {50000, 20000, 25000, 5000}, {3, 0, 1, 0}, 8)};
  const nlohmann::json s = MatchStatistics(h, games);
  EXPECT_EQ(s["units"]["count"], 3);
  ASSERT_EQ(s["agents"].size(), 3u);
  EXPECT_EQ(s["agents"][2]["agent"], "c");
  EXPECT_DOUBLE_EQ(s["agents"][0]["mean_rank"]["estimate"].get<double>(), 4.0 / 3);
  EXPECT_DOUBLE_EQ(s["agents"][1]["mean_rank"]["estimate"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(s["agents"][2]["mean_rank"]["estimate"].get<double>(), 20.0 / 6);
  EXPECT_DOUBLE_EQ(s["agents"][2]["mean_rank"]["num"].get<double>(), 20.0);
  EXPECT_DOUBLE_EQ(s["agents"][2]["mean_rank"]["den"].get<double>(), 6.0);
  EXPECT_DOUBLE_EQ(s["agents"][0]["mean_score"]["estimate"].get<double>(), 40000.0);
  EXPECT_DOUBLE_EQ(s["agents"][0]["win_rate"]["estimate"].get<double>(), 0.25);
  // Pairs: a - b rank 4/3 - 2.
  EXPECT_EQ(s["pairs"][0]["a"], "a");
  EXPECT_DOUBLE_EQ(s["pairs"][0]["rank_difference"]["estimate"].get<double>(), 4.0 / 3 - 2.0);
  // Each agent's rank distribution sums to 1 (estimates), a's is 2/3, 1/3, 0, 0.
  for (const auto& a : s["agents"]) {
    double sum = 0;
    for (int k = 0; k < 4; ++k) sum += a["rank_share"][k]["estimate"].get<double>();
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
  EXPECT_DOUBLE_EQ(s["agents"][0]["rank_share"][0]["estimate"].get<double>(), 2.0 / 3);
  // Every interval holds its estimate.
  for (const auto& a : s["agents"])
    for (const char* k : {"mean_rank", "mean_score", "win_rate"}) {
      EXPECT_LE(a[k]["ci95"][0].get<double>(), a[k]["estimate"].get<double>() + 1e-12) << k;
      EXPECT_GE(a[k]["ci95"][1].get<double>(), a[k]["estimate"].get<double>() - 1e-12) << k;
    }
  // The table-wide figures: 24 hands, no draws recorded -> every hand won.
  EXPECT_DOUBLE_EQ(s["rules"]["hands_per_game"]["estimate"].get<double>(), 8.0);
  EXPECT_FALSE(s.contains("luck_skill"));  // not a duplicate match
}

TEST(MatchStatisticsTest, SummaryRoundTripsToTheSameStatistics) {
  MatchHeader h;
  h.rules = "riichi";
  h.seed = 18446744073709551615ULL;
  h.entries = {"a", "b", "c", "d"};
  std::vector<GameSummary> games = {Game(1, {1, 2, 3, 4}, {40000, 30000, 20000, 10000}, {2, 1, 0, 0}, 8),
                                    Game(2, {2, 1, 4, 3}, {30000, 45000, 10000, 15000}, {1, 3, 0, 1}, 7)};
  games[1].win_values = {1000, 8000, 12000};
  const nlohmann::json doc = SummaryDocument(h, games, "mahjong match ...");
  auto back = SummaryFromJson(nlohmann::json::parse(doc.dump()));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->first.seed, h.seed);
  EXPECT_EQ(MatchStatistics(back->first, back->second).dump(), doc["statistics"].dump());
  // Records out of order are refused, saying where.
  nlohmann::json bad = doc;
  std::swap(bad["games"][0], bad["games"][1]);
  auto refused = SummaryFromJson(bad);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("/games/1/game"), std::string::npos) << refused.error();
}

// Game 2's seat 1 ("b") faulted in hand 4 and a substitute finished it: b's mean rank is its one
// game played to the end (rank 2 in game 1), its win rate 1 + 2 wins over 8 + 3 hands of its own.
TEST(MatchStatisticsTest, ASubstitutedSeatIsNotItsAgentsResult) {
  MatchHeader h;
  h.rules = "riichi";
  h.entries = {"a", "b", "c", "d"};
  std::vector<GameSummary> games = {Game(1, {1, 2, 3, 4}, {40000, 30000, 20000, 10000}, {2, 1, 0, 0}, 8),
                                    Game(2, {2, 1, 4, 3}, {30000, 45000, 10000, 15000}, {1, 2, 0, 1}, 8)};
  SeatStats& b = games[1].seats[1];
  b.ranked = false;
  b.substituted = true;
  b.rank = 0;
  b.final_score = 0;
  b.hands = 3;
  b.substituted_hands = 5;
  EXPECT_FALSE(games[1].Whole());
  const nlohmann::json doc = SummaryDocument(h, games, "mahjong match ...");
  const nlohmann::json& agent_b = doc["statistics"]["agents"][1];
  EXPECT_EQ(agent_b["agent"], "b");
  EXPECT_DOUBLE_EQ(agent_b["mean_rank"]["estimate"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(agent_b["mean_rank"]["den"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(agent_b["win_rate"]["estimate"].get<double>(), 3.0 / 11);
  EXPECT_DOUBLE_EQ(doc["statistics"]["agents"][0]["mean_rank"]["estimate"].get<double>(), 1.5);  // a: 1, 2
  // Written as rank 0 with its substitute's hands last; read back the same.
  EXPECT_EQ(doc["games"][1]["seats"][1][0], 0);
  EXPECT_EQ(doc["games"][1]["seats"][1][17], 5);
  auto back = SummaryFromJson(nlohmann::json::parse(doc.dump()));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_TRUE(back->second[1].seats[1].substituted);
  EXPECT_EQ(back->second[1].seats[1].substituted_hands, 5);
  EXPECT_EQ(MatchStatistics(back->first, back->second).dump(), doc["statistics"].dump());
  // A summary written before the substitute's hands were recorded (17 numbers a seat) still reads.
  nlohmann::json old = doc;
  for (auto& g : old["games"])
    for (auto& seat : g["seats"]) seat.erase(17);
  old["games"][1]["seats"][1][0] = 1;  // (and had no substituted seats)
  old["games"][1]["seats"][1][2] = 8;
  auto read_old = SummaryFromJson(old);
  ASSERT_TRUE(read_old.ok()) << read_old.error();
  EXPECT_TRUE(read_old->second[1].Whole());
  // Hands played by a substitute in a seat ranked like any other are refused.
  nlohmann::json bad = doc;
  bad["games"][0]["seats"][2][17] = 1;
  bad["games"][0]["seats"][2][2] = 7;
  auto refused = SummaryFromJson(bad);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("/seats/2/17: hands played by a substitute"), std::string::npos) << refused.error();
}

}  // namespace
TEST(MatchStatisticsTest, PointScalePerPreset) {
  // docs/PLAYTEST.md: the starting stack (riichi 25,000), half the end gap for Dunpai (which
  // starts at 0: 50,000 / 2), and for Ningbo (no stack, no gap) the scale that puts its limit of
  // 300 per share (seed 004, 満貫) where riichi's non-dealer mangan is: 2,000 a share, 8% of
  // 25,000, so 300 / 0.08 = 3,750.
  const std::pair<const char*, int> expected[] = {
      {"riichi", 25000}, {"fuless", 25000}, {"ayame-blend", 25000}, {"dunpai", 25000}, {"ningbo", 3750}};
  for (const auto& [name, scale] : expected) {
    auto rules = LoadRuleset(name);
    ASSERT_TRUE(rules.ok()) << name;
    EXPECT_EQ(PointScale(*rules), scale) << name;
  }
  auto loaded = LoadRuleset("ningbo");
  ASSERT_TRUE(loaded.ok());
  Ruleset ningbo = *loaded;
  ningbo.ningbo.limit = 200;  // the 1952 text's limit
  EXPECT_EQ(PointScale(ningbo), 2500);
}

}  // namespace bootstrap_test
}  // namespace mj
