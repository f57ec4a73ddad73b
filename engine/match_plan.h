#pragma once
// The plan of a match: each game's seed and seating, plain or duplicate (docs/MATCH.md).
// Pure functions, so `match`, `match --jobs N` and any shard of a match agree on every game.

#include <array>
#include <cstdint>

namespace mj {

// Seed of game `game` (1-based) of a match seeded `match_seed`:
// SplitMix64(SplitMix64(match_seed) + game).
[[nodiscard]] uint64_t MatchGameSeed(uint64_t match_seed, int game);

// Which entry of the --agents list sits at each seat in game `game` (1-based): the list is
// rotated by (game - 1) % 4, so entry i sits at seat (i + game - 1) % 4.
[[nodiscard]] std::array<int, 4> MatchSeating(int game);

// How game `game` (1-based) of a match is set up.
struct PlannedGame {
  uint64_t seed = 0;             // the game seed (walls of every hand, agents' seeds)
  std::array<int, 4> seating{};  // index into the --agents list of the agent at each seat
  long set = 0;                  // duplicate set, 1-based; 0 when not duplicate
  int rotation = 0;              // seating of the set, 0-based; 0 when not duplicate
};

// rotations == 0: a plain match, game g has seed MatchGameSeed(S, g) and seating
// MatchSeating(g). rotations == 4 or 24 (duplicate): game g is rotation (g - 1) % R of set
// (g - 1) / R + 1; every game of set k has the seed MatchGameSeed(S, k), so the same walls;
// the seating is DuplicateSeating(rotation, R).
[[nodiscard]] PlannedGame PlanMatchGame(uint64_t match_seed, long game, int rotations);

// Rotation r of a duplicate set. With 4 rotations entry i sits at seat (i + r) % 4 (so each
// entry sits in each seat once); with 24, the seating is the r-th permutation of (0, 1, 2, 3)
// in lexicographic order (entry seating[s] at seat s).
[[nodiscard]] std::array<int, 4> DuplicateSeating(int rotation, int rotations);

}  // namespace mj
