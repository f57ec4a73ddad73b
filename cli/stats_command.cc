// `mahjong stats DIR|FILE...`: recomputes a match's statistics (with their intervals) from its
// replays alone: each replay gives its game's record (GameSummary), the records sorted by game
// index give exactly the statistics `match --summary` wrote (docs/PLAYTEST.md).

#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/option_parsing.h"
#include "replays/compression.h"
#include "cli/match_args.h"
#include "playtest/match_replays.h"
#include "playtest/summary_io.h"
#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"
#include "replays/replay.h"
#include "playtest/statistics_table.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace mj::cli {
namespace {

constexpr const char* kStatsCommandName = "mahjong stats";

}  // namespace

int RunStats(const std::vector<std::string>& args) {
  if (!args.empty() && args.front() == "merge") return RunStatsMerge({args.begin() + 1, args.end()});
  std::vector<std::string> inputs;
  std::string summary_path, jobs_text;
  po::options_description desc(
      "mahjong stats DIR|FILE...: the statistics of a match, with 95% intervals, recomputed from its replays\n"
      "(docs/PLAYTEST.md); mahjong stats merge SUMMARY... [-o OUT]: merges shard summaries (docs/SCALE.md)");
  desc.add_options()("help,h", "show this help")("summary", po::value<std::string>(&summary_path),
                                                  "also write the summary JSON (as match --summary) to this file")(
      "jobs", po::value<std::string>(&jobs_text)->default_value("1"),
      "threads reading the replays and computing the intervals (results identical for any N)")(
      "inputs", po::value<std::vector<std::string>>(&inputs), "replay files or directories");
  po::positional_options_description pos;
  pos.add("inputs", -1);
  po::variables_map vm;
  if (const auto stop = ParseOptions(kStatsCommandName, args, desc, vm, pos)) return *stop;
  if (inputs.empty()) {
    std::cerr << kStatsCommandName << ": name the replays: mahjong stats DIR... (directories of game-*.json, or files)\n";
    return 2;
  }
  auto jobs = ParseUnsigned(jobs_text, "--jobs");
  if (!jobs || *jobs < 1 || *jobs > 256) {
    std::cerr << kStatsCommandName << ": --jobs must be a whole number between 1 and 256, got \"" << jobs_text << "\"\n";
    return 2;
  }
  auto files = MatchReplayFiles(inputs);
  if (!files) {
    std::cerr << kStatsCommandName << ": " << files.error() << "\n";
    return 2;
  }
  auto read = ReadMatchReplays(*files, static_cast<int>(*jobs));
  if (!read) {
    std::cerr << kStatsCommandName << ": " << read.error() << "\n";
    return 1;
  }
  const MatchHeader& header = read->header;
  const std::vector<GameSummary>& records = read->games;
  const nlohmann::json statistics = MatchStatistics(header, records, static_cast<int>(*jobs));
  std::cout << "rules " << header.rules << ", seed " << header.seed << ", " << records.size() << " games"
            << (header.rotations > 0 ? " (duplicate, " + std::to_string(header.rotations) + " seatings per set)"
                                     : std::string())
            << " from " << files->size() << " replay" << (files->size() == 1 ? "" : "s") << "\n"
            << FormatStatistics(statistics);
  if (!summary_path.empty()) {
    auto written = WriteSummary(summary_path, header, records, statistics, CommandLine("stats", args), nullptr,
                                static_cast<int>(*jobs));
    if (!written) {
      std::cerr << kStatsCommandName << ": --summary: " << written.error() << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace mj::cli
