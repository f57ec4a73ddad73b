#include "mjai/bot_pool.h"

#include <chrono>

namespace mj {

BotPool::~BotPool() {
  for (auto& [command, processes] : idle_)
    for (auto& p : processes) p->Stop(std::chrono::milliseconds(500));
}

Result<std::unique_ptr<BotProcess>> BotPool::Take(const std::string& command) {
  {
    std::lock_guard lock(mu_);
    auto& processes = idle_[command];
    while (!processes.empty()) {
      std::unique_ptr<BotProcess> p = std::move(processes.back());
      processes.pop_back();
      if (p->ExitStatus().empty()) return p;  // still running
    }
    ++started_;
  }
  return BotProcess::Start(command);
}

void BotPool::Give(const std::string& command, std::unique_ptr<BotProcess> process) {
  if (!process || !process->ExitStatus().empty()) return;
  std::lock_guard lock(mu_);
  idle_[command].push_back(std::move(process));
}

long BotPool::started() const {
  std::lock_guard lock(mu_);
  return started_;
}

}  // namespace mj
