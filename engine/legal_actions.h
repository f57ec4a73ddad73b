#pragma once
// Legal actions, generated in one place per decision point. An agent's answer is valid iff it
// is in the list (validation is a lookup). Every list is non-empty. Each generator comes twice:
// returning a new list, and filling `out` (cleared first), which lets the round reuse one
// buffer for the whole game instead of allocating a list per decision.

#include <cstddef>
#include <span>
#include <vector>

#include "engine/action.h"
#include "engine/round_state.h"
#include "engine/shields.h"

namespace mj {

// The seat to act after drawing (phase kAfterDraw) or after a chi/pon (kAfterCall). In this
// order: tsumo (first when legal), nine terminals, kans, discards (one per face in hand order,
// the drawn tile last), riichi, open riichi, and the exchanges as the list's tail (hand face by
// hand face in discard order, each with every face-down shield face); FirstExchange finds them.
[[nodiscard]] std::vector<Action> LegalTurnActions(const RoundState& s);
void LegalTurnActions(const RoundState& s, std::vector<Action>* out);
// The index of the first exchange in a turn list (its size when there is none): the exchanges
// are the list's tail, so everything before it is the rest of the turn's choices.
[[nodiscard]] size_t FirstExchange(std::span<const Action> turn_list);

// A seat other than the discarder, on `s.last_discard` (kOnDiscard); ends with kPass.
[[nodiscard]] std::vector<Action> LegalDiscardResponses(const RoundState& s, int seat);
void LegalDiscardResponses(const RoundState& s, int seat, std::vector<Action>* out);
// A seat other than the kan actor, on `s.kan_tile` (kOnKakan / kOnAnkan); ends with kPass.
[[nodiscard]] std::vector<Action> LegalKanResponses(const RoundState& s, int seat);
void LegalKanResponses(const RoundState& s, int seat, std::vector<Action>* out);

// The shield deal's list (LegalShieldActions) is the shield module's: engine/shields.h.

// Four kans are down, made by more than one player, and the ruleset aborts on it: the next
// discard ends the hand unless it is won on (no call may be made on it).
[[nodiscard]] bool FourKansAbortPending(const RoundState& s);

// Kinds a caller may not discard right after calling (kuikae): the called kind, and for a chi
// taken at an end of the sequence the kind at the sequence's other side.
void KuikaeForbidden(const Action& call, SmallVector<Kind, 2>* out);

}  // namespace mj
