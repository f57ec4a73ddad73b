// Shanten: worked textbook hands, every finished hand of the real games in shared/realgames, and
// a randomized comparison against a slow search written without the lookup tables.

#include "rules/shanten.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tiles/tile.h"
#include "engine/wall.h"
#include "engine/rng.h"
#include "engine/win_check.h"
#include "rules/waits.h"

#ifndef MJ_SHARED_DIR
#define MJ_SHARED_DIR ""
#endif

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace shanten_test {
namespace {

KindCounts Hand(const char* text) {
  auto tiles = ParseTiles(text);
  EXPECT_TRUE(tiles.ok()) << text << ": " << (tiles.ok() ? "" : tiles.error());
  return tiles.ok() ? CountKinds(tiles.value()) : KindCounts{};
}

int StandardOf(const char* text, int num_melds = 0) { return ShantenStandard(Hand(text), num_melds); }
int ShantenOf(const char* text, int num_melds = 0) { return Shanten(Hand(text), num_melds); }

// ---------------------------------------------------------------------------------------------
// Worked examples. z: 1-4 = E S W N, 5 = White, 6 = Green, 7 = Red.

TEST(ShantenTest, CompleteHands) {
  // 123m 456p 789s 222z + pair 11z.
  EXPECT_EQ(ShantenOf("123m456p789s11222z"), -1);
  EXPECT_EQ(StandardOf("123m456p789s11222z"), -1);
  // Shanpon tenpai 123m456p789s1122z completed by 1z.
  EXPECT_EQ(ShantenOf("123m456p789s1122z1z"), -1);
  // Nine gates plus 5m: 111 234 55 678 999.
  EXPECT_EQ(StandardOf("11123455678999m"), -1);
  // 22334455667788p is both 234 234 567 567 88 and seven pairs.
  EXPECT_EQ(StandardOf("22334455667788p"), -1);
  EXPECT_EQ(ShantenChiitoitsu(Hand("22334455667788p")), -1);
  // Seven honor pairs: complete as seven pairs. As four sets + pair, honors have no sequences,
  // so four of the pairs need one tile each to become pungs: 4 tiles, 3-shanten. Kokushi: 7
  // distinct orphans and a pair, 13 - 7 - 1 = 5.
  EXPECT_EQ(ShantenChiitoitsu(Hand("11223344556677z")), -1);
  EXPECT_EQ(StandardOf("11223344556677z"), 3);
  EXPECT_EQ(ShantenKokushi(Hand("11223344556677z")), 5);
  EXPECT_EQ(ShantenOf("11223344556677z"), -1);
  // Thirteen orphans with the 1m pair.
  EXPECT_EQ(ShantenKokushi(Hand("119m19p19s1234567z")), -1);
  EXPECT_EQ(ShantenOf("119m19p19s1234567z"), -1);
  // Seven pairs 11 33 55 77 99m 11 33p.
  EXPECT_EQ(ShantenOf("1133557799m1133p"), -1);
}

TEST(ShantenTest, ThirteenTileTenpaiOfEachWait) {
  // Each: three finished sets 456p 789s + one more block, 13 tiles, one tile from complete.
  EXPECT_EQ(StandardOf("23m456p789s11222z"), 0);   // ryanmen 23m waits 1m/4m
  EXPECT_EQ(StandardOf("13m456p789s11222z"), 0);   // kanchan 13m waits 2m
  EXPECT_EQ(StandardOf("12m456p789s11222z"), 0);   // penchan 12m waits 3m
  EXPECT_EQ(StandardOf("11m22p456p789s222z"), 0);  // shanpon 11m / 22p
  EXPECT_EQ(StandardOf("123m456p789s2227z"), 0);   // tanki on 7z
  EXPECT_EQ(StandardOf("2345m456p789s222z"), 0);   // nobetan 2345m waits 2m/5m
  EXPECT_EQ(StandardOf("1112345678999m"), 0);      // nine gates, nine waits
  EXPECT_EQ(ShantenOf("1112345678999m"), 0);
}

TEST(ShantenTest, NotYetTenpai) {
  // 123m 456p 78s + pairs 11z 22z + lone 9m: 2 sets, 3 blocks, a stray tile. Replacing 9m by 9s
  // gives shanpon tenpai, and no single tile completes it now, so 1-shanten.
  EXPECT_EQ(ShantenOf("1239m456p78s1122z"), 1);
  // 14 tiles: three sets and five lone honors. One honor becomes the pair (+1 tile), another a
  // pung (+2): 3 tiles to draw, 2-shanten.
  EXPECT_EQ(ShantenOf("123m456p789s12345z"), 2);
  // 14 tiles, shanpon tenpai after discarding 5z.
  EXPECT_EQ(ShantenOf("123m456p789s11225z"), 0);
}

TEST(ShantenTest, FourCopyLimit) {
  // 1111m + 456p 789s 222z: 111m + 1m would wait on a fifth 1m, and 11m + 11m likewise, so it is
  // not tenpai; drawing 2m and 3m gives 11m + 123m (+ a spare 1m): 1-shanten.
  EXPECT_EQ(StandardOf("1111m456p789s222z"), 1);
  EXPECT_EQ(ShantenOf("1111m456p789s222z"), 1);
  // The same with three called melds: 1111m alone needs two more tiles (e.g. 111m + 22z or
  // 11m + 123m), 1-shanten.
  EXPECT_EQ(StandardOf("1111m", 3), 1);
  // 1111m is one pair for seven pairs: pairs 1m 2p 3p 4s 5s = 5, distinct kinds 6:
  // 6 - 5 + (7 - 6) = 2 (it would be 0 if 1111m counted twice).
  EXPECT_EQ(ShantenChiitoitsu(Hand("1111m22p33p44s55s6z")), 2);
  // Four quads and a lone honor: 4 pairs, 4 distinct: 6 - 4 + 3 = 5.
  EXPECT_EQ(ShantenChiitoitsu(Hand("1111m2222p3333s44z")), 5);
}

TEST(ShantenTest, SevenPairs) {
  // Pairs 11m 33m 22p 55p 88s 11z and a lone 5z: tenpai on 5z.
  EXPECT_EQ(ShantenChiitoitsu(Hand("1133m2255p88s115z")), 0);
  EXPECT_EQ(ShantenOf("1133m2255p88s115z"), 0);
  // Five pairs and three singles (8 distinct): 6 - 5 = 1. Standard form has no set, so it is at
  // least 8 - 4 blocks - 1 pair = 3: the minimum is the seven-pairs 1.
  EXPECT_EQ(ShantenChiitoitsu(Hand("1133m2255p88s156z")), 1);
  EXPECT_EQ(ShantenOf("1133m2255p88s156z"), 1);
  // Six pairs of terminals and a lone East: seven pairs tenpai; kokushi has 7 distinct orphans
  // and a pair: 13 - 7 - 1 = 5.
  EXPECT_EQ(ShantenKokushi(Hand("1199m1199p1199s1z")), 5);
  EXPECT_EQ(ShantenOf("1199m1199p1199s1z"), 0);
}

TEST(ShantenTest, ThirteenOrphans) {
  // Thirteen distinct orphans: 13-sided wait. As four sets + pair no two tiles can share a
  // block, so 5 hand tiles are used at most: 14 - 5 = 9 to draw, 8-shanten.
  EXPECT_EQ(ShantenKokushi(Hand("19m19p19s1234567z")), 0);
  EXPECT_EQ(StandardOf("19m19p19s1234567z"), 8);
  EXPECT_EQ(ShantenChiitoitsu(Hand("19m19p19s1234567z")), 6);  // 13 singles: 6 - 0
  EXPECT_EQ(ShantenOf("19m19p19s1234567z"), 0);
  // Twelve orphans with the 1m pair, Red missing: tenpai on Red.
  EXPECT_EQ(ShantenKokushi(Hand("119m19p19s123456z")), 0);
  // Twelve distinct orphans, no pair, a stray 5m: 13 - 12 = 1.
  EXPECT_EQ(ShantenKokushi(Hand("159m19p19s123456z")), 1);
}

TEST(ShantenTest, DisconnectedHand) {
  // 1 4 7m 2 5 8p 3 6 9s ESWN: no two tiles fit one block: standard 8. Seven pairs: 13 singles,
  // 6. Kokushi: orphans 1m 9s E S W N = 6, no pair: 7. Overall 6.
  EXPECT_EQ(StandardOf("147m258p369s1234z"), 8);
  EXPECT_EQ(ShantenChiitoitsu(Hand("147m258p369s1234z")), 6);
  EXPECT_EQ(ShantenKokushi(Hand("147m258p369s1234z")), 7);
  EXPECT_EQ(ShantenOf("147m258p369s1234z"), 6);
}

TEST(ShantenTest, CalledMelds) {
  EXPECT_EQ(ShantenOf("1z", 4), 0);    // four melds + lone tile: tanki tenpai
  EXPECT_EQ(ShantenOf("11z", 4), -1);  // four melds + pair: complete
  EXPECT_EQ(ShantenOf("12z", 4), 0);   // 14-tile state: discard one, tanki on the other
  EXPECT_EQ(ShantenOf("1122z", 3), 0);  // shanpon
  EXPECT_EQ(ShantenOf("1234m", 3), 0);  // 123m + 4m or 1m + 234m: tanki 1m/4m
  // Honors have no sequences: one honor must become a pung (+2), another the pair (+1).
  EXPECT_EQ(ShantenOf("1234z", 3), 2);
  // 1357m: no one tile makes set + pair of five (each pairing leaves three non-set tiles);
  // 13m + 2m and 55m (+5m) does it with two: 1-shanten.
  EXPECT_EQ(ShantenOf("1357m", 3), 1);
  EXPECT_EQ(ShantenOf("23m55p789s", 2), 0);       // ryanmen + pair + set
  EXPECT_EQ(ShantenOf("123m456p23s11z", 1), 0);   // ryanmen 23s
  EXPECT_EQ(ShantenOf("123m456p789s11z", 1), -1);  // 11 tiles + one meld: complete
  // Seven pairs only for a closed hand: with two melds, 1133m2255p7z needs two sets + pair,
  // e.g. 111m 333m (+2 tiles) with pair 22p; one tile cannot do it (7z must pair with it and
  // 1133m2255p holds no two sets), so 1-shanten, where seven pairs would count 4 pairs, 5 kinds:
  // 6 - 4 + 2 = 4.
  EXPECT_EQ(ShantenOf("1133m2255p7z", 2), 1);
  EXPECT_EQ(ShantenChiitoitsu(Hand("1133m2255p7z")), 4);
}

// ---------------------------------------------------------------------------------------------
// Real games: every winning hand is complete and every hand declared tenpai at a draw is tenpai.

int KindOfMjai(const std::string& name) {
  if (name.size() >= 2 && name[0] >= '1' && name[0] <= '9') {
    const int number = name[0] - '1';
    switch (name[1]) {
      case 'm': return number;
      case 'p': return 9 + number;
      case 's': return 18 + number;
      default: return -1;
    }
  }
  static const std::string kHonors = "ESWNPFC";
  if (name.size() == 1 && kHonors.find(name[0]) != std::string::npos) {
    return kEast + static_cast<int>(kHonors.find(name[0]));
  }
  return -1;
}

// Counts of the named tiles; false on an unknown name or more than four of a kind.
bool CountMjai(const nlohmann::json& tiles, KindCounts& counts, int& num_tiles) {
  for (const auto& tile : tiles) {
    if (!tile.is_string()) return false;
    const int kind = KindOfMjai(tile.get<std::string>());
    if (kind < 0 || counts[kind] == 4) return false;
    ++counts[kind];
    ++num_tiles;
  }
  return true;
}

TEST(ShantenRealGamesTest, WinsAreCompleteAndTenpaiHandsAreTenpai) {
  const std::filesystem::path dir = std::filesystem::path(MJ_SHARED_DIR) / "realgames" / "mjai";
  ASSERT_TRUE(std::string(MJ_SHARED_DIR) != "" && std::filesystem::is_directory(dir))
      << "real-game data is required: " << dir
      << " is missing (MJ_SHARED_DIR must point at the shared/ folder)";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == ".jsonl") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());

  int files_checked = 0, wins_checked = 0, tenpai_checked = 0;
  for (const auto& path : files) {
    std::ifstream in(path);
    ASSERT_TRUE(in) << path;
    std::array<int, 4> melds{};
    bool has_fields = true;
    int file_wins = 0, file_tenpai = 0;
    std::string line;
    int line_number = 0;
    while (has_fields && std::getline(in, line)) {
      ++line_number;
      if (line.empty()) continue;
      const nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
      ASSERT_FALSE(event.is_discarded()) << path << ":" << line_number << ": bad JSON";
      const std::string type = event.value("type", "");
      const std::string where = path.filename().string() + ":" + std::to_string(line_number);
      if (type == "start_kyoku") {
        melds.fill(0);
      } else if (type == "chi" || type == "pon" || type == "daiminkan" || type == "ankan") {
        ++melds.at(event.at("actor").get<int>());  // a kakan upgrades a pon: no new meld
      } else if (type == "hora") {
        if (!event.contains("hora_tehais") || !event.contains("pai")) {
          has_fields = false;
          break;
        }
        const int actor = event.at("actor").get<int>();
        KindCounts counts{};
        int num_tiles = 0;
        ASSERT_TRUE(CountMjai(event["hora_tehais"], counts, num_tiles)) << where;
        ASSERT_TRUE(CountMjai(nlohmann::json::array({event["pai"]}), counts, num_tiles)) << where;
        ASSERT_EQ(num_tiles, 14 - 3 * melds[actor]) << where << ": tile count vs melds";
        EXPECT_EQ(Shanten(counts, melds[actor]), -1) << where << ": winning hand not complete";
        ++file_wins;
      } else if (type == "ryukyoku") {
        if (!event.contains("tenpais") || !event.contains("tehais")) {
          has_fields = false;
          break;
        }
        // After kyushukyuhai, `tenpais` marks the player who showed nine orphans, not a wait.
        if (event.value("reason", "") == "kyushukyuhai") continue;
        for (int seat = 0; seat < 4; ++seat) {
          if (!event["tenpais"].at(seat).get<bool>()) continue;
          const nlohmann::json& hand = event["tehais"].at(seat);
          ASSERT_TRUE(hand.is_array()) << where << ": tenpai seat " << seat << " without a hand";
          KindCounts counts{};
          int num_tiles = 0;
          ASSERT_TRUE(CountMjai(hand, counts, num_tiles)) << where;
          ASSERT_EQ(num_tiles, 13 - 3 * melds[seat]) << where << ": tile count vs melds";
          EXPECT_EQ(Shanten(counts, melds[seat]), 0) << where << ": seat " << seat << " not tenpai";
          ++file_tenpai;
        }
      }
    }
    if (!has_fields) continue;  // legacy logs without hora_tehais / tehais
    ++files_checked;
    wins_checked += file_wins;
    tenpai_checked += file_tenpai;
  }
  std::printf("[ shanten ] %d files: %d winning hands, %d tenpai hands at draws\n", files_checked,
              wins_checked, tenpai_checked);
  RecordProperty("winning_hands", wins_checked);
  RecordProperty("tenpai_hands", tenpai_checked);
  // shared/realgames/README.md: 469 wins and 90 exhaustive draws across the collection.
  EXPECT_GE(files_checked, 40);
  EXPECT_GE(wins_checked, 400);
  EXPECT_GE(tenpai_checked, 50);
}

