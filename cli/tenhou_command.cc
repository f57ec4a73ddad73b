// `mahjong tenhou verify FILE|DIR...`: drives the engine with real Tenhou games (tenhou.net/6
// JSON) and prints every difference between the record and the engine. See docs/TENHOU.md.

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "formats/tenhou_verify.h"
#include "rules/ruleset.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

constexpr const char* kTenhouCommandUsage =
    "usage: mahjong tenhou verify [--quiet] [--time] [--trace HAND] [--rules NAME|FILE] FILE|DIR...\n"
    "  Replays every hand of each tenhou.net/6 JSON record (a directory: its *.json records)\n"
    "  through the engine and compares legality, outcomes, point changes, han, fu and yaku.\n"
    "  Prints one line per mismatch, then 'games: G hands: H mismatches: M'.\n"
    "  A file that cannot be read as a record counts as a mismatch.\n"
    "  Rules: the riichi preset, with the game end of the record's era (records before 2022:\n"
    "  no tenpai-yame); --rules verifies every record under that ruleset instead (the record's\n"
    "  game length, red fives and open tanyao still apply).\n"
    "  Exit status: 0 if there is no mismatch, 1 if there is one, 2 on bad usage.\n";

int TenhouCommandVerify(const std::vector<std::string>& args) {
  bool quiet = false;
  bool timing = false;
  std::string trace;
  std::string rules_name;
  std::vector<std::string> paths;
  po::options_description desc("options");
  desc.add_options()("help,h", "show this help")("quiet,q", po::bool_switch(&quiet), "print only the summary line")(
      "time", po::bool_switch(&timing), "report the run time on stderr")(
      "trace", po::value<std::string>(&trace),
      "print the engine's events of the hands labelled so (e.g. E2-1; 'all' for every hand) on stderr")(
      "rules", po::value<std::string>(&rules_name), "a preset name or ruleset file for every record")(
      "paths", po::value<std::vector<std::string>>(&paths), "files or directories");
  po::positional_options_description pos;
  pos.add("paths", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "mahjong tenhou verify: " << e.what() << "\n" << kTenhouCommandUsage;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << kTenhouCommandUsage << desc;
    return 0;
  }
  if (paths.empty()) {
    std::cerr << kTenhouCommandUsage;
    return 2;
  }
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    auto found = tenhou::CollectRecordFiles(p);
    if (!found) {
      std::cerr << "mahjong tenhou verify: " << found.error() << "\n";
      return 2;
    }
    if (found->empty()) std::cerr << "mahjong tenhou verify: no tenhou.net/6 records in " << p << "\n";
    files.insert(files.end(), found->begin(), found->end());
  }
  const auto start = std::chrono::steady_clock::now();
  int games = 0, hands = 0, mismatches = 0;
  tenhou::VerifyOptions options;
  if (!rules_name.empty()) {
    auto rules = LoadRuleset(rules_name);
    if (!rules) {
      std::cerr << "mahjong tenhou verify: --rules " << rules_name << ": " << rules.error() << "\n";
      return 2;
    }
    options.rules = std::move(rules).value();
  }
  if (!trace.empty()) {
    options.trace = stderr;
    options.trace_hand = trace == "all" ? "" : trace;
  }
  for (const std::string& file : files) {
    const tenhou::GameReport r = tenhou::VerifyFile(file, options);
    if (!r.read_ok) {
      std::cout << file << ": cannot verify: " << r.error << "\n";
      ++mismatches;
      continue;
    }
    ++games;
    hands += r.hands;
    mismatches += static_cast<int>(r.mismatches.size());
    if (!quiet)
      for (const tenhou::Mismatch& m : r.mismatches) std::cout << tenhou::FormatMismatch(file, m) << "\n";
  }
  std::cout << "games: " << games << " hands: " << hands << " mismatches: " << mismatches << "\n";
  if (timing) {
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "verified %d hands in %.3f s\n", hands, secs);
  }
  return mismatches == 0 ? 0 : 1;
}

}  // namespace

int RunTenhou(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : std::cout) << kTenhouCommandUsage;
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "verify") return TenhouCommandVerify(std::vector<std::string>(args.begin() + 1, args.end()));
  std::cerr << "mahjong tenhou: unknown subcommand \"" << args[0] << "\"\n" << kTenhouCommandUsage;
  return 2;
}

}  // namespace mj::cli
