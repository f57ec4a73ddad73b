// `mahjong playtest`: the same duplicate design (agents, sets, seeds) played under each of
// several rulesets; per ruleset every figure with its interval and luck against skill, then the
// rulesets ranked by how much skill decides the result, and optionally an HTML report with plots
// (docs/PLAYTEST.md).

#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/option_parsing.h"
#include "cli/match_args.h"
#include "cli/progress_line.h"
#include "playtest/playtest.h"
#include "playtest/summary_io.h"
#include "playtest/claim_statistics.h"
#include "playtest/match_statistics.h"
#include "playtest/ruleset_comparison.h"
#include "replays/safe_path.h"
#include "playtest/statistics_table.h"
#include "rules/ruleset.h"
#include "rules/ruleset_sweep.h"
#include "rules/scoring_module.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace mj::cli {
namespace {

constexpr const char* kPlaytestCommandName = "mahjong playtest";
constexpr const char* kReportScript =
#include MJ_REPORT_SCRIPT_INC
    ;

std::vector<std::string> SplitComma(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string Games(const nlohmann::json& x) {
  return x.is_number() ? std::to_string(x.get<long>()) : std::string("unbounded");
}

// Each ruleset's games on a progress line of its own, its time on stderr and its statistics on
// stdout as soon as it is done.
class PlaytestLines : public PlaytestProgress {
 public:
  MatchProgress* RulesetStarted(const Ruleset& rules, long games) override {
    std::fprintf(stderr, "%s: %s, %ld games\n", kPlaytestCommandName, rules.name.c_str(), games);
    line_.emplace(std::string(kPlaytestCommandName) + " " + rules.name);
    return &*line_;
  }
  void RulesetDone(const RulesetRun& r, const MatchRun& run) override {
    const long games = static_cast<long>(r.games.size());
    std::fprintf(stderr, "%s: %s: %ld games in %.1f s (%.1f games/s)\n", kPlaytestCommandName, r.header.rules.c_str(), games,
                 run.seconds, run.seconds > 0 ? games / run.seconds : 0.0);
    std::cout << "== " << r.header.rules << " ==\n" << FormatStatistics(r.statistics) << "\n";
  }

 private:
  std::optional<ProgressLine> line_;
};

}  // namespace

int RunPlaytest(const std::vector<std::string>& args) {
  std::string rules_text, agents_text, games_text, seed_text, jobs_text, duplicate_text, report_dir, out_dir,
      summary_path, baseline_text;
  std::vector<std::string> vary_texts;
  po::options_description desc(
      "mahjong playtest: one duplicate design played under each ruleset; luck against skill per ruleset, the\n"
      "rulesets ranked by how much skill decides, intervals everywhere (docs/PLAYTEST.md)");
  desc.add_options()("help,h", "show this help")(
      "rules", po::value<std::string>(&rules_text)->default_value("riichi,dunpai"), "rulesets, comma-separated")(
      "agents", po::value<std::string>(&agents_text)->default_value("expert,defensive,expert,defensive"),
      "four agents; the first is the stronger, the last the weaker of the luck/skill pair")(
      "games", po::value<std::string>(&games_text)->default_value("400"), "games per ruleset (a multiple of the rotations)")(
      "seed", po::value<std::string>(&seed_text)->default_value("0"), "match seed (the same sets under every ruleset)")(
      "duplicate", po::value<std::string>(&duplicate_text)->default_value("4"), "seatings per set: 4 or 24")(
      "jobs", po::value<std::string>(&jobs_text)->default_value("1"), "threads")(
      "report", po::value<std::string>(&report_dir), "write DIR/index.html (plots), DIR/playtest.json, DIR/make_report.py")(
      "out", po::value<std::string>(&out_dir), "also write the replays, DIR/<ruleset>/game-NNNN.json")(
      "summary", po::value<std::string>(&summary_path), "write the playtest JSON (every figure and record) here")(
      "baseline", po::value<std::string>(&baseline_text)->default_value("riichi"),
      "the ruleset seed 003's claims are judged against (played first, never varied; 'none': no verdicts)")(
      "vary", po::value<std::vector<std::string>>(&vary_texts),
      "KEY=V1,V2,...: play every --rules ruleset (but the baseline) once per value of its key KEY (dotted, "
      "e.g. shields.per_hand=0,1,2,3,4, 0 = no shields; K1+K2=... sets both); given twice, a grid");
  po::variables_map vm;
  if (const auto stop = ParseOptions(kPlaytestCommandName, args, desc, vm)) return *stop;
  const int rotations = duplicate_text == "4" ? 4 : duplicate_text == "24" ? 24 : 0;
  if (rotations == 0) {
    std::cerr << kPlaytestCommandName << ": --duplicate takes 4 or 24, got \"" << duplicate_text << "\"\n";
    return 2;
  }
  auto games = ParseUnsigned(games_text, "--games");
  if (!games || *games < static_cast<uint64_t>(rotations) || *games > 10'000'000 || *games % rotations != 0) {
    std::cerr << kPlaytestCommandName << ": --games must be a positive multiple of " << rotations
              << " (whole duplicate sets), at most 10000000, got \"" << games_text << "\"\n";
    return 2;
  }
  auto seed = ParseUnsigned(seed_text, "--seed");
  if (!seed) {
    std::cerr << kPlaytestCommandName << ": " << seed.error() << "\n";
    return 2;
  }
  auto jobs = ParseUnsigned(jobs_text, "--jobs");
  if (!jobs || *jobs < 1 || *jobs > 256) {
    std::cerr << kPlaytestCommandName << ": --jobs must be a whole number between 1 and 256, got \"" << jobs_text << "\"\n";
    return 2;
  }
  auto specs = ParseAgents(agents_text);
  if (!specs) {
    std::cerr << kPlaytestCommandName << ": " << specs.error() << "\n";
    return 2;
  }
  if ((*specs)[0] == (*specs)[3] && (*specs)[0] == (*specs)[1] && (*specs)[0] == (*specs)[2]) {
    std::cerr << kPlaytestCommandName << ": --agents: luck against skill needs two different agents, got four \"" << (*specs)[0]
              << "\"\n";
    return 2;
  }
  std::vector<RulesetVary> vary;
  for (const std::string& text : vary_texts) {
    auto v = ParseRulesetVary(text);
    if (!v) {
      std::cerr << kPlaytestCommandName << ": " << v.error() << "\n";
      return 2;
    }
    vary.push_back(std::move(v).value());
  }
  if (vary.size() > 2) {
    std::cerr << kPlaytestCommandName << ": --vary: at most two keys (a grid), got " << vary.size() << "\n";
    return 2;
  }
  // The baseline first (an entry of --rules with its name, or added), then every other ruleset,
  // each once per value of the sweep.
  std::vector<Ruleset> rulesets;
  int baseline = -1;
  if (baseline_text != "none") {
    auto rules = ReadRulesOption(baseline_text);
    if (!rules) {
      std::cerr << kPlaytestCommandName << ": --baseline: " << rules.error() << "\n";
      return 2;
    }
    rulesets.push_back(std::move(rules).value());
    baseline = 0;
  }
  for (const std::string& name : SplitComma(rules_text)) {
    if (baseline == 0 && name == baseline_text) continue;  // the baseline, already first
    auto rules = ReadRulesOption(name);
    if (!rules) {
      std::cerr << kPlaytestCommandName << ": " << rules.error() << "\n";
      return 2;
    }
    if (vary.empty()) {
      rulesets.push_back(std::move(rules).value());
      continue;
    }
    auto variants = SweepRulesets(*rules, vary);
    if (!variants) {
      std::cerr << kPlaytestCommandName << ": " << variants.error() << "\n";
      return 2;
    }
    std::vector<Ruleset> list = std::move(variants).value();
    for (Ruleset& r : list) rulesets.push_back(std::move(r));
  }
  for (size_t a = 0; a < rulesets.size(); ++a)
    for (size_t b = a + 1; b < rulesets.size(); ++b)
      if (rulesets[a].name == rulesets[b].name) {
        std::cerr << kPlaytestCommandName << ": --rules: entries " << a + 1 << " and " << b + 1 << " are both named \""
                  << rulesets[a].name << "\" (each ruleset of a playtest needs its own name: its replays' folder, "
                  << "its column and its verdicts; give a ruleset file a \"name\" of its own)\n";
        return 2;
      }
  if (rulesets.size() < (baseline == 0 ? 2u : 1u)) {
    std::cerr << kPlaytestCommandName << ": --rules: nothing to play against the baseline \"" << baseline_text << "\"\n";
    return 2;
  }
  for (const std::string& dir : {report_dir, out_dir}) {
    if (dir.empty()) continue;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) {
      std::cerr << kPlaytestCommandName << ": cannot create directory \"" << dir << "\"\n";
      return 2;
    }
  }

