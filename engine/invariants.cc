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

// Whether `t` is among `tiles` (a hand or a shield area: at most a few dozen).
bool TileLedger::Holds(const std::vector<Tile>& tiles, Tile t) {
  return !tiles.empty() && std::memchr(tiles.data(), t, tiles.size()) != nullptr;
}

void TileLedger::Missed(const RoundState& s, const Event& e, size_t index) {
  if (e.type != EventType::kStartKyoku && e.type != EventType::kEndKyoku) ++fallbacks_;
  std::string broken = Recount(s);
  if (broken.empty() || !error_.empty()) return;
  error_ = std::move(broken);
  error_event_ = index;
  error_type_ = e.type;
}

std::string TileLedger::Recount(const RoundState& s) {
  // One pass over every place: each tile id is given its place. The table has a slot for every
  // byte value, so an invalid id (136 and up) lands in the upper part, where the check after the
  // pass finds it; a tile met twice leaves `clash` nonzero. The places' sizes come from the
  // state's containers. Anything wrong, or fewer than 136 tiles: the full count names it.
  ready_ = false;
  exchange_seat_ = -1;
  constexpr uint8_t kNowhere = 0xFF;
  std::array<uint8_t, 256> place;
  place.fill(kNowhere);
  unsigned clash = 0;
  const auto put = [&](Tile t, uint8_t where) {
    clash |= place[t] ^ kNowhere;  // 0 unless the tile already has a place
    place[t] = where;
  };
  count_.fill(0);
  const int live_end = LiveEnd(s);
  for (int i = s.live_next; i < live_end; ++i) put(s.wall.tiles[static_cast<size_t>(i)], kWallPlace);
  int wall = std::max(0, live_end - s.live_next);
  ForEachDeadWallTile(s, [&](Tile t) {
    put(t, kWallPlace);
    ++wall;
  });
  count_[kWallPlace] = static_cast<int16_t>(wall);
  for (Tile t : s.shields_returned) put(t, kReturnedPlace);
  count_[kReturnedPlace] = static_cast<int16_t>(s.shields_returned.size());
  for (int p = 0; p < 4; ++p) {
    const SeatState& seat = s.seats[p];
    const auto at = [p](uint8_t first) { return static_cast<uint8_t>(first + p); };
    for (Tile t : seat.hand) put(t, at(kHandPlace));
    count_[at(kHandPlace)] = static_cast<int16_t>(seat.hand.size());
    int melded = 0;
    for (const EngineMeld& m : seat.melds) {
      for (int i = 0; i < m.num_tiles; ++i) put(m.tiles[i], at(kMeldPlace));
      melded += m.num_tiles;
    }
    count_[at(kMeldPlace)] = static_cast<int16_t>(melded);
    called_[p] = 0;
    for (const RiverTile& r : seat.river) {
      if (r.called) {
        ++called_[p];
      } else {
        put(r.tile, at(kRiverPlace));
      }
    }
    count_[at(kRiverPlace)] = static_cast<int16_t>(static_cast<int>(seat.river.size()) - called_[p]);
    for (Tile t : seat.shields_down) put(t, at(kDownPlace));
    count_[at(kDownPlace)] = static_cast<int16_t>(seat.shields_down.size());
    for (Tile t : seat.shields_up) put(t, at(kUpPlace));
    count_[at(kUpPlace)] = static_cast<int16_t>(seat.shields_up.size());
  }
  int placed = 0;
  for (int16_t c : count_) placed += c;
  uint64_t invalid = 0;  // any byte of the upper part not kNowhere (eight at a time)
  static_assert(kNumTiles % 8 == 0);
  for (size_t t = kNumTiles; t < place.size(); t += 8) {
    uint64_t word;
    std::memcpy(&word, &place[t], sizeof word);
    invalid |= ~word;
  }
  if (clash != 0 || invalid != 0 || placed != kNumTiles) return CheckTileConservation(s);  // names the tile
  std::copy_n(place.begin(), kNumTiles, place_.begin());
  dead_wall_ = s.rules->dead_wall;
  live_next_ = s.live_next;
  live_end_ = live_end;
  rinshan_next_ = s.rinshan_next;
  rinshan_start_ = s.wall.RinshanStart();
  ready_ = true;
  return {};
}

