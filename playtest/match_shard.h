#pragma once
// A shard of a match (`match --shard i/N`, docs/SCALE.md): the part of the match one process
// plays. The match's units are its games, or with --duplicate its sets of R games (a shard
// keeps a set's games together, so its own luck/skill figures are over whole sets); shard i of
// N holds the units u (1-based) with u ≡ i (mod N). Every game keeps its number, seed and
// seating from the whole match (engine/match_plan.h), so the shards' records together are
// exactly the match's records. Pure functions.

namespace mj {

struct MatchShard {
  long index = 0;  // i, 0 <= i < count
  long count = 1;  // N; {0, 1} is the whole match
};

// Games per unit: 1, or the rotations of a duplicate set.
[[nodiscard]] long ShardUnitGames(int rotations);
// Units of a match of `games` games (games / ShardUnitGames).
[[nodiscard]] long MatchUnits(long games, int rotations);
// How many games of the match shard `s` plays.
[[nodiscard]] long ShardGameCount(long games, int rotations, MatchShard s);
// The number (1-based, in the whole match) of the k-th game (1-based) the shard plays;
// increasing in k.
[[nodiscard]] long ShardGame(int rotations, MatchShard s, long k);
// Whether game `game` (1-based) of the match belongs to shard `s`.
[[nodiscard]] bool InShard(long game, int rotations, MatchShard s);

}  // namespace mj
