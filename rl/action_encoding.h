#pragma once
// ActionEncoding: the flat discrete action space of the Python environment (docs/PYTHON.md,
// "Actions", version kActionEncodingVersion): every engine Action a seat can be offered maps to
// one index in [0, kNumActions), and back. The map is exact on any legal list: the indices of a
// list's actions are distinct, and DecodeAction(EncodeAction(a)) == a.
//
// A tile's *face* is its kind with its marked copy told apart where the ruleset tells it apart
// (FaceSlot): 0..33 the plain kinds, 34..36 red 5m/5p/5s, 37..42 peach 3m 7m 3p 7p 3s 7s.
// Layout (first index of each block):
//   kDiscardBase     43  discard a face from the hand (not the drawn tile)
//   kTsumogiri        1  discard the drawn tile
//   kRiichiBase      44  riichi declared with that discard (43 faces, then tsumogiri)
//   kOpenRiichiBase  44  open riichi, the same way
//   kAnkanBase       34  closed kan of a kind
//   kKakanBase       34  added kan of a kind
//   kTsumo, kNineTerminals, kRon   1 each
//   kChiBase         12  chi: the called tile's place in the run (0 lowest, 1 middle, 2 highest)
//                        x marked lower own tile x marked upper own tile: 4 * place + 2 * lo + hi
//   kPonBase          2  pon with 0 or 1 marked own tiles
//   kDaiminkan, kPass 1 each
//   kSetShieldBase   43  put a face face down as a shield (Dunpai deal)
//   kExchangeBase  43*43 exchange: 43 * hand face + face-down shield face

#include <cstdint>
#include <span>

#include "engine/action.h"
#include "rules/ruleset.h"

namespace mj::rl {

inline constexpr int kActionEncodingVersion = 1;
inline constexpr int kNumFaces = 43;

inline constexpr int kDiscardBase = 0;
inline constexpr int kTsumogiri = kDiscardBase + kNumFaces;          // 43
inline constexpr int kRiichiBase = kTsumogiri + 1;                   // 44
inline constexpr int kOpenRiichiBase = kRiichiBase + kNumFaces + 1;  // 88
inline constexpr int kAnkanBase = kOpenRiichiBase + kNumFaces + 1;   // 132
inline constexpr int kKakanBase = kAnkanBase + 34;                   // 166
inline constexpr int kTsumo = kKakanBase + 34;                       // 200
inline constexpr int kNineTerminals = kTsumo + 1;                    // 201
inline constexpr int kRon = kNineTerminals + 1;                      // 202
inline constexpr int kChiBase = kRon + 1;                            // 203
inline constexpr int kPonBase = kChiBase + 12;                       // 215
inline constexpr int kDaiminkan = kPonBase + 2;                      // 217
inline constexpr int kPass = kDaiminkan + 1;                         // 218
inline constexpr int kSetShieldBase = kPass + 1;                     // 219
inline constexpr int kExchangeBase = kSetShieldBase + kNumFaces;     // 262
inline constexpr int kNumActions = kExchangeBase + kNumFaces * kNumFaces;  // 2111

// The face (0..42) of tile `t` under `rules`.
[[nodiscard]] inline int FaceOf(Tile t, const Ruleset& rules) {
  const uint8_t mark = kMarkedCopies[t];
  if (mark == 0) return KindOf(t);  // 130 of the 136 tiles
  const Kind k = KindOf(t);
  if ((mark & 1) && rules.red_fives[k / 9] > 0) return 34 + k / 9;
  if ((mark & 2) && rules.peach_tiles) return 37 + (k / 9) * 2 + (NumberOf(k) == 7 ? 1 : 0);
  return k;
}

// Whether `t` has a face of its own beyond its kind (a red five, a peach tile) under `rules`.
[[nodiscard]] inline bool IsMarkedFace(Tile t, const Ruleset& rules) { return FaceOf(t, rules) >= kNumKinds; }

// The index of `a`, offered to a seat whose drawn tile is `drawn` (kNoTile when it has none:
// PlayerView::drawn()). A discard of the drawn tile is tsumogiri, of any other tile its face.
[[nodiscard]] int EncodeAction(const Action& a, Tile drawn, const Ruleset& rules);

// The action of `legal` whose index is `index`, or nullptr when none has it.
[[nodiscard]] const Action* DecodeAction(int index, std::span<const Action> legal, Tile drawn, const Ruleset& rules);

// mask[i] = 1 for the index of every action of `legal`, 0 elsewhere (kNumActions bytes). Also
// writes each action's index to `indices` (legal.size() entries) when it is not null.
void FillActionMask(std::span<const Action> legal, Tile drawn, const Ruleset& rules, uint8_t* mask,
                    int32_t* indices = nullptr);

// A short name of an index for people: "discard 5m", "riichi tsumogiri", "chi 1 lo-marked",
// "exchange 3*m for 7z", ... (docs/PYTHON.md).
[[nodiscard]] std::string ActionIndexName(int index);

}  // namespace mj::rl