// ---------------------------------------------------------------------------------------------
// Randomized comparison with a slow reference written from the definition.
//
// Reference standard form: shanten + 1 = min over completed forms T (pair + 4 - num_melds sets,
// each kind at most 4 times) of the tiles T needs beyond the hand, sum_k max(0, T_k - H_k).
// A depth-first search picks the pair, then sets in non-decreasing order among the sets touching
// a kind in the hand, and fills the remaining slots with pungs of untouched absent kinds
// (3 tiles each, which is exactly what any set of absent kinds costs). A set that would cost
// all 3 of its tiles at its place in the order can be swapped for such a pung without raising
// the total, so only sets costing at most 2 more tiles are tried.

struct SetKinds {
  std::array<int, 3> kinds;
};

class ReferenceStandard {
 public:
  ReferenceStandard(const KindCounts& hand, int num_melds) : hand_(hand), slots_(4 - num_melds) {
    for (int k = 0; k < kNumKinds; ++k) {
      const bool k_in_hand = hand[k] > 0;
      if (k_in_hand) sets_.push_back({{k, k, k}});
      if (k < 27 && k % 9 <= 6) {
        if (k_in_hand || hand[k + 1] > 0 || hand[k + 2] > 0) sets_.push_back({{k, k + 1, k + 2}});
      }
    }
  }

