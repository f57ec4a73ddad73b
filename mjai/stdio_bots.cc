#include "mjai/stdio_bots.h"

#include <algorithm>
#include <memory>

#include "agents/registry.h"
#include "mjai/bot_process.h"

namespace mj {

Result<bool> CheckAgentSpec(std::string_view spec) {
  if (IsStdioBotSpec(spec)) {
    if (spec.size() == kStdioBotPrefix.size()) return Error{"mjai-stdio: needs a command after the colon"};
    return true;
  }
  auto made = MakeAgent(spec);
  if (!made) return Error{made.error()};
  return true;
}

bool ParseExchange(std::string_view name, MjaiExchange* out) {
  if (name == "lockstep" || name == "lock-step") {
    *out = MjaiExchange::kLockStep;
    return true;
  }
  if (name == "batched" || name == "batch") {
    *out = MjaiExchange::kBatched;
    return true;
  }
  return false;
}

bool ParseFaultPolicy(std::string_view name, FaultPolicy* out) {
  if (name == "end") {
    *out = FaultPolicy::kEndGame;
    return true;
  }
  if (name == "substitute") {
    *out = FaultPolicy::kSubstitute;
    return true;
  }
  return false;
}

bool ParseBotLifetime(std::string_view name, bool* keep) {
  if (name != "game" && name != "match") return false;
  *keep = name == "match";
  return true;
}

namespace {

// Stands in for a bot that could not be started: its seat's first decision is the fault.
class UnstartedBot : public Agent {
 public:
  UnstartedBot(std::string name, std::string error) : name_(std::move(name)), error_(std::move(error)) {}
  [[nodiscard]] std::string Name() const override { return name_; }
  [[nodiscard]] Action Choose(const PlayerView&, std::span<const Action>) override {
    Action a;
    a.actor = 255;
    return a;
  }
  const std::string& error() const { return error_; }

 private:
  std::string name_, error_;
};

}  // namespace

GameRecord PlayWithStdioBots(const Ruleset& rules, uint64_t seed, const std::array<std::string, 4>& specs,
                             const BotOptions& options, BotPool* pool, const std::array<Agent*, 4>& given) {
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<std::unique_ptr<BotProcess>, 4> procs;
  std::array<Agent*, 4> agents{};
  std::array<BotSeat, 4> bots{};
  std::vector<AgentFault> start_faults;
  for (int s = 0; s < 4; ++s) {
    if (given[s] != nullptr) {
      agents[s] = given[s];
      continue;
    }
    if (IsStdioBotSpec(specs[s])) {
      const std::string command(specs[s].substr(kStdioBotPrefix.size()));
      auto proc = pool ? pool->Take(command) : BotProcess::Start(command);
      if (proc) {
        procs[s] = std::move(proc).value();
        bots[s] = {specs[s], &procs[s]->channel()};
        continue;
      }
      start_faults.push_back({s, 0, specs[s], "seat " + std::to_string(s) + " (bot \"" + specs[s] + "\"): " + proc.error(), false});
      owned[s] = std::make_unique<UnstartedBot>(specs[s], proc.error());
    } else {
      auto made = MakeAgent(specs[s]);
      if (!made) {
        start_faults.push_back({s, 0, specs[s], "seat " + std::to_string(s) + ": " + made.error(), false});
        owned[s] = std::make_unique<UnstartedBot>(specs[s], made.error());
      } else {
        owned[s] = std::move(made).value();
      }
    }
    agents[s] = owned[s].get();
  }
  MjaiTable table(rules, options, bots, agents);
  GameRecord rec = table.Play(seed);
  for (int s = 0; s < 4; ++s) {
    if (!procs[s]) continue;
    const bool faulted = std::any_of(rec.faults.begin(), rec.faults.end(), [s](const AgentFault& f) { return f.seat == s; });
    if (pool && rec.complete && !faulted) {
      pool->Give(std::string(specs[s].substr(kStdioBotPrefix.size())), std::move(procs[s]));
    } else {
      procs[s]->Stop(std::chrono::milliseconds(500));
    }
  }
  rec.agents = specs;
  if (!start_faults.empty()) {
    rec.faults.insert(rec.faults.begin(), start_faults.begin(), start_faults.end());
    if (!rec.complete) rec.error = WithFaultMessage(rec.error, start_faults.front().error);
  }
  return rec;
}

}  // namespace mj
