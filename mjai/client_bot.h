#pragma once
// MjaiBot: a built-in agent answering mjai events (docs/MJAI.md, "mjai-client"). Each event is
// folded into an MjaiSeatState; when the event asks this seat to act, the engine's legal actions
// on that state are offered to the agent (the Agent interface unchanged) and its choice is
// written as an mjai message; otherwise the answer is {"type":"none"}.
//
// The server's hints narrow the choice when present: an action other than a discard or a pass is
// offered only if "possible_actions" lists it, and "cannot_dahai" removes discards. So the bot
// never sends what the engine's rules forbid (kuikae, furiten ron, riichi conditions) nor what the
// server says it would reject. Robbing a closed kan (thirteen orphans) is answered only when the
// server's hints list it, since the reference server never expects it.
//
// Riichi takes two messages in mjai: the agent's kRiichi is sent as "reach", and the answer to
// the own "reach" event is the discard of the tile it chose.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/agent.h"
#include "mjai/event_json.h"
#include "mjai/seat_state.h"
#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj {

struct MjaiBotStats {
  long events = 0;            // events folded
  long decisions = 0;         // events that asked this seat to act (pass-only ones included)
  long agent_calls = 0;       // decisions with more than one choice, put to the agent
  long hint_removed = 0;      // engine actions left out because the server's hints lacked them
  long hint_unknown = 0;      // hinted actions the engine did not generate (not taken)
};

class MjaiBot {
 public:
  // `rules` must outlive the bot; `seed` is passed to the agent's BeginGame.
  MjaiBot(const Ruleset& rules, std::unique_ptr<Agent> agent, uint64_t seed);

  // Folds one event, read straight from its parsed text (mjai/event_json.h). In the lock-step
  // exchange every event is answered; in the batched one only the last of each line (the point
  // where the server asks; earlier events are only folded).
  [[nodiscard]] Result<bool> Fold(JsonValue event);
  // The answer to `event`, the event folded last, as one line of JSON text without its newline,
  // appended to `out` (no tree: mjai/action_json.h, AppendMjaiAction).
  [[nodiscard]] Result<bool> Answer(JsonValue event, std::string* out);
  // Lock-step over trees: folds `event` and returns the one answer to it.
  [[nodiscard]] Result<nlohmann::json> React(const nlohmann::json& event);

  // The agent's seed becomes the one the engine would give this seat in a game of seed
  // `game_seed` (AgentSeed, engine/game.h), once start_game tells the seat: the client then plays
  // as the built-in agent would at that seat (docs/MJAI.md, "Known limits").
  // Every game of the bot gets it (one game seed).
  void set_game_seed(uint64_t game_seed) {
    game_seed_ = game_seed;
    derive_seed_ = true;
    per_game_ = false;
  }
  // Instead: the k-th game (1-based) the bot begins gets the seed the engine gives this seat in
  // game k of a match (or `serve`) of seed `match_seed`: AgentSeed(MatchGameSeed(match_seed, k),
  // seat). Right when the bot plays that match's games from the first, in order.
  void set_match_seed(uint64_t match_seed) {
    game_seed_ = match_seed;
    derive_seed_ = true;
    per_game_ = true;
  }

  [[nodiscard]] const MjaiSeatState& seat_state() const { return fold_; }
  [[nodiscard]] const MjaiBotStats& stats() const { return stats_; }
  [[nodiscard]] const Agent& agent() const { return *agent_; }

 private:
  // Narrows legal_ by the event's hints (see above).
  void ApplyHints(JsonValue event);

  MjaiSeatState fold_;
  std::unique_ptr<Agent> agent_;
  uint64_t seed_;
  uint64_t game_seed_ = 0;
  bool derive_seed_ = false;
  bool per_game_ = false;  // game_seed_ is a match seed (set_match_seed)
  int games_begun_ = 0;
  bool begun_ = false;
  std::vector<Action> legal_;
  Tile riichi_tile_ = kNoTile;  // the discard of the riichi the agent chose, until it is sent
  MjaiBotStats stats_;
};

}  // namespace mj