  // -1 = complete, 0 = tenpai, ...; sets `fill_failed` if a fill with fresh pungs was impossible.
  int Shanten() {
    best_ = 3 * slots_ + 2 + 1;
    for (int pair = 0; pair < kNumKinds; ++pair) {
      int cost = 0;
      cost += Add(pair);
      cost += Add(pair);
      if (cost < best_) Search(0, slots_, cost);
      Remove(pair);
      Remove(pair);
    }
    return best_ - 1;
  }

  bool fill_failed = false;

 private:
  int Add(int k) { return target_[k]++ >= hand_[k] ? 1 : 0; }
  void Remove(int k) { --target_[k]; }

  void Search(size_t first, int slots_left, int cost) {
    int fresh = 0;
    for (int k = 0; k < kNumKinds; ++k) fresh += hand_[k] == 0 && target_[k] == 0;
    if (fresh >= slots_left) {
      best_ = std::min(best_, cost + 3 * slots_left);
    } else {
      fill_failed = true;
    }
    if (slots_left == 0) return;
    for (size_t s = first; s < sets_.size(); ++s) {
      const auto& kinds = sets_[s].kinds;
      int extra = 0;
      bool fits = true;
      for (int k : kinds) {
        if (target_[k] == 4) fits = false;
        extra += Add(k);
      }
      if (fits && extra <= 2 && cost + extra < best_) Search(s, slots_left - 1, cost + extra);
      for (int k : kinds) Remove(k);
    }
  }

