#pragma once
// Placement for the `expert` agent: points are worth what they do to the final standing where
// the hand can end the game. The game value of a seat is its final score plus the prize of its
// final rank: the ruleset's uma plus the oka to first ((return_points - starting_points) x 4), or,
// where the ruleset pays neither (dunpai, ningbo: the final order is the result), `rank_points`
// per place ({1.5, 0.5, -0.5, -1.5} x rank_points).
//
// A hand's result ends the game when it is the last hand by length (South 4 of a hanchan and the
// West extension, East 4 of an east game, the last of `max_hands` without renchan), when it opens
// a gap between first and last beyond `end_point_gap` (Dunpai's 50,000), or when it takes a score
// below zero where `bust_ends_game`. A result that ends the game is worth the change from what
// the seat expects now, the final value after it less the current score and the expected prize
// (a normal walk over the hands still to come, `hand_sigma` apart per hand for any two seats,
// gives each other seat's chance to finish ahead; the standings are their Poisson-binomial).
// (With no known last hand, the expected prize is the mean of the four.) Any other result is
// worth its points. In the last hand the expected prize is the prize of the
// current rank, so a win that lifts the seat to first is worth its points and the uma gap, and a
// deal-in that drops it a place costs the same way; before it, a win that ends the game in first
// place locks in a prize the seat only expected, and a deal-in that busts it costs fourth place.

#include <array>
#include <optional>

#include "engine/player_view.h"

namespace mj {

// Hands the game plays after this one by its length (renchan not counted): 0 in the last hand;
// -1 in games of unlimited length without `max_hands` (no known end).
[[nodiscard]] int HandsAfter(const PlayerView& view);

// The change in the seat's game value when this hand's result ends the game.
class Placement {
 public:
  // `rank_points`: one place where the ruleset has no uma and no oka (0: points only there);
  // `hand_sigma`: the spread of the score difference of two seats over one hand.
  Placement(const PlayerView& view, double rank_points, double hand_sigma);
  // For a result changing the scores by `delta`: the change in game value if it ends the game,
  // nothing if it does not (it is then worth its points).
  [[nodiscard]] std::optional<double> Gain(const std::array<int, 4>& delta) const;
  // True if a result leaving `scores` ends the game.
  [[nodiscard]] bool Ends(const std::array<int, 4>& scores) const;
  // False where no place is worth anything (no uma, no oka, rank_points 0): every result is then
  // worth its points and the agent need not ask.
  [[nodiscard]] bool Pays() const { return prizes_; }

 private:
  [[nodiscard]] double ExpectedPrize(const std::array<int, 4>& scores, double spread) const;

  const Ruleset* rules_;
  int me_ = 0;
  bool last_ = false;
  bool prizes_ = false;  // any prize for rank at all
  std::array<int, 4> scores_{};
  std::array<double, 4> prize_{};  // by rank
  double base_ = 0;                // the current score plus the expected prize
};

}  // namespace mj
