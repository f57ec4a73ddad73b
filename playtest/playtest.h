#pragma once
// A playtest as one library call (docs/PLAYTEST.md): the same duplicate design (agents, sets,
// seeds) played under each ruleset, every figure with its interval per ruleset, and the rulesets
// compared (luck against skill, seed 003's claims against the baseline). `mahjong playtest`
// parses its options into a PlaytestSetup and prints the result; a test or another front end
// calls it without a command line.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/match_progress.h"
#include "playtest/match_runner.h"
#include "playtest/ruleset_comparison.h"
#include "rules/ruleset.h"

namespace mj {

struct PlaytestSetup {
  std::vector<Ruleset> rulesets;       // played in this order, each name its own
  int baseline = -1;                   // the ruleset the claims are judged against (0) or none (-1)
  uint64_t seed = 0;                   // the same sets under every ruleset
  std::array<std::string, 4> entries;  // the first the stronger, the last the weaker of the luck/skill pair
  int rotations = 4;                   // seatings per set: 4 or 24
  long games = 0;                      // per ruleset, a multiple of rotations
  int jobs = 1;
  std::string out_dir;                 // replays in out_dir/<folder>/ (RulesetFolderNames); empty = none
  bool document = false;               // build the playtest JSON (every record of every ruleset)
  std::string command;                 // recorded in the document
  std::vector<std::string> vary;       // the sweep as given (--vary texts), recorded in the document
};

// What a running playtest tells its caller: each ruleset begun (and where its games' progress
// goes, nullptr for nowhere) and each ruleset done.
class PlaytestProgress {
 public:
  virtual ~PlaytestProgress() = default;
  virtual MatchProgress* RulesetStarted(const Ruleset& /*rules*/, long /*games*/) { return nullptr; }
  virtual void RulesetDone(const RulesetRun& /*run*/, const MatchRun& /*games*/) {}
};

struct PlaytestResult {
  std::string fatal;                // a replay that could not be written (the playtest stopped)
  bool problems = false;            // a game was stopped by an agent error
  std::vector<RulesetRun> runs;     // one per ruleset, in setup order
  nlohmann::json comparison;        // CompareRulesets(runs, jobs, baseline)
  nlohmann::json document;          // the playtest JSON ("format": "mahjong-playtest"); null unless asked
};

[[nodiscard]] PlaytestResult RunPlaytest(const PlaytestSetup& setup, PlaytestProgress* progress = nullptr);

}  // namespace mj
