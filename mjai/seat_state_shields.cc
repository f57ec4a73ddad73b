// MjaiSeatState's folding of the shield events (docs/DUNPAI.md, docs/MJAI.md "Extensions"): the
// shield deal, exchange, protection, losses, and the shown hand of an open riichi.

#include <algorithm>

#include "engine/shields.h"
#include "mjai/seat_state.h"
#include "replays/replay.h"

namespace mj {

namespace {

bool IsHiddenName(JsonValue v) { return JsonIsString(v) && JsonString(v) == "?"; }

}  // namespace

Result<bool> MjaiSeatState::DealOwnHand(JsonValue hand, int carried) {
  std::vector<MjaiTileName> names;
  names.reserve(JsonSize(hand));
  size_t i = 0;
  for (const JsonValue tile : JsonItems(hand)) {
    const auto where = [&] { return "\"tehais\"[" + std::to_string(seat_) + "][" + std::to_string(i) + "]"; };
    if (IsHiddenName(tile)) return Error{where() + ": this seat's own tile is hidden"};
    auto n = NameOf(tile, "t");
    if (!n) return Error{where() + ": " + n.error()};
    names.push_back(*n);
    ++i;
  }
  // The engine adds the carried shields after the dealt tiles; the wire sorts the hand. When the
  // shields this seat kept at the last hand's end are all there, they go last, in that order.
  if (carried > 0 && static_cast<int>(kept_shields_.size()) == carried) {
    std::vector<MjaiTileName> dealt = names;
    bool all = true;
    for (const MjaiTileName& k : kept_shields_) {
      const auto it = std::find(dealt.begin(), dealt.end(), k);
      if (it == dealt.end()) {
        all = false;
        break;
      }
      dealt.erase(it);
    }
    if (all) {
      dealt.insert(dealt.end(), kept_shields_.begin(), kept_shields_.end());
      names = std::move(dealt);
    }
  }
  for (const MjaiTileName& n : names) {
    auto t = Fresh(n);
    if (!t) return Error{"\"tehais\"[" + std::to_string(seat_) + "]: " + t.error()};
    AddToHand(seat_, *t);
  }
  return true;
}

Result<bool> MjaiSeatState::ShowHand(JsonValue tehai, int actor) {
  SeatState& p = s_.seats[actor];
  if (!JsonIsArray(tehai) || JsonSize(tehai) != p.hand.size())
    return Error{"\"tehai\" must list the " + std::to_string(p.hand.size()) + " concealed tiles of seat " +
                 std::to_string(actor)};
  std::vector<Tile> shown;
  size_t i = 0;
  for (const JsonValue tile : JsonItems(tehai)) {
    auto n = NameOf(tile, "t");
    if (!n) return Error{"\"tehai\"[" + std::to_string(i) + "]: " + n.error()};
    auto t = Fresh(*n);
    if (!t) return Error{"\"tehai\"[" + std::to_string(i) + "]: " + t.error()};
    shown.push_back(*t);
    ++i;
  }
  p.hand.clear();
  p.counts = {};
  for (Tile t : shown) AddToHand(actor, t);
  hand_shown_[actor] = true;
  return true;
}

void MjaiSeatState::AdvanceShieldDeal() {
  // The dealer first, then the others in turn order, each all its choices (ChooseShields).
  for (int i = 0; i < 4; ++i) {
    const int p = (s_.dealer + i) % 4;
    if (s_.shields_to_set[p] > 0) {
      s_.turn = p;
      if (p == seat_) decision_ = MjaiDecision::kShield;
      return;
    }
  }
  // The dealer holds 14 and discards first; it drew nothing.
  s_.turn = s_.dealer;
  s_.drawn = kNoTile;
  s_.phase = Phase::kAfterDraw;
  if (seat_ == s_.dealer) decision_ = MjaiDecision::kTurn;
}

Result<bool> MjaiSeatState::ShieldSet(JsonValue e, int actor) {
  if (s_.phase != Phase::kSetShield || s_.turn != actor || s_.shields_to_set[actor] <= 0)
    return Error{"seat " + std::to_string(actor) + " sets a shield out of turn"};
  SeatState& p = s_.seats[actor];
  if (actor == seat_) {
    auto n = Name(e, "pai");
    if (!n) return Error{n.error()};
    auto held = TakeOwn(*n, kNoTile, kNoTile);
    if (!held) return Error{"\"pai\": " + held.error()};
    RemoveOwn(*held);
    p.shields_down.push_back(*held);
  } else {
    // Face down: "?" (a server that shows it is not believed: the tile stays unknown).
    if (p.hand.empty()) return Error{"seat " + std::to_string(actor) + " has no tile left to set"};
    RemoveHidden(actor, 1);
    p.shields_down.push_back(kNoTile);
  }
  --s_.shields_to_set[actor];
  AdvanceShieldDeal();
  return true;
}

Result<bool> MjaiSeatState::Exchange(JsonValue e, int actor) {
  if ((s_.phase != Phase::kAfterDraw && s_.phase != Phase::kAfterCall) || s_.turn != actor)
    return Error{"seat " + std::to_string(actor) + " exchanges out of turn"};
  SeatState& p = s_.seats[actor];
  if (p.InRiichi()) return Error{"seat " + std::to_string(actor) + " exchanges in riichi"};
  if (p.shields_down.empty()) return Error{"seat " + std::to_string(actor) + " has no face-down shield"};
  auto n = Name(e, "pai");
  if (!n) return Error{n.error()};
  auto shield = Name(e, "shield");
  if (!shield) return Error{shield.error()};
  if (actor == seat_) {
    // The hand tile as the engine lists it (AddExchanges): the first of its face, the drawn one
    // only when no other has it.
    auto held = TakeOwn(*n, kNoTile, s_.drawn);
    if (!held) return Error{"\"pai\": " + held.error()};
    const auto it = std::find_if(p.shields_down.begin(), p.shields_down.end(),
                                 [&](Tile t) { return MjaiNameOf(t, rules_) == *shield; });
    if (it == p.shields_down.end())
      return Error{"\"shield\": no face-down shield " + std::string(JsonString(*JsonFind(e, "shield"))) + " to exchange"};
    own_shield_discard_ = *it;
    p.shields_down.erase(it);
    RemoveOwn(*held);
    p.shields_up.push_back(*held);
  } else {
    auto up = Fresh(*n);
    if (!up) return Error{"\"pai\": " + up.error()};
    RemoveHidden(actor, 1);
    p.shields_down.pop_back();  // placeholders: the shield is named by the dahai that follows
    p.shields_up.push_back(*up);
  }
  discard_from_shield_[actor] = true;
  return true;
}

Result<bool> MjaiSeatState::Protection(JsonValue e, int actor) {
  auto target = MjaiIntField(e, "target", 0, 3);
  if (!target) return Error{target.error()};
  if (*target == actor) return Error{"seat " + std::to_string(actor) + " is protected from its own tsumo"};
  auto n = Name(e, "pai");
  if (!n) return Error{n.error()};
  const auto& up = s_.seats[actor].shields_up;
  if (std::none_of(up.begin(), up.end(), [&](Tile t) { return MjaiNameOf(t, rules_) == *n; }))
    return Error{"seat " + std::to_string(actor) + " has no face-up shield " + std::string(JsonString(*JsonFind(e, "pai")))};
  return true;  // the payments follow in hora's scores
}

Result<bool> MjaiSeatState::ShieldsLost(JsonValue e, int actor) {
  SeatState& p = s_.seats[actor];
  const int down = static_cast<int>(p.shields_down.size());
  auto count = MjaiIntField(e, "count", 0, down);
  if (!count) return Error{count.error() + " (face-down shields held)"};
  const auto tiles = JsonFind(e, "tiles");
  if (tiles && !JsonIsArray(*tiles)) return Error{"\"tiles\" must be an array of tile names"};
  // The face-up tiles named, each the last placed with its name; face-down ones the last set
  // (what an overflow returns first; the other causes take all).
  std::vector<Tile> up = p.shields_up;
  size_t i = 0;
  if (tiles)
    for (const JsonValue tile : JsonItems(*tiles)) {
      auto n = NameOf(tile, "t");
      if (!n) return Error{"\"tiles\"[" + std::to_string(i) + "]: " + n.error()};
      const auto it = std::find_if(up.rbegin(), up.rend(), [&](Tile t) { return MjaiNameOf(t, rules_) == *n; });
      if (it == up.rend())
        return Error{"\"tiles\"[" + std::to_string(i) + "]: seat " + std::to_string(actor) + " has no face-up " +
                     JsonDump(tile)};
      up.erase(std::next(it).base());
      ++i;
    }
  p.shields_up = std::move(up);
  p.shields_down.resize(static_cast<size_t>(down - *count));
  return true;
}

}  // namespace mj
