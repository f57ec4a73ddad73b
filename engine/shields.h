#pragma once
// Shields (盾牌, seed 003; ../shared/RULES.md "dunpai", docs/DUNPAI.md): every shield rule of the
// hand in one place. The round calls each function at one point of its loop:
//   deal          ShieldWall (constructor), DealShieldHand (Deal)
//   shield choice ChooseShields (after the deal)
//   legal actions LegalShieldActions (choice), AddExchanges (inside LegalTurnActions)
//   exchange      ExchangeShield (a turn's kExchange)
//   tsumo win     ProtectFromTsumo (settlement, before the payments)
//   hand end      ConfiscateAfterWin, ConfiscateAfterExhaustiveDraw, ConfiscateAfterAbortiveDraw
//                 (settlement); DropFaceUpShields, ReturnOverflowShields (the hand's end)
//   carry-over    KeptShields (the hand's end)
// Face-up shield tiles' other effects: furiten (ShieldFuriten, read by IsFuriten in
// engine/win_check.cc); no call or ron on them (they never reach a river); peach tiles shown
// (engine/player_view.cc).

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/hand_log.h"
#include "engine/round_state.h"
#include "engine/wall.h"
#include "tiles/result.h"

namespace mj {

// ---- Deal ----------------------------------------------------------------------------------

// Shield deal (rules.shields.enabled): the number of wall tiles dealt, and the seat receiving
// position i: blocks of four three times from the dealer (48 tiles), then 1 + extra tiles to
// each seat in turn from the dealer, then one more to the dealer (its 14th: the dealer does not
// draw on its first turn). With extra 2: 61 tiles, dealer 16, others 15.
[[nodiscard]] int ShieldDealSize(int extra);
[[nodiscard]] int ShieldDealSeat(int position, int dealer, int extra);

// The hand's wall: `wall` without the shields carried in (they are mixed into their holders'
// deals, not drawn).
[[nodiscard]] Wall ShieldWall(const Wall& wall, const std::array<std::vector<Tile>, 4>& carried);

// Deals a shield hand into s (phase kSetShield, the dealer first): ShieldDealSize tiles from the
// wall, each seat's carried shields mixed in, and carried + per_hand shields for each to set.
void DealShieldHand(RoundState& s, const std::array<std::vector<Tile>, 4>& carried);

// ---- Shield choice -------------------------------------------------------------------------

// The shield deal (phase kSetShield): one kSetShield per distinct tile face in `seat`'s hand
// (kind, red five, peach), any of which it may put face down next.
[[nodiscard]] std::vector<Action> LegalShieldActions(const RoundState& s, int seat);
void LegalShieldActions(const RoundState& s, int seat, std::vector<Action>* out);

// A seat's answer to a decision: one of `legal`, or an error naming what it answered.
using AskSeat = std::function<Result<Action>(int seat, const std::vector<Action>& legal)>;

// The deal's shield choices, the dealer first, then the others in turn order; each seat makes
// all its choices (carried + per_hand, one tile a decision, asked through `ask` with the list in
// `legal`) before the next seat starts. Then the dealer holds 14 and discards first. Returns the
// first error of `ask`.
[[nodiscard]] std::optional<Error> ChooseShields(RoundState& s, HandLog& log, std::vector<Action>* legal,
                                                 const AskSeat& ask);

// ---- Exchange ------------------------------------------------------------------------------

// Appends the legal exchanges of the turn (LegalTurnActions calls it after the discards, which
// are out[first_discard, end_discard), one per hand face in hand order, the drawn tile's last
// unless `last_repeats`): every distinct hand face x every distinct face-down shield face.
void AddExchanges(const RoundState& s, const SeatState& p, size_t first_discard, size_t end_discard,
                  bool last_repeats, std::vector<Action>* out);

// Exchange `a` (kExchange): announced, then the hand tile goes face up into the shield area and
// the face-down shield leaves it. Returns the shield, this turn's discard (the caller discards
// it: Round::Discard with from_shield).
[[nodiscard]] Tile ExchangeShield(RoundState& s, HandLog& log, const Action& a);

// Seed 003 rule 3 (furiten): a face-up shield tile counts as the seat's own discard, so a seat
// waiting on one of their kinds (bit k of `waits` for kind k) is furiten.
[[nodiscard]] inline bool ShieldFuriten(const SeatState& seat, uint64_t waits) {
  for (Tile t : seat.shields_up)
    if (waits >> KindOf(t) & 1) return true;
  return false;
}

// ---- The hand's end ------------------------------------------------------------------------

// Tsumo protection when `winner` wins by tsumo on `tile`: the seats protected (they pay
// nothing), each announced by a "protection" event.
[[nodiscard]] std::array<bool, 4> ProtectFromTsumo(RoundState& s, HandLog& log, int winner, Tile tile);

// `seat` loses its face-down and/or face-up shields (back to the next hand's wall), with one
// "shields_lost" event naming the cause (none if it had none).
void LoseShields(RoundState& s, HandLog& log, int seat, bool face_down, bool face_up, ShieldLossCause cause);

// After a win: the winners and the seat that dealt in (`from`, unless `tsumo`) lose all theirs.
void ConfiscateAfterWin(RoundState& s, HandLog& log, const std::vector<int>& winners, int from, bool tsumo);

// After an exhaustive draw: tenpai seats lose the face-up ones, noten seats all.
void ConfiscateAfterExhaustiveDraw(RoundState& s, HandLog& log);

// After an abortive draw: nothing when shields.abortive_keeps_all (the default), else as after
// an exhaustive draw.
void ConfiscateAfterAbortiveDraw(RoundState& s, HandLog& log);

// At the hand's end, when shields.carry_face_up is false: every seat loses the face-up shield
// tiles it still holds (cause "face_up_not_carried").
void DropFaceUpShields(RoundState& s, HandLog& log);

// At the hand's end, last (shields.overflow "return_to_wall"): while the shields the seats hold
// outnumber CarriedShieldCapacity (what the next hand's wall can deal beside its deal), the seat
// holding the most (ties: first in turn order from this hand's dealer) returns one, face-up tiles
// first (the last placed first), then face-down ones (the last set first). One "shields_lost"
// event (cause "overflow") per seat that returns any, in turn order from the dealer; the tiles
// go to s.shields_returned (back into the next hand's wall).
void ReturnOverflowShields(RoundState& s, HandLog& log);

// The shields each seat carries into the next hand: what it still holds, face down then face up.
[[nodiscard]] std::array<std::vector<Tile>, 4> KeptShields(const RoundState& s);

}  // namespace mj
