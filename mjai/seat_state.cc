// MjaiSeatState's event dispatch (mjai/seat_state.h): Apply reads an event's type and hands it to
// the fold of its concept (seat_state_deal.cc, _turns.cc, _calls.cc, _shields.cc), keeps the
// game-level events (start_game, end_kyoku, hora, ryukyoku, end_game) itself, and gives the legal
// actions of the decision the last event asked.

#include <string>
#include <vector>

#include "engine/legal_actions.h"
#include "engine/shields.h"
#include "mjai/seat_state.h"
#include "replays/replay.h"

namespace mj {

Result<int> MjaiIntField(JsonValue e, const char* field, int lo, int hi) {
  const auto it = JsonFind(e, field);
  if (!it || !JsonIsInteger(*it)) return Error{std::string("\"") + field + "\" is missing or not a whole number"};
  const long long v = JsonInteger(*it);
  if (v < lo || v > hi)
    return Error{std::string("\"") + field + "\" is " + std::to_string(v) + ", expected " + std::to_string(lo) +
                 ".." + std::to_string(hi)};
  return static_cast<int>(v);
}

MjaiSeatState::MjaiSeatState(const Ruleset& rules) : rules_(rules) {
  s_.rules = &rules_;
  s_.phase = Phase::kEnded;
}

std::string MjaiSeatState::TileName(Tile t) const { return MjaiTile(t, rules_); }

Result<MjaiTileName> MjaiSeatState::Name(JsonValue e, const char* field) const {
  const auto it = JsonFind(e, field);
  if (!it) return Error{std::string("\"") + field + "\" is missing or not a tile name"};
  return NameOf(*it, field);
}

Result<MjaiTileName> MjaiSeatState::NameOf(JsonValue v, const char* field) const {
  if (!JsonIsString(v)) return Error{std::string("\"") + field + "\" is missing or not a tile name"};
  const std::string_view name = JsonString(v);
  const auto n = ParseMjaiTile(name);
  if (!n) return Error{std::string("\"") + field + "\": \"" + std::string(name) + "\" is not a tile name"};
  if (n->red && rules_.red_fives[n->kind / 9] == 0)
    return Error{std::string("\"") + field + "\": red five \"" + std::string(name) + "\" but ruleset \"" +
                 rules_.name + "\" has none"};
  if (n->peach && !rules_.peach_tiles)
    return Error{std::string("\"") + field + "\": peach tile \"" + std::string(name) + "\" but ruleset \"" +
                 rules_.name + "\" has none"};
  return *n;
}

Result<bool> MjaiSeatState::Apply(const nlohmann::json& event) {
  thread_local JsonLineDocument document;
  auto e = document.ParseTree(event);
  if (!e) return Error{"the event is " + e.error()};
  return Apply(*e);
}

Result<bool> MjaiSeatState::Apply(JsonValue e) {
  decision_ = MjaiDecision::kNone;
  ended_game_ = false;
  const auto type_it = JsonFind(e, "type");
  if (!type_it || !JsonIsString(*type_it)) return Error{"an event must be an object with a \"type\" string"};
  const std::string_view type = JsonString(*type_it);
  auto fail = [&](const std::string& what) -> Result<bool> { return Error{std::string(type) + " event: " + what}; };
  if (passed_tile_ != kNoTile) SettlePassedTile(type);
  if (type == "start_game") {
    if (JsonFind(e, "id")) {
      auto id = MjaiIntField(e, "id", 0, 3);
      if (!id) return fail(id.error());
      seat_ = *id;
    }
    if (const auto it = JsonFind(e, "names"); it && JsonSize(*it) == 4) {
      int i = 0;
      for (const JsonValue name : JsonItems(*it)) {
        if (JsonIsString(name)) names_[i] = JsonString(name);
        ++i;
      }
    }
    game_over_ = false;
    kept_shields_.clear();
    return true;
  }
  if (type == "end_game") {
    game_over_ = true;
    ended_game_ = true;
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

Result<bool> MjaiSeatState::Scores(JsonValue e, const char* field) {
  const auto it = JsonFind(e, field);
  if (!it) return true;  // a dialect without scores: the next start_kyoku has them
  if (JsonSize(*it) != 4) return Error{std::string("\"") + field + "\" must be four numbers"};
  int p = 0;
  for (const JsonValue score : JsonItems(*it)) {
    if (!JsonIsInteger(score)) return Error{std::string("\"") + field + "\" must be four whole numbers"};
    s_.scores[p++] = static_cast<int>(JsonInteger(score));
  }
  return true;
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
