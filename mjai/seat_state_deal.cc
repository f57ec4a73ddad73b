// MjaiSeatState's start of a hand (mjai/seat_state.h): start_kyoku rebuilds the round as the
// engine deals it (wind, dealer, counters, scores, the dora indicator, the four hands: the own
// one named, the others placeholders; under shields, the shield deal that follows).

#include <string>

#include "mjai/seat_state.h"

namespace mj {

using json = nlohmann::json;

Result<bool> MjaiSeatState::StartKyoku(const json& e) {
  if (seat_ < 0) return Error{"before start_game told this seat's id"};
  const auto bakaze = e.find("bakaze");
  const std::string winds = "ESWN";
  if (bakaze == e.end() || !bakaze->is_string() || bakaze->get_ref<const std::string&>().size() != 1 ||
      winds.find(bakaze->get_ref<const std::string&>()[0]) == std::string::npos)
    return Error{"\"bakaze\" is missing or not one of E S W N"};
  auto kyoku = MjaiIntField(e, "kyoku", 1, 4);
  auto honba = MjaiIntField(e, "honba", 0, 1000);
  auto kyotaku = MjaiIntField(e, "kyotaku", 0, 1000);
  auto oya = MjaiIntField(e, "oya", 0, 3);
  for (const auto* f : {&kyoku, &honba, &kyotaku, &oya})
    if (!*f) return Error{f->error()};
  const auto tehais = e.find("tehais");
  if (tehais == e.end() || !tehais->is_array() || tehais->size() != 4)
    return Error{"\"tehais\" must be an array of four hands"};
  std::array<int, 4> carried{};
  if (const auto c = e.find("shields_carried"); c != e.end()) {
    if (!rules_.shields.enabled) return Error{"\"shields_carried\" but ruleset \"" + rules_.name + "\" has no shields"};
    if (!c->is_array() || c->size() != 4) return Error{"\"shields_carried\" must be four numbers"};
    for (int p = 0; p < 4; ++p) {
      if (!(*c)[p].is_number_integer() || (*c)[p].get<long long>() < 0 || (*c)[p].get<long long>() > 60)
        return Error{"\"shields_carried\"[" + std::to_string(p) + "] is not a number of shields"};
      carried[p] = (*c)[p].get<int>();
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
  s_.round_wind = static_cast<int>(winds.find(bakaze->get_ref<const std::string&>()[0]));
  s_.kyoku = *kyoku - 1;
  s_.dealer = *oya;
  s_.honba = *honba;
  s_.riichi_sticks = *kyotaku;
  auto scores = Scores(e, "scores");
  if (!scores) return scores;
  s_.live_end = rules_.dead_wall ? s_.wall.LiveSize() : s_.wall.size;
  s_.dora_revealed = 0;
  if (const auto d = e.find("dora_marker"); d != e.end() && !d->is_null()) {
    auto n = Name(e, "dora_marker");
    if (!n) return Error{n.error()};
    auto t = Fresh(*n);
    if (!t) return Error{"\"dora_marker\": " + t.error()};
    s_.wall.tiles[s_.wall.DoraStart()] = *t;
    s_.dora_revealed = 1;
  }
  int dealt = 0;
  for (int p = 0; p < 4; ++p) {
    const json& hand = (*tehais)[p];
    if (!hand.is_array()) return Error{"\"tehais\"[" + std::to_string(p) + "] is not an array"};
    s_.seats[p].hand.reserve(18 + hand.size());
    s_.seats[p].river.reserve(32);
    if (hand.size() < static_cast<size_t>(carried[p]))
      return Error{"\"tehais\"[" + std::to_string(p) + "] holds fewer tiles than the shields carried"};
    if (p == seat_) {
      auto r = DealOwnHand(hand, carried[p]);
      if (!r) return r;
    } else {
      for (size_t i = 0; i < hand.size(); ++i) AddToHand(p, kNoTile);
    }
    dealt += static_cast<int>(hand.size());
  }
  kept_shields_.clear();
  s_.live_next = dealt - carried_total;
  s_.phase = Phase::kDraw;
  s_.turn = s_.dealer;
  if (rules_.shields.enabled) {
    // The shield deal (engine/shields.h, DealShieldHand): the dealer chooses first.
    for (int p = 0; p < 4; ++p) s_.shields_to_set[p] = carried[p] + rules_.shields.per_hand;
    s_.phase = Phase::kSetShield;
    if (seat_ == s_.dealer) decision_ = MjaiDecision::kShield;
  }
  in_kyoku_ = true;
  return true;
}

}  // namespace mj
