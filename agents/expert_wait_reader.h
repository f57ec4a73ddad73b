#pragma once
// The `expert` agent's wait reader (issue 22): where a seat in riichi (not open riichi) waits,
// read from its river by a logistic model fitted to games where every hand is known
// (bench/wait_fit.py; docs/AGENTS.md, "the wait reader"). For each kind that is not genbutsu and
// has an unseen copy, the model's inputs are the defence table's own chance (DealInChance, as a
// logit) and what the seat's river shows around that kind: its discards at distance 1 to 4 in the
// same suit, split by when they were thrown (first six discards, later before the riichi, the
// riichi tile) and whether they were drawn-and-thrown; its discards of the other suits and of
// honours; the copies visible and the genbutsu and dora among the kind's neighbours; the turn of
// the riichi and the share of drawn-and-thrown tiles before it. Its output replaces the table's
// chances, scaled so that their total over the unseen copies stays the table's: like the river
// reading, it moves danger between tiles and leaves the seat's overall danger to the table.

#include <array>

#include "agents/hand_eval.h"
#include "engine/player_view.h"

namespace mj {

inline constexpr int kWaitFeatures = 128;

// The model's inputs for kind `k` against riichi seat `seat` (exposed for tests; the layout is
// bench/wait_fit.py's). `table` is the table's chance for k, `genbutsu` the seat's genbutsu
// kinds, `dora` the dora kinds by indicator, `visible` view.VisibleCounts().
[[nodiscard]] std::array<float, kWaitFeatures> WaitFeatures(const PlayerView& view, int seat, Kind k, double table,
                                                            KindMask genbutsu, KindMask dora,
                                                            const KindCounts& visible);

// The model's chance that kind `k` is one of the seat's winning tiles, from WaitFeatures.
[[nodiscard]] double WaitChance(const std::array<float, kWaitFeatures>& features);

// Replaces `deal_in` (the table's chances for riichi seat `seat`, per kind) by the model's,
// scaled to the same total over the unseen copies (4 - visible). Genbutsu kinds and kinds with
// no unseen copy keep their chance. Does nothing for a seat that is not in riichi or whose riichi
// tile is not in its river.
void ReadRiichiWaits(const PlayerView& view, int seat, const KindCounts& visible,
                     std::array<float, kNumKinds>* deal_in);

}  // namespace mj
