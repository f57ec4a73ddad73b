#pragma once
// The `expert` agent's reading of the other three seats (what a PlayerView shows, nothing more):
// per opponent, the chance it is tenpai (riichi and open riichi: certain; otherwise from its open
// melds, the number of discards and a run of tsumogiri), the points it takes from this seat on a
// ron (the ruleset's own values: TypicalValues), and per kind the chance that discarding it deals
// in given that it is tenpai: genbutsu 0; number tiles by which sides of the two-sided waits are
// still possible (suji in its river, or kabe / no-chance when four copies of a neighbour are
// visible; one-chance halves a side), plus the closed / edge / pair waits every number tile
// keeps; honours by copies visible. An open riichi's hand is shown: its waits deal in for sure
// (unless it is furiten) and every other kind is safe.
//
// Deal-in figures per tile given a riichi are of the size Tenhou statistics report (a middle tile
// with no suji about 12%, suji 1/9 about 2%, an honour with two seen about 2%); the model's
// numbers are listed in docs/AGENTS.md.

#include <array>
#include <cstdint>
#include <vector>

#include "agents/expert_hand_value.h"
#include "agents/hand_eval.h"
#include "engine/player_view.h"

namespace mj {

struct OpponentThreat {
  int seat = 0;
  double tenpai = 0;     // P(tenpai now)
  double value = 0;      // points it takes from this seat on a ron (its hand and the honba)
  bool riichi = false;
  std::array<float, kNumKinds> deal_in{};  // P(this kind is a winning tile | tenpai)
};

struct Threats {
  std::array<OpponentThreat, 3> opp{};
  int count = 0;
  KindMask dora = 0;  // dora kinds: a deal-in on them costs more
  // Expected points lost by discarding kind `k` now: sum over opponents of tenpai x deal_in x value.
  [[nodiscard]] double Risk(Kind k) const;
  // Sum over opponents of tenpai x value: what a typical unsafe discard is weighed against.
  [[nodiscard]] double Pressure() const;
  // The chance per go-round that a seat read as tenpai now ends the hand (wins), for the
  // win-chance model (the others' later tenpai is the model's growth term).
  [[nodiscard]] double EndChancePerRound() const;
  // True if some opponent is in riichi.
  [[nodiscard]] bool AnyRiichi() const;
};

// The deal-in chance of kind `k` against a tenpai seat whose genbutsu and river kinds are given
// (exposed for tests): 0 for genbutsu, else the table above.
[[nodiscard]] double DealInChance(Kind k, KindMask genbutsu, KindMask river, const KindCounts& visible);

// Reads every other seat of `view`. `visible` is view.VisibleCounts(). A seat in riichi (not open
// riichi) has its chances reweighed by its river: with `read_waits` by the wait reader
// (ReadRiichiWaits, agents/expert_wait_reader.h), else with `read_river` by ReadRiichiRiver.
// Either moves danger between tiles; the seat's total stays.
[[nodiscard]] Threats ReadThreats(const PlayerView& view, const KindCounts& visible, const TypicalValues& typical,
                                  bool read_river = true, bool read_waits = false);

// The number kinds outside one of the first six discards of `river`: 1-2 for a 3, 2-3 for a 4,
// 3-4 and 6-7 for a 5, 7-8 for a 6, 8-9 for a 7.
[[nodiscard]] KindMask EarlyOutsideKinds(const std::vector<RiverTile>& river);

// Replaces the chances `deal_in` of the kinds in `kinds` by `proposed`, scaled so that their
// total over the unseen copies (4 - visible) stays what `deal_in` gave: a reading of the river
// moves danger between tiles and leaves the seat's overall danger to the table. Does nothing if
// the proposed total is 0.
void KeepTotal(const KindCounts& visible, KindMask kinds, const std::array<double, kNumKinds>& proposed,
               std::array<float, kNumKinds>* deal_in);

// What a riichi seat's river says about where its wait is, applied to its deal-in chances
// `deal_in` (per kind, given tenpai; exposed for tests). A number tile outside one of its first
// six discards (1-2 for an early 3, 2-3 for an early 4, 3-4 and 6-7 for an early 5, 7-8 for an
// early 6, 8-9 for an early 7) times 0.45 / 0.50 / 0.59 / 0.78 for 1-9 / 2-8 / 3-7 / 4-6 and 5;
// a 1 or 9 next to its riichi tile times 1.6, a 2 or 8 times 1.45. Then KeepTotal over every
// kind: the river says which tiles are safer than others, not whether the seat is dangerous.
void ReadRiichiRiver(const PlayerView& view, int seat, const KindCounts& visible,
                     std::array<float, kNumKinds>* deal_in);

}  // namespace mj
