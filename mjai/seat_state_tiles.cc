// MjaiSeatState's tile identities (mjai/seat_state.h, "Tile ids"): a fresh copy for a name seen
// for the first time in the hand, the held copy for a name leaving a known hand, and the hands'
// tiles and counts kept together.

#include <algorithm>

#include "mjai/seat_state.h"
#include "replays/replay.h"

namespace mj {

Result<Tile> MjaiSeatState::Fresh(const MjaiTileName& n) {
  uint8_t& used = used_copies_[n.kind];
  if (n.marked()) {
    if (used & 1) return Error{"a second " + TileName(TileOf(n.kind, 0)) + " in this hand"};
    used |= 1;
    return TileOf(n.kind, 0);
  }
  const bool copy0_marked = MjaiNameOf(TileOf(n.kind, 0), rules_).marked();
  for (int c = 3; c >= (copy0_marked ? 1 : 0); --c)
    if (!(used >> c & 1)) {
      used |= static_cast<uint8_t>(1u << c);
      return TileOf(n.kind, c);
    }
  return Error{"more copies of " + TileName(TileOf(n.kind, 3)) + " than the game has"};
}

Result<Tile> MjaiSeatState::TakeKnown(int seat, const MjaiTileName& n, Tile prefer, Tile avoid) {
  const std::vector<Tile>& hand = s_.seats[seat].hand;
  if (prefer != kNoTile && MjaiNameOf(prefer, rules_) == n &&
      std::find(hand.begin(), hand.end(), prefer) != hand.end())
    return prefer;
  Tile fallback = kNoTile;
  for (Tile t : hand) {
    if (t == kNoTile || MjaiNameOf(t, rules_) != n) continue;
    if (t != avoid) return t;
    fallback = t;
  }
  if (fallback != kNoTile) return fallback;
  std::string held;
  for (Tile t : hand) {
    if (!held.empty()) held += ' ';
    held += t == kNoTile ? "?" : TileName(t);
  }
  return Error{"the hand holds no " + TileName(TileOf(n.kind, n.marked() ? 0 : 3)) + " (hand: " + held + ")"};
}

void MjaiSeatState::AddToHand(int seat, Tile t) {
  s_.seats[seat].hand.push_back(t);
  if (t != kNoTile) ++s_.seats[seat].counts[KindOf(t)];
}

void MjaiSeatState::RemoveKnown(int seat, Tile t) {
  auto& hand = s_.seats[seat].hand;
  const auto it = std::find(hand.begin(), hand.end(), t);
  if (it == hand.end()) return;  // TakeKnown found it
  hand.erase(it);
  if (t != kNoTile) --s_.seats[seat].counts[KindOf(t)];
}

void MjaiSeatState::RemoveHidden(int seat, int n) {
  auto& hand = s_.seats[seat].hand;
  hand.resize(hand.size() >= static_cast<size_t>(n) ? hand.size() - static_cast<size_t>(n) : 0);
}

}  // namespace mj