  KindCounts hand_;
  int slots_;
  std::vector<SetKinds> sets_;
  std::array<int, kNumKinds> target_{};
  int best_ = 0;
};

// Seven pairs by definition: choose 7 distinct kinds; each supplies min(count, 2) tiles of the
// 14 needed.
int ReferenceChiitoitsu(const KindCounts& hand) {
  std::array<int, kNumKinds> supply{};
  for (int k = 0; k < kNumKinds; ++k) supply[k] = std::min<int>(hand[k], 2);
  std::sort(supply.rbegin(), supply.rend());
  int used = 0;
  for (int i = 0; i < 7; ++i) used += supply[i];
  return 14 - used - 1;
}

// Thirteen orphans by definition: one of each orphan plus a second copy of one of them.
int ReferenceKokushi(const KindCounts& hand) {
  const std::array<int, 13> orphans = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
  int best = 99;
  for (int doubled : orphans) {
    int missing = 0;
    for (int k : orphans) missing += std::max(0, (k == doubled ? 2 : 1) - hand[k]);
    best = std::min(best, missing);
  }
  return best - 1;
}

// Knuth's MMIX LCG with a multiply-shift bounded draw.
class TestLcg {
 public:
  explicit TestLcg(uint64_t seed) : state_(seed) {}
  int Below(int n) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>(((state_ >> 32) * static_cast<uint64_t>(n)) >> 32);
  }

 private:
  uint64_t state_;
};

