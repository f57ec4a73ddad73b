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
#include "cli/summary_io.h"
#include "replays/game_summary.h"
#include "replays/match_statistics.h"
#include "replays/replay.h"
#include "replays/statistics_table.h"

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

}  // namespace

int RunStats(const std::vector<std::string>& args) {
  if (!args.empty() && args.front() == "merge") return RunStatsMerge({args.begin() + 1, args.end()});
  std::vector<std::string> inputs;
  std::string summary_path;
  po::options_description desc(
      "mahjong stats DIR|FILE...: the statistics of a match, with 95% intervals, recomputed from its replays\n"
      "(docs/PLAYTEST.md); mahjong stats merge SUMMARY... [-o OUT]: merges shard summaries (docs/SCALE.md)");
  desc.add_options()("help,h", "show this help")("summary", po::value<std::string>(&summary_path),
                                                  "also write the summary JSON (as match --summary) to this file")(
      "inputs", po::value<std::vector<std::string>>(&inputs), "replay files or directories");
  po::positional_options_description pos;
  pos.add("inputs", -1);
  po::variables_map vm;
  if (const auto stop = ParseOptions(kName, args, desc, vm, pos)) return *stop;
  if (inputs.empty()) {
    std::cerr << kName << ": name the replays: mahjong stats DIR... (directories of game-*.json, or files)\n";
    return 2;
  }
  auto files = ReplayFiles(inputs);
  if (!files) {
    std::cerr << kName << ": " << files.error() << "\n";
    return 2;
  }
  MatchHeader header;
  std::string header_from;
  std::vector<std::pair<GameSummary, std::string>> games;
  for (const std::string& path : *files) {
    auto record = ReadReplayFile(path);
    if (!record) {
      std::cerr << kName << ": " << path << ": " << record.error() << "\n";
      return 1;
    }
    if (!record->match) {
      std::cerr << kName << ": " << path << ": not a game of a match (no \"match\" in the replay)\n";
      return 1;
    }
    const MatchInfo& m = *record->match;
    MatchHeader h;
    h.rules = record->rules.name;
    h.point_scale = PointScale(record->rules);
    h.shields = record->rules.shields.enabled;
    h.seed = m.seed;
    h.entries = m.entries;
    h.rotations = m.rotations;
    if (header_from.empty()) {
      header = h;
      header_from = path;
    } else if (MatchHeaderToJson(h) != MatchHeaderToJson(header)) {
      std::cerr << kName << ": " << path << ": from another match than " << header_from << " (" +
                                                 MatchHeaderToJson(h).dump() + " against " +
                                                 MatchHeaderToJson(header).dump() + ")\n";
      return 1;
    }
    games.emplace_back(SummarizeGame(*record), path);
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
  const nlohmann::json statistics = MatchStatistics(header, records);
  std::cout << "rules " << header.rules << ", seed " << header.seed << ", " << records.size() << " games"
            << (header.rotations > 0 ? " (duplicate, " + std::to_string(header.rotations) + " seatings per set)"
                                     : std::string())
            << " from " << files->size() << " replay" << (files->size() == 1 ? "" : "s") << "\n"
            << FormatStatistics(statistics);
  if (!summary_path.empty()) {
    auto written = WriteSummary(summary_path, header, records, statistics, CommandLine("stats", args));
    if (!written) {
      std::cerr << kName << ": --summary: " << written.error() << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace mj::cli
