#include "playtest/match.h"

#include "playtest/summary_io.h"

namespace mj {

MatchResult PlayMatch(const MatchSetup& setup, MatchProgress* progress) {
  MatchResult result;
  result.run = RunMatchGames(setup, progress);
  result.header = HeaderFor(setup);
  if (!result.run.fatal.empty()) return result;
  MatchStats& table = result.table.emplace(setup.entries);
  for (const GameSummary& g : result.run.games) {
    std::array<std::string, 4> labels;
    for (int s = 0; s < 4; ++s) labels[s] = setup.entries[g.seating[s]];
    table.AddSeats(g.seats, g.complete, labels);
  }
  result.statistics = MatchStatistics(result.header, result.run.games, setup.jobs);
  return result;
}

}  // namespace mj
