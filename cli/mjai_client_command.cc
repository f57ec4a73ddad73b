// `mahjong mjai-client`: a built-in agent playing on an mjai server (TCP, mjsonp://HOST:PORT/ROOM)
// or as a stdin/stdout mjai bot (docs/MJAI.md, "mjai-client").

#include <boost/program_options.hpp>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "agents/registry.h"
#include "cli/commands.h"
#include "cli/option_parsing.h"
#include "mjai/client.h"
#include "rules/ruleset.h"
#include "rules/scoring_module.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

constexpr const char* kMjaiClientCommandName = "mahjong mjai-client";

}  // namespace

int RunMjaiClient(const std::vector<std::string>& args) {
  std::string agent_spec, rules_name, name, seed_text, game_seed_text, match_seed_text, dialect_text, log_level, url;
  int games = 1;
  long max_line = 1 << 20, read_timeout_s = 600;
  po::options_description desc(
      "mahjong mjai-client: a built-in agent as an mjai client, until end_game\n"
      "  mahjong mjai-client [--agent SPEC] mjsonp://HOST:PORT/ROOM      (TCP, lock-step)\n"
      "  mahjong mjai-client [--agent SPEC] --stdio [--dialect lockstep|batched]\n"
      "options");
  desc.add_options()("help,h", "show this help")(
      "agent", po::value<std::string>(&agent_spec)->default_value("greedy"),
      "agent spec (random, greedy, defensive, expert[:opts], see docs/AGENTS.md)")(
      "rules", po::value<std::string>(&rules_name)->default_value("riichi"),
      "ruleset the server plays (preset name or JSON file)")(
      "name", po::value<std::string>(&name), "name sent in join (default: mjai-client:SPEC)")(
      "seed", po::value<std::string>(&seed_text)->default_value("0"), "seed passed to the agent")(
      "game-seed", po::value<std::string>(&game_seed_text),
      "instead of --seed: the seed the engine gives this seat's agent in a game of this seed (to play "
      "a game exactly as the built-in agent would; every game of the process gets it)")(
      "match-seed", po::value<std::string>(&match_seed_text),
      "instead of --seed: game k of this process gets the seed the engine gives this seat's agent in "
      "game k of a match or serve of this seed (the process must play that match's games from the "
      "first, in order)")(
      "games", po::value<int>(&games)->default_value(1),
      "games to play in this process: over TCP it connects and joins again after each end_game; with "
      "--stdio the next game's events follow on stdin (saves the agents' start-up tables per game)")(
      "stdio", "read events on stdin, write answers on stdout (a bot a server starts)")(
      "dialect", po::value<std::string>(&dialect_text)->default_value("lockstep"),
      "stdio dialect: lockstep (one event per line, one answer each) or batched (a line holds the "
      "events since the last answer, as a JSON array; one answer per line)")(
      "max-line", po::value<long>(&max_line)->default_value(1 << 20),
      "the longest line accepted from the server, in bytes (256 .. 67108864); a longer one is an error")(
      "read-timeout", po::value<long>(&read_timeout_s)->default_value(600),
      "TCP: seconds the server may stay silent (1 .. 86400; players' thinking and joins included) before "
      "the client gives up with an error")(
      "log-level", po::value<std::string>(&log_level)->default_value("warn"),
      "trace (every line on the wire), debug, info, warn, error, off; logs go to stderr")(
      "url", po::value<std::string>(&url), "mjsonp://HOST:PORT/ROOM");
  po::positional_options_description positional;
  positional.add("url", 1);
  po::variables_map vm;
  if (const auto stop = ParseOptions(kMjaiClientCommandName, args, desc, vm, positional)) return *stop;
  // Logs on stderr: stdout carries the protocol in --stdio mode.
  auto logger = spdlog::stderr_color_mt("mjai-client");
  spdlog::set_default_logger(logger);
  const auto level = spdlog::level::from_str(log_level);
  if (level == spdlog::level::off && log_level != "off") {
    std::cerr << kMjaiClientCommandName << ": --log-level: unknown level \"" << log_level << "\"\n";
    return 2;
  }
  spdlog::set_level(level);

  if (games < 1) {
    std::cerr << kMjaiClientCommandName << ": --games must be at least 1\n";
    return 2;
  }
  if (max_line < 256 || max_line > (64L << 20) || read_timeout_s < 1 || read_timeout_s > 86400) {
    std::cerr << kMjaiClientCommandName << ": --max-line must be 256 .. 67108864 bytes and --read-timeout 1 .. 86400 s\n";
    return 2;
  }
  MjaiClientLimits limits;
  limits.max_line = static_cast<size_t>(max_line);
  limits.read_timeout = std::chrono::seconds(read_timeout_s);
  const bool stdio = vm.count("stdio") > 0;
  if (stdio == !url.empty()) {
    std::cerr << kMjaiClientCommandName << ": give either an mjsonp://HOST:PORT/ROOM address or --stdio\n" << desc;
    return 2;
  }
  MjaiStdioDialect dialect = MjaiStdioDialect::kLockstep;
  if (dialect_text == "batched") {
    dialect = MjaiStdioDialect::kBatched;
  } else if (dialect_text != "lockstep") {
    std::cerr << kMjaiClientCommandName << ": --dialect must be lockstep or batched, got \"" << dialect_text << "\"\n";
    return 2;
  }
  if (vm.count("game-seed") && vm.count("match-seed")) {
    std::cerr << kMjaiClientCommandName << ": give --game-seed or --match-seed, not both\n";
    return 2;
  }
  uint64_t seed = 0, game_seed = 0, match_seed = 0;
  for (const auto& [option, text, value] : {std::tuple{"--seed", &seed_text, &seed},
                                             std::tuple{"--game-seed", &game_seed_text, &game_seed},
                                             std::tuple{"--match-seed", &match_seed_text, &match_seed}}) {
    if (std::string_view(option) != "--seed" && !vm.count(std::string(option).substr(2))) continue;
    const char* end = text->data() + text->size();
    const auto [ptr, ec] = std::from_chars(text->data(), end, *value);
    if (text->empty() || ec != std::errc() || ptr != end) {
      std::cerr << kMjaiClientCommandName << ": " << option << " must be a whole number 0..2^64-1, got \"" << *text << "\"\n";
      return 2;
    }
  }
  auto rules = ReadRulesOption(rules_name);
  if (!rules) {
    std::cerr << kMjaiClientCommandName << ": " << rules.error() << "\n";
    return 2;
  }
  auto agent = MakeAgent(agent_spec);
  if (!agent) {
    std::cerr << kMjaiClientCommandName << ": --agent: " << agent.error() << "\n";
    return 2;
  }
  // Not the bare spec: a server recording it as the seat's agent must not take it for the built-in
  // agent playing in-process (its ties between equal tiles break by another hand order).
  if (name.empty()) name = "mjai-client:" + agent_spec;
  MjaiBot bot(*rules, std::move(agent).value(), seed);
  if (vm.count("game-seed")) bot.set_game_seed(game_seed);
  if (vm.count("match-seed")) bot.set_match_seed(match_seed);

  Result<MjaiClientResult> result = Error{""};
  if (stdio) {
    std::ios::sync_with_stdio(false);
    result = RunMjaiStdioClient(std::cin, std::cout, dialect, bot, games, limits);
  } else {
    auto address = ParseMjsonpUrl(url);
    if (!address) {
      std::cerr << kMjaiClientCommandName << ": " << address.error() << "\n";
      return 2;
    }
    for (int g = 1; g <= games; ++g) {
      // A server still playing a game for other players answers the join with "room is busy"
      // (the reference server's words): join again, 20 ms later and then less often (up to
      // every second, so a long game is not met with a flood of joins), for up to 30 s.
      const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
      for (auto pause = std::chrono::milliseconds(20);; pause = std::min(2 * pause, std::chrono::milliseconds(1000))) {
        const long events_before = bot.stats().events;
        result = RunMjaiTcpClient(*address, name, bot, limits);
        const bool busy = !result && bot.stats().events == events_before &&
                          result.error().find("busy") != std::string::npos;
        if (!busy || std::chrono::steady_clock::now() + pause > give_up) break;
        spdlog::info("mjai-client: {}; joining again in {} ms", result.error(), pause.count());
        std::this_thread::sleep_for(pause);
      }
      if (!result) break;
      if (games > 1) spdlog::info("mjai-client: game {} of {} over", g, games);
    }
  }
  const MjaiBotStats& st = bot.stats();
  if (!result) {
    const int seat = bot.seat_state().seat();
    std::cerr << kMjaiClientCommandName << ": " << (seat >= 0 ? "seat " + std::to_string(seat) + ": " : std::string()) << result.error()
              << "\n";
    return 1;
  }
  std::cerr << kMjaiClientCommandName << ": " << (result->game_ended ? "game over" : "input ended") << ", seat "
            << bot.seat_state().seat();
  if (result->game_ended)
    std::cerr << ", final scores " << result->final_scores[0] << " " << result->final_scores[1] << " "
              << result->final_scores[2] << " " << result->final_scores[3];
  std::cerr << "; " << st.events << " events, " << st.decisions << " decisions, " << st.agent_calls
            << " asked the agent, " << st.hint_removed << " actions left out by the server's hints, "
            << st.hint_unknown << " hinted actions the engine did not offer\n";
  return 0;
}

}  // namespace mj::cli
