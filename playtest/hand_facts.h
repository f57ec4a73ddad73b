#pragma once
// Per player-hand facts for the playtest's claims of seed 003 (docs/PLAYTEST.md, "Seed 003's
// claims"), folded from a game's events alone with a full-information reading of every hand:
// shields held at the deal, the own discard after which the seat was first tenpai, whether it
// was tenpai after its last discard, whether it faced another seat's riichi (and then held a
// face-down shield), whether it dealt into a riichi it faced, the certain wins it declined, its
// win and its point change; per game, the leader after each hand and the first winner. The
// same fold runs while a match is played and when a replay is read back.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/game.h"

namespace mj {

// One seat in one hand (a hand counts once it reached end_kyoku).
struct HandSeatFacts {
  int shields = 0;          // face-down shields set at the deal (shield_set events; 0 without shields)
  int carried = 0;          // of them, carried from the last hand (start_kyoku shields_carried)
  int first_tenpai = -1;    // number of own discards when first tenpai right after one; -1 never
  bool tenpai_end = false;  // tenpai right after its last discard of the hand
  bool faced_riichi = false;       // another seat's riichi was accepted while this seat was not in riichi
  bool shield_when_faced = false;  // ... and this seat then held at least one face-down shield
  bool dealt_in_to_riichi = false; // its tile was ronned by a seat whose riichi it faced
  int declined = 0;         // certain wins it did not take (a riichi hand's ron, a riichi or closed hand's tsumo)
  bool won = false;
  int win_value = 0;        // the payment of its win (ScoreResult::payment total), 0 if none
  int delta = 0;            // its points after the hand minus before it (deposits included)
};

struct GameHandFacts {
  std::vector<std::array<HandSeatFacts, 4>> hands;  // one per hand played to its end, in order
  std::vector<int> leaders;  // per hand: the seat with the most points after it; -1 if shared
  int first_winner = -1;     // seat of the game's first win (the first hora), -1 if none
};

// `certain_wins`: count declined wins (false under a scoring with no riichi / menzen tsumo yaku,
// e.g. Ningbo). CertainWinsCounted(rules) says which.
[[nodiscard]] GameHandFacts FoldHandFacts(const GameRecord& record);
[[nodiscard]] bool CertainWinsCounted(const Ruleset& rules);

}  // namespace mj
