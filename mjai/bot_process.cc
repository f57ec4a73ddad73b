#include "mjai/bot_process.h"

#include <dirent.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <vector>
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

// Kills every process whose environment holds `tag` (a whole "NAME=value" entry), as the bot's
// descendants inherit it, wherever they moved (another session or group, reparented to init).
// Reads /proc; processes of other users are not readable and are left alone.
void KillTagged(const std::string& tag) {
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return;
  const pid_t self = getpid();
  while (const dirent* entry = readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0' || pid <= 1 || pid == self) continue;
    const std::string path = std::string("/proc/") + entry->d_name + "/environ";
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    std::string env;
    char buffer[8192];
    ssize_t n;
    while ((n = read(fd, buffer, sizeof buffer)) > 0 && env.size() < (1u << 20)) env.append(buffer, static_cast<size_t>(n));
    close(fd);
    // Entries are separated by NUL bytes.
    for (size_t at = env.find(tag); at != std::string::npos; at = env.find(tag, at + 1)) {
      const bool starts = at == 0 || env[at - 1] == '\0';
      const bool ends = at + tag.size() == env.size() || env[at + tag.size()] == '\0';
      if (starts && ends) {
        kill(static_cast<pid_t>(pid), SIGKILL);
        break;
      }
    }
  }
  closedir(proc);
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
  // The bot's environment: ours and its tag (any earlier MJ_BOT_TAG replaced).
  static std::atomic<unsigned long> bots_started{0};
  const std::string tag = "MJ_BOT_TAG=" + std::to_string(getpid()) + "-" + std::to_string(bots_started++);
  std::vector<char*> env;
  for (char** e = environ; *e != nullptr; ++e)
    if (std::strncmp(*e, "MJ_BOT_TAG=", 11) != 0) env.push_back(*e);
  env.push_back(const_cast<char*>(tag.c_str()));
  env.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, const_cast<char**>(argv), env.data());
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    close(to_child[1]);
    close(from_child[0]);
    return Error{"cannot start \"" + command + "\": " + std::strerror(rc)};
  }
  return std::unique_ptr<BotProcess>(
      new BotProcess(pid, tag, std::make_unique<LineChannel>(from_child[0], to_child[1])));
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
  KillTagged(tag_);
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
