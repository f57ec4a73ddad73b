// mahjong_rl replays as data: every decision of replay files or outside logs as numpy batches, a replay as a
// dict, a match's statistics from its replays (docs/PYTHON.md, "Replays").
#include <algorithm>
#include <filesystem>

#include "python/bindings.h"
#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"
#include "replays/replay.h"
#include "formats/replay_import.h"
#include "rl/action_encoding.h"
#include "rl/observation.h"
#include "rl/replay_decisions.h"

namespace mjpy {
namespace {

namespace rl = mj::rl;

// A vector's storage as an array, without copying (the array owns it).
template <typename T>
py::array_t<T> Owned(std::vector<T>&& v, std::vector<py::ssize_t> shape) {
  auto* heap = new std::vector<T>(std::move(v));
  py::capsule owner(heap, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>(shape, heap->data(), owner);
}

// Our replays (*.json, compressed) and the outside logs an import takes (*.json tenhou.net/6,
// *.mjlog / *.xml, *.jsonl mjai, gzip'ed).
bool IsReplayName(const std::string& name) {
  auto ends = [&](const std::string& s) { return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0; };
  return ends(".json") || ends(".json.zst") || ends(".json.gz") || mj::IsImportFileName(name);
}

// Files as given; a directory stands for its replay files, sorted by name.
std::vector<std::string> ExpandPaths(const py::object& paths) {
  std::vector<std::string> given;
  if (py::isinstance<py::str>(paths) || py::hasattr(paths, "__fspath__")) {
    given.push_back(py::str(paths).cast<std::string>());
  } else {
    for (const auto& p : paths) given.push_back(py::str(p).cast<std::string>());
  }
  std::vector<std::string> out;
  for (const std::string& p : given) {
    if (!std::filesystem::is_directory(p)) {
      out.push_back(p);
      continue;
    }
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(p))
      if (e.is_regular_file() && IsReplayName(e.path().filename().string())) files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    out.insert(out.end(), files.begin(), files.end());
  }
  return out;
}

py::dict BatchDict(rl::DecisionBatch&& b, const std::vector<std::string>& files, bool masks) {
  const auto n = static_cast<py::ssize_t>(b.count);
  py::dict d;
  d["seat"] = Owned(std::move(b.seat), {n});
  d["action"] = Owned(std::move(b.action), {n});
  d["game"] = Owned(std::move(b.game), {n});
  d["planes"] = Owned(std::move(b.planes), {n, py::ssize_t{rl::kNumPlanes}, py::ssize_t{mj::kNumKinds}});
  d["scalars"] = Owned(std::move(b.scalars), {n, py::ssize_t{rl::kNumScalars}});
  if (masks) d["mask"] = Owned(std::move(b.mask), {n, py::ssize_t{rl::kNumActions}});
  // The legal indices of each decision, padded with -1 to the longest list of the batch.
  int32_t width = 1;
  for (int32_t c : b.legal_count) width = std::max(width, c);
  std::vector<int32_t> legal(static_cast<size_t>(n) * static_cast<size_t>(width), -1);
  size_t at = 0;
  for (size_t i = 0; i < b.count; ++i)
    for (int32_t k = 0; k < b.legal_count[i]; ++k) legal[i * static_cast<size_t>(width) + static_cast<size_t>(k)] = b.legal[at++];
  d["legal"] = Owned(std::move(legal), {n, py::ssize_t{width}});
  d["legal_count"] = Owned(std::move(b.legal_count), {n});
  d["errors"] = py::cast(b.errors);
  d["files"] = py::cast(files);
  return d;
}

py::dict ReadDecisions(const py::object& paths, bool masks, int threads) {
  const std::vector<std::string> files = ExpandPaths(paths);
  rl::DecisionBatch batch;
  {
    py::gil_scoped_release release;
    batch = rl::ReadDecisions(files, masks, threads);
  }
  return BatchDict(std::move(batch), files, masks);
}

class DecisionReader {
 public:
  DecisionReader(const py::object& paths, int files_per_batch, bool masks, int threads)
      : files_(ExpandPaths(paths)), per_batch_(std::max(1, files_per_batch)), masks_(masks), threads_(threads) {}
  py::dict Next() {
    if (next_ >= files_.size()) throw py::stop_iteration();
    const size_t end = std::min(files_.size(), next_ + static_cast<size_t>(per_batch_));
    std::vector<std::string> chunk(files_.begin() + static_cast<long>(next_), files_.begin() + static_cast<long>(end));
    next_ = end;
    rl::DecisionBatch batch;
    {
      py::gil_scoped_release release;
      batch = rl::ReadDecisions(chunk, masks_, threads_);
    }
    return BatchDict(std::move(batch), chunk, masks_);
  }
  size_t NumFiles() const { return files_.size(); }

