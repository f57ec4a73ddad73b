#pragma once
// Reviewing a game: at every decision of the chosen seats, what a reviewing agent would have
// done (its Choose) and, when it estimates actions (Agent::Evaluate, engine/agent.h), its value
// of each legal action, beside the action the player took. Per seat: agreement rate, the
// estimated loss per kind of decision and the decisions with the largest losses. Works for any
// replay the engine re-simulates (every ruleset, imported games). docs/REPLAY.md "Review".

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "tiles/result.h"

namespace mj {

// The kinds of decision a review sorts by ("discard", "riichi", "call", "win", "kan",
// "shield", "exchange", "fold", "abort"); DecisionKindName gives the name.
enum class DecisionKind : uint8_t { kDiscard, kRiichi, kCall, kWin, kKan, kShield, kExchange, kFold, kAbort, kCount };
[[nodiscard]] const char* DecisionKindName(DecisionKind k);

struct ReviewedAction {
  Action action;
  double value = 0.0;
  double win_chance = -1.0;
  double deal_in_chance = -1.0;
  std::string note;
};

struct ReviewedDecision {
  size_t event = 0;        // the decision was made after this event (the table as the player saw it)
  int seat = 0;
  DecisionKind kind = DecisionKind::kDiscard;
  int legal = 0;           // number of legal actions
  Action taken;            // what the player did
  Action choice;           // what the reviewing agent would do
  bool match = false;      // the same action (same tile names: which copy does not matter)
  std::optional<double> loss;  // best estimate - estimate of `taken` (estimates only)
  std::vector<ReviewedAction> estimates;  // sorted best first (empty: the agent gives none)
};

struct ReviewOptions {
  std::string agent = "greedy";          // the reviewing agent's spec (agents/registry.h)
  std::array<bool, 4> seats{true, true, true, true};
  int top = 5;                           // estimates kept per decision, best first (0: all)
  // Makes the reviewing agent instead of `agent`'s spec (tests, tools with their own agents).
  std::function<std::unique_ptr<Agent>()> make_agent;
};

struct Review {
  std::string agent;
  std::vector<ReviewedDecision> decisions;
  bool estimates = false;  // the agent gave estimates (losses are meaningful)
};

// An error when the agent spec is unknown or the record does not re-simulate (it must verify).
[[nodiscard]] Result<Review> ReviewGame(const GameRecord& record, const ReviewOptions& options);

// The review document (docs/REPLAY.md "Review"): header, per-seat summary (agreement, loss by
// kind, the largest losses), every decision.
[[nodiscard]] nlohmann::json ReviewToJson(const Review& review, const GameRecord& record, const ReviewOptions& options,
                                          const std::string& replay_file);

}  // namespace mj
