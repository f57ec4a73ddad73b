#pragma once
// Hand evaluation shared by the built-in agents (greedy, defensive): acceptance (ukeire) counts,
// a tile-value heuristic for tie-breaks, which kinds give a yaku, and the danger of a discard
// against a riichi player. Everything reads only what a PlayerView shows.

#include <array>
#include <cstdint>

#include "engine/player_view.h"
#include "engine/tile.h"

namespace mj {

// A set of kinds: bit k for kind k (0..33).
using KindMask = uint64_t;
inline constexpr KindMask kAllKinds = (uint64_t{1} << kNumKinds) - 1;
[[nodiscard]] constexpr KindMask KindBit(Kind k) { return uint64_t{1} << k; }
[[nodiscard]] constexpr bool HasKind(KindMask m, Kind k) { return (m >> k) & 1; }
// The simples 2..8 of the three suits.
[[nodiscard]] KindMask SimpleKinds();

// Acceptance of a 13-equivalent hand (13 - 3 * num_melds concealed tiles) whose shanten is
// `shanten` (all forms, rules/shanten.h Shanten): the number of unseen tiles (4 - visible, where
// `visible` includes the own hand as PlayerView::VisibleCounts does) of the kinds in `allowed`
// that lower the shanten by one. For a tenpai hand this is the number of winning tiles left.
[[nodiscard]] int Ukeire(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                         KindMask allowed = kAllKinds);
// The same by drawing every kind (about 34 shanten lookups); Ukeire skips kinds that cannot
// help. Kept for tests of that shortcut.
[[nodiscard]] int UkeireBruteForce(const KindCounts& counts, int num_melds, int shanten, const KindCounts& visible,
                                   KindMask allowed = kAllKinds);

// Kinds that are yakuhai for `seat`: the three dragons, its seat wind and the round wind.
[[nodiscard]] KindMask YakuhaiKinds(const PlayerView& view);
// Kinds that are dora by the revealed indicators (none when rules().dora is off). With peach
// tiles (rules().peach_tiles), also the kinds whose only held copy is the peach copy: throwing
// them loses a han, so the tile-value heuristic treats them like dora.
[[nodiscard]] KindMask DoraKinds(const PlayerView& view);
// True if `t` is a peach tile under the view's rules.
[[nodiscard]] bool IsPeach(Tile t, const Ruleset& rules);
// The kinds that complete the concealed hand `seat` shows in open riichi (empty if none shown).
[[nodiscard]] KindMask OpenRiichiWaits(const PlayerView& view, int seat);
// Han of winning with `win` (a kTsumo or kRon action) as far as the view tells (no ippatsu):
// the scoring module on the own hand, melds, riichi and peach tiles. 0 if it does not score.
[[nodiscard]] int EstimateWinHan(const PlayerView& view, const Action& win);

// Heuristic worth of keeping one tile of kind `k` in the hand `counts` (higher = keep): lone
// guest winds lowest, then lone yakuhai honours, terminals, 2/8, 3..7; each neighbour within
// two ranks, a pair and dora add to it. Only breaks ties between equally fast discards.
[[nodiscard]] int TileValue(Kind k, const KindCounts& counts, KindMask yakuhai, KindMask dora);

// What an open hand counts on for its yaku (closed hands need none: riichi / menzen tsumo).
enum class YakuPlan : uint8_t {
  kClosed,   // no open meld
  kYakuhai,  // a yakuhai pon/kan is melded, or a yakuhai triplet is held concealed
  kTanyao,   // every meld is simples and open tanyao is allowed: keep only simples
  kNone,     // open with no plan (the agent avoids getting here)
};
[[nodiscard]] YakuPlan CurrentYakuPlan(const PlayerView& view);
// True if the ruleset lets an open hand win with tanyao.
[[nodiscard]] bool OpenTanyaoAllowed(const Ruleset& rules);

// Kinds that `riichi_seat` cannot ron with: every kind in its river or face up in its shield
// area (furiten; shields_up count as discards) and every kind
// anyone discarded after its riichi declaration (it passed them, so riichi furiten). The order
// of discards across rivers is rebuilt from the dealer and the called tiles (tile ids are
// unique): after an uncalled discard the next seat discards, after a called one the caller.
[[nodiscard]] KindMask GenbutsuKinds(const PlayerView& view, int riichi_seat);

// Danger of discarding kind `k` against `riichi_seat`, 0 (safe) .. 10 (a middle tile with no
// hint). Scale: 0 genbutsu; 1 honour with all four visible; 2 honour with three visible;
// 3 suji 1/9; 4 suji 2/8, 3/7 and 4/5/6 with both sujis discarded; 5 honour with two visible;
// 6 terminal without suji; 7 honour with one or none visible; 8 2/8 without suji and 4/5/6
// with one suji; 9 3/7 without suji; 10 4/5/6 without suji. Suji count the riichi player's own
// river only (e.g. a 4 in it makes 1 and 7 suji).
[[nodiscard]] int Danger(Kind k, int riichi_seat, KindMask genbutsu, const PlayerView& view,
                         const KindCounts& visible);

}  // namespace mj
