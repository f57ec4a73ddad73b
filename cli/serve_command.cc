// `mahjong serve`: the engine as an mjai server (docs/MJAI.md). Players join over TCP in the
// reference server's dialect and sit at the "mjai" seats of --seats, beside built-in agents and
// mjai-stdio bots; N games are played with the usual seeds and each writes a replay.

#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "agents/registry.h"
#include "cli/commands.h"
#include "cli/match_args.h"
#include "cli/option_parsing.h"
#include "engine/game.h"
#include "mjai/bot_process.h"
#include "mjai/mjai_table.h"
#include "mjai/stdio_bots.h"
#include "mjai/tcp_lobby.h"
#include "engine/match_plan.h"
#include "replays/replay.h"
#include "rules/bounded_json.h"
#include "rules/ruleset.h"
#include "rules/scoring_module.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

constexpr const char* kServeCommandName = "mahjong serve";

std::vector<std::string> SplitSeats(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// Sets up the default logger: stderr, or a file; "info" by default.
bool SetUpLogging(const std::string& level_name, const std::string& file) {
  const spdlog::level::level_enum level = spdlog::level::from_str(level_name);
  if (level == spdlog::level::off && level_name != "off") return false;
  std::shared_ptr<spdlog::logger> logger;
  if (file.empty()) {
    logger = spdlog::stderr_color_mt("serve");
  } else {
    logger = spdlog::basic_logger_mt("serve", file, true);
  }
  logger->set_level(level);
  logger->flush_on(spdlog::level::trace);
  logger->set_pattern("[%H:%M:%S.%e] [%l] %v");
  spdlog::set_default_logger(logger);
  return true;
}

}  // namespace

