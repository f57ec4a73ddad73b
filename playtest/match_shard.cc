#include "playtest/match_shard.h"

namespace mj {

long ShardUnitGames(int rotations) { return rotations > 0 ? rotations : 1; }

long MatchUnits(long games, int rotations) { return games / ShardUnitGames(rotations); }

long ShardGameCount(long games, int rotations, MatchShard s) {
  const long units = MatchUnits(games, rotations);
  if (s.count < 1 || s.index < 0 || s.index >= s.count) return 0;
  // Units u in [1, units] with u % N == i: N, 2N, ... for i == 0; i, i + N, ... otherwise.
  const long in_shard = s.index == 0 ? units / s.count : (units < s.index ? 0 : (units - s.index) / s.count + 1);
  return in_shard * ShardUnitGames(rotations);
}

long ShardGame(int rotations, MatchShard s, long k) {
  const long per_unit = ShardUnitGames(rotations);
  const long first_unit = s.index == 0 ? s.count : s.index;
  const long unit = first_unit + (k - 1) / per_unit * s.count;
  return (unit - 1) * per_unit + (k - 1) % per_unit + 1;
}

bool InShard(long game, int rotations, MatchShard s) {
  const long unit = (game - 1) / ShardUnitGames(rotations) + 1;
  return s.count > 0 && unit % s.count == s.index;
}

}  // namespace mj
