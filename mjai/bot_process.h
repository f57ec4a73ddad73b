#pragma once
// BotProcess: a bot started as a child process (`/bin/sh -c CMD`) whose stdin and stdout are a
// LineChannel; its stderr is inherited. It runs in a process group of its own. Stopping it
// closes its stdin, gives it a moment to exit, then kills the whole group (the shell and all it
// started); the child is always reaped. A process that left the group (setsid, a daemon) is
// found by the environment every process the bot starts inherits (MJ_BOT_TAG, unique per bot)
// and killed too.

#include <chrono>
#include <memory>
#include <string>
#include <sys/types.h>

#include "mjai/line_channel.h"
#include "tiles/result.h"

namespace mj {

class BotProcess {
 public:
  // Starts `command`. An error when it cannot be started (the shell failing to find the
  // program shows later, as the channel closing).
  [[nodiscard]] static Result<std::unique_ptr<BotProcess>> Start(const std::string& command);
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  [[nodiscard]] LineChannel& channel() { return *channel_; }
  // Closes stdin, waits up to `grace` for the exit, then kills. Returns how it ended
  // ("exited with status 0", "killed by signal 9", ...).
  std::string Stop(std::chrono::milliseconds grace);
  // Non-blocking: how the child ended if it already did, else "".
  std::string ExitStatus();

 private:
  BotProcess(pid_t pid, std::string tag, std::unique_ptr<LineChannel> channel)
      : pid_(pid), group_(pid), tag_(std::move(tag)), channel_(std::move(channel)) {}
  // Records how the reaped child ended and kills what is left of its group.
  void Reaped(int status);
  pid_t pid_;
  pid_t group_;  // the bot's process group (its own; every process it starts is in it)
  std::string tag_;  // "MJ_BOT_TAG=<engine pid>-<n>" in the bot's environment
  std::unique_ptr<LineChannel> channel_;
  std::string ended_;
};

}  // namespace mj