 private:
  std::vector<std::string> files_;
  int per_batch_;
  bool masks_;
  int threads_;
  size_t next_ = 0;
};

mj::GameRecord ReadRecord(const std::string& path) {
  auto record = mj::ReadGameFile(path);  // a replay of ours, or an outside log imported
  if (!record) throw py::value_error(path + ": " + record.error());
  return std::move(record).value();
}

// The statistics of a match from its replay files (as `mahjong stats DIR`).
py::object MatchStatsFromReplays(const py::object& paths) {
  const std::vector<std::string> files = ExpandPaths(paths);
  if (files.empty()) throw py::value_error("no replay files");
  std::vector<mj::GameSummary> games;
  mj::MatchHeader header;
  for (size_t i = 0; i < files.size(); ++i) {
    const mj::GameRecord record = ReadRecord(files[i]);
    if (i == 0) {
      header.rules = record.rules.name;
      header.point_scale = mj::PointScale(record.rules);
      header.shields = record.rules.shields.enabled;
      if (record.match) {
        header.seed = record.match->seed;
        header.entries = record.match->entries;
        header.rotations = record.match->rotations;
      } else {
        header.entries = record.agents;
      }
    }
    games.push_back(mj::SummarizeGame(record));
  }
  std::sort(games.begin(), games.end(), [](const mj::GameSummary& a, const mj::GameSummary& b) { return a.game < b.game; });
  return JsonToPython(mj::MatchStatistics(header, games));
}

}  // namespace

void BindReplays(py::module_& m) {
  m.def("read_decisions", &ReadDecisions, py::arg("paths"), py::arg("masks") = true, py::arg("threads") = 1,
        "Every decision of replay files or outside logs (tenhou.net/6, mjlog, mjai: imported; a directory: its "
        "replays and logs) as arrays: seat, action, planes, scalars, mask, game");
  py::class_<DecisionReader>(m, "DecisionReader", "Iterates replay files' decisions, files_per_batch files a batch")
      .def(py::init<const py::object&, int, bool, int>(), py::arg("paths"), py::arg("files_per_batch") = 64,
           py::arg("masks") = true, py::arg("threads") = 1)
      .def("__iter__", [](DecisionReader& r) -> DecisionReader& { return r; })
      .def("__next__", &DecisionReader::Next)
      .def("__len__", &DecisionReader::NumFiles);
  m.def(
      "read_replay", [](const std::string& path) { return JsonToPython(mj::ReplayToJson(ReadRecord(path))); },
      py::arg("path"), "A replay file (any compression) or an outside log (imported) as a dict: the replay document (docs/REPLAY.md)");
  m.def(
      "game_summary", [](const std::string& path) { return JsonToPython(mj::GameSummaryToJson(mj::SummarizeGame(ReadRecord(path)))); },
      py::arg("path"), "A game's record for the match statistics (docs/PLAYTEST.md)");
  m.def("match_statistics", &MatchStatsFromReplays, py::arg("paths"),
        "A match's statistics with 95% intervals from its replay files, as `mahjong stats`");
}

}  // namespace mjpy
