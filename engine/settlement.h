#pragma once
// Settlement: what a hand's end pays (../shared/RULES.md per ruleset). Wins (ron, tsumo, double
// ron, chankan) with honba and deposits, pao, tsumo protection (shields) and Ningbo's side
// settlement; exhaustive draws with noten payments and nagashi mangan; abortive draws. Each
// function records its events through the hand's HandLog and changes the scores in the state;
// the round then ends the hand (Round::Finish). Hand values come only through the scoring
// module interface (rules/scoring_module.h).

#include <array>
#include <cstdint>
#include <vector>

#include "engine/event.h"
#include "engine/hand_log.h"
#include "engine/round_state.h"

namespace mj {

// Pao (liability): for each seat, the seat that fed its third dragon set, fourth wind set or
// (pao_one_suit) fourth set of one suit (-1: none); it pays when the hand wins with that limit.
struct Pao {
  enum class Kind : uint8_t { kDragons, kWinds, kOneSuit };
  std::array<int, 4> seat{-1, -1, -1, -1};
  std::array<Kind, 4> kind{};
};

// After `caller` called meld `m` on `from`'s discard `called_tile`: notes the pao it makes.
void NotePao(const RoundState& s, int caller, int from, const EngineMeld& m, Tile called_tile, Pao& pao);

// Pays the wins of `winners` (in order from the discarder; more than one: double ron) on `tile`
// from `from` (the winner itself on a tsumo): each hand scored by the ruleset's module, honba
// and deposits to the first winner, pao, tsumo protection, side settlement with the last winner;
// one "hora" each, then the shields the hand's end takes. Returns whether the dealer won.
bool SettleWins(RoundState& s, HandLog& log, const Pao& pao, const std::vector<int>& winners, Tile tile, int from,
                bool tsumo, bool chankan);

// An abortive draw (nine terminals, four winds, four riichi, four kans, triple ron): no payment.
void SettleAbortiveDraw(RoundState& s, HandLog& log, DrawReason reason);

// What `payer` pays of a tsumo's honba bonus (`honba` x `honba_value`, shared by the three others;
// docs/RULESET.md, "Payments"): a third, and the remainder (one or two points) one point each
// from the payers in turn order after the winner, so the three shares sum to the bonus exactly
// (300: 100 each; 1000: 334, 333, 333).
[[nodiscard]] int HonbaShare(int honba_bonus, int winner, int payer);

// The noten payments of an exhaustive draw (docs/RULESET.md, "Payments"): each noten seat pays
// `noten_payment` / (noten seats) rounded up to a whole point, and the tenpai seats share what
// was paid equally, the remainder (fewer points than tenpai seats) one point each to the tenpai
// seats in turn order from the dealer. Every point paid is received (3000: 3000 / 1500 each /
// 1000 each, as tables pay it). All zero when every seat or none is tenpai.
[[nodiscard]] std::array<int, 4> NotenSplit(int noten_payment, const std::array<bool, 4>& tenpai, int dealer);

// An exhaustive draw: nagashi mangan if any seat has it, else the noten payments; then the
// shields the draw takes. Returns whether the dealer is tenpai.
bool SettleExhaustiveDraw(RoundState& s, HandLog& log);

}  // namespace mj
