#include "engine/invariants.h"

#include <array>
#include <cstdint>

namespace mj {

namespace {

// Calls f(tile) for every tile in its place: the undrawn wall (live part, replacement tiles not
// taken, all indicators; without a dead wall [live_next, size)), the shields returned this hand,
// then each seat's hand, melds, uncalled river tiles, face-down and face-up shields. Tiles out of
// the hand's wall (tiles[size..136): carried shields) are in the hands from the deal on.
template <class F>
void ForEachPlacedTile(const RoundState& s, F&& f) {
  if (s.rules->dead_wall) {
    for (int i = s.live_next; i < s.wall.LiveSize(); ++i) f(s.wall.tiles[i]);
    for (int i = s.rinshan_next; i < 4; ++i) f(s.wall.Rinshan(i));
    for (int i = s.wall.DoraStart(); i < s.wall.size; ++i) f(s.wall.tiles[i]);
  } else {
    for (int i = s.live_next; i < s.wall.size; ++i) f(s.wall.tiles[i]);
  }
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

}  // namespace

std::string CheckTileConservation(const RoundState& s) {
  // Fast path: one bit per tile id; a tile met twice sets `twice`.
  std::array<uint64_t, 3> bits{};
  uint64_t twice = 0;
  int count = 0;
  int invalid = 0;  // ids above 135 (kNoTile) in a place where a tile should be
  ForEachPlacedTile(s, [&](Tile t) {
    if (t >= kNumTiles) {
      ++invalid;
      return;
    }
    const uint64_t bit = uint64_t{1} << (t & 63);
    twice |= bits[t >> 6] & bit;
    bits[t >> 6] |= bit;
    ++count;
  });
  if (twice == 0 && invalid == 0 && count == kNumTiles) return {};
  if (invalid > 0) return std::to_string(invalid) + " places hold no valid tile id";
  // Only when broken: name the first tile counted other than once.
  std::array<int, kNumTiles> times{};
  ForEachPlacedTile(s, [&](Tile t) { ++times[t]; });  // every id is valid here
  for (int t = 0; t < kNumTiles; ++t)
    if (times[t] != 1)
      return "tile " + FormatTileId(static_cast<Tile>(t), true, false) + " (id " + std::to_string(t) + ") counted " +
             std::to_string(times[t]) + " times, " + std::to_string(count) + " tiles in all";
  return std::to_string(count) + " tiles in all";
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

}  // namespace mj