// `size` tiles from a shuffled wall restricted to `kinds` (all copies of each).
KindCounts DealFrom(TestLcg& rng, const std::vector<int>& kinds, int size) {
  std::vector<int> wall;
  for (int k : kinds) wall.insert(wall.end(), 4, k);
  for (int i = static_cast<int>(wall.size()) - 1; i > 0; --i) std::swap(wall[i], wall[rng.Below(i + 1)]);
  KindCounts counts{};
  for (int i = 0; i < size; ++i) ++counts[wall[i]];
  return counts;
}

// A near-complete hand: random sets and a pair (respecting four copies), then a few tiles
// swapped for random ones, then trimmed to `size`.
KindCounts NearComplete(TestLcg& rng, int num_sets, int size) {
  KindCounts counts{};
  auto fits = [&](int k, int n) { return counts[k] + n <= 4; };
  for (int placed = 0; placed < num_sets;) {
    if (rng.Below(3) == 0) {
      const int k = rng.Below(kNumKinds);
      if (fits(k, 3)) {
        counts[k] += 3;
        ++placed;
      }
    } else {
      const int k = rng.Below(27);
      if (k % 9 <= 6 && fits(k, 1) && fits(k + 1, 1) && fits(k + 2, 1)) {
        for (int j = 0; j < 3; ++j) ++counts[k + j];
        ++placed;
      }
    }
  }
  for (;;) {
    const int k = rng.Below(kNumKinds);
    if (fits(k, 2)) {
      counts[k] += 2;
      break;
    }
  }
  int total = 3 * num_sets + 2;
  const int swaps = rng.Below(4);
  for (int i = 0; i < swaps + (total - size); ++i) {  // remove some tiles
    int k = rng.Below(kNumKinds);
    while (counts[k] == 0) k = rng.Below(kNumKinds);
    --counts[k];
    --total;
  }
  while (total < size) {  // and draw random replacements
    const int k = rng.Below(kNumKinds);
    if (fits(k, 1)) {
      ++counts[k];
      ++total;
    }
  }
  return counts;
}

