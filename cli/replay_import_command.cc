// `mahjong replay import [--from FORMAT] [--jobs N] FILE|DIR... -o OUT`: outside game logs
// (tenhou.net/6, mjlog, mjai) as replays (formats/replay_import.h, docs/REPLAY.md "Importing").

#include <algorithm>
#include <atomic>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "replays/replay.h"
#include "formats/replay_import.h"

namespace mj::cli {
namespace {

namespace fs = std::filesystem;

int ReplayImportCommandUsage(const std::string& problem) {
  std::cerr << "mahjong replay import: " << problem
            << "\nusage: mahjong replay import [--from tenhou6|mjlog|mjai] [--jobs N] FILE -o OUT.json\n"
               "       mahjong replay import [--from tenhou6|mjlog|mjai] [--jobs N] DIR|FILE... -o OUTDIR\n"
               "         each log re-simulated through the engine and written as a replay (OUTDIR: one\n"
               "         NAME.json per log NAME.*); a log the engine does not reproduce is refused\n";
  return 2;
}

// What the import compared of the wins' scoring (the play and the point changes are always checked).
std::string WinsChecked(const ImportChecks& c) {
  const std::string wins = std::to_string(c.wins) + (c.wins == 1 ? " win" : " wins");
  if (c.scored == c.wins) return wins + (c.wins == 0 ? "" : ", yaku compared");
  if (c.scored == 0) return wins + ", point changes only: the log states no yaku";
  return std::to_string(c.scored) + " of " + wins + " with yaku compared, the others' point changes only: the log " +
         "states no yaku for them";
}

struct Job {
  fs::path in;
  fs::path out;
  std::string line;
  bool ok = false;
};

}  // namespace

int RunReplayImport(const std::vector<std::string>& args) {
  std::optional<ImportFormat> format;
  std::string out;
  std::vector<std::string> inputs;
  size_t jobs = 1;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--from" || a == "-o" || a == "--out" || a == "--jobs") {
      if (i + 1 >= args.size()) return ReplayImportCommandUsage(a + " needs a value");
      const std::string& v = args[++i];
      if (a == "--from") {
        format = ParseImportFormat(v);
        if (!format) return ReplayImportCommandUsage("unknown format \"" + v + "\" (tenhou6, mjlog or mjai)");
      } else if (a == "--jobs") {
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), jobs);
        if (ec != std::errc() || p != v.data() + v.size() || jobs < 1 || jobs > 256) return ReplayImportCommandUsage("--jobs takes 1..256");
      } else {
        out = v;
      }
    } else if (!a.empty() && a[0] == '-') {
      return ReplayImportCommandUsage("unknown option " + a);
    } else {
      inputs.push_back(a);
    }
  }
  if (inputs.empty()) return ReplayImportCommandUsage("import needs a FILE or DIR");
  if (out.empty()) return ReplayImportCommandUsage("import needs -o OUT");
  std::error_code ec;
  // One file to OUT, unless OUT is a directory already (then OUT/NAME.json, as for several).
  const bool one_file = inputs.size() == 1 && !fs::is_directory(inputs[0], ec) && !fs::is_directory(out, ec);
  std::vector<Job> work;
  for (const std::string& in : inputs) {
    if (fs::is_directory(in, ec)) {
      std::vector<fs::path> found;
      for (fs::recursive_directory_iterator it(in, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && IsImportFileName(it->path().filename().string())) found.push_back(it->path());
      if (ec) {
        std::cerr << "mahjong replay import: cannot list " << in << ": " << ec.message() << "\n";
        return 2;
      }
      std::sort(found.begin(), found.end());
      for (const fs::path& f : found) {
        fs::path rel = f.lexically_relative(in);
        std::string name = rel.filename().string();
        if (name.size() > 3 && name.substr(name.size() - 3) == ".gz") name.resize(name.size() - 3);
        rel.replace_filename(fs::path(name).stem().string() + ".json");
        work.push_back({f, fs::path(out) / rel, "", false});
      }
    } else {
      fs::path target = fs::path(out);
      if (!one_file) target /= fs::path(in).stem().string() + ".json";
      work.push_back({in, target, "", false});
    }
  }
  std::atomic<size_t> next{0};
  auto run = [&]() {
    for (size_t i = next++; i < work.size(); i = next++) {
      Job& j = work[i];
      ImportChecks checks;
      auto rec = ImportFile(j.in.string(), format, &checks);
      if (!rec) {
        j.line = j.in.string() + ": refused: " + rec.error();
        continue;
      }
      std::error_code e;
      if (j.out.has_parent_path()) fs::create_directories(j.out.parent_path(), e);
      auto written = WriteReplayFile(*rec, j.out.string());
      if (!written) {
        j.line = j.in.string() + ": cannot write " + j.out.string() + ": " + written.error();
        continue;
      }
      size_t hands = 0;
      for (const Event& ev : rec->events) hands += ev.type == EventType::kStartKyoku ? 1 : 0;
      j.ok = true;
      j.line = j.in.string() + ": ok (" + std::string(rec->imported ? rec->imported->format : "") + ", " +
               std::to_string(hands) + " hands, " + std::to_string(rec->events.size()) + " events, " +
               WinsChecked(checks) + ") -> " + j.out.string();
    }
  };
  std::vector<std::thread> threads;
  for (size_t w = 1; w < std::min(jobs, work.size()); ++w) threads.emplace_back(run);
  run();
  for (std::thread& t : threads) t.join();
  size_t ok = 0;
  for (const Job& j : work) {
    (j.ok ? std::cout : std::cerr) << j.line << "\n";
    ok += j.ok ? 1 : 0;
  }
  std::cout << "imported " << ok << " of " << work.size() << " logs\n";
  return ok == work.size() ? 0 : 1;
}

}  // namespace mj::cli
