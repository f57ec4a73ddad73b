#pragma once
// PlayerView: what one seat may see at a decision point: its own hand and drawn tile, and the
// public table (rivers, melds, riichi, scores, dora indicators, tiles left). It reads the round
// state through accessors that expose nothing hidden (others' hands, the wall, ura dora).

#include <span>
#include <vector>

#include "engine/round_state.h"

namespace mj {

class PlayerView {
 public:
  PlayerView(const RoundState& state, int seat) : s_(state), seat_(seat) {}

  [[nodiscard]] int seat() const { return seat_; }
  [[nodiscard]] Phase phase() const { return s_.phase; }
  [[nodiscard]] const Ruleset& rules() const { return *s_.rules; }
  [[nodiscard]] int round_wind() const { return s_.round_wind; }
  [[nodiscard]] int kyoku() const { return s_.kyoku; }
  [[nodiscard]] int dealer() const { return s_.dealer; }
  [[nodiscard]] int honba() const { return s_.honba; }
  [[nodiscard]] int riichi_sticks() const { return s_.riichi_sticks; }
  [[nodiscard]] int score(int seat) const { return s_.scores[seat]; }
  [[nodiscard]] int tiles_left() const { return s_.TilesLeft(); }
  [[nodiscard]] Wind seat_wind(int seat) const { return s_.SeatWind(seat); }
  [[nodiscard]] std::vector<Tile> dora_indicators() const {
    std::vector<Tile> out;
    for (int i = 0; i < s_.dora_revealed; ++i) out.push_back(s_.wall.DoraIndicator(i));
    return out;
  }

  // Own hand.
  [[nodiscard]] const std::vector<Tile>& hand() const { return s_.seats[seat_].hand; }
  [[nodiscard]] const KindCounts& counts() const { return s_.seats[seat_].counts; }
  [[nodiscard]] Tile drawn() const { return s_.turn == seat_ ? s_.drawn : kNoTile; }

  // Public table.
  [[nodiscard]] std::span<const EngineMeld> melds(int seat) const {
    const auto& m = s_.seats[seat].melds;
    return {m.begin(), m.size()};
  }
  [[nodiscard]] const std::vector<RiverTile>& river(int seat) const { return s_.seats[seat].river; }
  [[nodiscard]] bool in_riichi(int seat) const { return s_.seats[seat].InRiichi(); }
  // The kinds (bit k for kind k) of every tile any seat discarded after `seat`'s riichi tile
  // (0 before it has one in its river).
  [[nodiscard]] uint64_t kinds_after_riichi(int seat) const { return s_.seats[seat].kinds_after_riichi; }
  [[nodiscard]] int hand_size(int seat) const { return static_cast<int>(s_.seats[seat].hand.size()); }
  [[nodiscard]] Tile last_discard() const { return s_.last_discard; }
  [[nodiscard]] int last_discarder() const { return s_.last_discarder; }
  // The tile of the kan being decided on (kOnKakan / kOnAnkan); kNoTile in every other phase, and
  // for another seat's closed kan laid face down (rules.closed_kan_hidden), during the decision and
  // after it.
  [[nodiscard]] Tile kan_tile() const {
    if (s_.phase != Phase::kOnKakan && s_.phase != Phase::kOnAnkan) return kNoTile;
    const bool hidden = s_.phase == Phase::kOnAnkan && s_.rules->closed_kan_hidden && s_.kan_actor != seat_;
    return hidden ? kNoTile : s_.kan_tile;
  }
  [[nodiscard]] int kan_actor() const { return s_.kan_actor; }

  // Shields (盾牌). Own face-down shields are private; every seat's face-down count, face-up
  // shield tiles and peach count (hand + shields: peach backs are marked) are public.
  [[nodiscard]] const std::vector<Tile>& own_shields() const { return s_.seats[seat_].shields_down; }
  [[nodiscard]] int shields_down(int seat) const { return static_cast<int>(s_.seats[seat].shields_down.size()); }
  [[nodiscard]] const std::vector<Tile>& shields_up(int seat) const { return s_.seats[seat].shields_up; }
  [[nodiscard]] int peach_count(int seat) const;
  [[nodiscard]] bool open_riichi(int seat) const { return s_.seats[seat].open_riichi; }
  // The concealed hand of a seat in open riichi (shown to all); empty for other seats.
  [[nodiscard]] std::span<const Tile> shown_hand(int seat) const {
    if (!s_.seats[seat].open_riichi && seat != seat_) return {};
    return s_.seats[seat].hand;
  }
  // True if meld i of `seat` is a closed kan laid face down (rules.closed_kan_hidden) that this
  // seat may not read: its tiles must then be treated as unknown.
  [[nodiscard]] bool meld_hidden(int seat, int i) const {
    return seat != seat_ && s_.rules->closed_kan_hidden && s_.seats[seat].melds[i].type == MeldType::kAnkan;
  }

  // Kinds this seat can see: own hand, every river (called tiles sit in melds), every meld
  // (closed kans included: they are shown), dora indicators.
  [[nodiscard]] KindCounts VisibleCounts() const;

 private:
  const RoundState& s_;
  int seat_;
};

}  // namespace mj