int RunServe(const std::vector<std::string>& args) {
  std::string rules_name, seats_text, host, out_dir, room, seed_text, log_level, log_file;
  long games = 1, port = 11600, hands = 0;
  BotFlags bot_flags;
  po::options_description desc(
      "mahjong serve: the engine as an mjai server (docs/MJAI.md). Players connect to\n"
      "mjsonp://HOST:PORT/ROOM and take the \"mjai\" seats of --seats in the order they join; the\n"
      "other seats are built-in agents or mjai-stdio:CMD bots. Game g (1-based) has the seed of\n"
      "match game g; seats are not rotated. Each game writes DIR/game-0001.json ...");
  desc.add_options()("help,h", "show this help")(
      "rules", po::value<std::string>(&rules_name)->default_value("riichi"), "ruleset preset name or JSON file")(
      "port", po::value<long>(&port)->default_value(11600), "TCP port (0: any free port, printed)")(
      "host", po::value<std::string>(&host)->default_value("127.0.0.1"), "address to listen on")(
      "room", po::value<std::string>(&room)->default_value("default"), "room name clients join")(
      "games", po::value<long>(&games)->default_value(1), "number of games N")(
      "seed", po::value<std::string>(&seed_text)->default_value("0"), "match seed S")(
      "hands", po::value<long>(&hands)->default_value(0),
      "stop each game after this many hands (0: the whole game; 1: the reference's one_kyoku)")(
      "seats", po::value<std::string>(&seats_text)->default_value("mjai,mjai,mjai,mjai"),
      "four seats: mjai (a TCP player), a built-in agent, or mjai-stdio:CMD")(
      "out", po::value<std::string>(&out_dir), "directory for the replays (created)")(
      "log-level", po::value<std::string>(&log_level)->default_value("info"),
      "trace (every line on the wire), debug, info, warn, error, off")(
      "log-file", po::value<std::string>(&log_file), "write the log there instead of stderr");
  AddBotFlags(desc, bot_flags, "lockstep", 60000);
  po::variables_map vm;
  if (const auto stop = ParseOptions(kServeCommandName, args, desc, vm)) return *stop;
  if (!vm.count("out")) {
    std::cerr << kServeCommandName << ": --out DIR is required (the replays are written there)\n";
    return 2;
  }
  if (games < 1 || port < 0 || port > 65535 || hands < 0) {
    std::cerr << kServeCommandName << ": --games must be at least 1, --port 0..65535, --hands >= 0\n";
    return 2;
  }
  const auto parsed_seed = ParseUnsigned(seed_text, "--seed");
  if (!parsed_seed) {
    std::cerr << kServeCommandName << ": " << parsed_seed.error() << "\n";
    return 2;
  }
  const uint64_t seed = *parsed_seed;
  if (!SetUpLogging(log_level, log_file)) {
    std::cerr << kServeCommandName << ": --log-level must be trace, debug, info, warn, error or off\n";
    return 2;
  }
  BotOptions options;
  if (const auto read = ReadBotFlags(bot_flags, &options); !read) {
    std::cerr << kServeCommandName << ": " << read.error() << "\n";
    return 2;
  }
  options.wire_log = [](int seat, const std::string& bot, bool sent, const std::string& line) {
    // A peer's line is logged as quoted text: no control character can split or colour the log.
    if (spdlog::should_log(spdlog::level::trace))
      spdlog::trace("{} seat {} ({})\t{}", sent ? "server ->" : "server <-", seat, bot, QuotedText(line, 1 << 16));
  };
  options.fault_log = [](const AgentFault& f) {
    spdlog::error("{}{}", f.error, f.substituted ? " (the seat plays tsumogiri/pass from now on)" : " (game ends)");
  };
  auto rules = ReadRulesOption(rules_name);
  if (!rules) {
    std::cerr << kServeCommandName << ": " << rules.error() << "\n";
    return 2;
  }
  const std::vector<std::string> seats = SplitSeats(seats_text);
  if (seats.size() != 4) {
    std::cerr << kServeCommandName << ": --seats needs exactly 4 comma-separated seats, got \"" << seats_text << "\"\n";
    return 2;
  }
  int tcp_seats = 0;
  for (const std::string& s : seats) {
    if (s == "mjai") {
      ++tcp_seats;
      continue;
    }
    if (auto ok = CheckAgentSpec(s); !ok) {
      std::cerr << kServeCommandName << ": --seats: \"" << s << "\": " << ok.error() << "\n";
      return 2;
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec || !std::filesystem::is_directory(out_dir)) {
    std::cerr << kServeCommandName << ": --out: cannot create directory \"" << out_dir << "\"\n";
    return 2;
  }
  auto lobby = TcpLobby::Listen(host, static_cast<int>(port));
  if (!lobby) {
    std::cerr << kServeCommandName << ": " << lobby.error() << "\n";
    return 1;
  }
  std::cout << "listening on " << host << " port " << (*lobby)->port() << ", URL mjsonp://" << host << ":"
            << (*lobby)->port() << "/" << room << std::endl;

  int exit_code = 0;
  for (long g = 1; g <= games; ++g) {
    // Players for this game: TCP joins for the "mjai" seats, in join order.
    std::vector<TcpPlayer> players;
    if (tcp_seats > 0) spdlog::info("game {}: waiting for {} player(s)", g, tcp_seats);
    while (static_cast<int>(players.size()) < tcp_seats) {
      auto p = (*lobby)->AcceptJoin(room, std::chrono::milliseconds(10000));
      if (!p) {
        std::cerr << kServeCommandName << ": " << p.error() << "\n";
        return 1;
      }
      players.push_back(std::move(p).value());
    }
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<std::unique_ptr<BotProcess>, 4> procs;
    std::array<Agent*, 4> agents{};
    std::array<BotSeat, 4> bots{};
    std::array<std::string, 4> labels;
    size_t next_player = 0;
    std::string start_error;
    for (int s = 0; s < 4; ++s) {
      if (seats[s] == "mjai") {
        TcpPlayer& p = players[next_player++];
        labels[s] = p.name;
        bots[s] = {p.name, p.channel.get()};
      } else if (IsStdioBotSpec(seats[s])) {
        labels[s] = seats[s];
        auto proc = BotProcess::Start(seats[s].substr(kStdioBotPrefix.size()));
        if (!proc) {
          start_error = proc.error();
          break;
        }
        procs[s] = std::move(proc).value();
        bots[s] = {seats[s], &procs[s]->channel()};
      } else {
        labels[s] = seats[s];
        owned[s] = std::move(MakeAgent(seats[s])).value();
        agents[s] = owned[s].get();
      }
    }
    if (!start_error.empty()) {
      std::cerr << kServeCommandName << ": game " << g << ": " << start_error << "\n";
      return 1;
    }
    const uint64_t game_seed = MatchGameSeed(seed, static_cast<int>(g));
    spdlog::info("game {} (seed {}): {} | {} | {} | {}", g, game_seed, labels[0], labels[1], labels[2], labels[3]);
    // A player arriving mid-game is told at once, as by the reference server; one joining again
    // after end_game (sent after before_end) waits in the queue for the next game.
    BotOptions game_options = options;
    game_options.before_end = [&lobby] { (*lobby)->StopRefusing(); };
    MjaiTable table(*rules, game_options, bots, agents);
    (*lobby)->StartRefusing("The room is busy. Retry after a while.");
    GameRecord record = table.Play(game_seed, static_cast<int>(hands));
    (*lobby)->StopRefusing();
    for (auto& p : procs)
      if (p) p->Stop(std::chrono::milliseconds(500));
    for (auto& p : players) p.channel.reset();  // the reference closes every socket after a game
    if (g == games) (*lobby)->RefusePending("No more games: this server has played its " + std::to_string(games) + ".");
    char name[32];
    std::snprintf(name, sizeof name, "game-%04ld.json", g);
    const std::string path = (std::filesystem::path(out_dir) / name).string();
    if (auto written = WriteReplayFile(record, path); !written) {
      std::cerr << kServeCommandName << ": game " << g << ": cannot write the replay: " << written.error() << "\n";
      return 1;
    }
    if (record.complete) {
      std::string line = "game " + std::to_string(g) + ":";
      for (int s = 0; s < 4; ++s) line += " " + labels[s] + ":" + std::to_string(record.end.scores[s]);
      std::cout << line << "; replay " << path << std::endl;
      spdlog::info("{}", line);
    } else {
      std::cout << "game " << g << ": ended with error: " << record.error << "; replay " << path << std::endl;
      exit_code = 1;
    }
  }
  return exit_code;
}

}  // namespace mj::cli
