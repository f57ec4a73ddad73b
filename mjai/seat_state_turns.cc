// MjaiSeatState's turns (mjai/seat_state.h): draws (tsumo, from the live wall or after a kan),
// discards (dahai, from the own hand, a shown hand, a shield or an unseen one), riichi (reach and
// its acceptance), and the furiten a passed winning tile leaves.

#include <string>
#include <string_view>

#include "engine/legal_actions.h"
#include "engine/win_check.h"
#include "mjai/seat_state.h"
#include "rules/waits.h"

namespace mj {

Result<bool> MjaiSeatState::Tsumo(JsonValue e, int actor) {
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

Result<bool> MjaiSeatState::Dahai(JsonValue e, int actor) {
  if ((s_.phase != Phase::kAfterDraw && s_.phase != Phase::kAfterCall) || s_.turn != actor)
    return Error{"seat " + std::to_string(actor) + " discards out of turn"};
  auto n = Name(e, "pai");
  if (!n) return Error{n.error()};
  const auto tg = JsonFind(e, "tsumogiri");
  const bool tsumogiri = tg && JsonTrue(*tg);
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
  RecordDiscard(s_, actor, t, tsumogiri, riichi);
  OfferTile(actor, MjaiDecision::kDiscardResponse, t, false);
  return true;
}

void MjaiSeatState::OfferTile(int actor, MjaiDecision decision, Tile t, bool on_ankan) {
  if (actor == seat_) return;
  decision_ = decision;
  passed_tile_ = t;
  passed_on_ankan_ = on_ankan;
}

Result<bool> MjaiSeatState::Reach(JsonValue e, int actor) {
  if (s_.phase != Phase::kAfterDraw || s_.turn != actor) return Error{"a riichi out of turn"};
  SeatState& p = s_.seats[actor];
  if (p.riichi != RiichiState::kNone) return Error{"seat " + std::to_string(actor) + " is already in riichi"};
  if (actor == seat_) CheckMissedTsumo();
  p.riichi = RiichiState::kDeclared;
  const auto open = JsonFind(e, "open");
  const bool is_open = open && JsonTrue(*open);
  // Another seat's open riichi shows its hand when the event carries it ("tehai"); without it the
  // riichi is folded as a closed one (nothing to show).
  p.open_riichi = is_open && actor == seat_;
  if (is_open && actor != seat_) {
    if (const auto tehai = JsonFind(e, "tehai")) {
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

Result<bool> MjaiSeatState::ReachAccepted(JsonValue e, int actor) {
  SeatState& p = s_.seats[actor];
  if (p.riichi != RiichiState::kDeclared) return Error{"seat " + std::to_string(actor) + " declared no riichi"};
  p.riichi = RiichiState::kAccepted;
  p.ippatsu = true;
  if (rules_.riichi_deposit > 0) ++s_.riichi_sticks;
  if (JsonFind(e, "scores")) return Scores(e, "scores");
  s_.scores[actor] -= rules_.riichi_deposit;
  return true;
}

void MjaiSeatState::SettlePassedTile(std::string_view next_type) {
  const Tile t = passed_tile_;
  passed_tile_ = kNoTile;
  // A win on it (this seat's or another's: the hand ends) or a draw leaves nothing to settle.
  if (next_type == "hora" || next_type == "ryukyoku") return;
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

}  // namespace mj
