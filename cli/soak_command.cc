// `mahjong soak`: plays many games with every invariant checked after every event (tiles
// conserved, points plus deposits conserved, hand sizes), writes no replay unless asked, and
// reports games, hands, time, peak memory and every failure. scripts/soak.sh drives it per preset.

#include <sys/resource.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "cli/commands.h"
#include "cli/option_parsing.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "engine/match_plan.h"
#include "playtest/match_stats.h"
#include "replays/replay.h"
#include "rules/ruleset.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

constexpr const char* kSoakCommandName = "mahjong soak";

double PeakMegabytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // ru_maxrss is in kB on Linux
}

// What went wrong in one game, or "" when nothing did.
std::string CheckGame(const GameRecord& record, const std::string& broken, const Ruleset& rules) {
  if (!broken.empty()) return broken;
  if (!record.complete) return "stopped: " + record.error;
  // Final points: everything that was dealt out at the start, deposits included (FinalScores
  // gives leftover deposits to first place), before uma and oka.
  long sum = 0;
  for (int p = 0; p < 4; ++p) sum += record.end.scores[p];
  if (sum != 4L * rules.starting_points)
    return "final points sum to " + std::to_string(sum) + ", expected " + std::to_string(4L * rules.starting_points);
  return {};
}

}  // namespace

int RunSoak(const std::vector<std::string>& args) {
  std::string rules_name, agents_text, replay_dir;
  long games = 0;
  long first = 1;
  unsigned long long seed = 0;
  long keep_every = 0;
  bool quiet = false;
  po::options_description desc(
      "mahjong soak: plays N games (game g has seed SplitMix64(SplitMix64(S) + g) and the agents rotated like\n"
      "`match`), checks every invariant after every event and each game's final points, and reports games,\n"
      "hands, time, peak memory and failures. Exit status 1 when any game fails");
  desc.add_options()("help,h", "show this help")(
      "rules", po::value<std::string>(&rules_name)->default_value("riichi"), "ruleset preset name or JSON file")(
      "agents", po::value<std::string>(&agents_text)->default_value("random,random,random,random"),
      "four agents, comma-separated")("games", po::value<long>(&games)->default_value(1000), "number of games")(
      "first-game", po::value<long>(&first)->default_value(1),
      "index of the first game (games FIRST .. FIRST+N-1; lets a soak be split into chunks)")(
      "seed", po::value<unsigned long long>(&seed)->default_value(0), "soak seed S")(
      "replays", po::value<std::string>(&replay_dir),
      "directory for replays: every failing game's, and every K-th game's with --keep-every")(
      "keep-every", po::value<long>(&keep_every)->default_value(0), "with --replays: also keep every K-th game")(
      "quiet,q", po::bool_switch(&quiet), "no progress line");
  po::variables_map vm;
  if (const auto stop = ParseOptions(kSoakCommandName, args, desc, vm)) return *stop;
  if (games < 1 || first < 1 || first > 2'000'000'000 - games || keep_every < 0) {
    std::cerr << kSoakCommandName << ": --games and --first-game must be at least 1 (their sum below 2*10^9), --keep-every at least 0\n";
    return 2;
  }
  auto rules = LoadRuleset(rules_name);
  if (!rules) {
    std::cerr << kSoakCommandName << ": --rules: " << rules.error() << "\n";
    return 2;
  }
  std::vector<std::string> specs;
  for (size_t start = 0;;) {
    const size_t comma = agents_text.find(',', start);
    specs.push_back(agents_text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (specs.size() != 4) {
    std::cerr << kSoakCommandName << ": --agents needs 4 agents, got " << specs.size() << "\n";
    return 2;
  }
  for (const std::string& s : specs) {
    if (auto a = MakeAgent(s); !a) {
      std::cerr << kSoakCommandName << ": --agents: \"" << s << "\": " << a.error() << "\n";
      return 2;
    }
  }
  if (!replay_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(replay_dir, ec);
    if (ec) {
      std::cerr << kSoakCommandName << ": --replays: cannot create \"" << replay_dir << "\": " << ec.message() << "\n";
      return 2;
    }
  }

  const auto start = std::chrono::steady_clock::now();
  auto last_shown = start;
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  long hands = 0, failures = 0, events = 0;
  const int total = 4 * rules->starting_points;
  const long last = first + games - 1;
  for (long g = first; g <= last; ++g) {
    const int game = static_cast<int>(g);
    const std::array<int, 4> seating = MatchSeating(game);
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<Agent*, 4> agents{};
    for (int s = 0; s < 4; ++s) {
      owned[s] = std::move(MakeAgent(specs[seating[s]])).value();
      agents[s] = owned[s].get();
    }
    std::string broken;
    GameOptions options;
    options.observer = [&](const RoundState& s, const Event& e) {
      ++events;
      if (!broken.empty()) return;
      std::string what = CheckInvariants(s, total);
      if (!what.empty()) broken = "after event " + std::string(EventTypeName(e.type)) + ": " + what;
    };
    const uint64_t game_seed = MatchGameSeed(seed, game);
    GameRecord record = PlayGame(*rules, game_seed, agents, options);
    for (int s = 0; s < 4; ++s) record.agents[s] = specs[seating[s]];
    hands += HandCount(record);
    const std::string failure = CheckGame(record, broken, *rules);
    const bool keep = !replay_dir.empty() && (!failure.empty() || (keep_every > 0 && g % keep_every == 0));
    std::string kept;
    if (keep) {
      char name[48];
      std::snprintf(name, sizeof name, "soak-%08ld.json", g);
      kept = (std::filesystem::path(replay_dir) / name).string();
      if (auto w = WriteReplayFile(record, kept); !w) kept = "(not written: " + w.error() + ")";
    }
    if (!failure.empty()) {
      ++failures;
      std::fprintf(stderr, "\n%s: FAILURE game %ld (seed %llu): %s%s%s\n", kSoakCommandName, g,
                   static_cast<unsigned long long>(game_seed), failure.c_str(), kept.empty() ? "" : "; replay ",
                   kept.c_str());
    }
    const auto now = std::chrono::steady_clock::now();
    if (!quiet && (now - last_shown > std::chrono::seconds(2) || g == last)) {
      last_shown = now;
      const double secs = seconds();
      const long done = g - first + 1;
      std::fprintf(stderr, "\r%s %s: %ld/%ld games, %.0f games/s, %ld failures ", kSoakCommandName, rules->name.c_str(), done,
                   games, secs > 0 ? done / secs : 0.0, failures);
      std::fflush(stderr);
    }
  }
  if (!quiet) std::fprintf(stderr, "\n");
  const double secs = seconds();
  std::printf("soak rules=%s agents=%s seed=%llu games %ld-%ld: %ld games, %ld hands, %ld events, %ld failures in "
              "%.1f s (%.0f games/s), peak RSS %.1f MB\n",
              rules->name.c_str(), agents_text.c_str(), seed, first, last, games, hands, events, failures, secs,
              secs > 0 ? games / secs : 0.0, PeakMegabytes());
  return failures == 0 ? 0 : 1;
}

}  // namespace mj::cli
