// `mahjong replay`: verify, show and export replay files (docs/REPLAY.md).

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "replays/compression.h"
#include "playtest/match_stats.h"
#include "mjai/wire_events.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/replay_show.h"
#include "replays/replay_verify.h"
#include "formats/tenhou6.h"
#include "formats/tenhou6_refusal.h"

namespace mj::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kReplayCommandUsage =
    "usage: mahjong replay verify [--jobs N] FILE|DIR...\n"
    "         re-simulate each replay (DIR: every *.json, *.json.zst, *.json.gz below it) and compare it\n"
    "         event by event, N files at a time; one line per file in order; exit status 0 iff every file matches\n"
    "       mahjong replay show FILE [--hand N]\n"
    "         a readable account of the game, or of hand N (0-based, in play order)\n"
    "       mahjong replay export --format mjai|tenhou6 [--dialect gimite|mortal] FILE\n"
    "         the events as mjai JSON Lines, or the game as a tenhou.net/6 record (riichi rules), on stdout\n"
    "       mahjong replay html FILE [-o OUT.html] | DIR [-o OUTDIR]\n"
    "         the viewer page of a replay (or of a tenhou6 / mjlog / mjai log, imported); for DIR one page per\n"
    "         replay and an index page\n"
    "       mahjong replay import [--from tenhou6|mjlog|mjai] [--jobs N] FILE|DIR... -o OUT\n"
    "         outside logs re-simulated through the engine and written as replays (explicit walls)\n"
    "       mahjong replay review FILE [--seat N|all] [--agent SPEC] [--top K] [-o OUT.json]\n"
    "         every decision beside a reviewing agent's choice and estimates; agreement and losses per seat\n"
    "       mahjong replay html FILE --review REVIEW.json [-o OUT.html]   (the review shown in the viewer)\n";

int ReplayCommandUsage(const std::string& problem) {
  std::cerr << "mahjong replay: " << problem << "\n" << kReplayCommandUsage;
  return 2;
}

// The replay files named by `args`: files as given, directories searched for *.json.
std::vector<std::string> ReplayFiles(const std::vector<std::string>& args, std::string* problem) {
  std::vector<std::string> files;
  for (const std::string& a : args) {
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      std::vector<std::string> found;
      for (fs::recursive_directory_iterator it(a, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && IsReplayFileName(it->path().filename().string()))
          found.push_back(it->path().string());
      if (ec) {
        *problem = "cannot list " + a + ": " + ec.message();
        return {};
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(a);
    }
  }
  return files;
}

// One file's verdict line; true when it verifies.
bool VerifyFile(const std::string& file, std::string* line) {
  auto record = ReadReplayFile(file);
  if (!record) {
    *line = file + ": load error: " + record.error() + "\n";
    return false;
  }
  auto check = VerifyReplay(*record);
  if (!check) {
    *line = file + ": cannot verify: " + check.error() + "\n";
    return false;
  }
  if (!check->ok()) {
    *line = file + ": diverges at " + check->divergence->ToString() + "\n";
    return false;
  }
  *line = file + ": ok (" + std::to_string(check->events) + " events)\n";
  return true;
}

int ReplayCommandVerify(const std::vector<std::string>& all_args) {
  std::vector<std::string> args;
  int jobs = 1;
  for (size_t i = 0; i < all_args.size(); ++i) {
    const std::string& a = all_args[i];
    if (a == "--jobs" || a == "-j" || a.rfind("--jobs=", 0) == 0) {
      std::string value;
      if (a.rfind("--jobs=", 0) == 0) {
        value = a.substr(7);
      } else if (i + 1 < all_args.size()) {
        value = all_args[++i];
      }
      int n = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < 1 || n > 1024)
        return ReplayCommandUsage("--jobs needs a number of threads from 1 to 1024, got \"" + value + "\"");
      jobs = n;
    } else {
      args.push_back(a);
    }
  }
  if (args.empty()) return ReplayCommandUsage("verify needs at least one FILE or DIR");
  std::string problem;
  const std::vector<std::string> files = ReplayFiles(args, &problem);
  if (!problem.empty()) {
    std::cerr << "mahjong replay verify: " << problem << "\n";
    return 2;
  }
  if (files.empty()) {
    std::cerr << "mahjong replay verify: no *.json, *.json.zst or *.json.gz files found\n";
    return 1;
  }
  // `jobs` threads take the files in turn; the lines are printed in file order as they are ready,
  // so the output is the same for any --jobs.
  std::vector<std::string> lines(files.size());
  std::vector<char> done(files.size(), 0), ok(files.size(), 0);
  std::mutex mutex;
  std::condition_variable ready;
  std::atomic<size_t> next{0};
  size_t awaited = 0;  // the file whose line is printed next (guarded by `mutex`)
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < files.size();) {
      std::string line;
      const bool good = VerifyFile(files[i], &line);
      std::lock_guard<std::mutex> lock(mutex);
      lines[i] = std::move(line);
      ok[i] = good;
      done[i] = 1;
      if (i == awaited) ready.notify_one();  // only the awaited file wakes the printer
    }
  };
  std::vector<std::thread> workers;
  for (size_t t = 0; t < std::min<size_t>(static_cast<size_t>(jobs), files.size()); ++t) workers.emplace_back(work);
  bool all_ok = true;
  for (size_t i = 0; i < files.size(); ++i) {
    std::string line;
    {
      std::unique_lock<std::mutex> lock(mutex);
      awaited = i;
      ready.wait(lock, [&] { return done[i] != 0; });
      line.swap(lines[i]);
      all_ok = all_ok && ok[i];
    }
    std::cout << line;  // printed without holding the lock the workers need
  }
  for (std::thread& w : workers) w.join();
  return all_ok ? 0 : 1;
}

