#pragma once
// SteppedGame: one table whose game is played by the engine's own game loop (PlayGame) and
// stopped at every decision of an *outside* seat, so a caller (the Python environment) can look
// at the seat's view and legal actions and answer later. Seats with a built-in agent are asked
// by the game loop as in a match. The game runs on its own stack (a Boost.Context fiber):
// the engine is not changed, and a stepped game makes exactly the decisions, events and replay
// of PlayGame given the same answers.
//
// Decisions with a single legal action (a pass with nothing to call) are not asked, as in a
// match (Round::Ask). On a discard the other seats are asked one by one, from the discarder's
// next seat on, each without knowing the others' answers; the engine then resolves the answers
// (ron over pon/kan over chi, double ron by the ruleset).
//
// Rewards: every seat's score change since the last stop, in thousands of points
// (RewardMode::kScore, the game's final scores with leftover deposits at its end), or nothing
// until the end and then each seat's final result with uma and oka in thousands
// (RewardMode::kResult, the replay's end_game "results").

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/agent.h"
#include "engine/game.h"
#include "engine/player_view.h"
#include "rules/ruleset.h"

namespace mj::rl {

enum class RewardMode : uint8_t { kScore, kResult };

// Plays one whole game from `seed` with `seats` (the built-in agents and the outside seats'
// stand-ins), telling `observer` after every event, and returns its record. The default is
// PlayGame; a match with mjai bot processes plays the game at an MjaiTable (rl/agent_match.cc).
using GameLoop =
    std::function<GameRecord(const std::array<Agent*, 4>& seats, uint64_t seed, const EventObserver& observer)>;

class SteppedGame {
 public:
  // `agents[seat]` is a built-in agent, or null for an outside seat (at least one).
  SteppedGame(const Ruleset& rules, std::array<std::unique_ptr<Agent>, 4> agents,
              RewardMode reward = RewardMode::kScore);
  ~SteppedGame();
  SteppedGame(const SteppedGame&) = delete;
  SteppedGame& operator=(const SteppedGame&) = delete;

  // The loop the next games are played by (empty: PlayGame).
  void set_game_loop(GameLoop loop) { loop_ = std::move(loop); }
  // Starts a new game of `seed` (an unfinished one is stopped) and plays to the first outside
  // decision.
  void Reset(uint64_t seed);
  // Answers the pending decision with legal()[i] and plays to the next outside decision or the
  // end of the game. An index out of range is an error (nothing is played).
  [[nodiscard]] Result<bool> Step(size_t legal_index);

  [[nodiscard]] bool done() const { return done_; }
  [[nodiscard]] bool started() const { return started_; }
  // The pending decision (only when !done()).
  [[nodiscard]] int seat() const { return seat_; }
  [[nodiscard]] const PlayerView& view() const { return *view_; }
  [[nodiscard]] std::span<const Action> legal() const { return legal_; }
  [[nodiscard]] const RoundState& state() const { return *state_; }
  // Reward earned by each seat since the previous stop (Reset or Step).
  [[nodiscard]] const std::array<float, 4>& rewards() const { return rewards_; }
  // The game so far; complete after the end (record().end: final scores, ranks, results).
  [[nodiscard]] const GameRecord& record() const { return record_; }
  [[nodiscard]] const Ruleset& rules() const { return rules_; }
  [[nodiscard]] uint64_t seed() const { return seed_; }
  [[nodiscard]] bool outside(int seat) const { return agents_[seat] == nullptr; }
  // Decisions answered from outside in this game.
  [[nodiscard]] long decisions() const { return decisions_; }

 private:
  class Port;
  struct Fiber;
  void Run();      // the fiber's body: PlayGame
  void Resume();   // into the fiber until its next stop
  void Stop();     // abandons a running game
  void NoteRewards();

  Ruleset rules_;
  std::array<std::unique_ptr<Agent>, 4> agents_;
  std::array<std::unique_ptr<Port>, 4> ports_;
  RewardMode reward_mode_;
  GameLoop loop_;
  std::unique_ptr<Fiber> fiber_;
  GameRecord record_;
  uint64_t seed_ = 0;
  bool started_ = false;
  bool done_ = true;
  bool abandon_ = false;
  int seat_ = -1;
  const PlayerView* view_ = nullptr;
  std::span<const Action> legal_;
  const RoundState* state_ = nullptr;
  size_t answer_ = 0;
  long decisions_ = 0;
  std::array<int, 4> last_scores_{};
  std::array<float, 4> rewards_{};
};

}  // namespace mj::rl