  PlaytestSetup setup;
  setup.rulesets = std::move(rulesets);
  setup.baseline = baseline;
  setup.seed = *seed;
  setup.entries = *specs;
  setup.rotations = rotations;
  setup.games = static_cast<long>(*games);
  setup.jobs = static_cast<int>(*jobs);
  setup.out_dir = out_dir;
  // The playtest document (every record) is built only to be written.
  setup.document = !summary_path.empty() || !report_dir.empty();
  setup.command = CommandLine("playtest", args);
  setup.vary = vary_texts;
  PlaytestLines lines;
  const PlaytestResult result = mj::RunPlaytest(setup, &lines);
  if (!result.fatal.empty()) {
    std::cerr << kPlaytestCommandName << ": " << result.fatal << "\n";
    return 1;
  }
  const int exit_code = result.problems ? 1 : 0;
  const std::vector<RulesetRun>& runs = result.runs;
  const nlohmann::json& comparison = result.comparison;
  std::cout << "rulesets by skill share of the variance of final points (" << runs.front().statistics["luck_skill"]["strong"].get<std::string>()
            << " against " << runs.front().statistics["luck_skill"]["weak"].get<std::string>() << ", 95% intervals):\n";
  int place = 0;
  for (const auto& r : comparison["ranking"]) {
    std::cout << "  " << ++place << ". " << r["rules"].get<std::string>() << ": skill share "
              << FormatFigure(r["skill_share"], 3) << ", luck share " << FormatFigure(r["luck_share"], 3)
              << ", rank advantage " << FormatFigure(r["rank_advantage"], 3) << ", ahead with 95% after "
              << Games(r["games_to_lead"]["estimate"]) << " games [" << Games(r["games_to_lead"]["ci95"][0]) << ", "
              << Games(r["games_to_lead"]["ci95"][1]) << "]\n";
  }
  for (const auto& d : comparison["differences"]) {
    auto p = [](const nlohmann::json& f) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.3g", f["p_value"].is_number() ? f["p_value"].get<double>() : 1.0);
      return std::string(f["p_value"].is_number() ? buf : "-");
    };
    std::cout << "  " << d["a"].get<std::string>() << " - " << d["b"].get<std::string>() << ": skill share "
              << FormatFigure(d["skill_share_difference"], 3) << " (p " << p(d["skill_share_difference"])
              << "), luck share " << FormatFigure(d["luck_share_difference"], 3) << " (p "
              << p(d["luck_share_difference"]) << "), rank advantage " << FormatFigure(d["rank_advantage_difference"], 3) << " (p "
              << p(d["rank_advantage_difference"]) << ")\n";
  }
  // Which swept values differ with confidence, per claim figure (the paired interval excludes 0).
  if (!vary.empty()) {
    std::cout << "sweep: pairs of rulesets whose claim figures differ with 95% confidence (paired):\n";
    for (const auto& d : comparison["differences"]) {
      std::string line;
      for (const auto& [figure, f] : d["claims"].items()) {
        const std::string v = PartVerdict(f, 1);
        if (v != "undecided") line += " " + figure + " " + FormatFigure(f, 3) + ";";
      }
      std::cout << "  " << d["a"].get<std::string>() << " - " << d["b"].get<std::string>() << ":"
                << (line.empty() ? std::string(" none") : line) << "\n";
    }
  }
  std::cout << FormatVerdicts(comparison);
  if (!setup.document) return exit_code;
  const std::string text = result.document.dump(1) + "\n";
  if (!summary_path.empty()) {
    auto w = WriteText(summary_path, text);
    if (!w) {
      std::cerr << kPlaytestCommandName << ": --summary: " << w.error() << "\n";
      return 1;
    }
  }
  if (!report_dir.empty()) {
    const fs::path dir(report_dir);
    const std::string json_path = (dir / "playtest.json").string();
    const std::string script_path = (dir / "make_report.py").string();
    const std::string html_path = (dir / "index.html").string();
    auto w1 = WriteText(json_path, text);
    auto w2 = WriteText(script_path, kReportScript);
    if (!w1 || !w2) {
      std::cerr << kPlaytestCommandName << ": --report: " << (w1 ? w2.error() : w1.error()) << "\n";
      return 1;
    }
    // Debian's python3 (with python3-matplotlib) first; another python3 on PATH may lack it.
    const std::string python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    const std::string run = python + " " + Quote(script_path) + " " + Quote(json_path) + " " + Quote(html_path);
    std::cout.flush();
    const int status = std::system(run.c_str());
    if (status != 0) {
      std::cerr << kPlaytestCommandName << ": --report: the plotting script failed (" << run
                << "); it needs python3 with matplotlib (scripts/install_deps.sh)\n";
      return 1;
    }
    std::cout << "report: " << html_path << "\n";
  }
  return exit_code;
}

}  // namespace mj::cli
