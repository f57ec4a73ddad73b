#pragma once
// RoundState: the full state of one hand (kyoku): wall position, every seat's hand, melds,
// river, riichi and furiten status, and the table counters. Pure data plus small queries; the
// transitions live in engine/round.h, legal actions in engine/legal_actions.h.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/action.h"
#include "tiles/small_vector.h"
#include "tiles/tile.h"
#include "engine/wall.h"
#include "rules/meld.h"
#include "rules/win_context.h"
#include "rules/ruleset.h"

namespace mj {

struct EngineMeld {
  MeldType type = MeldType::kChi;
  std::array<Tile, 4> tiles{kNoTile, kNoTile, kNoTile, kNoTile};  // all tiles, called one included
  uint8_t num_tiles = 0;
  Tile called = kNoTile;   // the tile taken from another seat (kNoTile for ankan)
  int8_t from = -1;        // seat the tile came from (-1 for ankan)
  [[nodiscard]] Kind LowestKind() const;
};

struct RiverTile {
  Tile tile = kNoTile;
  bool tsumogiri = false;
  bool riichi = false;       // the riichi declaration tile
  bool called = false;       // taken by another seat's call
};

enum class RiichiState : uint8_t { kNone, kDeclared, kAccepted };

struct SeatState {
  std::vector<Tile> hand;                 // concealed tiles (ids), unordered
  KindCounts counts{};                    // kind counts of `hand`
  SmallVector<EngineMeld, 4> melds;
  std::vector<RiverTile> river;
  RiichiState riichi = RiichiState::kNone;
  bool double_riichi = false;
  bool ippatsu = false;                   // ippatsu chance alive
  bool riichi_furiten = false;            // passed a winning tile after riichi
  bool temporary_furiten = false;         // passed a winning tile since own last discard
  std::array<bool, kNumKinds> discarded{};// kinds in own river (called ones included)
  bool all_discards_orphans = true;       // for nagashi mangan
  bool discards_called = false;           // some discard was called (voids nagashi mangan)
  int num_kans = 0;
  // Kinds (bit k for kind k) of every river tile placed, by any seat, after this seat's riichi
  // tile: what everybody discarded since it declared. Public; PlaceInRiver keeps it.
  uint64_t kinds_after_riichi = 0;
  bool riichi_tile_placed = false;        // this seat's river holds its riichi declaration tile
  // Shields (盾牌): face-down shields and the face-up tiles exchanged into the shield area.
  std::vector<Tile> shields_down;
  std::vector<Tile> shields_up;
  bool open_riichi = false;               // riichi declared with the hand shown

  // Cache of WaitMask(): the counts and meld count it was computed for, the result, and that
  // hand's shanten (every form the melds allow).
  mutable KindCounts waits_for{};
  mutable int8_t waits_for_melds = -1;
  mutable int8_t shanten_cached = 0;
  mutable uint64_t waits_cached = 0;

  [[nodiscard]] bool IsClosed() const {
    for (const EngineMeld& m : melds)
      if (m.type != MeldType::kAnkan) return false;
    return true;
  }
  [[nodiscard]] bool InRiichi() const { return riichi != RiichiState::kNone; }
};

enum class Phase : uint8_t {
  kDraw,          // `turn` must draw next (normal or rinshan per `rinshan_pending`)
  kAfterDraw,     // `turn` decides: discard, riichi, tsumo, kan, nine terminals
  kAfterCall,     // `turn` called chi/pon and must discard
  kOnDiscard,     // others decide on `last_discard`
  kOnKakan,       // others may rob the added kan tile
  kOnAnkan,       // others may rob a closed kan with thirteen orphans
  kEnded,
  kSetShield,     // the deal of a shield hand: `turn` puts one tile face down as a shield
};

struct RoundState {
  const Ruleset* rules = nullptr;
  Wall wall;
  int round_wind = 0;        // 0 E, 1 S, 2 W, 3 N
  int kyoku = 0;             // 0..3 within the round
  int dealer = 0;
  int honba = 0;
  int riichi_sticks = 0;
  std::array<int, 4> scores{};
  std::array<SeatState, 4> seats;