std::string Describe(const KindCounts& counts, int num_melds) {
  std::vector<TileSpec> tiles;
  for (int k = 0; k < kNumKinds; ++k) {
    for (int i = 0; i < counts[k]; ++i) tiles.push_back({static_cast<Kind>(k), false});
  }
  return FormatTiles(tiles) + " melds=" + std::to_string(num_melds);
}

void CheckAgainstReference(const KindCounts& counts, int num_melds, int& mismatches) {
  ReferenceStandard reference(counts, num_melds);
  const int expected_standard = reference.Shanten();
  ASSERT_FALSE(reference.fill_failed) << Describe(counts, num_melds);
  int expected = expected_standard;
  if (num_melds == 0) {
    const int chiitoitsu = ReferenceChiitoitsu(counts), kokushi = ReferenceKokushi(counts);
    EXPECT_EQ(ShantenChiitoitsu(counts), chiitoitsu) << Describe(counts, num_melds);
    EXPECT_EQ(ShantenKokushi(counts), kokushi) << Describe(counts, num_melds);
    expected = std::min({expected, chiitoitsu, kokushi});
  }
  const int standard = ShantenStandard(counts, num_melds);
  EXPECT_EQ(standard, expected_standard) << Describe(counts, num_melds);
  EXPECT_EQ(Shanten(counts, num_melds), expected) << Describe(counts, num_melds);
  if (standard != expected_standard) ++mismatches;
}

// The reference itself, on the worked examples above.
TEST(ShantenRandomTest, ReferenceAgreesWithWorkedExamples) {
  const struct {
    const char* hand;
    int num_melds;
    int standard;
  } kCases[] = {
      {"123m456p789s11222z", 0, -1}, {"11223344556677z", 0, 3},  {"23m456p789s11222z", 0, 0},
      {"1239m456p78s1122z", 0, 1},   {"123m456p789s12345z", 0, 2}, {"1111m456p789s222z", 0, 1},
      {"1111m", 3, 1},               {"19m19p19s1234567z", 0, 8}, {"147m258p369s1234z", 0, 8},
      {"1z", 4, 0},                  {"1234z", 3, 2},             {"1357m", 3, 1},
      {"1133m2255p7z", 2, 1},
  };
  for (const auto& c : kCases) {
    ReferenceStandard reference(Hand(c.hand), c.num_melds);
    EXPECT_EQ(reference.Shanten(), c.standard) << c.hand;
  }
  EXPECT_EQ(ReferenceChiitoitsu(Hand("1111m22p33p44s55s6z")), 2);
  EXPECT_EQ(ReferenceKokushi(Hand("159m19p19s123456z")), 1);
}

