#pragma once
// The `expert` agent's chance of winning the hand from a 13-equivalent hand, by a dynamic
// program over the own draws left: the hand needs shanten + 1 more useful draws; the first
// comes with the hand's actual acceptance (unseen tiles that lower its shanten), later ones
// with the acceptance typical of that shanten; a tenpai hand wins per go-round by tsumo (its
// winning tiles among the unseen) or by ron (three discards of the others, each a winning tile
// with the same chance times `ron_share`: how freely the others discard to this hand). Each
// go-round another seat ends the hand with `end_per_round` + r x `end_growth` (r = 0, 1, ...). Exact for the tenpai stage given
// those rates; the stages before it are the acceptance-based estimate.

namespace mj {

struct WinChanceInput {
  int shanten = 0;         // after the discard: 0 = tenpai
  int acceptance = 0;      // unseen tiles that lower the shanten (tenpai: winning tiles)
  int unseen = 1;          // unseen tiles in all (4 x 34 less what the seat sees)
  int draws = 0;           // own draws left
  double end_per_round = 0.03;  // at the first go-round; it grows by `end_growth` per go-round
  double end_growth = 0.0;      // (the others get closer to tenpai as the wall runs down)
  double future_ron_share = 0.45;  // ron_share of a tenpai not reached yet (riichi or dama)
  double ron_share = 0.6;  // 0: tsumo only
  // A hand not tenpai yet: the wait (unseen winning tiles) and ron share of the tenpai it will
  // reach, when the caller knows them (the one-shanten look-ahead); below 0: a typical wait of
  // about five tiles and the smaller of ron_share and future_ron_share.
  double next_wait = -1;
  double next_ron_share = -1;
  // A hand two or more from tenpai: the acceptance after its first useful draw, when the caller
  // knows it (the two-shanten look-ahead); below 0: the acceptance typical of that shanten.
  double next_acceptance = -1;
};

struct WinChance {
  double win = 0;           // P(this seat wins the hand)
  double tsumo_share = 0;   // of those wins, the part by tsumo
  double alive_rounds = 0;  // expected go-rounds the hand goes on with this seat not yet won
  double tenpai_end = 0;    // P(the wall runs out with this seat tenpai and nobody having won)
};

[[nodiscard]] WinChance EstimateWinChance(const WinChanceInput& in);

}  // namespace mj
