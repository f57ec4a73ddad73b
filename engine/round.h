#pragma once
// Round: plays one hand (kyoku) from the deal to its end, asking the agents at each decision
// point and appending every event to the game's log. Calls on a discard are collected from
// every seat that has one and resolved in one step (ron over pon/kan over chi).

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/agent.h"
#include "engine/event.h"
#include "engine/hand_log.h"
#include "engine/round_state.h"
#include "engine/settlement.h"
#include "engine/shields.h"
#include "tiles/result.h"

namespace mj {

struct RoundSetup {
  int round_wind = 0;   // 0 E, 1 S, 2 W
  int kyoku = 0;        // 0..3
  int honba = 0;
  int riichi_sticks = 0;
  std::array<int, 4> scores{};
  // Shields (盾牌) each seat carries from the last hand. They are out of the hand's wall (the
  // Round removes them from the wall it is given, see Wall::Without) and mixed into the deal.
  std::array<std::vector<Tile>, 4> shields_carried;
  int hands_played = 0;  // hands played before this one (max_hands)
};

struct RoundOutcome {
  bool win = false;                 // someone won
  bool dealer_won = false;
  bool abortive = false;            // abortive draw (nine terminals, four winds, ...)
  bool exhaustive = false;
  bool dealer_tenpai = false;
  std::array<int, 4> scores{};      // after the hand
  int riichi_sticks = 0;            // left on the table
  std::array<std::vector<Tile>, 4> shields_kept;  // shields each seat carries into the next hand
};

// Supplies each draw as it happens, for imported records that store every seat's draws but not
// the wall (Tenhou's): returns the tile `seat` draws now (`rinshan`: a replacement draw), or
// nullopt to stop the hand. The round swaps that tile into the wall position being drawn, so it
// must still be unseen (not dealt, drawn or revealed); the wall stays a permutation.
using DrawSource = std::function<std::optional<Tile>(const RoundState&, int seat, bool rinshan)>;

class Round {
 public:
  Round(const Ruleset& rules, const Wall& wall, const RoundSetup& setup, std::vector<Event>* log);
  Round(const Round&) = delete;  // log_ points at s_
  Round& operator=(const Round&) = delete;

  // Plays the hand. An agent's illegal answer stops it with an error naming the agent, the
  // state and the answer; the events recorded so far stay in the log.
  [[nodiscard]] Result<RoundOutcome> Play(const std::array<Agent*, 4>& agents);

  void set_observer(EventObserver observer) { log_.set_observer(std::move(observer)); }
  // Tile conservation after every event (engine/invariants.h); `ledger` outlives the Round.
  void set_ledger(TileLedger* ledger) { log_.set_ledger(ledger); }
  void set_draw_source(DrawSource source) { draw_source_ = std::move(source); }
  [[nodiscard]] const RoundState& state() const { return s_; }

 private:
  void Deal();
  [[nodiscard]] bool Draw();  // false: the draw source stopped the hand (error in draw_error_)
  void Discard(Tile t, bool riichi, bool open = false, bool from_shield = false);
  void ApplyCall(const Action& a);
  void ApplyKan(const Action& a);
  void BreakIppatsu();
  [[nodiscard]] Result<Action> Ask(Agent* agent, int seat, const std::vector<Action>& legal);
  // The hand's end (engine/settlement.h does the paying), then Finish.
  void SettleWins(const std::vector<int>& winners, Tile tile, int from, bool tsumo, bool chankan);
  void SettleAbort(DrawReason reason);
  void SettleExhaustive();
  void Finish();

  RoundState s_;
  HandLog log_;
  DrawSource draw_source_;
  std::string draw_error_;
  RoundOutcome outcome_;
  Pao pao_;  // who is liable for whose limit hand (settlement)
  std::array<std::vector<Tile>, 4> carried_;  // shields carried into this hand
  std::vector<Action> legal_;  // the legal actions of the decision being asked (one buffer)
};

// The seat that receives wall position i (0..51) of the deal: blocks of four tiles to each seat
// three times from the dealer, then one tile each.
[[nodiscard]] int DealSeat(int position, int dealer);

// The shield deal (ShieldDealSize, ShieldDealSeat) is in engine/shields.h.

}  // namespace mj
