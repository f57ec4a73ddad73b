#include "mjai/bot_process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace mj {
namespace {

std::string Describe(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

}  // namespace

Result<std::unique_ptr<BotProcess>> BotProcess::Start(const std::string& command) {
  std::signal(SIGPIPE, SIG_IGN);  // a bot that dies must not kill us: writes report EPIPE
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) return Error{std::string("cannot create a pipe: ") + std::strerror(errno)};
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    return Error{std::string("cannot create a pipe: ") + std::strerror(errno)};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  // The bot gets a process group of its own, so stopping it reaches every process it started
  // (the shell, the interpreter under it, its helpers), not only the shell.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, const_cast<char**>(argv), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    close(to_child[1]);
    close(from_child[0]);
    return Error{"cannot start \"" + command + "\": " + std::strerror(rc)};
  }
  return std::unique_ptr<BotProcess>(new BotProcess(pid, std::make_unique<LineChannel>(from_child[0], to_child[1])));
}

std::string BotProcess::ExitStatus() {
  if (!ended_.empty() || pid_ <= 0) return ended_;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == pid_) Reaped(status);
  return ended_;
}

void BotProcess::Reaped(int status) {
  ended_ = Describe(status);
  pid_ = -1;
  // Whatever the bot left running in its group goes with it (no error when nothing is left);
  // right after the reaping, while the group's id cannot have been given to anyone else.
  kill(-group_, SIGKILL);
}

std::string BotProcess::Stop(std::chrono::milliseconds grace) {
  channel_->CloseWrite();
  if (!ExitStatus().empty()) return ended_;
  // Wait for the exit without spinning: a pidfd would do; poll on the bot's stdout reaching end
  // of file is portable and is what an exiting bot produces.
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (std::chrono::steady_clock::now() < deadline) {
    std::string line, error;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    const auto st = channel_->ReadLine(&line, std::max(left, std::chrono::milliseconds(1)), &error);
    if (st == LineChannel::Status::kClosed || st == LineChannel::Status::kError) break;
    if (st == LineChannel::Status::kTimeout) break;
  }
  int status = 0;
  for (int i = 0; i < 50 && pid_ > 0; ++i) {  // stdout closed: the exit follows within moments
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      Reaped(status);
      return ended_;
    }
    usleep(2000);
  }
  if (pid_ > 0) {
    kill(-group_, SIGKILL);
    waitpid(pid_, &status, 0);
    Reaped(status);
  }
  return ended_;
}

BotProcess::~BotProcess() {
  if (pid_ > 0) Stop(std::chrono::milliseconds(200));
}

}  // namespace mj
