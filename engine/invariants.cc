#include "engine/invariants.h"

#include <array>

namespace mj {

std::string CheckInvariants(const RoundState& s, int expected_total) {
  std::array<int, kNumTiles> seen{};
  // Wall tiles not yet drawn: live [live_next, live size), rinshan not taken, all indicators;
  // without a dead wall, [live_next, size). Tiles out of the wall (tiles[size..136): carried
  // shields) are in the hands from the deal on.
  if (s.rules->dead_wall) {
    for (int i = s.live_next; i < s.wall.LiveSize(); ++i) ++seen[s.wall.tiles[i]];
    for (int i = s.rinshan_next; i < 4; ++i) ++seen[s.wall.Rinshan(i)];
    for (int i = s.wall.DoraStart(); i < s.wall.size; ++i) ++seen[s.wall.tiles[i]];
  } else {
    for (int i = s.live_next; i < s.wall.size; ++i) ++seen[s.wall.tiles[i]];
  }
  for (Tile t : s.shields_returned) ++seen[t];
  for (int p = 0; p < 4; ++p) {
    const SeatState& seat = s.seats[p];
    for (Tile t : seat.hand) ++seen[t];
    for (const EngineMeld& m : seat.melds)
      for (int i = 0; i < m.num_tiles; ++i) ++seen[m.tiles[i]];
    for (const RiverTile& r : seat.river)
      if (!r.called) ++seen[r.tile];
    for (Tile t : seat.shields_down) ++seen[t];
    for (Tile t : seat.shields_up) ++seen[t];
  }
  for (int t = 0; t < kNumTiles; ++t)
    if (seen[t] != 1)
      return "tile " + FormatTileId(static_cast<Tile>(t), true, false) + " (id " + std::to_string(t) + ") counted " +
             std::to_string(seen[t]) + " times";
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
