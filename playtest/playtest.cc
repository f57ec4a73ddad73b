#include "playtest/playtest.h"

#include <filesystem>

#include "playtest/match_statistics.h"
#include "playtest/summary_io.h"
#include "replays/safe_path.h"

namespace mj {

PlaytestResult RunPlaytest(const PlaytestSetup& setup, PlaytestProgress* progress) {
  namespace fs = std::filesystem;
  PlaytestResult result;
  nlohmann::json per_rules = nlohmann::json::array();
  const std::vector<std::string> folders = RulesetFolderNames(setup.rulesets);  // out_dir/<folder>
  for (size_t i = 0; i < setup.rulesets.size(); ++i) {
    const Ruleset& rules = setup.rulesets[i];
    MatchSetup match;
    match.rules = rules;
    match.seed = setup.seed;
    match.entries = setup.entries;
    match.rotations = setup.rotations;
    match.games = setup.games;
    match.jobs = setup.jobs;
    if (!setup.out_dir.empty()) {
      match.out_dir = (fs::path(setup.out_dir) / folders[i]).string();
      std::error_code ec;
      fs::create_directories(match.out_dir, ec);  // a folder that cannot be made fails at its first replay
    }
    MatchProgress* games_progress = progress ? progress->RulesetStarted(rules, match.games) : nullptr;
    MatchRun run = RunMatchGames(match, games_progress);
    if (!run.fatal.empty()) {
      result.fatal = std::move(run.fatal);
      return result;
    }
    if (!run.problems.empty()) result.problems = true;
    RulesetRun r;
    r.header = HeaderFor(match);
    r.games = std::move(run.games);
    r.statistics = MatchStatistics(r.header, r.games, setup.jobs);
    if (progress) progress->RulesetDone(r, run);
    if (setup.document) {
      nlohmann::json entry = nlohmann::json::object();
      entry["rules"] = rules.name;
      entry["ruleset"] = RulesetToJson(rules);  // exactly what was played
      // Where its replays are under out_dir (its name made safe and unique, replays/safe_path.h).
      if (!setup.out_dir.empty()) entry["folder"] = folders[i];
      entry["summary"] = SummaryDocument(r.header, r.games, setup.command, r.statistics, setup.jobs);
      per_rules.push_back(std::move(entry));
    }
    result.runs.push_back(std::move(r));
  }
  result.comparison = CompareRulesets(result.runs, setup.jobs, setup.baseline);
  if (setup.document) {
    result.document = {{"format", "mahjong-playtest"},
                       {"version", 2},
                       {"command", setup.command},
                       {"agents", setup.entries},
                       {"games_per_ruleset", setup.games},
                       {"rotations", setup.rotations},
                       {"seed", std::to_string(setup.seed)},
                       {"baseline", setup.baseline >= 0 ? nlohmann::json(setup.rulesets[0].name)
                                                        : nlohmann::json(nullptr)},
                       {"vary", setup.vary},
                       {"rulesets", std::move(per_rules)},
                       {"comparison", result.comparison}};
  }
  return result;
}

}  // namespace mj
