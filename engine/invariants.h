#pragma once
// Invariants of a hand in progress, checked after every event in tests and debug builds:
// 136 tiles accounted for, points plus deposits conserved, hand sizes right.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/round_state.h"

namespace mj {

// Empty if each of the 136 tiles is in exactly one place (the undrawn wall, hands, melds, rivers,
// face-down and face-up shields, shields returned this hand), else the first tile that is not.
[[nodiscard]] std::string CheckTileConservation(const RoundState& s);

// The same check, after every event of a game (PlayGame does it in every build type) at less
// cost: the undrawn live wall is a suffix of a wall array that stays the same through a hand, so
// the tile counts of each such suffix are made once per wall (again whenever the array differs
// from the one counted; it is compared in full at every check) and only the tiles out of it are
// counted at each event. Gives exactly CheckTileConservation's answer.
class TileConservationChecker {
 public:
  [[nodiscard]] std::string Check(const RoundState& s);

 private:
  using Counts = std::array<uint8_t, kNumTiles>;  // times each tile id was met
  std::array<Tile, kNumTiles> wall_{};
  int wall_size_ = -1;
  int end_ = -1;
  bool usable_ = false;        // false: an invalid id in the live wall; the full scan answers
  std::vector<Counts> suffix_;  // suffix_[i]: the tiles of wall_[i..end_), for i in [0, end_]
};

// Scores are 32-bit: a game ends after a hand that leaves any seat beyond +-kPointsLimit points
// (AdvanceGame; the "points limit", docs/RULESET.md), so that no hand, which moves far fewer
// points in every ruleset a player would set, can take a score past 2^31.
inline constexpr int kPointsLimit = 1'000'000'000;

// Score conservation, checked after every hand in every build (PlayGame): the four scores plus
// the deposits on the table equal 4 x starting_points, summed in 64 bits so a wrapped score
// cannot hide. Empty when it holds, else the sums.
[[nodiscard]] std::string CheckScoreConservation(const Ruleset& rules, const std::array<int, 4>& scores,
                                                 int riichi_sticks);

// Empty if every invariant holds, else what is wrong. `expected_total` = starting points x 4.
[[nodiscard]] std::string CheckInvariants(const RoundState& s, int expected_total);

}  // namespace mj
