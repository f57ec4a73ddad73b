#pragma once
// Game: plays a complete game (East-only or hanchan with West extension) from seeds or given
// walls, hand after hand: dealer rotation, renchan and honba, deposits carried over, bust,
// agari-yame, final ranking with oka and uma. Every event goes to the record.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/agent.h"
#include "engine/event.h"
#include "engine/round.h"
#include "engine/wall.h"
#include "rules/ruleset.h"

namespace mj {

// Where a game sits in a match (docs/MATCH.md); a game played alone has none.
struct MatchInfo {
  uint64_t seed = 0;                   // the match seed
  long game = 0;                       // 1-based game index in the match
  std::array<std::string, 4> entries;  // the match's --agents list, in its order
  std::array<int, 4> seating{};        // the entry (index into `entries`) at each seat
  int rotations = 0;                   // duplicate play: seatings per set (4 or 24); 0 = not duplicate
  long set = 0;                        // duplicate set, 1-based (0 when not duplicate)
  int rotation = 0;                    // the set's seating, 0-based (0 when not duplicate)
};

// A misbehaving outside agent (a bot over mjai): what it did wrong and when. With
// `substituted`, the game went on with a safe default (tsumogiri / pass) for that seat from then
// on; otherwise the game stopped there.
struct AgentFault {
  int seat = 0;
  int event = 0;             // index of the event the seat was answering
  std::string agent;         // the seat's agent spec or bot name
  std::string error;         // what was wrong
  bool substituted = false;
};

// Where an imported game came from (formats/replay_import.h): the log's format and file name.
struct ImportedFrom {
  std::string format;  // "tenhou6", "mjlog", "mjai"
  std::string file;    // the log's file name (no directory)
};

struct GameRecord {
  Ruleset rules;
  uint64_t seed = 0;
  std::array<std::string, 4> agents;
  std::vector<Event> events;
  EndGameInfo end;
  bool complete = false;     // false when an agent error stopped the game
  std::string error;         // what stopped it
  std::optional<MatchInfo> match;  // set by `mahjong match`
  std::vector<AgentFault> faults;  // outside agents' errors (docs/MJAI.md)
  // Explicit walls, one per hand in play order (an imported game: the walls its log reveals);
  // empty = every wall is shuffled from `seed`.
  std::vector<Wall> walls;
  std::optional<ImportedFrom> imported;  // set for a game imported from an outside log
};

struct GameOptions {
  // Explicit walls: called with the hand index (0, 1, ...); nullopt = shuffle from the seed.
  std::function<std::optional<Wall>(int hand_index)> wall_for_hand;
  // Called after every event (invariant checks in tests and debug builds).
  EventObserver observer;
  // Stop after this many hands (0 = play the whole game); used by imported records.
  int max_hands = 0;
};

// What follows a hand: the next hand's setup, or the end of the game (dealer rotation, renchan,
// honba, deposits carried over, bust, agari-yame / tenpai-yame, the West extension).
struct NextHand {
  bool game_over = false;
  RoundSetup setup;        // the next hand (when !game_over); scores and sticks as left
};
[[nodiscard]] NextHand AdvanceGame(const Ruleset& rules, const RoundSetup& played, const RoundOutcome& outcome);

// Final points: leftover deposits go to first place.
[[nodiscard]] std::array<int, 4> FinalScores(const Ruleset& rules, const std::array<int, 4>& scores, int riichi_sticks);

// The seed seat `seat`'s agent gets from BeginGame in a game of seed `game_seed`.
[[nodiscard]] uint64_t AgentSeed(uint64_t game_seed, int seat);

// Plays one game. Agents are told BeginGame(seat, AgentSeed(seed, seat)) first.
[[nodiscard]] GameRecord PlayGame(const Ruleset& rules, uint64_t seed, const std::array<Agent*, 4>& agents,
                                  const GameOptions& options = {});

// Final ranking: 1..4 by points, ties to the seat nearer the first dealer.
[[nodiscard]] std::array<int, 4> RankSeats(const std::array<int, 4>& scores);

}  // namespace mj
