#pragma once
// What a running match tells its caller while it plays: how many games it plays, each game taken
// (in game order), and each game stopped by an agent error or played on after a seat's fault.
// The library prints nothing: `mahjong match` and `mahjong playtest` show it as one updating
// terminal line (cli/progress_line.h); a test or another front end may count it or pass none.
// Every call comes from the thread that called RunMatchGames.

#include <string>

namespace mj {

class MatchProgress {
 public:
  virtual ~MatchProgress() = default;
  // Before the first game: the games this run plays.
  virtual void Started(long /*total*/) {}
  // After each game, in game order: `done` of `total` games taken.
  virtual void GameDone(long /*done*/, long /*total*/) {}
  // A game stopped by an agent error ("game 3 (seed 42) stopped: ...") or a seat substituted
  // after a fault, one line of text.
  virtual void Problem(const std::string& /*line*/) {}
  // After the last game taken (`done` < `total` when a replay could not be written).
  virtual void Finished(long /*done*/, long /*total*/) {}
};

}  // namespace mj
