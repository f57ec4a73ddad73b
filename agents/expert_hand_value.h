#pragma once
// What winning hands are worth to the `expert` agent, always from the ruleset's own scoring
// module (rules/scoring_module.h): the own tenpai hand on each of its waits (ron and tsumo, dama,
// riichi with expected ura dora, open riichi), and a table of typical values (a few
// representative hands scored per style, dealer or not, with 0..4 dora) for hands that are not
// tenpai yet and for the opponents' hands. Nothing here reads a hidden tile.

#include <array>
#include <cstdint>

#include "engine/player_view.h"
#include "rules/meld.h"
#include "rules/scoring_module.h"
#include "tiles/small_vector.h"
#include "tiles/tile.h"

namespace mj {

// A hand of the own seat as the scorer needs it: concealed counts (13 - 3 x melds), melds, and
// the marked tiles (red fives, peach tiles) among the concealed tiles and melds.
struct ExpertHand {
  KindCounts counts{};
  SmallVector<Meld, 4> melds;
  int red = 0;
  int peach = 0;
  [[nodiscard]] bool closed() const {
    for (const Meld& m : melds)
      if (m.IsOpen()) return false;
    return true;
  }
  [[nodiscard]] int num_melds() const { return static_cast<int>(melds.size()); }
};

// The own hand of `view` less the tile `discard` (kNoTile: as it is; after a draw that is one
// tile too many for a wait, so callers pass the discard).
[[nodiscard]] ExpertHand OwnHand(const PlayerView& view, Tile discard);

enum class Declare : uint8_t { kDama, kRiichi, kOpenRiichi };

// The points `view`'s seat receives for winning `hand` on `win` (honba and deposits included as
// the ruleset pays them), 0 if the module says it is no win (no yaku, not complete). With riichi,
// `ura_kind` (or -1) is a kind made dora by an ura indicator.
[[nodiscard]] double WinPoints(const PlayerView& view, const ExpertHand& hand, Kind win, bool tsumo, Declare declare,
                               int ura_kind = -1);

// The value of a tenpai hand: per declaration, the mean over its waits (weighted by unseen
// copies) of ron and tsumo points, riichi including expected ura dora.
struct TenpaiValue {
  uint64_t waits = 0;         // kinds that complete the hand
  int wait_tiles = 0;         // unseen copies of them
  std::array<double, 3> ron{};    // by Declare
  std::array<double, 3> tsumo{};  // by Declare
};
[[nodiscard]] TenpaiValue ValueTenpai(const PlayerView& view, const ExpertHand& hand, const KindCounts& unseen,
                                      bool with_riichi, bool with_open_riichi);

// Dora the own hand holds that the scorer counts (indicator dora, red fives, peach tiles).
[[nodiscard]] int DoraHeld(const PlayerView& view, const ExpertHand& hand);

// Representative hands' points under one ruleset, by style, dealer or not and dora count
// (0..4): filled once per ruleset from its scoring module. `Get` is the value of a win (the
// samples the module scores); `WinShare` the share of the samples it scores at all: below 1 where
// the ruleset asks more of a hand than the representative hands have (a two-han minimum refuses
// an open yakuhai or tanyao hand), so a hand not yet tenpai is worth that share of a win.
enum class HandStyle : uint8_t { kClosedRiichi, kClosedDama, kOpen, kCount };
class TypicalValues {
 public:
  // Scores the representative hands under `rules` (no round wind distinctions: seat South/East).
  explicit TypicalValues(const Ruleset& rules);
  [[nodiscard]] double Get(HandStyle style, bool dealer, int dora) const {
    return v_[static_cast<int>(style)][dealer ? 1 : 0][dora < 0 ? 0 : dora > 4 ? 4 : dora];
  }
  // The ruleset's point scale: a typical open hand's value (non-dealer, no dora) with any minimum
  // han lifted, so a rule that refuses cheap hands does not look like one that pays more.
  [[nodiscard]] double Scale() const { return scale_; }
  [[nodiscard]] double WinShare(HandStyle style, bool dealer, int dora) const {
    return share_[static_cast<int>(style)][dealer ? 1 : 0][dora < 0 ? 0 : dora > 4 ? 4 : dora];
  }
  // The share of a ron's payment the discarder pays, by the module's payment for a ron: 1 where
  // the discarder pays all (riichi), less where every other seat pays a ron as a tsumo (Ningbo's
  // 三家払い: a non-dealer discarder pays a quarter of a non-dealer's win, the dealer half).
  [[nodiscard]] double DiscarderShare(bool winner_dealer, bool discarder_dealer) const {
    return discarder_share_[winner_dealer ? 1 : 0][discarder_dealer ? 1 : 0];
  }

 private:
  std::array<std::array<std::array<double, 5>, 2>, static_cast<int>(HandStyle::kCount)> v_{};
  std::array<std::array<std::array<double, 5>, 2>, static_cast<int>(HandStyle::kCount)> share_{};
  std::array<std::array<double, 2>, 2> discarder_share_{{{1, 1}, {1, 1}}};
  double scale_ = 0;
};

}  // namespace mj
