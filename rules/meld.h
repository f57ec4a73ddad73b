#pragma once
// A declared (called or closed-kan) meld as the scorer sees it: its type and lowest kind.

#include <cstdint>

#include "tiles/tile.h"

namespace mj {

enum class MeldType : uint8_t { kChi, kPon, kMinkan, kKakan, kAnkan, kCount };

struct Meld {
  MeldType type = MeldType::kChi;
  Kind kind = 0;        // the lowest kind (chi) or the kind (pon/kan)
  uint8_t red = 0;      // red fives inside the meld
  uint8_t peach = 0;    // peach tiles inside the meld

  [[nodiscard]] bool IsOpen() const { return type != MeldType::kAnkan; }
  [[nodiscard]] bool IsKan() const {
    return type == MeldType::kMinkan || type == MeldType::kKakan || type == MeldType::kAnkan;
  }
  [[nodiscard]] bool IsSequence() const { return type == MeldType::kChi; }
  [[nodiscard]] int TileCount() const { return IsKan() ? 4 : 3; }
};

}  // namespace mj
