#include "rl/agent_match.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/match_plan.h"
#include "mjai/stdio_bots.h"
#include "playtest/match_statistics.h"
#include "replays/replay.h"

namespace mj::rl {
namespace {

struct Table {
  std::unique_ptr<SteppedGame> game;
  long index = 0;
  PlannedGame plan;
};

}  // namespace

Result<AgentMatchResult> PlayAgentMatch(const AgentMatchSetup& setup, const BeginOutside& begin,
                                        const DecideOutside& decide,
                                        const std::function<void(const GameRecord&)>& after_game) {
  if (setup.rotations != 0 && setup.rotations != 4 && setup.rotations != 24)
    return Error{"rotations must be 0 (plain), 4 or 24 (duplicate), got " + std::to_string(setup.rotations)};
  if (setup.games < 1) return Error{"a match needs at least one game, got " + std::to_string(setup.games)};
  if (setup.rotations > 0 && setup.games % setup.rotations != 0)
    return Error{"a duplicate match of " + std::to_string(setup.rotations) + " rotations needs a multiple of " +
                 std::to_string(setup.rotations) + " games, got " + std::to_string(setup.games)};
  for (int e = 0; e < 4; ++e)
    if (!setup.outside[e])
      if (auto checked = CheckAgentSpec(setup.entries[e]); !checked)
        return Error{"entry " + std::to_string(e) + " (\"" + setup.entries[e] + "\"): " + checked.error()};
  if (!setup.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(setup.out_dir, ec);
    if (ec) return Error{"cannot create " + setup.out_dir + ": " + ec.message()};
  }

  AgentMatchResult out;
  std::vector<Table> tables;
  long next_game = 1;
  // A finished game: its labels and match info as `mahjong match` writes them, its replay, its
  // summary.
  auto finish = [&](Table& t) -> Result<bool> {
    GameRecord record = t.game->record();
    for (int s = 0; s < 4; ++s) record.agents[s] = setup.entries[t.plan.seating[s]];
    MatchInfo info;
    info.seed = setup.seed;
    info.game = t.index;
    info.entries = setup.entries;
    info.seating = t.plan.seating;
    info.rotations = setup.rotations;
    info.set = t.plan.set;
    info.rotation = t.plan.rotation;
    record.match = info;
    if (!record.complete)
      out.problems.push_back("game " + std::to_string(t.index) + " (seed " + std::to_string(t.plan.seed) +
                             ") stopped: " + record.error);
    if (!setup.out_dir.empty()) {
      char name[32];
      std::snprintf(name, sizeof name, "game-%04ld.json", t.index);
      auto written = WriteReplayFile(record, (std::filesystem::path(setup.out_dir) / name).string());
      if (!written) return Error{"game " + std::to_string(t.index) + ": cannot write the replay: " + written.error()};
    }
    out.games.push_back(SummarizeGame(record));
    if (after_game) after_game(record);
    return true;
  };
  // Starts the next game of the plan in `t` and plays it to its first outside decision (a game
  // of built-in agents alone is played to its end and finished at once).
  auto start = [&](Table& t) -> Result<bool> {
    while (next_game <= setup.games) {
      t.index = next_game++;
      t.plan = PlanMatchGame(setup.seed, t.index, setup.rotations);
      std::array<std::unique_ptr<Agent>, 4> agents;
      std::array<std::string, 4> specs;
      std::array<bool, 4> bot{};
      bool any_bot = false;
      for (int s = 0; s < 4; ++s) {
        const int entry = t.plan.seating[s];
        specs[s] = setup.entries[entry];
        if (setup.outside[entry]) continue;
        if (IsStdioBotSpec(specs[s])) {
          bot[s] = any_bot = true;
          continue;
        }
        agents[s] = std::move(MakeAgent(specs[s])).value();
      }
      t.game = std::make_unique<SteppedGame>(setup.rules, std::move(agents));
      if (any_bot) {
        // The bot seats' stand-ins are never asked: the table gives those seats to the processes.
        t.game->set_game_loop([&setup, specs, bot](const std::array<Agent*, 4>& seats, uint64_t seed,
                                                   const EventObserver& observer) {
          std::array<Agent*, 4> given = seats;
          for (int s = 0; s < 4; ++s)
            if (bot[s]) given[s] = nullptr;
          BotOptions options = setup.bots;
          options.observer = observer;
          return PlayWithStdioBots(setup.rules, seed, specs, options, nullptr, given);
        });
      }
      for (int s = 0; s < 4; ++s)
        if (setup.outside[t.plan.seating[s]] && begin) begin(t.plan.seating[s], s, AgentSeed(t.plan.seed, s));
      t.game->Reset(t.plan.seed);
      if (!t.game->done()) return true;
      if (auto f = finish(t); !f) return Error{f.error()};
    }
    t.game.reset();
    return true;
  };

  tables.resize(static_cast<size_t>(std::max(1, setup.in_flight)));
  for (Table& t : tables)
    if (auto s = start(t); !s) return Error{s.error()};
  while (true) {
    bool any = false;
    for (int entry = 0; entry < 4; ++entry) {
      if (!setup.outside[entry]) continue;
      std::vector<PendingDecision> pending;
      std::vector<Table*> owners;
      for (Table& t : tables) {
        if (!t.game || t.game->done()) continue;
        if (t.plan.seating[t.game->seat()] != entry) continue;
        pending.push_back({t.game.get(), t.index});
        owners.push_back(&t);
      }
      if (pending.empty()) continue;
      any = true;
      auto answers = decide(entry, pending);
      if (!answers) return Error{answers.error()};
      if (answers->size() != pending.size())
        return Error{"entry " + std::to_string(entry) + " gave " + std::to_string(answers->size()) + " answers to " +
                     std::to_string(pending.size()) + " decisions"};
      for (size_t i = 0; i < owners.size(); ++i) {
        Table& t = *owners[i];
        auto stepped = t.game->Step((*answers)[i]);
        if (!stepped) return Error{"game " + std::to_string(t.index) + ": " + stepped.error()};
        if (t.game->done()) {
          if (auto f = finish(t); !f) return Error{f.error()};
          if (auto s = start(t); !s) return Error{s.error()};
        }
      }
    }
    if (!any) break;
  }
  std::sort(out.games.begin(), out.games.end(), [](const GameSummary& a, const GameSummary& b) { return a.game < b.game; });
  MatchHeader& header = out.header;
  header.rules = setup.rules.name;
  header.point_scale = PointScale(setup.rules);
  header.shields = setup.rules.shields.enabled;
  header.seed = setup.seed;
  header.entries = setup.entries;
  header.rotations = setup.rotations;
  out.statistics = MatchStatistics(header, out.games);
  return out;
}

}  // namespace mj::rl
