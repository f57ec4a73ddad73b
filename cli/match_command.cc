// `mahjong match`: plays N games between four agents, writes one replay per game and prints a
// table per agent. Seeds and seating are documented in docs/MATCH.md.

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "agents/registry.h"
#include "cli/commands.h"
#include "engine/game.h"
#include "mjai/stdio_bots.h"
#include "cli/match_args.h"
#include "cli/option_parsing.h"
#include "cli/progress_line.h"
#include "playtest/match.h"
#include "playtest/shard_summary.h"
#include "playtest/summary_io.h"
#include "playtest/match_stats.h"
#include "playtest/match_statistics.h"
#include "playtest/statistics_table.h"
#include "replays/replay.h"
#include "rules/ruleset.h"
#include "rules/scoring_module.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

constexpr const char* kMatchCommandName = "mahjong match";
constexpr long kMaxGames = 10'000'000;

}  // namespace

int RunMatch(const std::vector<std::string>& args) {
  std::string rules_name, agents_text, games_text, seed_text, out_dir, duplicate_text, jobs_text, summary_path,
      compress_text, replays_text, shard_text;
  std::string bot_lifetime;
  BotFlags bot_flags;
  po::options_description desc(
      "mahjong match: plays games between four agents, writes one replay per game, prints a table per agent\n"
      "(game g, 1-based, has seed SplitMix64(SplitMix64(S) + g) and seats the agent list rotated by\n"
      "(g - 1) % 4; with --duplicate, the games of a set share their walls; see docs/MATCH.md)");
  desc.add_options()("help,h", "show this help")(
      "rules", po::value<std::string>(&rules_name)->default_value("riichi"), "ruleset preset name or JSON file")(
      "agents", po::value<std::string>(&agents_text), "four agents, comma-separated (random, greedy, defensive, expert[:opts], mjai-stdio:CMD)")(
      "games", po::value<std::string>(&games_text)->default_value("1"), "number of games N")(
      "seed", po::value<std::string>(&seed_text)->default_value("0"), "match seed S (0..2^64-1)")(
      "out", po::value<std::string>(&out_dir), "directory for the replays game-0001.json ... (created)")(
      "duplicate", po::value<std::string>(&duplicate_text)->implicit_value("4"),
      "duplicate play: each set's walls once per seating, 4 rotations (or --duplicate 24: all seatings)")(
      "jobs", po::value<std::string>(&jobs_text)->default_value("1"), "threads playing games (results identical for any N)")(
      "summary", po::value<std::string>(&summary_path), "write every statistic with its 95% interval, and the per-game records, to this JSON file")(
      "bot-lifetime", po::value<std::string>(&bot_lifetime)->default_value("game"),
      "mjai-stdio bots: a process per game (game), or kept for the next game after a clean end_game (match: "
      "start-up paid once; the bot must read on after end_game without answering it)")(
      "compress", po::value<std::string>(&compress_text)->default_value("none"),
      "replay files: none (game-0001.json), zstd (.json.zst) or gzip (.json.gz)")(
      "replays", po::value<std::string>(&replays_text)->default_value("all"),
      "which games get a replay file: all, failed (games stopped by an error) or none (--out not needed)")(
      "shard", po::value<std::string>(&shard_text),
      "i/N: play only shard i (0..N-1) of N of the match: games g = i (mod N), or with --duplicate the sets "
      "k = i (mod N); same seeds, seating and file names as the whole match; its --summary merges with "
      "mahjong stats merge (docs/SCALE.md)");
  AddBotFlags(desc, bot_flags, "batched", 5000);
  po::variables_map vm;
  if (const auto stop = ParseOptions(kMatchCommandName, args, desc, vm)) return *stop;
  if (!vm.count("agents")) {
    std::cerr << kMatchCommandName << ": --agents is required (e.g. --agents greedy,greedy,defensive,random)\n";
    return 2;
  }
  const auto compression = ParseCompression(compress_text);
  if (!compression) {
    std::cerr << kMatchCommandName << ": --compress must be none, zstd or gzip, got \"" << compress_text << "\"\n";
    return 2;
  }
  if (replays_text != "all" && replays_text != "failed" && replays_text != "none") {
    std::cerr << kMatchCommandName << ": --replays must be all, failed or none, got \"" << replays_text << "\"\n";
    return 2;
  }
  if (replays_text == "none") out_dir.clear();
  if (!vm.count("out") && replays_text != "none") {
    std::cerr << kMatchCommandName << ": --out DIR is required (the replays are written there)\n";
    return 2;
  }
  auto games = ParseUnsigned(games_text, "--games");
  if (!games || *games < 1 || *games > static_cast<uint64_t>(kMaxGames)) {
    std::cerr << kMatchCommandName << ": --games must be a whole number between 1 and " << kMaxGames << ", got \"" << games_text
              << "\"\n";
    return 2;
  }
  const long num_games = static_cast<long>(*games);
  auto seed = ParseUnsigned(seed_text, "--seed");
  if (!seed) {
    std::cerr << kMatchCommandName << ": " << seed.error() << "\n";
    return 2;
  }
  int rotations = 0;
  if (vm.count("duplicate")) {
    if (duplicate_text != "4" && duplicate_text != "24") {
      std::cerr << kMatchCommandName << ": --duplicate takes 4 (rotations, the default) or 24 (all seatings), got \""
                << duplicate_text << "\"\n";
      return 2;
    }
    rotations = duplicate_text == "4" ? 4 : 24;
    if (num_games % rotations != 0) {
      std::cerr << kMatchCommandName << ": --games " << num_games << " is not a multiple of " << rotations
                << ", the games of a duplicate set\n";
      return 2;
    }
  }
  MatchShard shard;
  if (vm.count("shard")) {
    auto parsed = ParseShard(shard_text, "--shard");
    if (!parsed) {
      std::cerr << kMatchCommandName << ": " << parsed.error() << "\n";
      return 2;
    }
    shard = *parsed;
    const long units = MatchUnits(num_games, rotations);
    if (shard.count > units) {
      std::cerr << kMatchCommandName << ": --shard " << shard_text << ": the match has " << units
                << (rotations > 0 ? " duplicate sets" : " games") << ", so at most " << units
                << " shards (a shard plays whole " << (rotations > 0 ? "sets" : "games") << ")\n";
      return 2;
    }
  }
  auto jobs = ParseUnsigned(jobs_text, "--jobs");
  if (!jobs || *jobs < 1 || *jobs > 256) {
    std::cerr << kMatchCommandName << ": --jobs must be a whole number between 1 and 256, got \"" << jobs_text << "\"\n";
    return 2;
  }
  auto rules = ReadRulesOption(rules_name);
  if (!rules) {
    std::cerr << kMatchCommandName << ": " << rules.error() << "\n";
    return 2;
  }
  auto specs = ParseAgents(agents_text);
  if (!specs) {
    std::cerr << kMatchCommandName << ": " << specs.error() << "\n";
    return 2;
  }
  std::error_code ec;
  if (!out_dir.empty()) std::filesystem::create_directories(out_dir, ec);
  if (!out_dir.empty() && (ec || !std::filesystem::is_directory(out_dir))) {
    std::cerr << kMatchCommandName << ": --out: cannot create directory \"" << out_dir << "\""
              << (ec ? ": " + ec.message() : std::string(": a file of that name exists")) << "\n";
    return 2;
  }

  MatchSetup setup;
  setup.rules = *rules;
  setup.seed = *seed;
  setup.entries = *specs;
  setup.rotations = rotations;
  setup.games = num_games;
  setup.shard = shard;
  setup.jobs = static_cast<int>(*jobs);
  setup.out_dir = out_dir;
  setup.compression = *compression;
  setup.failed_only = replays_text == "failed";
  if (const auto read = ReadBotFlags(bot_flags, &setup.bots); !read) {
    std::cerr << kMatchCommandName << ": " << read.error() << "\n";
    return 2;
  }
  if (!ParseBotLifetime(bot_lifetime, &setup.keep_bots)) {
    std::cerr << kMatchCommandName << ": --bot-lifetime must be game or match, got \"" << bot_lifetime << "\"\n";
    return 2;
  }
  ProgressLine progress(kMatchCommandName);
  const MatchResult result = PlayMatch(setup, &progress);
  const MatchRun& run = result.run;
  if (!run.fatal.empty()) {
    std::cerr << kMatchCommandName << ": " << run.fatal << "\n";
    return 1;
  }
  const long played = static_cast<long>(run.games.size());
  std::fprintf(stderr, "%s: %ld games, %ld hands in %.2f s (%.1f games/s, %d job%s); replays in %s\n", kMatchCommandName,
               played, run.hands, run.seconds, run.seconds > 0 ? played / run.seconds : 0.0, setup.jobs,
               setup.jobs == 1 ? "" : "s", out_dir.empty() ? "(none written)" : out_dir.c_str());

  const MatchStats& stats = *result.table;
  const MatchHeader& header = result.header;
  const nlohmann::json& statistics = result.statistics;
  std::cout << "rules " << rules->name << ", seed " << *seed << ", " << num_games << " game"
            << (num_games == 1 ? "" : "s")
            << (rotations > 0 ? ", duplicate: " + std::to_string(num_games / rotations) + " sets of " +
                                    std::to_string(rotations) + " seatings"
                              : std::string(", seats rotated each game"))
            << (vm.count("shard") ? "; shard " + shard_text + ": " + std::to_string(played) + " of these games"
                                  : std::string())
            << "\n"
            << FormatMatchTable(stats);
  if (rules->shields.enabled) std::cout << "\n" << FormatShieldTable(stats);
  std::cout << "\n" << FormatStatistics(statistics);
  if (!run.problems.empty()) {
    std::cout << run.problems.size() << " game" << (run.problems.size() == 1 ? " was" : "s were")
              << " stopped by an agent error (details on stderr)\n";
  }
  std::cout.flush();
  if (!summary_path.empty()) {
    nlohmann::json shard_info;  // null: not a shard
    if (vm.count("shard")) {
      nlohmann::json bots;
      if (std::any_of(specs->begin(), specs->end(), [](const std::string& e) { return IsStdioBotSpec(e); }))
        bots = {{"exchange", bot_flags.exchange}, {"dialect", bot_flags.dialect}, {"fault", bot_flags.fault},
                {"lifetime", bot_lifetime}, {"timeout_ms", bot_flags.timeout_ms}};
      shard_info = ShardJson(setup, bots);
    }
    auto written = WriteSummary(summary_path, header, run.games, statistics, CommandLine("match", args), shard_info,
                                setup.jobs);
    if (!written) {
      std::cerr << kMatchCommandName << ": --summary: " << written.error() << "\n";
      return 1;
    }
  }
  return run.problems.empty() ? 0 : 1;
}

}  // namespace mj::cli