TEST(ShantenRandomTest, MatchesReferenceSearch) {
  TestLcg rng(0x5EED5A17);
  std::vector<int> all_kinds(kNumKinds), one_suit(9), suit_and_honors(16);
  for (int k = 0; k < kNumKinds; ++k) all_kinds[k] = k;
  int mismatches = 0;
  std::array<int, 10> seen{};  // shanten histogram (+1), to show the cases are spread out
  auto run = [&](const KindCounts& counts, int num_melds) {
    CheckAgainstReference(counts, num_melds, mismatches);
    ++seen[std::clamp(ShantenStandard(counts, num_melds) + 1, 0, 9)];
  };
  for (int i = 0; i < 800; ++i) run(DealFrom(rng, all_kinds, 14), 0);
  for (int i = 0; i < 800; ++i) run(DealFrom(rng, all_kinds, 13), 0);
  // One-suit (chinitsu) and one suit + honors: dense hands where four-copy limits bite.
  for (int i = 0; i < 800; ++i) {
    const int suit = rng.Below(3);
    for (int n = 0; n < 9; ++n) one_suit[n] = suit * 9 + n;
    run(DealFrom(rng, one_suit, 13 + rng.Below(2)), 0);
  }
  for (int i = 0; i < 400; ++i) {
    const int suit = rng.Below(3);
    for (int n = 0; n < 9; ++n) suit_and_honors[n] = suit * 9 + n;
    for (int n = 0; n < 7; ++n) suit_and_honors[9 + n] = 27 + n;
    run(DealFrom(rng, suit_and_honors, 13 + rng.Below(2)), 0);
  }
  // Near-complete hands, closed and with melds.
  for (int i = 0; i < 1200; ++i) {
    const int num_melds = rng.Below(5);
    const int size = 13 - 3 * num_melds + rng.Below(2);
    run(NearComplete(rng, 4 - num_melds, size), num_melds);
  }
  // Random concealed parts beside called melds.
  for (int i = 0; i < 800; ++i) {
    const int num_melds = 1 + rng.Below(4);
    run(DealFrom(rng, all_kinds, 13 - 3 * num_melds + rng.Below(2)), num_melds);
  }
  EXPECT_EQ(mismatches, 0);
  std::printf("[ shanten ] standard shanten -1..8 over the random hands:");
  for (int count : seen) std::printf(" %d", count);
  std::printf("\n");
  for (int s = 0; s <= 3; ++s) EXPECT_GT(seen[s], 50) << "too few hands of shanten " << s - 1;
}

// ---------------------------------------------------------------------------------------------
// StandardShantenNeighbours: every answer against ShantenStandard on the changed counts.

// The first `size` tiles, in wall order, of the wall shuffled from `seed` whose kind has its bit
// set in `kinds`.
KindCounts DealFromWall(uint64_t seed, uint64_t kinds, int size) {
  const Wall wall = Wall::Shuffled(seed);
  KindCounts counts{};
  int dealt = 0;
  for (Tile t : wall.tiles) {
    if (dealt == size) break;
    if (((kinds >> KindOf(t)) & 1) == 0) continue;
    ++counts[KindOf(t)];
    ++dealt;
  }
  return counts;
}

// Checks `neighbours`' Unchanged, Plus(k) for every k held at most three times and Minus(k) for
// every k held against ShantenStandard of `counts` so changed (`what` names the object in
// failures); returns how many answers were checked.
int CheckNeighbours(const StandardShantenNeighbours& neighbours, const KindCounts& counts, int num_melds,
                    const std::string& what) {
  EXPECT_EQ(neighbours.Unchanged(), ShantenStandard(counts, num_melds)) << what;
  int checked = 1;
  KindCounts changed = counts;
  for (int k = 0; k < kNumKinds; ++k) {
    const auto kind = static_cast<Kind>(k);
    if (counts[k] <= 3) {
      ++changed[k];
      EXPECT_EQ(neighbours.Plus(kind), ShantenStandard(changed, num_melds)) << what << " plus kind " << k;
      --changed[k];
      ++checked;
    }
    if (counts[k] >= 1) {
      --changed[k];
      EXPECT_EQ(neighbours.Minus(kind), ShantenStandard(changed, num_melds)) << what << " minus kind " << k;
      ++changed[k];
      ++checked;
    }
  }
  return checked;
}

// Calls check(counts, num_melds) on hands dealt from shuffled walls: for 0..4 melds, hands of
// 13 + `from` .. 13 + `to` tiles less three a meld, `per_size` times each from the whole wall,
// one suit with the honours and one suit alone (dense hands, where the four-copy limit bites).
template <typename Check>
void ForEachDealtHand(uint64_t seed, int from, int to, int per_size, Check check) {
  constexpr uint64_t kAllKinds = (uint64_t{1} << kNumKinds) - 1;
  constexpr uint64_t kHonors = kAllKinds & ~((uint64_t{1} << 27) - 1);
  for (int num_melds = 0; num_melds <= 4; ++num_melds)
    for (int size = 13 + from - 3 * num_melds; size <= 13 + to - 3 * num_melds; ++size)
      for (int i = 0; i < per_size; ++i) {
        const uint64_t suit = uint64_t{0x1FF} << (9 * (i % 3));
        for (const uint64_t kinds : {kAllKinds, suit | kHonors, suit}) check(DealFromWall(seed++, kinds, size), num_melds);
      }
}

