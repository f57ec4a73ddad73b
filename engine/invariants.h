#pragma once
// Invariants of a hand in progress: 136 tiles accounted for (after every event of every game,
// TileLedger), and in tests, soak and debug builds also points plus deposits conserved and hand
// sizes right (CheckInvariants after every event).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/round_state.h"

namespace mj {

// Empty if each of the 136 tiles is in exactly one place (the undrawn wall, hands, melds, rivers,
// face-down and face-up shields, shields returned this hand), else the first tile that is not.
[[nodiscard]] std::string CheckTileConservation(const RoundState& s);

// Tile conservation after every event of a game at O(1) per event (PlayGame does it in every
// build type, through the hand's HandLog). At each hand's deal (start_kyoku) and end (end_kyoku)
// the full count (CheckTileConservation) runs and the ledger records which place holds each of
// the 136 tiles. Every other event moves known tiles between known places (a draw: wall to hand;
// a discard: hand to river; a call: hand and river to a meld; a shield set, an exchange, shields
// lost ...), so the ledger follows the event and checks, in the state, what the event touched:
// each moved tile was where the ledger had it; it is now where the event puts it (the hand's,
// river's, meld's or shield area's new entry; the wall position drawn, the wall's draw position
// moved by exactly one); it is no longer in the hand or shield area it left; and the sizes of
// the places touched agree with the ledger. When any of that fails, the full count answers (the
// same error CheckTileConservation gives, at the same event); if the full count finds every tile
// once, the ledger is remade from the state and nothing is reported. What an event does not
// touch is checked at the hand's end: a tile overwritten in a place no event named is reported at
// end_kyoku, not at the event that overwrote it (tests, soak and debug builds run the full count
// after every event and catch it there).
class TileLedger {
 public:
  // Empty, or the full count's error (see above).
  [[nodiscard]] std::string Check(const RoundState& s, const Event& e) {
    if (Follows(s, e)) return {};
    if (e.type != EventType::kStartKyoku && e.type != EventType::kEndKyoku) ++fallbacks_;
    return Recount(s);
  }
  // The O(1) part: true when the event's moves agree with the ledger and the state (the ledger
  // then follows them); false when the full count must answer (hand boundaries included).
  [[nodiscard]] bool Follows(const RoundState& s, const Event& e) {
    if (e.type == EventType::kTsumo) return FollowDraw(s, e);
    if (e.type == EventType::kDahai && exchange_seat_ < 0) return FollowDiscard(s, e);
    return FollowOther(s, e);
  }
  // The full count; when every tile is in one place, the ledger is remade from the state.
  [[nodiscard]] std::string Recount(const RoundState& s);
  // For HandLog: Check after the event at index `index` of the game's log; the first error is
  // kept with its event (the hand plays on to its end, as after any broken invariant).
  void Observe(const RoundState& s, const Event& e, size_t index) {
    if (Follows(s, e)) return;
    Missed(s, e, index);
  }
  [[nodiscard]] const std::string& error() const { return error_; }  // "" while none
  [[nodiscard]] size_t error_event() const { return error_event_; }
  [[nodiscard]] EventType error_event_type() const { return error_type_; }
  // Times the full count ran after an event that was not a hand boundary (0 in a correct engine).
  [[nodiscard]] long fallbacks() const { return fallbacks_; }

 private:
  // Places: the undrawn wall (live and dead), then per seat hand, river (uncalled tiles), melds,
  // face-down shields, face-up shields; then the shields returned this hand.
  static constexpr uint8_t kWallPlace = 0, kHandPlace = 1, kRiverPlace = 5, kMeldPlace = 9, kDownPlace = 13,
                           kUpPlace = 17, kReturnedPlace = 21, kNumPlaces = 22;
  void Move(Tile t, uint8_t to) {
    --count_[place_[t]];
    ++count_[to];
    place_[t] = to;
  }
  static bool Holds(const std::vector<Tile>& tiles, Tile t);
  // A draw: the tile at the wall's next position (live, or replacement) into the hand's end.
  bool FollowDraw(const RoundState& s, const Event& e) {
    const unsigned a = static_cast<uint8_t>(e.actor);
    const Tile t = e.pai;
    if (!ready_ || a > 3 || t >= kNumTiles || place_[t] != kWallPlace) return false;
    int pos;
    if (s.drawn_from_rinshan && dead_wall_) {
      pos = rinshan_start_ + rinshan_next_;
      if (s.rinshan_next != ++rinshan_next_ || s.live_next != live_next_ || rinshan_next_ > 4) return false;
    } else {
      pos = live_next_;
      if (s.live_next != ++live_next_ || s.rinshan_next != rinshan_next_ || live_next_ > live_end_) return false;
    }
    const std::vector<Tile>& hand = s.seats[a].hand;
    if (s.wall.tiles[static_cast<size_t>(pos)] != t || hand.empty() || hand.back() != t) return false;
    Move(t, static_cast<uint8_t>(kHandPlace + a));
    return static_cast<int>(hand.size()) == count_[kHandPlace + a];
  }
  // A discard: from the hand to the river's end.
  bool FollowDiscard(const RoundState& s, const Event& e) {
    const unsigned a = static_cast<uint8_t>(e.actor);
    const Tile t = e.pai;
    if (!ready_ || a > 3 || t >= kNumTiles || place_[t] != kHandPlace + a) return false;
    const SeatState& seat = s.seats[a];
    if (seat.river.empty() || seat.river.back().tile != t || seat.river.back().called || Holds(seat.hand, t))
      return false;
    Move(t, static_cast<uint8_t>(kRiverPlace + a));
    return static_cast<int>(seat.hand.size()) == count_[kHandPlace + a] &&
           static_cast<int>(seat.river.size()) - called_[a] == count_[kRiverPlace + a];
  }
  [[nodiscard]] bool FollowOther(const RoundState& s, const Event& e);
  [[nodiscard]] bool FollowShieldsLost(const RoundState& s, const Event& e);
  void Missed(const RoundState& s, const Event& e, size_t index);

  std::array<uint8_t, kNumTiles> place_{};
  std::array<int16_t, kNumPlaces> count_{};
  std::array<int16_t, 4> called_{};  // river tiles of each seat taken by calls
  bool ready_ = false;               // the ledger holds this hand's places
  // The wall's draw positions as the ledger follows them, and the hand's wall layout.
  bool dead_wall_ = true;
  int live_next_ = 0, live_end_ = 0, rinshan_next_ = 0, rinshan_start_ = 0;
  // An exchange announced (its tiles move with the dahai that follows): the seat, the hand tile
  // going face up, the face-down shield being discarded.
  int8_t exchange_seat_ = -1;
  Tile exchange_tile_ = kNoTile;
  Tile exchange_shield_ = kNoTile;
  long fallbacks_ = 0;
  std::string error_;
  size_t error_event_ = 0;
  EventType error_type_ = EventType::kStartGame;
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
