// MjaiSeatState's start of a hand (mjai/seat_state.h): start_kyoku rebuilds the round as the
// engine deals it (wind, dealer, counters, scores, the dora indicator, the four hands: the own
// one named, the others placeholders; under shields, the shield deal that follows).

#include <string>
#include <string_view>

#include "mjai/seat_state.h"

namespace mj {
namespace {

constexpr int kDealtTiles = 13;

}  // namespace

Result<bool> MjaiSeatState::StartKyoku(JsonValue e) {
  if (seat_ < 0) return Error{"before start_game told this seat's id"};
  const auto bakaze = JsonFind(e, "bakaze");
  constexpr std::string_view winds = "ESWN";
  if (!bakaze || JsonString(*bakaze).size() != 1 || winds.find(JsonString(*bakaze)[0]) == std::string_view::npos)
    return Error{"\"bakaze\" is missing or not one of E S W N"};
  auto kyoku = MjaiIntField(e, "kyoku", 1, 4);
  auto honba = MjaiIntField(e, "honba", 0, 1000);
  auto kyotaku = MjaiIntField(e, "kyotaku", 0, 1000);
  auto oya = MjaiIntField(e, "oya", 0, 3);
  for (const auto* f : {&kyoku, &honba, &kyotaku, &oya})
    if (!*f) return Error{f->error()};
  const auto tehais = JsonFind(e, "tehais");
  if (!tehais || JsonSize(*tehais) != 4) return Error{"\"tehais\" must be an array of four hands"};
  std::array<int, 4> carried{};
  if (const auto c = JsonFind(e, "shields_carried")) {
    if (!rules_.shields.enabled) return Error{"\"shields_carried\" but ruleset \"" + rules_.name + "\" has no shields"};
    if (JsonSize(*c) != 4) return Error{"\"shields_carried\" must be four numbers"};
    int p = 0;
    for (const JsonValue n : JsonItems(*c)) {
      if (!JsonIsInteger(n) || JsonInteger(n) < 0 || JsonInteger(n) > 60)
        return Error{"\"shields_carried\"[" + std::to_string(p) + "] is not a number of shields"};
      carried[p++] = static_cast<int>(JsonInteger(n));
    }
  }
  s_ = RoundState{};
  s_.rules = &rules_;
  used_copies_.fill(0);
  riichi_tile_due_.fill(false);
  hand_shown_.fill(false);
  discard_from_shield_.fill(false);
  own_shield_discard_ = kNoTile;
  passed_tile_ = kNoTile;
  int carried_total = 0;
  for (int p = 0; p < 4; ++p) carried_total += carried[p];
  // Carried shields are out of the hand's wall (engine/wall.h).
  s_.wall.size = kNumTiles - carried_total;
  s_.round_wind = static_cast<int>(winds.find(JsonString(*bakaze)[0]));
  s_.kyoku = *kyoku - 1;
  s_.dealer = *oya;
  s_.honba = *honba;
  s_.riichi_sticks = *kyotaku;
  auto scores = Scores(e, "scores");
  if (!scores) return scores;
  s_.live_end = rules_.dead_wall ? s_.wall.LiveSize() : s_.wall.size;
  s_.dora_revealed = 0;
  if (const auto d = JsonFind(e, "dora_marker"); d && !JsonIsNull(*d)) {
    auto n = Name(e, "dora_marker");
    if (!n) return Error{n.error()};
    auto t = Fresh(*n);
    if (!t) return Error{"\"dora_marker\": " + t.error()};
    s_.wall.tiles[s_.wall.DoraStart()] = *t;
    s_.dora_revealed = 1;
  }
  int dealt = 0;
  int p = 0;
  for (const JsonValue hand : JsonItems(*tehais)) {
    if (!JsonIsArray(hand)) return Error{"\"tehais\"[" + std::to_string(p) + "] is not an array"};
    const size_t size = JsonSize(hand);
    s_.seats[p].hand.reserve(18 + size);
    s_.seats[p].river.reserve(32);
    // Every seat is dealt 13 tiles; under shields also the extra tiles that become its shields
    // (the dealer one more: its first turn has no draw) and its carried shields after them.
    const int dealt_here = kDealtTiles + (rules_.shields.enabled ? rules_.shields.extra_tiles + (p == *oya ? 1 : 0) : 0);
    if (size != static_cast<size_t>(dealt_here + carried[p]))
      return Error{"\"tehais\"[" + std::to_string(p) + "] holds " + std::to_string(size) + " tiles; a deal is " +
                   std::to_string(dealt_here) + (carried[p] ? " and the " + std::to_string(carried[p]) + " shields carried" : "")};
    if (p == seat_) {
      auto r = DealOwnHand(hand, carried[p]);
      if (!r) return r;
    } else {
      for (size_t i = 0; i < size; ++i) AddToHand(p, kNoTile);
    }
    dealt += static_cast<int>(size);
    ++p;
  }
  kept_shields_.clear();
  s_.live_next = dealt - carried_total;
  s_.phase = Phase::kDraw;
  s_.turn = s_.dealer;
  if (rules_.shields.enabled) {
    // The shield deal (engine/shields.h, DealShieldHand): the dealer chooses first.
    for (p = 0; p < 4; ++p) s_.shields_to_set[p] = carried[p] + rules_.shields.per_hand;
    s_.phase = Phase::kSetShield;
    if (seat_ == s_.dealer) decision_ = MjaiDecision::kShield;
  }
  in_kyoku_ = true;
  return true;
}

}  // namespace mj
