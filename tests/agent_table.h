#pragma once
// The hand-built table of the agent tests (agents_test, expert_agent_test): a RoundState set up
// tile by tile, for positions whose right answer mahjong theory settles.

#include <array>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine/round_state.h"
#include "rules/ruleset.h"
#include "tests/scenario.h"

namespace mj::test {


// A hand-built RoundState: dealer seat 0, East round, the ruleset's starting points each, every tile id used once.
// Rivers are appended in table order (seat 0, 1, 2, 3, 0, ...) so the order of discards is
// what a real hand would give.
class Table {
 public:
  explicit Table(Ruleset rules = {}) : rules_(std::move(rules)) {
    s_.rules = &rules_;
    s_.scores.fill(rules_.starting_points);
    s_.dealer = 0;
    s_.live_next = 60;  // some draws made, plenty left
    if (rules_.dora) SetDoraIndicator("9s");
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  RoundState& state() { return s_; }

  // Unused engine ids for the tiles in `text` (plain copies 3, 2, 1 first; "0m" = copy 0).
  std::vector<Tile> Take(const std::string& text) { return test::TakeTiles(text, used_); }

  void SetDoraIndicator(const std::string& tile) {
    s_.wall.tiles[Wall::kDoraStart] = Take(tile).at(0);
    s_.dora_revealed = 1;
  }

  // The concealed hand of `seat`; `drawn` (if given) is added last as the tile just drawn.
  void SetHand(int seat, const std::string& hand, const std::string& drawn = "") {
    SeatState& p = s_.seats[seat];
    p.hand = Take(hand);
    if (!drawn.empty()) {
      const Tile t = Take(drawn).at(0);
      p.hand.push_back(t);
      s_.drawn = t;
    }
    p.counts = {};
    for (Tile t : p.hand) ++p.counts[KindOf(t)];
  }

  // Appends one discard of `seat` (which must be the next seat in table order).
  void Discard(int seat, const std::string& tile, bool riichi = false) {
    EXPECT_EQ(seat, next_discarder_) << "discards must follow table order";
    const Tile t = Take(tile).at(0);
    SeatState& p = s_.seats[seat];
    PlaceInRiver(s_, seat, t, false, riichi);
    p.discarded[KindOf(t)] = true;
    if (riichi) p.riichi = RiichiState::kAccepted;
    s_.last_discard = t;
    s_.last_discarder = seat;
    ++s_.discards_made;
    s_.no_calls_yet = true;
    next_discarder_ = (seat + 1) % 4;
  }
  // One discard per seat in table order starting at the next discarder, e.g. "1z 9m 2p 4s".
  void Go(const std::vector<std::string>& tiles) {
    for (const std::string& t : tiles) Discard(next_discarder_, t);
  }

  // Seat `seat` has drawn and must act.
  void TurnOf(int seat) {
    s_.turn = seat;
    s_.phase = Phase::kAfterDraw;
  }
  // Seat `s_.last_discarder`'s discard is on the table for the others.
  void OnDiscard() {
    s_.turn = s_.last_discarder;
    s_.phase = Phase::kOnDiscard;
    s_.drawn = kNoTile;
  }

 private:
  Ruleset rules_;
  RoundState s_;
  std::array<bool, kNumTiles> used_{};
  int next_discarder_ = 0;
};

}  // namespace mj::test