bool TileLedger::FollowOther(const RoundState& s, const Event& e) {
  if (!ready_) return false;
  const int a = e.actor;
  switch (e.type) {
    case EventType::kStartKyoku:
    case EventType::kEndKyoku:
      return false;  // the hand's boundaries: the full count
    case EventType::kTsumo:
      return FollowDraw(s, e);
    case EventType::kDahai: {
      const Tile t = e.pai;
      if (a < 0 || a > 3 || t >= kNumTiles) return false;
      const SeatState& seat = s.seats[a];
      if (seat.river.empty() || seat.river.back().tile != t || seat.river.back().called) return false;
      if (exchange_seat_ >= 0) {
        // The exchange announced: the hand tile went face up, the face-down shield is this dahai.
        const Tile up = exchange_tile_;
        if (exchange_seat_ != a || exchange_shield_ != t || place_[t] != kDownPlace + a ||
            place_[up] != kHandPlace + a || seat.shields_up.empty() || seat.shields_up.back() != up ||
            Holds(seat.hand, up) || Holds(seat.shields_down, t))
          return false;
        exchange_seat_ = -1;
        Move(up, static_cast<uint8_t>(kUpPlace + a));
        Move(t, static_cast<uint8_t>(kRiverPlace + a));
        return static_cast<int>(seat.hand.size()) == count_[kHandPlace + a] &&
               static_cast<int>(seat.shields_up.size()) == count_[kUpPlace + a] &&
               static_cast<int>(seat.shields_down.size()) == count_[kDownPlace + a] &&
               static_cast<int>(seat.river.size()) - called_[a] == count_[kRiverPlace + a];
      }
      return FollowDiscard(s, e);
    }
    case EventType::kChi:
    case EventType::kPon:
    case EventType::kDaiminkan: {
      // The consumed tiles from the caller's hand and the called tile from the target's river
      // into the caller's new meld.
      const int from = e.target;
      const Tile t = e.pai;
      if (a < 0 || a > 3 || from < 0 || from > 3 || from == a || t >= kNumTiles || place_[t] != kRiverPlace + from)
        return false;
      const SeatState& seat = s.seats[a];
      const SeatState& giver = s.seats[from];
      if (giver.river.empty() || giver.river.back().tile != t || !giver.river.back().called) return false;
      if (seat.melds.empty()) return false;
      const EngineMeld& m = seat.melds.back();
      if (m.num_tiles != e.num_consumed + 1 || m.tiles[e.num_consumed] != t) return false;
      for (int i = 0; i < e.num_consumed; ++i) {
        const Tile c = e.consumed[i];
        if (c >= kNumTiles || place_[c] != kHandPlace + a || m.tiles[i] != c || Holds(seat.hand, c)) return false;
        Move(c, static_cast<uint8_t>(kMeldPlace + a));
      }
      Move(t, static_cast<uint8_t>(kMeldPlace + a));
      ++called_[from];
      return static_cast<int>(seat.hand.size()) == count_[kHandPlace + a] &&
             static_cast<int>(giver.river.size()) - called_[from] == count_[kRiverPlace + from];
    }
    case EventType::kAnkan: {
      if (a < 0 || a > 3 || e.num_consumed != 4) return false;
      const SeatState& seat = s.seats[a];
      if (seat.melds.empty() || seat.melds.back().num_tiles != 4) return false;
      const EngineMeld& m = seat.melds.back();
      for (int i = 0; i < 4; ++i) {
        const Tile c = e.consumed[i];
        if (c >= kNumTiles || place_[c] != kHandPlace + a || m.tiles[i] != c || Holds(seat.hand, c)) return false;
        Move(c, static_cast<uint8_t>(kMeldPlace + a));
      }
      return static_cast<int>(seat.hand.size()) == count_[kHandPlace + a];
    }
    case EventType::kKakan: {
      const Tile t = e.pai;
      if (a < 0 || a > 3 || t >= kNumTiles || place_[t] != kHandPlace + a) return false;
      const SeatState& seat = s.seats[a];
      bool added = false;  // the pon it was added to is now a kakan ending with it
      for (const EngineMeld& m : seat.melds) added = added || (m.num_tiles == 4 && m.tiles[3] == t);
      if (!added || Holds(seat.hand, t)) return false;
      Move(t, static_cast<uint8_t>(kMeldPlace + a));
      return static_cast<int>(seat.hand.size()) == count_[kHandPlace + a];
    }
    case EventType::kShieldSet: {
      const Tile t = e.pai;
      if (a < 0 || a > 3 || t >= kNumTiles || place_[t] != kHandPlace + a) return false;
      const SeatState& seat = s.seats[a];
      if (seat.shields_down.empty() || seat.shields_down.back() != t || Holds(seat.hand, t)) return false;
      Move(t, static_cast<uint8_t>(kDownPlace + a));
      return static_cast<int>(seat.hand.size()) == count_[kHandPlace + a] &&
             static_cast<int>(seat.shields_down.size()) == count_[kDownPlace + a];
    }
    case EventType::kExchange: {
      // Announced with every tile still in place; its tiles move with the dahai that follows.
      if (a < 0 || a > 3 || e.pai >= kNumTiles || e.num_consumed != 1 || exchange_seat_ >= 0) return false;
      exchange_seat_ = static_cast<int8_t>(a);
      exchange_tile_ = e.pai;
      exchange_shield_ = e.consumed[0];
      return place_[e.pai] == kHandPlace + a && exchange_shield_ < kNumTiles && place_[exchange_shield_] == kDownPlace + a;
    }
    case EventType::kShieldsLost:
      return FollowShieldsLost(s, e);
    default:
      return true;  // no tile moves (dora, reach, hora, ryukyoku, protection, ...)
  }
}

// Shields lost go to the end of shields_returned: the face-down ones (e.count, not named in
// the event) and the face-up ones (e.tiles), in either order (LoseShields: face down first; an
// overflow: face up first).
bool TileLedger::FollowShieldsLost(const RoundState& s, const Event& e) {
  const int a = e.actor;
  if (a < 0 || a > 3) return false;
  const SeatState& seat = s.seats[a];
  const size_t n = e.count + e.tiles.size();
  if (n > s.shields_returned.size()) return false;
  for (Tile t : e.tiles)
    if (t >= kNumTiles || place_[t] != kUpPlace + a) return false;
  int down = 0, up = 0;
  for (size_t i = s.shields_returned.size() - n; i < s.shields_returned.size(); ++i) {
    const Tile t = s.shields_returned[i];
    if (t >= kNumTiles) return false;
    if (place_[t] == kDownPlace + a) {
      ++down;
    } else if (place_[t] == kUpPlace + a) {
      ++up;
    } else {
      return false;
    }
    if (Holds(seat.shields_down, t) || Holds(seat.shields_up, t)) return false;
    Move(t, kReturnedPlace);
  }
  return down == e.count && up == static_cast<int>(e.tiles.size()) &&
         static_cast<int>(seat.shields_down.size()) == count_[kDownPlace + a] &&
         static_cast<int>(seat.shields_up.size()) == count_[kUpPlace + a] &&
         static_cast<int>(s.shields_returned.size()) == count_[kReturnedPlace];
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
