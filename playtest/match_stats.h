#pragma once
// Match statistics: per-seat counts folded from a game's events and per-agent totals over many
// games (each game's seed and seating: engine/match_plan.h). Pure functions of GameRecords (no
// I/O), so tests can count the expected numbers by hand. Definitions are in docs/MATCH.md.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace mj {

// One seat's counts over one game. A hand counts once it has ended (end_kyoku); a hand cut
// short by an agent error is not counted. A seat whose agent faulted and was substituted
// (--bot-fault substitute: tsumogiri/pass from then on; GameRecord::faults) is not that agent's
// play from the hand of the fault on: those hands are counted in substituted_hands only, and the
// game gives it no rank or final score (ranked false, substituted true).
struct SeatStats {
  int hands = 0;          // hands played to their end
  int wins = 0;           // hands won (each winner of a double ron counts)
  int deal_ins = 0;       // hands where this seat's discard or kan was ronned
  int riichi = 0;         // hands where this seat declared riichi (reach event)
  int calls = 0;          // hands with at least one chi, pon or daiminkan by this seat
  long long win_value = 0;  // sum over wins of the hand's payment (no honba, no deposits)
  // Shields (盾牌; zero under a ruleset without them). Definitions in docs/MATCH.md.
  int shields_set = 0;        // face-down shields set at the deals (shield_set events), all hands
  int exchanges = 0;          // exchange events
  int deal_ins_avoided = 0;   // exchanges whose face-up tile an opponent not in furiten waited on
  int protected_tsumo = 0;    // protection events: another seat's tsumo this seat paid nothing for
  long long points_saved = 0; // the shares those protections saved (the tsumo payment's share)
  std::array<int, 4> shields_lost{};  // shields lost (face down + face up), by ShieldLossCause
  int substituted_hands = 0;  // hands from the fault on, played by the substitute (not counted above)
  bool substituted = false;   // the seat's agent was substituted during the game
  bool ranked = false;    // the game ended normally and the seat's agent played it to the end:
                          // rank and final score are set
  int rank = 0;           // 1..4
  int final_score = 0;    // points after leftover deposits, before oka/uma
};

// Folds one game's events into per-seat counts.
[[nodiscard]] std::array<SeatStats, 4> GameSeatStats(const GameRecord& record);

// Number of hands in the record (start_kyoku events), including one cut short.
[[nodiscard]] int HandCount(const GameRecord& record);

// One agent's totals over a match. An agent listed twice gets both seats' numbers summed:
// `games` then counts player-games (2 per game).
struct AgentStats {
  std::string agent;      // the label it is aggregated under (the --agents entry)
  int entries = 0;        // how many times the label appears in the --agents list
  int games = 0;          // player-games, complete or not
  int ranked_games = 0;   // player-games that ended normally
  int stopped_games = 0;  // player-games stopped by an agent error (any seat's)
  int substituted_games = 0;  // player-games its agent faulted in and a substitute finished
  long long rank_sum = 0;
  long long final_score_sum = 0;
  SeatStats totals;       // hands, wins, deal_ins, riichi, calls, win_value summed

  [[nodiscard]] double AverageRank() const;        // over ranked games; 0 if none
  [[nodiscard]] double AverageFinalScore() const;  // over ranked games; 0 if none
  [[nodiscard]] double WinRate() const;            // wins / hands
  [[nodiscard]] double DealInRate() const;         // deal_ins / hands
  [[nodiscard]] double RiichiRate() const;         // riichi / hands
  [[nodiscard]] double CallRate() const;           // calls / hands
  [[nodiscard]] double AverageWinValue() const;    // win_value / wins; 0 if none
  [[nodiscard]] double ShieldsPerHand() const;     // shields_set / hands
  [[nodiscard]] double ExchangesPerHand() const;   // exchanges / hands
};

// Per-agent totals, one row per distinct label in first-appearance order of `labels`.
class MatchStats {
 public:
  explicit MatchStats(const std::array<std::string, 4>& labels);
  // Adds one game; `seat_labels[s]` is the label of the agent that sat at seat s.
  void AddGame(const GameRecord& record, const std::array<std::string, 4>& seat_labels);
  // The same from a game's per-seat counts (GameSeatStats) and whether it ended normally.
  void AddSeats(const std::array<SeatStats, 4>& seats, bool complete, const std::array<std::string, 4>& seat_labels);
  [[nodiscard]] const std::vector<AgentStats>& rows() const { return rows_; }
  [[nodiscard]] int games() const { return games_; }

 private:
  std::vector<AgentStats> rows_;
  int games_ = 0;
};

// The table as printed by `mahjong match` (fixed-width columns, one row per agent, then a
// note for each agent that was aggregated over several seats).
[[nodiscard]] std::string FormatMatchTable(const MatchStats& stats);
// The second table of a match under a ruleset with shields (docs/MATCH.md).
[[nodiscard]] std::string FormatShieldTable(const MatchStats& stats);

}  // namespace mj
