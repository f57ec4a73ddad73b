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
#include "playtest/ordered_runner.h"
#include "playtest/summary_io.h"
#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"
#include "replays/replay.h"
#include "playtest/statistics_table.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace mj::cli {
namespace {

constexpr const char* kName = "mahjong stats";

// The replay files named on the command line: files as given, directories' game-*.json.
Result<std::vector<std::string>> ReplayFiles(const std::vector<std::string>& inputs) {
  std::vector<std::string> files;
  for (const std::string& in : inputs) {
    std::error_code ec;
    if (fs::is_directory(in, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::directory_iterator(in, ec)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name.rfind("game-", 0) == 0 && IsReplayFileName(name))
          found.push_back(entry.path().string());
      }
      if (ec) return Error{in + ": cannot list: " + ec.message()};
      if (found.empty()) return Error{in + ": no replay files game-*.json in it"};
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(in, ec)) {
      files.push_back(in);
    } else {
      return Error{in + ": no such file or directory"};
    }
  }
  return files;
}

// One replay file read back: its match header and its game's record, or what is wrong with it.
struct ReadGame {
  std::string error;  // "PATH: ..." when the file cannot be used
  MatchHeader header;
  GameSummary summary;
};

ReadGame ReadOne(const std::string& path) {
  ReadGame out;
  auto record = ReadReplayFile(path);
  if (!record) {
    out.error = path + ": " + record.error();
    return out;
  }
  if (!record->match) {
    out.error = path + ": not a game of a match (no \"match\" in the replay)";
    return out;
  }
  const MatchInfo& m = *record->match;
  out.header.rules = record->rules.name;
  out.header.point_scale = PointScale(record->rules);
  out.header.shields = record->rules.shields.enabled;
  out.header.seed = m.seed;
  out.header.entries = m.entries;
  out.header.rotations = m.rotations;
  out.summary = SummarizeGame(*record);
  return out;
}

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
  if (const auto stop = ParseOptions(kName, args, desc, vm, pos)) return *stop;
  if (inputs.empty()) {
    std::cerr << kName << ": name the replays: mahjong stats DIR... (directories of game-*.json, or files)\n";
    return 2;
  }
  auto jobs = ParseUnsigned(jobs_text, "--jobs");
  if (!jobs || *jobs < 1 || *jobs > 256) {
    std::cerr << kName << ": --jobs must be a whole number between 1 and 256, got \"" << jobs_text << "\"\n";
    return 2;
  }
  auto files = ReplayFiles(inputs);
  if (!files) {
    std::cerr << kName << ": " << files.error() << "\n";
    return 2;
  }
  // The files are read on the --jobs threads and taken in file order, so the first bad file
  // named is the same for any number of threads.
  MatchHeader header;
  std::string header_from, failure;
  std::vector<std::pair<GameSummary, std::string>> games;
  games.reserve(files->size());
  RunOrdered<ReadGame>(
      static_cast<long>(files->size()), static_cast<int>(*jobs),
      [&](long i) { return ReadOne((*files)[static_cast<size_t>(i - 1)]); },
      [&](long i, ReadGame&& read) {
        const std::string& path = (*files)[static_cast<size_t>(i - 1)];
        if (!read.error.empty()) {
          failure = read.error;
          return false;
        }
        if (header_from.empty()) {
          header = read.header;
          header_from = path;
        } else if (MatchHeaderToJson(read.header) != MatchHeaderToJson(header)) {
          failure = path + ": from another match than " + header_from + " (" + MatchHeaderToJson(read.header).dump() +
                    " against " + MatchHeaderToJson(header).dump() + ")";
          return false;
        }
        games.emplace_back(std::move(read.summary), path);
        return true;
      });
  if (!failure.empty()) {
    std::cerr << kName << ": " << failure << "\n";
    return 1;
  }
  std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.first.game < b.first.game; });
  std::vector<GameSummary> records;
  for (size_t i = 0; i < games.size(); ++i) {
    if (i > 0 && games[i].first.game == games[i - 1].first.game) {
      std::cerr << kName << ": " << games[i].second << " and " << games[i - 1].second << " are both game "
                << games[i].first.game << "\n";
      return 1;
    }
    records.push_back(games[i].first);
  }
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
      std::cerr << kName << ": --summary: " << written.error() << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace mj::cli
