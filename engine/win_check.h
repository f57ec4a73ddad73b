#pragma once
// Win checks for the engine: the scoring context of a seat winning on a tile, waits, furiten
// and tenpai. Scoring itself is the ruleset's ScoringModule.

#include <cstdint>

#include "engine/round_state.h"
#include "rules/score_result.h"
#include "rules/scoring_module.h"
#include "rules/win_context.h"

namespace mj {

enum class WinKind : uint8_t { kTsumo, kRon, kChankan };

// True if the marked copy `t` counts as a red five under the ruleset.
[[nodiscard]] inline bool IsRedFive(Tile t, const Ruleset& rules) {
  return IsRedFiveCopy(t) && rules.red_fives[KindOf(t) / 9] > 0;
}

// True if the ruleset has wins on the dealt 13 tiles that are not four sets and a pair
// (Ningbo's 十三ヤオ and 十三不搭): the engine then asks the scoring module at a first draw.
[[nodiscard]] bool DealtHandWins(const Ruleset& rules);
// `seat` is on its first draw: its turn, nothing discarded or called yet, not a replacement.
[[nodiscard]] bool IsFirstTurn(const RoundState& s, int seat);

// The scoring context of `seat` winning on `win` (already in the hand for tsumo).
[[nodiscard]] WinContext MakeWinContext(const RoundState& s, int seat, Tile win, WinKind kind);

// Kinds (bit k) that complete the 13-tile hand of `seat`, kinds held four times excluded.
[[nodiscard]] uint64_t WaitMask(const SeatState& seat);
// The same for a hand given as counts (13 - 3 * num_melds tiles) known to be at shanten 0: the
// kinds Waits() (rules/waits.h) lists, found with shanten lookups instead of decompositions.
[[nodiscard]] uint64_t TenpaiWaitKinds(const KindCounts& counts, int num_melds);
[[nodiscard]] inline bool IsTenpai(const SeatState& seat) { return WaitMask(seat) != 0; }
// The shanten of `seat`'s hand as it was before drawing `drawn` (the counts without it), when
// WaitMask() last saw exactly that hand (it does on every other seat's discard); -1 if unknown.
// Saves the turn's shanten: a draw lowers shanten by at most one and never raises it.
[[nodiscard]] int KnownShantenBeforeDraw(const SeatState& seat, Tile drawn);
// Tenpai of a 13 - 3*melds tile hand given as counts: shanten 0 and some wait not held four
// times (only a hand holding a kind four times needs the full wait list).
[[nodiscard]] bool IsTenpaiCounts(const KindCounts& counts, int num_melds);
// The same for a hand whose Shanten(counts, num_melds) is already known to be `shanten`.
[[nodiscard]] bool IsTenpaiCounts(const KindCounts& counts, int num_melds, int shanten);

// Furiten: a wait in the seat's own river, or temporary / riichi furiten.
[[nodiscard]] bool IsFuriten(const SeatState& seat, uint64_t waits);

// Scores `seat` winning on `win`; error if the hand is incomplete or has no yaku.
[[nodiscard]] ScoreResult ScoreWin(const RoundState& s, int seat, Tile win, WinKind kind);

}  // namespace mj
