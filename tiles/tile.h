#pragma once
// Tiles. A tile is an identity 0..135 (four copies of each of 34 kinds); its kind is id / 4 and
// its copy id % 4. Copy 0 is the "marked" copy: the red five of each suit (ids 16, 52, 88, as on
// Tenhou) and the peach tile of Dunpai (copy 0 of each suit's 3 and 7). Whether a marked copy
// counts as red or peach is the ruleset's business, not the tile's.
//
// Kinds: 0-8 = 1m..9m, 9-17 = 1p..9p, 18-26 = 1s..9s, 27-30 = E S W N, 31-33 = White Green Red.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tiles/result.h"

namespace mj {

using Tile = uint8_t;  // 0..135
using Kind = uint8_t;  // 0..33

inline constexpr int kNumTiles = 136;
inline constexpr int kNumKinds = 34;
inline constexpr Kind kEast = 27, kSouth = 28, kWest = 29, kNorth = 30;
inline constexpr Kind kWhite = 31, kGreen = 32, kRed = 33;

enum class Suit : uint8_t { kMan, kPin, kSou, kHonor, kCount };

[[nodiscard]] constexpr Kind KindOf(Tile t) { return static_cast<Kind>(t >> 2); }
[[nodiscard]] constexpr int CopyOf(Tile t) { return t & 3; }
[[nodiscard]] constexpr Tile TileOf(Kind k, int copy) { return static_cast<Tile>(k * 4 + copy); }
[[nodiscard]] constexpr Suit SuitOf(Kind k) { return static_cast<Suit>(k < 27 ? k / 9 : 3); }
// 1..9 for suited kinds, 1..7 for honors (E S W N White Green Red).
[[nodiscard]] constexpr int NumberOf(Kind k) { return k < 27 ? k % 9 + 1 : k - 26; }
[[nodiscard]] constexpr bool IsHonor(Kind k) { return k >= 27; }
[[nodiscard]] constexpr bool IsWind(Kind k) { return k >= 27 && k <= 30; }
[[nodiscard]] constexpr bool IsDragon(Kind k) { return k >= 31; }
[[nodiscard]] constexpr bool IsTerminal(Kind k) { return k < 27 && (k % 9 == 0 || k % 9 == 8); }
[[nodiscard]] constexpr bool IsTerminalOrHonor(Kind k) { return IsHonor(k) || IsTerminal(k); }
[[nodiscard]] constexpr bool IsSimple(Kind k) { return !IsTerminalOrHonor(k); }
// The copy-0 tiles: red-five candidates (copy 0 of each suit's 5) and peach candidates (copy 0
// of each suit's 3 and 7). Looked up by tile id (kNoTile included) in one table: bit 0 red five,
// bit 1 peach.
inline constexpr std::array<uint8_t, 256> kMarkedCopies = [] {
  std::array<uint8_t, 256> marks{};
  for (int suit = 0; suit < 3; ++suit) {
    marks[(suit * 9 + 4) * 4] = 1;
    marks[(suit * 9 + 2) * 4] = 2;
    marks[(suit * 9 + 6) * 4] = 2;
  }
  return marks;
}();
[[nodiscard]] constexpr bool IsRedFiveCopy(Tile t) { return kMarkedCopies[t] & 1; }
[[nodiscard]] constexpr bool IsPeachCopy(Tile t) { return (kMarkedCopies[t] >> 1) & 1; }
// The dora that an indicator of kind k points at (9 -> 1 within a suit, N -> E, Red -> White).
[[nodiscard]] constexpr Kind DoraFromIndicator(Kind k) {
  if (k < 27) return static_cast<Kind>(k / 9 * 9 + (k % 9 + 1) % 9);
  if (k <= kNorth) return static_cast<Kind>(kEast + (k - kEast + 1) % 4);
  return static_cast<Kind>(kWhite + (k - kWhite + 1) % 3);
}

using KindCounts = std::array<uint8_t, kNumKinds>;

// One tile as written in notation: its kind and whether it is the marked copy
// (`0` = red five; a digit followed by `*` = peach, e.g. `3*m`).
struct TileSpec {
  Kind kind = 0;
  bool marked = false;
  friend bool operator==(const TileSpec&, const TileSpec&) = default;
};

// Parses mpsz notation: digits followed by a suit letter (m p s z), e.g. "123m456p789s1122z".
// `0` is a red five (m/p/s only); a `*` right after 3 or 7 (m/p/s) marks the peach copy.
// Errors name the character and its 1-based position ("unknown suit 'x' at position 4") or the tile that
// appears too often ("\"1m\" appears 5 times"). Order is preserved.
[[nodiscard]] Result<std::vector<TileSpec>> ParseTiles(std::string_view text);
// Like ParseTiles but also requires exactly one tile ("5p", "0s", "7*m").
[[nodiscard]] Result<TileSpec> ParseTile(std::string_view text);

// Prints tiles in mpsz notation grouped by suit in the given order, e.g. "123m0p5z".
// Consecutive tiles of one suit share the suit letter.
[[nodiscard]] std::string FormatTiles(const std::vector<TileSpec>& tiles);
[[nodiscard]] std::string FormatKind(Kind k);          // "5m", "7z"
[[nodiscard]] std::string FormatTile(TileSpec t);      // "0m", "3*p"
// An engine tile id in notation, given whether marked copies are shown as red/peach.
[[nodiscard]] std::string FormatTileId(Tile t, bool red_fives, bool peach);

// Counts of each kind.
[[nodiscard]] KindCounts CountKinds(const std::vector<TileSpec>& tiles);
// Sorts in kind order; within a kind the marked copy comes first.
void SortTiles(std::vector<TileSpec>& tiles);

// Assigns concrete engine ids: marked specs take copy 0, plain ones copies 3, 2, 1, then 0.
// Copy 0 of a five, three or seven is a marked copy; a plain tile takes it only if
// `plain_may_use_copy0` (rulesets without red fives / peach). Fails if a copy is used twice.
[[nodiscard]] Result<std::vector<Tile>> AssignTileIds(const std::vector<TileSpec>& specs,
                                                      bool plain_may_use_copy0);

}  // namespace mj
