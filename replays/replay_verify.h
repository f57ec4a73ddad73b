#pragma once
// Replay verification: re-simulates a recorded game from its header (ruleset, seed: the walls
// come from the seed exactly as PlayGame draws them) with agents that answer each decision from
// the recorded events, and compares the re-simulated events with the recorded ones, event by
// event, as mjai JSON (replays/mjai_events.h).

#include <functional>
#include <optional>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "tiles/result.h"

namespace mj {

struct ReplayDivergence {
  size_t event_index = 0;   // index into the recorded events (== their count: the re-simulation has more)
  nlohmann::json expected;  // the recorded event (null when the record has no event there)
  nlohmann::json got;       // the re-simulated event (null when the re-simulation has none there)
  std::string note;         // why the re-simulation stopped, when it did
  // "event 17: expected {...}, got {...}" (with the note when there is one).
  [[nodiscard]] std::string ToString() const;
};

struct ReplayVerification {
  size_t events = 0;                          // recorded events
  std::optional<ReplayDivergence> divergence;  // the first one; none = the record re-simulates exactly
  [[nodiscard]] bool ok() const { return !divergence.has_value(); }
};

// The re-simulation itself: PlayGame with the record's walls (or its seed) and its events as the
// seats' answers; the engine's record, whatever it is (agent names: the engine's). An imported
// game's hands, once their walls are known, become a whole record this way (formats/replay_import.h).
// `hook`, when set, sees every decision the re-simulation asks while it follows the record: the
// seat, what it saw, the legal actions, the recorded answer and the index of the next event.
using DecisionHook = std::function<void(int seat, const PlayerView& view, std::span<const Action> legal,
                                        const Action& answer, size_t next_event)>;
// `observer` sees every re-simulated event with the engine's table state (as GameOptions::observer).
[[nodiscard]] GameRecord ResimulateRecord(const GameRecord& record, const DecisionHook& hook = {},
                                          const EventObserver& observer = {});

// An error only when the record cannot be re-simulated at all (e.g. an unknown scoring module).
[[nodiscard]] Result<ReplayVerification> VerifyReplay(const GameRecord& record);

// How VerifyReplay follows the record. `rederive_agents`: seats of built-in agents are played by
// those agents again (their decisions re-derived, the default) or, when false, answer from the
// record like any other seat (faster: replays as training data, rl/replay_decisions.h).
// `on_decision` is told every decision of the re-simulation (those with more than one legal
// action, as Round::Ask asks them) while it still follows the record (ResimulateRecord's hook):
// the seat's view, its legal actions and the answer given.
using DecisionObserver = std::function<void(const PlayerView& view, std::span<const Action> legal, const Action& answer)>;
struct ReplayFollowOptions {
  bool rederive_agents = true;
  DecisionObserver on_decision;
};
[[nodiscard]] Result<ReplayVerification> VerifyReplay(const GameRecord& record, const ReplayFollowOptions& options);

}  // namespace mj
