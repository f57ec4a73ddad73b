#pragma once
// WinContext: everything a scoring module needs to value one winning hand. Built from the
// `score` command's JSON (rules/score_json.h) or by the game engine at a win. Pure data.

#include <cstdint>

#include "tiles/small_vector.h"
#include "tiles/tile.h"
#include "rules/meld.h"

namespace mj {

// Winds as 0..3 = East South West North (seat wind East = dealer).
enum class Wind : uint8_t { kEast, kSouth, kWest, kNorth };

struct WinContext {
  KindCounts concealed{};          // every tile not in a declared meld, winning tile included
  Kind win_tile = 0;
  SmallVector<Meld, 4> melds;
  bool tsumo = false;
  bool riichi = false;
  bool double_riichi = false;
  bool open_riichi = false;        // Dunpai: riichi with the whole hand shown
  bool ippatsu = false;
  bool rinshan = false;
  bool chankan = false;
  bool haitei = false;
  bool houtei = false;
  bool tenhou = false;
  bool chiihou = false;            // per the ruleset's chiihou_kind
  bool first_turn = false;         // the winner's first draw, before any discard of its own
                                   // (Ningbo's wins on the dealt 13 tiles)
  Wind seat_wind = Wind::kEast;
  bool has_round_wind = true;      // false in rulesets without a round wind
  Wind round_wind = Wind::kEast;
  SmallVector<Kind, 5> dora_indicators;
  SmallVector<Kind, 5> ura_indicators;
  uint8_t red_fives = 0;           // red fives in hand and melds (counted only if the ruleset has them)
  uint8_t peach_tiles = 0;         // peach tiles in hand and melds (Dunpai)
  int honba = 0;
  int riichi_sticks = 0;

  [[nodiscard]] bool IsDealer() const { return seat_wind == Wind::kEast; }
  [[nodiscard]] bool IsClosed() const {
    for (const Meld& m : melds)
      if (m.IsOpen()) return false;
    return true;
  }
};

}  // namespace mj
