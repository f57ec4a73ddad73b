#include "playtest/match_runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/stdio_bots.h"
#include "playtest/ordered_runner.h"
#include "engine/match_plan.h"
#include "replays/replay.h"
#include "replays/safe_path.h"

namespace mj {
namespace {

struct PlayedGame {
  GameSummary summary;
  std::string path;         // its replay file; empty when none is written for it
  std::string write_error;  // the compressor's or the file system's error, if any
  std::string error;   // agent error that stopped the game
  std::vector<std::string> faults;  // faults after which a seat was substituted
  int hands = 0;
};

std::string ReplayPath(const std::string& dir, long game, Compression compression) {
  char name[32];
  std::snprintf(name, sizeof name, "game-%04ld", game);
  return (std::filesystem::path(dir) / (name + std::string(ReplayExtension(compression)))).string();
}

}  // namespace

GameRecord PlayMatchGame(const MatchSetup& setup, long game, BotPool* pool) {
  const PlannedGame plan = PlanMatchGame(setup.seed, game, setup.rotations);
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  std::array<std::string, 4> labels;
  bool with_bots = false;
  for (int s = 0; s < 4; ++s) {
    labels[s] = setup.entries[plan.seating[s]];
    with_bots = with_bots || IsStdioBotSpec(labels[s]);
  }
  for (int s = 0; s < 4 && !with_bots; ++s) {
    auto made = MakeAgent(labels[s]);  // validated by the caller
    if (!made) {
      GameRecord failed;
      failed.rules = setup.rules;
      failed.seed = plan.seed;
      failed.error = "agent \"" + labels[s] + "\": " + made.error();
      return failed;
    }
    owned[s] = std::move(made).value();
    agents[s] = owned[s].get();
  }
  GameRecord record = with_bots ? PlayWithStdioBots(setup.rules, plan.seed, labels, setup.bots, pool)
                                : PlayGame(setup.rules, plan.seed, agents);
  record.agents = labels;  // the specs as given, options included
  MatchInfo info;
  info.seed = setup.seed;
  info.game = game;
  info.entries = setup.entries;
  info.seating = plan.seating;
  info.rotations = setup.rotations;
  info.set = plan.set;
  info.rotation = plan.rotation;
  record.match = info;
  return record;
}

MatchRun RunMatchGames(const MatchSetup& setup, MatchProgress* progress) {
  const auto start = std::chrono::steady_clock::now();
  MatchProgress silent;
  MatchProgress& report = progress ? *progress : silent;
  MatchRun run;
  run.games.reserve(static_cast<size_t>(setup.games));
  const long count = ShardGameCount(setup.games, setup.rotations, setup.shard);
  report.Started(count);
  std::optional<BotPool> pool;  // outlives the worker threads; stops the bots it keeps
  if (setup.keep_bots) pool.emplace();
  const std::function<PlayedGame(long)> work = [&setup, &pool](long k) {
    const long game = ShardGame(setup.rotations, setup.shard, k);
    const GameRecord record = PlayMatchGame(setup, game, pool ? &*pool : nullptr);
    PlayedGame p;
    p.summary = SummarizeGame(record);
    // The replay is compressed and written by the thread that played the game (each game has a
    // file of its own, so the order of writing does not matter); only the summaries are
    // gathered in game order.
    if (!setup.out_dir.empty() && (!setup.failed_only || !record.complete)) {
      p.path = ReplayPath(setup.out_dir, game, setup.compression);
      std::string text = ReplayFileText(record);
      if (setup.compression != Compression::kNone) {  // a plain replay is written as it is, not copied
        auto bytes = Compress(text, setup.compression);
        if (bytes) text = std::move(bytes).value();
        else p.write_error = bytes.error();
      }
      if (p.write_error.empty()) {
        if (auto written = WriteFileNoFollow(p.path, text); !written) p.write_error = written.error();
      }
    }
    if (!record.complete) p.error = record.error;
    // A fault the game went on after (--bot-fault substitute) is told too: the seat's later
    // decisions were not its agent's.
    for (const AgentFault& f : record.faults)
      if (f.substituted) p.faults.push_back(f.error);
    p.hands = static_cast<int>(std::count_if(record.events.begin(), record.events.end(),
                                             [](const Event& e) { return e.type == EventType::kStartKyoku; }));
    return p;
  };
  const std::function<bool(long, PlayedGame&&)> consume = [&](long k, PlayedGame&& p) {
    const long game = ShardGame(setup.rotations, setup.shard, k);
    if (!p.write_error.empty()) {
      run.fatal = "game " + std::to_string(game) + ": cannot write the replay: " + p.write_error;
      return false;
    }
    const std::string& path = p.path;
    if (!p.error.empty()) {
      std::string msg = "game " + std::to_string(game) + " (seed " + std::to_string(p.summary.seed) +
                        ") stopped: " + p.error;
      if (!path.empty()) msg += "; the replay up to there is in " + path;
      report.Problem(msg);
      run.problems.push_back(std::move(msg));
    }
    for (const std::string& f : p.faults) {
      std::string msg = "game " + std::to_string(game) + " (seed " + std::to_string(p.summary.seed) + "): " + f +
                        " (the seat played tsumogiri/pass from then on)";
      if (!path.empty()) msg += "; replay " + path;
      report.Problem(msg);
      run.faults.push_back(std::move(msg));
    }
    run.hands += p.hands;
    run.games.push_back(std::move(p.summary));
    report.GameDone(k, count);
    return true;
  };
  const long played = RunOrdered<PlayedGame>(count, setup.jobs, work, consume);
  report.Finished(played, count);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace mj
