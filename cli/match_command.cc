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
#include "replays/match_stats.h"
#include "replays/replay.h"
#include "rules/ruleset.h"
#include "rules/scoring_module.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

constexpr const char* kName = "mahjong match";
constexpr long kMaxGames = 10'000'000;

// Parses a whole decimal number (no sign, no trailing text) into an unsigned 64-bit value.
Result<uint64_t> ParseUnsigned(const std::string& text, const char* what) {
  uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end)
    return Error{std::string(what) + " must be a non-negative whole number, got \"" + text + "\""};
  if (ec == std::errc::result_out_of_range)
    return Error{std::string(what) + " is too large (at most 18446744073709551615), got \"" + text + "\""};
  return v;
}

Result<std::array<std::string, 4>> ParseAgents(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    // "defensive:fold_shanten=2,push_when_tenpai=false": a part with '=' but no ':' continues
    // the previous agent's options.
    if (!parts.empty() && part.find('=') != std::string::npos && part.find(':') == std::string::npos &&
        parts.back().find(':') != std::string::npos) {
      parts.back() += "," + part;
    } else {
      parts.push_back(std::move(part));
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (parts.size() != 4)
    return Error{"--agents needs exactly 4 comma-separated agents, got " + std::to_string(parts.size()) + " in \"" +
                 text + "\""};
  std::array<std::string, 4> out;
  for (int i = 0; i < 4; ++i) {
    if (parts[i].empty()) return Error{"--agents: agent " + std::to_string(i + 1) + " is empty in \"" + text + "\""};
    auto agent = MakeAgent(parts[i]);
    if (!agent) return Error{"--agents: \"" + parts[i] + "\": " + agent.error()};
    out[i] = parts[i];
  }
  return out;
}

// One updating line on stderr: "\r[=====>    ]  12/100 games  3.4 games/s".
class Progress {
 public:
  explicit Progress(long total) : total_(total), start_(std::chrono::steady_clock::now()) {}
  void Show(long done, bool force = false) {
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(kWidth * done / std::max(1L, total_));
    std::string bar(static_cast<size_t>(filled), '=');
    if (filled < kWidth) bar += done > 0 ? ">" : " ";
    bar.resize(kWidth, ' ');
    const double secs = Seconds();
    std::fprintf(stderr, "\r[%s] %ld/%ld games  %.1f games/s ", bar.c_str(), done, total_, secs > 0 ? done / secs : 0.0);
    std::fflush(stderr);
    shown_ = true;
  }
  // Erases the line so a message can be printed; the next Show() redraws it.
  void Clear() {
    if (shown_) std::fprintf(stderr, "\r%*s\r", 80, "");
    shown_ = false;
  }
  void Finish(long done) {
    Show(done, true);
    std::fprintf(stderr, "\n");
  }
  [[nodiscard]] double Seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  long total_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_{};
  bool shown_ = false;
};

}  // namespace

