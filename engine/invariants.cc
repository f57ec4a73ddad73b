#include "engine/invariants.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace mj {

namespace {

// The end (exclusive) of the undrawn live wall's range [live_next, end) in s.wall.tiles.
int LiveEnd(const RoundState& s) { return s.rules->dead_wall ? s.wall.LiveSize() : s.wall.size; }

// Calls f(tile) for every undrawn tile of the wall outside the live range: replacement tiles not
// taken and all indicators (with a dead wall; nothing without one).
template <class F>
void ForEachDeadWallTile(const RoundState& s, F&& f) {
  if (!s.rules->dead_wall) return;
  for (int i = s.rinshan_next; i < 4; ++i) f(s.wall.Rinshan(i));
  for (int i = s.wall.DoraStart(); i < s.wall.size; ++i) f(s.wall.tiles[i]);
}

// Calls f(tile) for every tile out of the wall: the shields returned this hand, then each seat's
// hand, melds, uncalled river tiles, face-down and face-up shields. Tiles out of the hand's wall
// (tiles[size..136): carried shields) are in the hands from the deal on.
template <class F>
void ForEachTileOutOfTheWall(const RoundState& s, F&& f) {
  for (Tile t : s.shields_returned) f(t);
  for (const SeatState& seat : s.seats) {
    for (Tile t : seat.hand) f(t);
    for (const EngineMeld& m : seat.melds)
      for (int i = 0; i < m.num_tiles; ++i) f(m.tiles[i]);
    for (const RiverTile& r : seat.river)
      if (!r.called) f(r.tile);
    for (Tile t : seat.shields_down) f(t);
    for (Tile t : seat.shields_up) f(t);
  }
}

// Every tile in its place: the undrawn live wall, the rest of the wall, then the tiles out of it.
template <class F>
void ForEachPlacedTile(const RoundState& s, F&& f) {
  for (int i = s.live_next; i < LiveEnd(s); ++i) f(s.wall.tiles[i]);
  ForEachDeadWallTile(s, f);
  ForEachTileOutOfTheWall(s, f);
}

// One bit per tile id; `twice` collects the bits of tiles met again.
struct TileBits {
  std::array<uint64_t, 3> bits{};
  uint64_t twice = 0;
  int count = 0;
  int invalid = 0;  // ids above 135 (kNoTile) in a place where a tile should be
  void Add(Tile t) {
    if (t >= kNumTiles) {
      ++invalid;
      return;
    }
    const uint64_t bit = uint64_t{1} << (t & 63);
    twice |= bits[t >> 6] & bit;
    bits[t >> 6] |= bit;
    ++count;
  }
  [[nodiscard]] bool Whole() const { return twice == 0 && invalid == 0 && count == kNumTiles; }
};

}  // namespace

std::string CheckTileConservation(const RoundState& s) {
  TileBits seen;
  ForEachPlacedTile(s, [&](Tile t) { seen.Add(t); });
  if (seen.Whole()) return {};
  if (seen.invalid > 0) return std::to_string(seen.invalid) + " places hold no valid tile id";
  // Only when broken: name the first tile counted other than once.
  std::array<int, kNumTiles> times{};
  ForEachPlacedTile(s, [&](Tile t) { ++times[t]; });  // every id is valid here
  for (int t = 0; t < kNumTiles; ++t)
    if (times[t] != 1)
      return "tile " + FormatTileId(static_cast<Tile>(t), true, false) + " (id " + std::to_string(t) + ") counted " +
             std::to_string(times[t]) + " times, " + std::to_string(seen.count) + " tiles in all";
  return std::to_string(seen.count) + " tiles in all";
}

std::string TileConservationChecker::Check(const RoundState& s) {
  const int end = LiveEnd(s);
  if (s.wall.size != wall_size_ || end != end_ || s.wall.tiles != wall_) {
    // A new wall (a new hand): count the tiles of each suffix of its live part once.
    wall_ = s.wall.tiles;
    wall_size_ = s.wall.size;
    end_ = end;
    usable_ = end >= 0;
    suffix_.assign(usable_ ? static_cast<size_t>(end) + 1 : 0, Counts{});
    for (int i = end - 1; i >= 0 && usable_; --i) {
      const Tile t = wall_[static_cast<size_t>(i)];
      usable_ = t < kNumTiles;
      suffix_[static_cast<size_t>(i)] = suffix_[static_cast<size_t>(i) + 1];
      if (usable_) ++suffix_[static_cast<size_t>(i)][t];
    }
  }
  if (!usable_ || s.live_next < 0 || s.live_next > end_) return CheckTileConservation(s);
  // Counts start from the undrawn live wall's; a byte cannot wrap (fewer than 256 places).
  Counts counts = suffix_[static_cast<size_t>(s.live_next)];
  int invalid = 0;
  auto add = [&](Tile t) {
    if (t < kNumTiles) {
      ++counts[t];
    } else {
      ++invalid;
    }
  };
  ForEachDeadWallTile(s, add);
  ForEachTileOutOfTheWall(s, add);
  // Whole when every id is counted exactly once: 17 words of 0x01 bytes.
  bool whole = invalid == 0;
  static_assert(kNumTiles % 8 == 0);
  for (size_t w = 0; w < kNumTiles / 8 && whole; ++w) {
    uint64_t word;
    std::memcpy(&word, counts.data() + 8 * w, 8);
    whole = word == 0x0101010101010101ULL;
  }
  if (whole) return {};
  return CheckTileConservation(s);  // broken: the full scan names the tile
}

std::string CheckInvariants(const RoundState& s, int expected_total) {
  if (std::string broken = CheckTileConservation(s); !broken.empty()) return broken;
  int total = s.riichi_sticks * s.rules->riichi_deposit;
  for (int p = 0; p < 4; ++p) total += s.scores[p];
  if (total != expected_total)
    return "points plus deposits are " + std::to_string(total) + ", expected " + std::to_string(expected_total);
  for (int p = 0; p < 4; ++p) {
    const SeatState& seat = s.seats[p];
    int kinds = 0;
    for (uint8_t c : seat.counts) kinds += c;
    if (kinds != static_cast<int>(seat.hand.size())) return "seat " + std::to_string(p) + ": counts disagree with the hand";
    int expected = 13 - 3 * static_cast<int>(seat.melds.size());
    if (s.phase == Phase::kSetShield) expected += (p == s.dealer) + s.shields_to_set[p];
    const int size = static_cast<int>(seat.hand.size());
    const bool holding_extra =
        (s.phase != Phase::kSetShield && s.turn == p && (s.phase == Phase::kAfterDraw || s.phase == Phase::kAfterCall)) ||
        (s.phase == Phase::kEnded && size == expected + 1);
    if (size != expected + (holding_extra ? 1 : 0))
      return "seat " + std::to_string(p) + " holds " + std::to_string(size) + " tiles with " +
             std::to_string(seat.melds.size()) + " melds";
  }
  return {};
}

std::string CheckScoreConservation(const Ruleset& rules, const std::array<int, 4>& scores, int riichi_sticks) {
  const int64_t deposits = int64_t{riichi_sticks} * rules.riichi_deposit;
  int64_t total = deposits;
  for (const int v : scores) total += v;
  const int64_t expected = int64_t{4} * rules.starting_points;
  if (total == expected) return {};
  return "scores " + std::to_string(scores[0]) + " " + std::to_string(scores[1]) + " " + std::to_string(scores[2]) +
         " " + std::to_string(scores[3]) + " plus deposits " + std::to_string(deposits) + " make " +
         std::to_string(total) + ", not the starting total " + std::to_string(expected);
}

}  // namespace mj
