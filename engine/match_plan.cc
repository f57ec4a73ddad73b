#include "engine/match_plan.h"

#include <algorithm>

#include "engine/rng.h"

namespace mj {

uint64_t MatchGameSeed(uint64_t match_seed, int game) {
  return SplitMix64(SplitMix64(match_seed) + static_cast<uint64_t>(game));
}

std::array<int, 4> MatchSeating(int game) {
  const int shift = ((game - 1) % 4 + 4) % 4;
  std::array<int, 4> entry_at_seat{};
  for (int i = 0; i < 4; ++i) entry_at_seat[(i + shift) % 4] = i;
  return entry_at_seat;
}

std::array<int, 4> DuplicateSeating(int rotation, int rotations) {
  if (rotations == 24) {
    std::array<int, 4> perm{0, 1, 2, 3};
    for (int i = 0; i < rotation % 24; ++i) std::next_permutation(perm.begin(), perm.end());
    return perm;
  }
  return MatchSeating(rotation % 4 + 1);
}

PlannedGame PlanMatchGame(uint64_t match_seed, long game, int rotations) {
  PlannedGame p;
  if (rotations <= 0) {
    p.seed = MatchGameSeed(match_seed, static_cast<int>(game));
    p.seating = MatchSeating(static_cast<int>(game));
    return p;
  }
  p.set = (game - 1) / rotations + 1;
  p.rotation = static_cast<int>((game - 1) % rotations);
  p.seed = MatchGameSeed(match_seed, static_cast<int>(p.set));
  p.seating = DuplicateSeating(p.rotation, rotations);
  return p;
}

}  // namespace mj
