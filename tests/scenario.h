#pragma once
// Test support: walls built from readable hands and draw lists, and a simple scripted agent.

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "engine/agent.h"
#include "engine/wall.h"

namespace mj::test {

// The tiles of `text` as engine ids not yet `used` (marking them used): a marked spec (red five,
// peach) takes copy 0, a plain one the highest free copy, then copy 0. Fails the calling test
// on bad input.
std::vector<Tile> TakeTiles(const std::string& text, std::array<bool, kNumTiles>& used);

// A wall whose deal gives seat p the tiles `hands[p]` (mpsz, 13 each; seats absolute), whose
// live draws start with `draws` (in draw order, whoever draws them), with `dora` as the first
// indicator and `rinshan` as the first replacement draws. Every other position is filled with
// the unused tiles in id order. Fails the calling test (ADD_FAILURE) on bad input.
Wall ScenarioWall(const std::array<std::string, 4>& hands, const std::string& draws, int dealer = 0,
                  const std::string& dora = "", const std::string& rinshan = "");

// A shield hand's wall (rules.shields.enabled, `extra` tiles beyond 14/13): the deal gives seat p
// `hands[p]` (14 + extra for the dealer, 13 + extra for the others; seats absolute), the draws
// follow, then the unused tiles in id order. `carried[p]` are tiles seat p carries as shields from
// the last hand: they are out of the wall (the wall holds 136 - carried tiles) and returned in
// `carried` for RoundSetup::shields_carried. No dead wall: the draws run to the wall's end.
struct ShieldScenario {
  Wall wall;
  std::array<std::vector<Tile>, 4> carried;
};
ShieldScenario ShieldScenarioWall(const std::array<std::string, 4>& hands, const std::string& draws, int dealer = 0,
                                  const std::array<std::string, 4>& carried = {}, int extra = 2);

// An agent whose policy is a few switches: it wins whenever it may (win), declares riichi with
// the drawn tile when it may (riichi), makes closed kans (kan), declares nine terminals (nine),
// otherwise discards the drawn tile (or the first legal discard after a call) and passes calls.
// Shields: at the deal it sets `shields` (mpsz, in order; a kind it cannot set: the first legal
// tile); on its turn it first makes the next of `exchanges` (hand tile, face-down shield; kinds)
// when legal, then (before anything else) discards the next of `discards` when legal; with
// `open_riichi` it declares open riichi as `riichi` does.
struct Policy {
  bool win = false;
  bool riichi = false;
  bool kan = false;
  bool nine = false;
  // Initialised here so designated initialisers that leave them out (Policy{.win = true}) are
  // complete under -Wmissing-field-initializers.
  std::string shields{};
  std::vector<std::pair<std::string, std::string>> exchanges{};
  std::string discards{};
  bool open_riichi = false;
};

class PolicyAgent final : public Agent {
 public:
  explicit PolicyAgent(Policy p) : p_(p) {}
  [[nodiscard]] std::string Name() const override { return "policy"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override;

 private:
  Policy p_;
  size_t next_shield_ = 0, next_exchange_ = 0, next_discard_ = 0;
};

// The common Dunpai deal (dealer 0): seat 1 keeps 123m456m789m45p11s (ittsu, pinfu shape,
// waits 3p 6p) with 5z5z as shields; seat 2 keeps 13579m13579s66z5z with 6z6z; seat 3 keeps
// 1479m1479p1479s3z with 1z2z; the dealer keeps 2468m2489p2468s77z with 7z7z and discards a 7z
// first. ShieldDealPolicies() sets those shield choices and the dealer's first discard.
inline const std::array<std::string, 4> kShieldDeal{"2468m2489p2468s7777z", "123m456m789m45p11s5z5z",
                                                    "13579m13579s6666z5z", "1479m1479p1479s1z2z3z"};
std::array<Policy, 4> ShieldDealPolicies();

}  // namespace mj::test