int RunMatch(const std::vector<std::string>& args) {
  std::string rules_name, agents_text, games_text, seed_text, out_dir;
  po::options_description desc(
      "mahjong match: plays games between four agents, writes one replay per game, prints a table per agent\n"
      "(game g, 1-based, has seed SplitMix64(SplitMix64(S) + g) and seats the agent list rotated by\n"
      "(g - 1) % 4; see docs/MATCH.md)");
  desc.add_options()("help,h", "show this help")(
      "rules", po::value<std::string>(&rules_name)->default_value("riichi"), "ruleset preset name or JSON file")(
      "agents", po::value<std::string>(&agents_text), "four agents, comma-separated (random, greedy, defensive[:opts])")(
      "games", po::value<std::string>(&games_text)->default_value("1"), "number of games N")(
      "seed", po::value<std::string>(&seed_text)->default_value("0"), "match seed S (0..2^64-1)")(
      "out", po::value<std::string>(&out_dir), "directory for the replays game-0001.json ... (created)");
  po::variables_map vm;
  try {
    // No positional arguments: a stray word is an error, not silently ignored.
    po::store(po::command_line_parser(args).options(desc).positional(po::positional_options_description()).run(),
              vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << kName << ": " << e.what() << "\n" << desc;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << desc;
    return 0;
  }
  if (!vm.count("agents")) {
    std::cerr << kName << ": --agents is required (e.g. --agents greedy,greedy,defensive,random)\n";
    return 2;
  }
  if (!vm.count("out")) {
    std::cerr << kName << ": --out DIR is required (the replays are written there)\n";
    return 2;
  }
  auto games = ParseUnsigned(games_text, "--games");
  if (!games || *games < 1 || *games > static_cast<uint64_t>(kMaxGames)) {
    std::cerr << kName << ": --games must be a whole number between 1 and " << kMaxGames << ", got \"" << games_text
              << "\"\n";
    return 2;
  }
  const long num_games = static_cast<long>(*games);
  auto seed = ParseUnsigned(seed_text, "--seed");
  if (!seed) {
    std::cerr << kName << ": " << seed.error() << "\n";
    return 2;
  }
  auto rules = LoadRuleset(rules_name);
  if (!rules) {
    std::cerr << kName << ": --rules: " << rules.error() << "\n";
    return 2;
  }
  if (FindScoringModule(rules->scoring) == nullptr) {
    std::cerr << kName << ": --rules: ruleset names unknown scoring module \"" << rules->scoring << "\"\n";
    return 2;
  }
  auto specs = ParseAgents(agents_text);
  if (!specs) {
    std::cerr << kName << ": " << specs.error() << "\n";
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec || !std::filesystem::is_directory(out_dir)) {
    std::cerr << kName << ": --out: cannot create directory \"" << out_dir << "\""
              << (ec ? ": " + ec.message() : std::string(": a file of that name exists")) << "\n";
    return 2;
  }

  MatchStats stats(*specs);
  Progress progress(num_games);
  std::vector<std::string> problems;
  long hands = 0;
  int exit_code = 0;
  progress.Show(0, true);
  for (long g = 1; g <= num_games; ++g) {
    const int game = static_cast<int>(g);
    const std::array<int, 4> seating = MatchSeating(game);
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<Agent*, 4> agents{};
    std::array<std::string, 4> labels;
    for (int s = 0; s < 4; ++s) {
      labels[s] = (*specs)[seating[s]];
      auto made = MakeAgent(labels[s]);
      if (!made) {  // validated above; only a registry that changed its mind gets here
        progress.Clear();
        std::cerr << kName << ": agent \"" << labels[s] << "\": " << made.error() << "\n";
        return 2;
      }
      owned[s] = std::move(made).value();
      agents[s] = owned[s].get();
    }
    const uint64_t game_seed = MatchGameSeed(*seed, game);
    GameRecord record = PlayGame(*rules, game_seed, agents);
    record.agents = labels;  // the specs as given, options included
    char name[32];
    std::snprintf(name, sizeof name, "game-%04ld.json", g);
    const std::string path = (std::filesystem::path(out_dir) / name).string();
    auto written = WriteReplayFile(record, path);
    if (!written) {
      progress.Clear();
      std::cerr << kName << ": game " << g << ": cannot write the replay: " << written.error() << "\n";
      return 1;
    }
    if (!record.complete) {
      progress.Clear();
      const std::string msg = "game " + std::to_string(g) + " (seed " + std::to_string(game_seed) +
                              ") stopped: " + record.error + "; the replay up to there is in " + path;
      std::cerr << kName << ": " << msg << "\n";
      problems.push_back(msg);
      exit_code = 1;
    }
    stats.AddGame(record, labels);
    hands += HandCount(record);
    progress.Show(g);
  }
  progress.Finish(num_games);
  const double secs = progress.Seconds();
  std::fprintf(stderr, "%s: %ld games, %ld hands in %.2f s (%.1f games/s); replays in %s\n", kName, num_games, hands,
               secs, secs > 0 ? num_games / secs : 0.0, out_dir.c_str());
  std::cout << "rules " << rules->name << ", seed " << *seed << ", " << num_games << " game"
            << (num_games == 1 ? "" : "s") << ", seats rotated each game\n"
            << FormatMatchTable(stats);
  if (rules->shields.enabled) std::cout << "\n" << FormatShieldTable(stats);
  if (!problems.empty()) {
    std::cout << problems.size() << " game" << (problems.size() == 1 ? " was" : "s were")
              << " stopped by an agent error (details on stderr)\n";
  }
  std::cout.flush();
  return exit_code;
}

}  // namespace mj::cli
