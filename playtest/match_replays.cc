#include "playtest/match_replays.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "playtest/game_summary.h"
#include "playtest/ordered_runner.h"
#include "replays/replay.h"

namespace mj {
namespace {

namespace fs = std::filesystem;

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

Result<std::vector<std::string>> MatchReplayFiles(const std::vector<std::string>& inputs) {
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

Result<MatchRecords> ReadMatchReplays(const std::vector<std::string>& files, int jobs) {
  // The files are read on the threads and taken in file order, so the first bad file named is
  // the same for any number of threads.
  MatchHeader header;
  std::string header_from, failure;
  std::vector<std::pair<GameSummary, std::string>> games;
  games.reserve(files.size());
  RunOrdered<ReadGame>(
      static_cast<long>(files.size()), jobs, [&](long i) { return ReadOne(files[static_cast<size_t>(i - 1)]); },
      [&](long i, ReadGame&& read) {
        const std::string& path = files[static_cast<size_t>(i - 1)];
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
  if (!failure.empty()) return Error{failure};
  std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.first.game < b.first.game; });
  MatchRecords out;
  out.header = header;
  for (size_t i = 0; i < games.size(); ++i) {
    if (i > 0 && games[i].first.game == games[i - 1].first.game)
      return Error{games[i].second + " and " + games[i - 1].second + " are both game " +
                   std::to_string(games[i].first.game)};
    out.games.push_back(std::move(games[i].first));
  }
  return out;
}

}  // namespace mj
