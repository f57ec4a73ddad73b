#pragma once
// One compact record per game of a match: what the playtest statistics need, folded from the
// game's events, so the statistics of a match (or of shards of it, merged) are computed from
// these records alone, in game-index order (docs/PLAYTEST.md). A record is made the same way
// from a GameRecord being played and from a replay file read back.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "playtest/hand_facts.h"
#include "playtest/match_stats.h"
#include "tiles/result.h"

namespace mj {

// How a game ended. kStopped: an agent error stopped it.
enum class GameEnd { kLength, kBust, kGap, kMaxHands, kStopped };
[[nodiscard]] const char* GameEndName(GameEnd end);

struct GameSummary {
  long game = 0;                 // 1-based game index in the match
  uint64_t seed = 0;             // the game seed
  long set = 0;                  // duplicate set (0 when not duplicate)
  int rotation = 0;              // duplicate rotation (0 when not duplicate)
  std::array<int, 4> seating{};  // entry (index into the match's --agents list) at each seat
  bool complete = false;
  int hands = 0;                 // hands played to their end
  int draws = 0;                 // hands that ended in a draw (ryukyoku, any reason)
  int ron_hands = 0;             // hands that ended with a ron (a double ron counts once)
  int turns = 0;                 // draws from the wall (tsumo events) in the hands played to their end
  GameEnd end = GameEnd::kStopped;
  std::vector<int> win_values;   // payment of every win (ScoreResult::payment total), in play order
  std::array<SeatStats, 4> seats{};  // per seat (rank/final score when complete)
  GameHandFacts facts;               // per player-hand facts, leaders, first winner (playtest/hand_facts.h)

  // Complete and played to the end by its agents: no seat substituted after a fault (only such a
  // game has four ranks).
  [[nodiscard]] bool Whole() const {
    return complete && !(seats[0].substituted || seats[1].substituted || seats[2].substituted || seats[3].substituted);
  }
};

// Folds a finished (or stopped) game into its record; `game`, `set`, `rotation` and `seating`
// come from record.match when it is there (otherwise game 0, seating 0,1,2,3).
[[nodiscard]] GameSummary SummarizeGame(const GameRecord& record);

// The record as JSON: {"game","seed","set","rotation","seating","complete","hands","draws",
// "ron_hands","turns","end","win_values","seats":[[...], x4],"hand_seats":[[[...] x4] per hand],
// "leaders":[...],"first_winner"}, each seat an array in the order of SeatFieldNames(), each
// player-hand one in the order of HandSeatFieldNames().
[[nodiscard]] nlohmann::json GameSummaryToJson(const GameSummary& s);
[[nodiscard]] Result<GameSummary> GameSummaryFromJson(const nlohmann::json& j, const std::string& where);
// Names of the numbers in a seat array, in order.
[[nodiscard]] const std::vector<std::string>& SeatFieldNames();
// Names of the numbers in a player-hand array, in order.
[[nodiscard]] const std::vector<std::string>& HandSeatFieldNames();

}  // namespace mj
