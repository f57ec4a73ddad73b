#include "mjai/seat_state.h"

#include <algorithm>

#include "engine/legal_actions.h"
#include "engine/round.h"
#include "engine/shields.h"
#include "engine/win_check.h"
#include "replays/replay.h"
#include "rules/waits.h"

namespace mj {
namespace {

using json = nlohmann::json;

}  // namespace

Result<int> MjaiIntField(const json& e, const char* field, int lo, int hi) {
  const auto it = e.find(field);
  if (it == e.end() || !it->is_number_integer())
    return Error{std::string("\"") + field + "\" is missing or not a whole number"};
  const auto v = it->get<long long>();
  if (v < lo || v > hi)
    return Error{std::string("\"") + field + "\" is " + std::to_string(v) + ", expected " + std::to_string(lo) +
                 ".." + std::to_string(hi)};
  return static_cast<int>(v);
}

namespace {

bool IsUnknownName(const json& v) { return v.is_string() && v.get_ref<const std::string&>() == "?"; }

}  // namespace

MjaiSeatState::MjaiSeatState(const Ruleset& rules) : rules_(rules) {
  s_.rules = &rules_;
  s_.phase = Phase::kEnded;
}

std::string MjaiSeatState::TileName(Tile t) const { return MjaiTile(t, rules_); }

Result<MjaiTileName> MjaiSeatState::Name(const json& e, const char* field) const {
  const auto it = e.find(field);
  if (it == e.end() || !it->is_string()) return Error{std::string("\"") + field + "\" is missing or not a tile name"};
  const auto n = ParseMjaiTile(it->get_ref<const std::string&>());
  if (!n) return Error{std::string("\"") + field + "\": \"" + it->get<std::string>() + "\" is not a tile name"};
  if (n->red && rules_.red_fives[n->kind / 9] == 0)
    return Error{std::string("\"") + field + "\": red five \"" + it->get<std::string>() + "\" but ruleset \"" +
                 rules_.name + "\" has none"};
  if (n->peach && !rules_.peach_tiles)
    return Error{std::string("\"") + field + "\": peach tile \"" + it->get<std::string>() + "\" but ruleset \"" +
                 rules_.name + "\" has none"};
  return *n;
}

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

Result<bool> MjaiSeatState::Apply(const json& e) {
  decision_ = MjaiDecision::kNone;
  const auto type_it = e.find("type");
  if (!e.is_object() || type_it == e.end() || !type_it->is_string())
    return Error{"an event must be an object with a \"type\" string"};
  const std::string& type = type_it->get_ref<const std::string&>();
  auto fail = [&](const std::string& what) -> Result<bool> { return Error{type + " event: " + what}; };
  if (passed_tile_ != kNoTile) SettlePassedTile(e);
  if (type == "start_game") {
    if (e.contains("id")) {
      auto id = MjaiIntField(e, "id", 0, 3);
      if (!id) return fail(id.error());
      seat_ = *id;
    }
    if (const auto it = e.find("names"); it != e.end() && it->is_array() && it->size() == 4)
      for (int i = 0; i < 4; ++i)
        if ((*it)[i].is_string()) names_[i] = (*it)[i].get<std::string>();
    game_over_ = false;
    kept_shields_.clear();
    return true;
  }
  if (type == "end_game") {
    game_over_ = true;
    in_kyoku_ = false;
    return true;
  }
  if (type == "start_kyoku") {
    auto r = StartKyoku(e);
    if (!r) return fail(r.error());
    return true;
  }
  if (type == "end_kyoku") {
    // What the own seat still holds is carried into the next hand (KeptShields: face down, then
    // face up).
    kept_shields_.clear();
    if (in_kyoku_ && seat_ >= 0) {
      for (Tile t : s_.seats[seat_].shields_down) kept_shields_.push_back(MjaiNameOf(t, rules_));
      for (Tile t : s_.seats[seat_].shields_up) kept_shields_.push_back(MjaiNameOf(t, rules_));
    }
    in_kyoku_ = false;
    return true;
  }
  if (type == "hora" || type == "ryukyoku") {
    s_.phase = Phase::kEnded;
    if (type == "hora") s_.riichi_sticks = 0;  // the winner took them
    auto r = Scores(e, "scores");
    if (!r) return fail(r.error());
    return true;
  }
  const bool tile_event = type == "tsumo" || type == "dahai" || type == "chi" || type == "pon" ||
                          type == "daiminkan" || type == "kakan" || type == "ankan" || type == "reach" ||
                          type == "reach_accepted" || type == "dora" || type == "shield_set" ||
                          type == "exchange" || type == "protection" || type == "shields_lost";
  if (!tile_event) return true;  // error, log, none, extensions: nothing to fold
  if (!in_kyoku_) return fail("before start_kyoku");
  if (seat_ < 0) return fail("before start_game told this seat's id");
  Result<bool> r = true;
  if (type == "dora") {
    auto n = Name(e, "dora_marker");
    if (!n) return fail(n.error());
    if (s_.dora_revealed >= 5) return fail("a sixth dora indicator");
    auto t = Fresh(*n);
    if (!t) return fail(t.error());
    s_.wall.tiles[s_.wall.DoraStart() + s_.dora_revealed] = *t;
    ++s_.dora_revealed;
    return true;
  }
  auto actor = MjaiIntField(e, "actor", 0, 3);
  if (!actor) return fail(actor.error());
  if (type == "tsumo") r = Tsumo(e, *actor);
  else if (type == "dahai") r = Dahai(e, *actor);
  else if (type == "chi" || type == "pon" || type == "daiminkan") r = Call(e, *actor, type);
  else if (type == "kakan") r = Kakan(e, *actor);
  else if (type == "ankan") r = Ankan(e, *actor);
  else if (type == "reach") r = Reach(e, *actor);
  else if (type == "shield_set") r = ShieldSet(e, *actor);
  else if (type == "exchange") r = Exchange(e, *actor);
  else if (type == "protection") r = Protection(e, *actor);
  else if (type == "shields_lost") r = ShieldsLost(e, *actor);
  else r = ReachAccepted(e, *actor);
  if (!r) return fail(r.error());
  return true;
}

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

Result<bool> MjaiSeatState::Scores(const json& e, const char* field) {
  const auto it = e.find(field);
  if (it == e.end()) return true;  // a dialect without scores: the next start_kyoku has them
  if (!it->is_array() || it->size() != 4) return Error{std::string("\"") + field + "\" must be four numbers"};
  for (int p = 0; p < 4; ++p) {
    if (!(*it)[p].is_number_integer()) return Error{std::string("\"") + field + "\" must be four whole numbers"};
    s_.scores[p] = (*it)[p].get<int>();
  }
  return true;
}

Result<bool> MjaiSeatState::Tsumo(const json& e, int actor) {
  if (s_.phase != Phase::kDraw && s_.phase != Phase::kOnDiscard && s_.phase != Phase::kOnKakan &&
      s_.phase != Phase::kOnAnkan)
    return Error{"seat " + std::to_string(actor) + " draws out of turn"};
  if (s_.phase == Phase::kOnKakan) {  // the added kan stood: it ends every ippatsu chance
    for (SeatState& p : s_.seats) p.ippatsu = false;
  }
  if (s_.rinshan_pending && !rules_.dead_wall) {
    ++s_.live_next;
    s_.drawn_from_rinshan = true;
  } else if (s_.rinshan_pending) {
    ++s_.rinshan_next;
    --s_.live_end;
    s_.drawn_from_rinshan = true;
  } else {
    ++s_.live_next;
    s_.drawn_from_rinshan = false;
  }
  s_.rinshan_pending = false;
  s_.forbidden_discards.clear();
  s_.turn = actor;
  s_.phase = Phase::kAfterDraw;
  if (actor != seat_) {
    AddToHand(actor, kNoTile);
    s_.drawn = kNoTile;
    return true;
  }
  auto n = Name(e, "pai");
  if (!n) return Error{n.error()};
  auto t = Fresh(*n);
  if (!t) return Error{"\"pai\": " + t.error()};
  AddToHand(actor, *t);
  s_.drawn = *t;
  decision_ = MjaiDecision::kTurn;
  return true;
}

void MjaiSeatState::CheckMissedTsumo() {
  SeatState& p = s_.seats[seat_];
  if (!p.InRiichi() || s_.phase != Phase::kAfterDraw || s_.drawn == kNoTile) return;
  if (IsComplete(p.counts, static_cast<int>(p.melds.size())) && ScoreWin(s_, seat_, s_.drawn, WinKind::kTsumo).ok())
    p.riichi_furiten = true;
}

Result<bool> MjaiSeatState::Dahai(const json& e, int actor) {
  if ((s_.phase != Phase::kAfterDraw && s_.phase != Phase::kAfterCall) || s_.turn != actor)
    return Error{"seat " + std::to_string(actor) + " discards out of turn"};
  auto n = Name(e, "pai");
  if (!n) return Error{n.error()};
  const auto tg = e.find("tsumogiri");
  const bool tsumogiri = tg != e.end() && tg->is_boolean() && tg->get<bool>();
  Tile t;
  if (discard_from_shield_[actor]) {
    // The face-down shield of the exchange just announced: not from the hand.
    discard_from_shield_[actor] = false;
    if (tsumogiri) return Error{"the shield of an exchange is not a tsumogiri"};
    if (actor == seat_) {
      if (MjaiNameOf(own_shield_discard_, rules_) != *n)
        return Error{"\"pai\" is not the shield " + TileName(own_shield_discard_) + " of the exchange"};
      t = own_shield_discard_;
      own_shield_discard_ = kNoTile;
    } else {
      auto fresh = Fresh(*n);
      if (!fresh) return Error{"\"pai\": " + fresh.error()};
      t = *fresh;
    }
  } else if (actor == seat_) {
    CheckMissedTsumo();
    auto held = tsumogiri ? TakeOwn(*n, s_.drawn, kNoTile) : TakeOwn(*n, kNoTile, s_.drawn);
    if (!held) return Error{"\"pai\": " + held.error()};
    t = *held;
    RemoveOwn(t);
  } else if (HandKnown(actor) && !(tsumogiri && !s_.seats[actor].hand.empty() && s_.seats[actor].hand.back() == kNoTile)) {
    // A shown hand (open riichi): the tile is one of it; the last is the one drawn.
    const auto& hand = s_.seats[actor].hand;
    const Tile last = hand.empty() ? kNoTile : hand.back();
    auto held = tsumogiri ? TakeKnown(actor, *n, last, kNoTile) : TakeKnown(actor, *n, kNoTile, last);
    if (!held) return Error{"\"pai\": " + held.error()};
    t = *held;
    RemoveKnown(actor, t);
  } else {
    auto fresh = Fresh(*n);
    if (!fresh) return Error{"\"pai\": " + fresh.error()};
    t = *fresh;
    RemoveHidden(actor, 1);
  }
  SeatState& p = s_.seats[actor];
  const bool riichi = riichi_tile_due_[actor];
  riichi_tile_due_[actor] = false;
  if (!riichi && p.riichi == RiichiState::kAccepted) p.ippatsu = false;
  PlaceInRiver(s_, actor, t, tsumogiri, riichi);
  p.discarded[KindOf(t)] = true;
  if (!IsTerminalOrHonor(KindOf(t))) p.all_discards_orphans = false;
  p.temporary_furiten = false;
  s_.last_discard = t;
  s_.last_discarder = actor;
  s_.drawn = kNoTile;
  if (s_.discards_made < 4) s_.first_discards[s_.discards_made] = KindOf(t);
  ++s_.discards_made;
  s_.forbidden_discards.clear();
  s_.phase = Phase::kOnDiscard;
  if (actor != seat_) {
    decision_ = MjaiDecision::kDiscardResponse;
    passed_tile_ = t;
    passed_on_ankan_ = false;
  }
  return true;
}

Result<bool> MjaiSeatState::Call(const json& e, int actor, const std::string& type) {
  if (s_.phase != Phase::kOnDiscard) return Error{"no discard to call"};
  auto target = MjaiIntField(e, "target", 0, 3);
  if (!target) return Error{target.error()};
  if (*target != s_.last_discarder || actor == *target)
    return Error{"\"target\" " + std::to_string(*target) + " is not the last discarder " +
                 std::to_string(s_.last_discarder)};
  auto n = Name(e, "pai");
  if (!n) return Error{n.error()};
  if (MjaiNameOf(s_.last_discard, rules_) != *n)
    return Error{"\"pai\" is not the last discard " + TileName(s_.last_discard)};
  const auto consumed = e.find("consumed");
  const size_t need = type == "daiminkan" ? 3 : 2;
  if (consumed == e.end() || !consumed->is_array() || consumed->size() != need)
    return Error{"\"consumed\" must list " + std::to_string(need) + " tiles"};
  Action a;
  a.type = type == "chi" ? ActionType::kChi : type == "pon" ? ActionType::kPon : ActionType::kDaiminkan;
  a.actor = static_cast<uint8_t>(actor);
  a.tile = s_.last_discard;
  a.num_consumed = static_cast<uint8_t>(need);
  for (size_t i = 0; i < need; ++i) {
    const json one = {{"t", (*consumed)[i]}};
    auto cn = Name(one, "t");
    if (!cn) return Error{"\"consumed\"[" + std::to_string(i) + "]: " + cn.error()};
    auto t = actor == seat_ ? TakeOwn(*cn, kNoTile, kNoTile) : Fresh(*cn);
    if (!t) return Error{"\"consumed\"[" + std::to_string(i) + "]: " + t.error()};
    a.consumed[i] = *t;
    if (actor == seat_) RemoveOwn(*t);
  }
  if (actor != seat_) RemoveHidden(actor, static_cast<int>(need));
  for (SeatState& p : s_.seats) p.ippatsu = false;
  s_.no_calls_yet = false;
  s_.seats[*target].river.back().called = true;
  s_.seats[*target].discards_called = true;
  EngineMeld m;
  m.type = a.type == ActionType::kChi ? MeldType::kChi : a.type == ActionType::kPon ? MeldType::kPon : MeldType::kMinkan;
  for (int i = 0; i < a.num_consumed; ++i) m.tiles[m.num_tiles++] = a.consumed[i];
  m.tiles[m.num_tiles++] = a.tile;
  m.called = a.tile;
  m.from = static_cast<int8_t>(*target);
  SeatState& p = s_.seats[actor];
  p.melds.push_back(m);
  s_.turn = actor;
  s_.drawn = kNoTile;
  if (m.type == MeldType::kMinkan) {
    ++p.num_kans;
    ++s_.total_kans;
    s_.rinshan_pending = true;
    s_.phase = Phase::kDraw;
  } else {
    if (!rules_.kuikae) KuikaeForbidden(a, &s_.forbidden_discards);
    s_.phase = Phase::kAfterCall;
    if (actor == seat_) decision_ = MjaiDecision::kTurn;
  }
  return true;
}

Result<bool> MjaiSeatState::Kakan(const json& e, int actor) {
  if (s_.phase != Phase::kAfterDraw || s_.turn != actor) return Error{"an added kan out of turn"};
  auto n = Name(e, "pai");
  if (!n) return Error{n.error()};
  SeatState& p = s_.seats[actor];
  EngineMeld* pon = nullptr;
  for (EngineMeld& m : p.melds)
    if (m.type == MeldType::kPon && KindOf(m.tiles[0]) == n->kind) pon = &m;
  if (pon == nullptr) return Error{"seat " + std::to_string(actor) + " has no pon of " + TileName(TileOf(n->kind, 3))};
  Tile t;
  if (actor == seat_) {
    auto held = TakeOwn(*n, kNoTile, kNoTile);
    if (!held) return Error{"\"pai\": " + held.error()};
    t = *held;
    RemoveOwn(t);
  } else {
    auto fresh = Fresh(*n);
    if (!fresh) return Error{"\"pai\": " + fresh.error()};
    t = *fresh;
    RemoveHidden(actor, 1);
  }
  pon->type = MeldType::kKakan;
  pon->tiles[pon->num_tiles++] = t;
  s_.no_calls_yet = false;
  ++p.num_kans;
  ++s_.total_kans;
  s_.kan_tile = t;
  s_.kan_actor = actor;
  s_.drawn = kNoTile;
  s_.rinshan_pending = true;
  s_.phase = Phase::kOnKakan;
  if (actor != seat_) {
    decision_ = MjaiDecision::kKanResponse;
    passed_tile_ = t;
    passed_on_ankan_ = false;
  }
  return true;
}

Result<bool> MjaiSeatState::Ankan(const json& e, int actor) {
  if (s_.phase != Phase::kAfterDraw || s_.turn != actor) return Error{"a closed kan out of turn"};
  const auto consumed = e.find("consumed");
  if (consumed == e.end() || !consumed->is_array() || consumed->size() != 4)
    return Error{"\"consumed\" must list 4 tiles"};
  if (actor == seat_) CheckMissedTsumo();
  EngineMeld m;
  m.type = MeldType::kAnkan;
  const bool hidden = actor != seat_ && std::all_of(consumed->begin(), consumed->end(), IsUnknownName);
  if (hidden) {
    // Laid face down (closed_kan_hidden): a meld of placeholders (PlayerView::meld_hidden).
    if (!rules_.closed_kan_hidden)
      return Error{"\"consumed\" is hidden but ruleset \"" + rules_.name + "\" shows closed kans"};
    if (!hand_shown_[actor]) {
      RemoveHidden(actor, 4);
    } else {
      // A shown hand (open riichi): the kan is of its drawn tile (hidden) and three of a kind it
      // shows; the first such kind.
      SeatState& p = s_.seats[actor];
      int kind = -1;
      for (int k = 0; k < kNumKinds && kind < 0; ++k)
        if (p.counts[k] >= 3) kind = k;
      if (kind < 0 || p.hand.empty() || p.hand.back() != kNoTile)
        return Error{"seat " + std::to_string(actor) + "'s shown hand holds no closed kan"};
      p.hand.pop_back();
      for (int i = 0; i < 3; ++i) {
        const auto it = std::find_if(p.hand.begin(), p.hand.end(),
                                     [&](Tile t) { return t != kNoTile && KindOf(t) == kind; });
        RemoveKnown(actor, *it);
      }
    }
    m.num_tiles = 4;
  }
  for (size_t i = 0; i < 4 && !hidden; ++i) {
    const std::string where = "\"consumed\"[" + std::to_string(i) + "]";
    const json one = {{"t", (*consumed)[i]}};
    auto cn = Name(one, "t");
    if (!cn) return Error{where + ": " + cn.error()};
    Result<Tile> t = kNoTile;
    if (HandKnown(actor)) {
      t = TakeKnown(actor, *cn, kNoTile, kNoTile);
      if (t) {
        RemoveKnown(actor, *t);
      } else if (actor != seat_ && !s_.seats[actor].hand.empty() && s_.seats[actor].hand.back() == kNoTile) {
        s_.seats[actor].hand.pop_back();  // a shown hand's drawn tile
        t = Fresh(*cn);
      }
    } else {
      t = Fresh(*cn);
    }
    if (!t) return Error{where + ": " + t.error()};
    m.tiles[m.num_tiles++] = *t;
  }
  if (!HandKnown(actor) && !hidden) RemoveHidden(actor, 4);
  for (SeatState& q : s_.seats) q.ippatsu = false;
  s_.no_calls_yet = false;
  SeatState& p = s_.seats[actor];
  p.melds.push_back(m);
  ++p.num_kans;
  ++s_.total_kans;
  s_.kan_tile = m.tiles[0];
  s_.kan_actor = actor;
  s_.drawn = kNoTile;
  s_.rinshan_pending = true;
  s_.phase = Phase::kOnAnkan;
  if (actor != seat_) {
    decision_ = MjaiDecision::kKanResponse;
    passed_tile_ = m.tiles[0];  // none when hidden: nobody can rob it
    passed_on_ankan_ = true;
  }
  return true;
}

Result<bool> MjaiSeatState::Reach(const json& e, int actor) {
  if (s_.phase != Phase::kAfterDraw || s_.turn != actor) return Error{"a riichi out of turn"};
  SeatState& p = s_.seats[actor];
  if (p.riichi != RiichiState::kNone) return Error{"seat " + std::to_string(actor) + " is already in riichi"};
  if (actor == seat_) CheckMissedTsumo();
  p.riichi = RiichiState::kDeclared;
  const auto open = e.find("open");
  const bool is_open = open != e.end() && open->is_boolean() && open->get<bool>();
  // Another seat's open riichi shows its hand when the event carries it ("tehai"); without it the
  // riichi is folded as a closed one (nothing to show).
  p.open_riichi = is_open && actor == seat_;
  if (is_open && actor != seat_) {
    if (const auto tehai = e.find("tehai"); tehai != e.end()) {
      auto r = ShowHand(*tehai, actor);
      if (!r) return r;
      p.open_riichi = true;
    }
  }
  p.double_riichi = p.river.empty() && s_.no_calls_yet && rules_.yaku[static_cast<int>(YakuId::kDoubleRiichi)].enabled;
  riichi_tile_due_[actor] = true;
  if (actor == seat_) decision_ = MjaiDecision::kRiichiDiscard;
  return true;
}

Result<bool> MjaiSeatState::ReachAccepted(const json& e, int actor) {
  SeatState& p = s_.seats[actor];
  if (p.riichi != RiichiState::kDeclared) return Error{"seat " + std::to_string(actor) + " declared no riichi"};
  p.riichi = RiichiState::kAccepted;
  p.ippatsu = true;
  if (rules_.riichi_deposit > 0) ++s_.riichi_sticks;
  if (e.contains("scores")) return Scores(e, "scores");
  s_.scores[actor] -= rules_.riichi_deposit;
  return true;
}

void MjaiSeatState::SettlePassedTile(const json& next) {
  const Tile t = passed_tile_;
  passed_tile_ = kNoTile;
  // A win on it (this seat's or another's: the hand ends) or a draw leaves nothing to settle.
  const auto type = next.find("type");
  if (type != next.end() && (*type == "hora" || *type == "ryukyoku")) return;
  SeatState& p = s_.seats[seat_];
  bool passed;
  if (passed_on_ankan_) {
    // Only a hand that could rob the closed kan passed it.
    const Phase phase = s_.phase;
    const Tile kan_tile = s_.kan_tile;
    s_.phase = Phase::kOnAnkan;
    s_.kan_tile = t;
    passed = LegalKanResponses(s_, seat_).front().type == ActionType::kRon;
    s_.phase = phase;
    s_.kan_tile = kan_tile;
  } else {
    passed = (WaitMask(p) >> KindOf(t)) & 1;
  }
  if (!passed) return;
  p.temporary_furiten = true;
  if (p.InRiichi()) p.riichi_furiten = true;
}

void MjaiSeatState::LegalActions(std::vector<Action>* out) const {
  out->clear();
  switch (decision_) {
    case MjaiDecision::kNone: return;
    case MjaiDecision::kShield: LegalShieldActions(s_, seat_, out); return;
    case MjaiDecision::kTurn: LegalTurnActions(s_, out); return;
    case MjaiDecision::kDiscardResponse: LegalDiscardResponses(s_, seat_, out); return;
    case MjaiDecision::kKanResponse: LegalKanResponses(s_, seat_, out); return;
    case MjaiDecision::kRiichiDiscard: {
      // The turn as it was before the declaration.
      RoundState before = s_;
      SeatState& p = before.seats[seat_];
      p.riichi = RiichiState::kNone;
      p.open_riichi = false;
      p.double_riichi = false;
      std::vector<Action> all;
      LegalTurnActions(before, &all);
      const bool open = s_.seats[seat_].open_riichi;
      const ActionType want = open ? ActionType::kOpenRiichi : ActionType::kRiichi;
      for (const Action& a : all)
        if (a.type == want) out->push_back(a);
      return;
    }
  }
}

}  // namespace mj