int Show(const std::vector<std::string>& args) {
  std::string file;
  int hand = -1;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--hand") {
      if (i + 1 >= args.size()) return ReplayCommandUsage("--hand needs a number");
      try {
        size_t used = 0;
        hand = std::stoi(args[++i], &used);
        if (used != args[i].size() || hand < 0) throw std::invalid_argument("");
      } catch (const std::exception&) {
        return ReplayCommandUsage("--hand needs a number 0 or more, got \"" + args[i] + "\"");
      }
    } else if (file.empty()) {
      file = args[i];
    } else {
      return ReplayCommandUsage("show takes one FILE");
    }
  }
  if (file.empty()) return ReplayCommandUsage("show needs a FILE");
  auto record = ReadReplayFile(file);
  if (!record) {
    std::cerr << "mahjong replay show: " << file << ": " << record.error() << "\n";
    return 1;
  }
  if (hand >= 0 && hand >= HandCount(*record)) {
    std::cerr << "mahjong replay show: " << file << ": no hand " << hand << ": the game has " << HandCount(*record)
              << " hands (0.." << HandCount(*record) - 1 << ")\n";
    return 1;
  }
  std::cout << ShowReplay(*record, hand);
  return 0;
}

int Export(const std::vector<std::string>& args) {
  std::string file, format, dialect_name = "gimite";
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--dialect") {
      if (i + 1 >= args.size()) return ReplayCommandUsage("--dialect needs a value (gimite, mortal)");
      dialect_name = args[++i];
    } else if (args[i].rfind("--dialect=", 0) == 0) {
      dialect_name = args[i].substr(10);
    } else if (args[i] == "--format") {
      if (i + 1 >= args.size()) return ReplayCommandUsage("--format needs a value (mjai)");
      format = args[++i];
    } else if (args[i].rfind("--format=", 0) == 0) {
      format = args[i].substr(9);
    } else if (file.empty()) {
      file = args[i];
    } else {
      return ReplayCommandUsage("export takes one FILE");
    }
  }
  if (format != "mjai" && format != "tenhou6")
    return ReplayCommandUsage(format.empty() ? "export needs --format mjai|tenhou6" : "unknown format \"" + format + "\" (mjai, tenhou6)");
  if (file.empty()) return ReplayCommandUsage("export needs a FILE");
  MjaiDialect dialect{};
  if (!ParseMjaiDialect(dialect_name, &dialect))
    return ReplayCommandUsage("unknown --dialect \"" + dialect_name + "\" (gimite: the reference server's; mortal: mjai.app's)");
  auto record = ReadReplayFile(file);
  if (!record) {
    std::cerr << "mahjong replay export: " << file << ": " << record.error() << "\n";
    return 1;
  }
  if (format == "tenhou6") {
    if (auto refusal = tenhou::Tenhou6ExportRefusal(*record)) {
      std::cerr << "mahjong replay export: " << file << ": " << *refusal << "\n";
      return 1;
    }
    std::cout << tenhou::ExportGame(*record).dump() << "\n";
    return 0;
  }
  if (auto refusal = MjaiExportRefusal(record->rules)) {
    std::cerr << "mahjong replay export: " << file << ": " << *refusal << "\n";
    return 1;
  }
  std::cout << ExportMjaiLog(record->events, record->rules, record->agents, dialect);
  return 0;
}

}  // namespace

int RunReplay(const std::vector<std::string>& args) {
  if (args.empty()) return ReplayCommandUsage("missing subcommand");
  const std::string& sub = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (sub == "--help" || sub == "-h" || sub == "help") {
    std::cout << kReplayCommandUsage;
    return 0;
  }
  if (std::find(rest.begin(), rest.end(), "--help") != rest.end()) {
    std::cout << kReplayCommandUsage;
    return 0;
  }
  if (sub == "verify") return ReplayCommandVerify(rest);
  if (sub == "show") return Show(rest);
  if (sub == "export") return Export(rest);
  if (sub == "html") return RunReplayHtml(rest);
  if (sub == "import") return RunReplayImport(rest);
  if (sub == "review") return RunReplayReview(rest);
  return ReplayCommandUsage("unknown subcommand \"" + sub + "\"");
}

}  // namespace mj::cli
