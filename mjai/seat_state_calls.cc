// MjaiSeatState's calls and kans (mjai/seat_state.h): chi, pon and open kan on the last discard,
// the added kan on a pon, and the closed kan (shown, or laid face down under closed_kan_hidden).

#include <algorithm>
#include <string>
#include <string_view>

#include "engine/legal_actions.h"
#include "mjai/seat_state.h"

namespace mj {

namespace {

bool IsUnknownName(JsonValue v) { return JsonIsString(v) && JsonString(v) == "?"; }

}  // namespace

Result<bool> MjaiSeatState::Call(JsonValue e, int actor, std::string_view type) {
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
  const auto consumed = JsonFind(e, "consumed");
  const size_t need = type == "daiminkan" ? 3 : 2;
  if (!consumed || !JsonIsArray(*consumed) || JsonSize(*consumed) != need)
    return Error{"\"consumed\" must list " + std::to_string(need) + " tiles"};
  Action a;
  a.type = type == "chi" ? ActionType::kChi : type == "pon" ? ActionType::kPon : ActionType::kDaiminkan;
  a.actor = static_cast<uint8_t>(actor);
  a.tile = s_.last_discard;
  a.num_consumed = static_cast<uint8_t>(need);
  size_t i = 0;
  for (const JsonValue name : JsonItems(*consumed)) {
    auto cn = NameOf(name, "t");
    if (!cn) return Error{"\"consumed\"[" + std::to_string(i) + "]: " + cn.error()};
    auto t = actor == seat_ ? TakeOwn(*cn, kNoTile, kNoTile) : Fresh(*cn);
    if (!t) return Error{"\"consumed\"[" + std::to_string(i) + "]: " + t.error()};
    a.consumed[i++] = *t;
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

Result<bool> MjaiSeatState::Kakan(JsonValue e, int actor) {
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
  KanMade(actor, t, Phase::kOnKakan);
  return true;
}

Result<bool> MjaiSeatState::Ankan(JsonValue e, int actor) {
  if (s_.phase != Phase::kAfterDraw || s_.turn != actor) return Error{"a closed kan out of turn"};
  const auto consumed = JsonFind(e, "consumed");
  if (!consumed || !JsonIsArray(*consumed) || JsonSize(*consumed) != 4) return Error{"\"consumed\" must list 4 tiles"};
  const simdjson::dom::array names = JsonItems(*consumed);
  if (actor == seat_) CheckMissedTsumo();
  EngineMeld m;
  m.type = MeldType::kAnkan;
  const bool hidden = actor != seat_ && std::all_of(names.begin(), names.end(), IsUnknownName);
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
  size_t i = 0;
  for (const JsonValue name : names) {
    if (hidden) break;
    const auto where = [i] { return "\"consumed\"[" + std::to_string(i) + "]"; };
    ++i;
    auto cn = NameOf(name, "t");
    if (!cn) return Error{where() + ": " + cn.error()};
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
    if (!t) return Error{where() + ": " + t.error()};
    m.tiles[m.num_tiles++] = *t;
  }
  if (!HandKnown(actor) && !hidden) RemoveHidden(actor, 4);
  for (SeatState& q : s_.seats) q.ippatsu = false;
  s_.no_calls_yet = false;
  SeatState& p = s_.seats[actor];
  p.melds.push_back(m);
  KanMade(actor, m.tiles[0], Phase::kOnAnkan);  // m.tiles[0] is none when hidden: nobody can rob it
  return true;
}

void MjaiSeatState::KanMade(int actor, Tile t, Phase phase) {
  ++s_.seats[actor].num_kans;
  ++s_.total_kans;
  s_.kan_tile = t;
  s_.kan_actor = actor;
  s_.drawn = kNoTile;
  s_.rinshan_pending = true;
  s_.phase = phase;
  OfferTile(actor, MjaiDecision::kKanResponse, t, phase == Phase::kOnAnkan);
}

}  // namespace mj