  int live_next = 52;        // next live-wall index to draw (after the deal)
  int live_end = Wall::kLiveSize;  // one past the last drawable live tile (shrinks with kans)
  int rinshan_next = 0;      // replacement draws taken
  int dora_revealed = 1;     // dora indicators face up
  int pending_dora = 0;      // kan dora to reveal at the kan player's next discard (open kans)
  int total_kans = 0;

  Phase phase = Phase::kDraw;
  int turn = 0;              // seat to act (draw / after-draw / after-call)
  Tile drawn = kNoTile;      // tile just drawn by `turn` (kNoTile after a call)
  bool drawn_from_rinshan = false;
  bool rinshan_pending = false;
  Tile last_discard = kNoTile;
  int last_discarder = -1;
  Tile kan_tile = kNoTile;   // the tile under kOnKakan / kOnAnkan
  int kan_actor = -1;
  bool no_calls_yet = true;  // no call (kans included) has happened in this hand
  int discards_made = 0;
  std::array<Kind, 4> first_discards{};  // for four winds
  SmallVector<Kind, 2> forbidden_discards;  // kuikae: kinds the caller may not discard now
  // Shields: how many each seat has still to set at the deal, and the shields lost at the end of
  // the hand (back to the next hand's wall; counted until then for the 136-tile invariant).
  std::array<int, 4> shields_to_set{};
  std::vector<Tile> shields_returned;

  [[nodiscard]] int TilesLeft() const { return live_end - live_next; }
  [[nodiscard]] Wind SeatWind(int seat) const { return static_cast<Wind>((seat - dealer + 4) % 4); }
};

// Appends tile `t` to `seat`'s river (`riichi`: the declaration tile) and notes its kind for
// every seat whose riichi tile is already in its river (kinds_after_riichi). Every river tile
// is placed through here. Returns the new river entry.
inline RiverTile& PlaceInRiver(RoundState& s, int seat, Tile t, bool tsumogiri, bool riichi) {
  for (SeatState& q : s.seats)
    if (q.riichi_tile_placed) q.kinds_after_riichi |= uint64_t{1} << KindOf(t);
  SeatState& p = s.seats[seat];
  p.riichi_tile_placed = p.riichi_tile_placed || riichi;
  // Filled in place: a braced RiverTile is built on the stack byte by byte and copied as one
  // word, which stalls on those byte stores.
  RiverTile& placed = p.river.emplace_back();
  placed.tile = t;
  placed.tsumogiri = tsumogiri;
  placed.riichi = riichi;
  return placed;
}

// A discard (`riichi`: the declaration tile) once it has left the hand: the river (PlaceInRiver),
// the discarder's own furiten and nagashi notes, the last discard others may call, the first
// discards (four winds), kuikae cleared, and the phase where the others answer. The engine and
// the mjai client's fold (mjai/seat_state_turns.cc) both record discards through here.
inline void RecordDiscard(RoundState& s, int seat, Tile t, bool tsumogiri, bool riichi) {
  PlaceInRiver(s, seat, t, tsumogiri, riichi);
  SeatState& p = s.seats[seat];
  p.discarded[KindOf(t)] = true;
  if (!IsTerminalOrHonor(KindOf(t))) p.all_discards_orphans = false;
  p.temporary_furiten = false;
  s.last_discard = t;
  s.last_discarder = seat;
  s.drawn = kNoTile;
  if (s.discards_made < 4) s.first_discards[s.discards_made] = KindOf(t);
  ++s.discards_made;
  s.forbidden_discards.clear();
  s.phase = Phase::kOnDiscard;
}

// Tile `t` into `seat`'s concealed hand.
inline void AddToHand(RoundState& s, int seat, Tile t) {
  s.seats[seat].hand.push_back(t);
  ++s.seats[seat].counts[KindOf(t)];
}

// Tile `t` out of `seat`'s concealed hand (nothing if it is not there: legal actions only name
// held tiles).
inline void RemoveFromHand(RoundState& s, int seat, Tile t) {
  auto& hand = s.seats[seat].hand;
  auto it = std::find(hand.begin(), hand.end(), t);
  if (it == hand.end()) return;
  hand.erase(it);
  --s.seats[seat].counts[KindOf(t)];
}

}  // namespace mj