TEST(ShantenNeighboursTest, PlusAndMinusMatchShantenStandard) {
  // Before a draw, after one, and one more (DiscardAcceptance asks about a hand after a draw
  // plus another draw).
  int checked = 0, with_four = 0;
  ForEachDealtHand(0x4E1C4B0E, 0, 2, 400, [&](const KindCounts& counts, int num_melds) {
    checked += CheckNeighbours(StandardShantenNeighbours(counts, num_melds), counts, num_melds,
                               Describe(counts, num_melds));
    with_four += std::find(counts.begin(), counts.end(), 4) != counts.end();
  });
  std::printf("[ shanten ] %d neighbour answers checked, %d hands holding four of a kind\n", checked, with_four);
  EXPECT_GT(with_four, 200) << "too few hands holding four of a kind";
}

// Without(k): the object of the hand less one k answers for that hand (as a fresh object does).
TEST(ShantenNeighboursTest, WithoutAnswersForTheHandLessThatTile) {
  int checked = 0;
  ForEachDealtHand(0x5A17, 1, 2, 300, [&](const KindCounts& counts, int num_melds) {
    const StandardShantenNeighbours whole(counts, num_melds);
    for (int k = 0; k < kNumKinds; ++k) {
      if (counts[k] == 0) continue;
      KindCounts less = counts;
      --less[k];
      checked += CheckNeighbours(whole.Without(static_cast<Kind>(k)), less, num_melds,
                                 Describe(counts, num_melds) + " less kind " + std::to_string(k));
    }
  });
  std::printf("[ shanten ] %d answers of hands less a tile checked\n", checked);
}

// The engine's wait mask (engine/win_check.h TenpaiWaitKinds) against the rules: hands whose
// waits are known, then random tenpai hands against Waits(), which decomposes each completion.
TEST(TenpaiWaitKinds, KnownWaits) {
  auto mask_of = [](std::initializer_list<const char*> tiles) {  // one tile each, e.g. "2p"
    uint64_t m = 0;
    for (const char* t : tiles) {
      const KindCounts c = Hand(t);
      for (int k = 0; k < kNumKinds; ++k)
        if (c[k] > 0) m |= uint64_t{1} << k;
    }
    return m;
  };
  EXPECT_EQ(TenpaiWaitKinds(Hand("1133557799m112p"), 0), mask_of({"2p"}));           // seven pairs, single 2p
  EXPECT_EQ(TenpaiWaitKinds(Hand("19m19p19s1234567z"), 0),                           // thirteen-sided kokushi
            mask_of({"1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}));
  EXPECT_EQ(TenpaiWaitKinds(Hand("1112345678999m"), 0), mask_of({"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"}));
  EXPECT_EQ(TenpaiWaitKinds(Hand("5m"), 4), mask_of({"5m"}));                        // four melds: a single wait
  EXPECT_EQ(TenpaiWaitKinds(Hand("2345m"), 3), mask_of({"2m", "5m"}));               // nobetan
  EXPECT_EQ(TenpaiWaitKinds(Hand("1112m"), 3), mask_of({"2m", "3m"}));               // tanki 2m or penchan 12m
  EXPECT_EQ(TenpaiWaitKinds(Hand("1111m"), 3), 0u);                                  // karaten: no fifth 1m
}

TEST(TenpaiWaitKinds, MatchesWaitsOnRandomTenpaiHands) {
  Rng rng(777);
  int tenpai = 0, closed = 0;
  for (int it = 0; it < 60000; ++it) {
    const int melds = static_cast<int>(rng.Below(5));
    const int n = 13 - 3 * melds;
    KindCounts c{};
    const int lo = static_cast<int>(rng.Below(34)), span = 4 + static_cast<int>(rng.Below(11));
    for (int placed = 0; placed < n;) {
      const int k = (lo + static_cast<int>(rng.Below(static_cast<uint64_t>(span)))) % kNumKinds;
      if (c[k] < 4) ++c[k], ++placed;
    }
    if (Shanten(c, melds) != 0) continue;
    uint64_t expected = 0;
    for (const Wait& w : Waits(c, melds)) expected |= uint64_t{1} << w.tile;
    ++tenpai;
    closed += melds == 0;
    ASSERT_EQ(TenpaiWaitKinds(c, melds), expected) << "iteration " << it;
  }
  EXPECT_GT(tenpai, 2000);
  EXPECT_GT(closed, 300);
}

}  // namespace
}  // namespace shanten_test
}  // namespace mj
