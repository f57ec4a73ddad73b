#pragma once
// BotPool: bot processes kept across the games of a match (`--bot-lifetime match`), so a bot
// pays its start-up (interpreter, tables, model) once per process instead of once per game.
// A bot taken from the pool receives the next game's start_game right after the previous
// game's end_game on the same stdin; it must not answer end_game (docs/MJAI.md). A process is
// given back only after a game it finished without a fault; any other is stopped. Thread-safe:
// the threads of a match share one pool. Every process still running is stopped when the pool
// is destroyed.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "mjai/bot_process.h"
#include "tiles/result.h"

namespace mj {

class BotPool {
 public:
  BotPool() = default;
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  // An idle process started with `command` (still running), or a new one.
  [[nodiscard]] Result<std::unique_ptr<BotProcess>> Take(const std::string& command);
  // Gives back a process that finished a game cleanly, for the next game that needs `command`.
  void Give(const std::string& command, std::unique_ptr<BotProcess> process);
  // Processes started so far (for logs and tests).
  [[nodiscard]] long started() const;

 private:
  mutable std::mutex mu_;
  std::map<std::string, std::vector<std::unique_ptr<BotProcess>>> idle_;
  long started_ = 0;
};

}  // namespace mj
