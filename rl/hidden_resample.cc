#include "rl/hidden_resample.h"

#include <vector>

#include "engine/rng.h"

namespace mj::rl {

RoundState ResampleHidden(const RoundState& s, int seat, uint64_t seed) {
  RoundState out = s;
  std::vector<Tile*> places;
  for (int p = 0; p < 4; ++p) {
    if (p == seat) continue;
    SeatState& q = out.seats[p];
    if (!q.open_riichi)
      for (Tile& t : q.hand) places.push_back(&t);
    for (Tile& t : q.shields_down) places.push_back(&t);
  }
  const Wall& w = s.wall;
  for (int i = 0; i < w.size; ++i) {
    bool hidden = i >= s.live_next && i < s.live_end;  // the undrawn live wall
    if (s.rules->dead_wall && i >= s.live_end) {
      if (i < w.RinshanStart()) {
        hidden = true;  // live tiles moved into the dead wall by kans, never drawn
      } else if (i < w.DoraStart()) {
        hidden = i >= w.RinshanStart() + s.rinshan_next;  // replacement tiles not taken
      } else if (i < w.UraStart()) {
        hidden = i >= w.DoraStart() + s.dora_revealed;  // indicators not turned
      } else {
        hidden = true;  // ura indicators
      }
    }
    if (hidden) places.push_back(&out.wall.tiles[static_cast<size_t>(i)]);
  }
  // Where a seat's drawn tile sits in its hand: it stays the drawn tile after the deal again.
  int drawn_seat = -1;
  size_t drawn_at = 0;
  if (s.drawn != kNoTile && s.turn != seat && !s.seats[s.turn].open_riichi) {
    const auto& hand = s.seats[s.turn].hand;
    for (size_t i = 0; i < hand.size(); ++i)
      if (hand[i] == s.drawn) {
        drawn_seat = s.turn;
        drawn_at = i;
      }
  }
  // Peach backs are public: peach copies among peach places, the rest among the rest.
  Rng rng(seed);
  for (int peach = 0; peach < 2; ++peach) {
    std::vector<Tile*> group;
    for (Tile* t : places)
      if ((s.rules->peach_tiles && IsPeachCopy(*t)) == (peach == 1)) group.push_back(t);
    for (size_t i = group.size(); i > 1; --i) {
      const size_t j = static_cast<size_t>(rng.Below(i));
      std::swap(*group[i - 1], *group[j]);
    }
  }
  for (int p = 0; p < 4; ++p) {
    SeatState& q = out.seats[p];
    q.counts = {};
    for (Tile t : q.hand) ++q.counts[KindOf(t)];
    q.waits_for_melds = -1;
  }
  if (drawn_seat >= 0) out.drawn = out.seats[drawn_seat].hand[drawn_at];
  return out;
}

}  // namespace mj::rl
