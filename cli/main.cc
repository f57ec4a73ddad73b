// The `mahjong` command-line program: dispatches to a subcommand.

#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace {

constexpr const char* kMainUsage =
    "usage: mahjong <command> [options]\n"
    "commands:\n"
    "  score [--rules NAME|FILE] [--repeat N] [--pretty]\n"
    "        score hands given as JSON Lines on stdin (see docs/SCORE.md)\n"
    "  match --rules NAME --agents A,B,C,D --games N --seed S --out DIR [--duplicate] [--jobs N]\n"
    "        [--summary FILE] [--shard i/N]: play games between agents, write replays, print a table per agent\n"
    "  playtest --rules A,B,... --agents A,B,C,D --games N [--jobs N] [--report DIR]\n"
    "        the same duplicate games under each ruleset: luck against skill, rulesets compared\n"
    "  stats DIR|FILE... [--summary FILE] [--jobs N]\n"
    "        a match's statistics with 95% intervals, recomputed from its replays\n"
    "  stats merge SUMMARY... [-o OUT] [--jobs N]\n"
    "        the summary of a whole match from its shards' summaries (see docs/SCALE.md)\n"
    "  replay verify FILE|DIR | show FILE [--hand N] | export --format mjai FILE\n"
    "  tenhou verify FILE|DIR...\n"
    "        drive the engine with real Tenhou games (tenhou.net/6 JSON) and compare\n"
    "  soak --rules NAME --agents A,B,C,D --games N [--seed S] [--replays DIR]\n"
    "        play games checking every invariant after every event; report failures\n"
    "  mjai-client [--agent SPEC] mjsonp://HOST:PORT/ROOM | --stdio [--dialect lockstep|batched]\n"
    "        a built-in agent playing on an mjai server, or as a stdin/stdout mjai bot\n"
    "  serve --rules NAME --port P [--seats mjai,greedy,...] --games N --out DIR\n"
    "        the engine as an mjai server for outside bots (see docs/MJAI.md)\n"
    "run 'mahjong <command> --help' for a command's options\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << kMainUsage;
    return 2;
  }
  const std::string command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "score") return mj::cli::RunScore(args);
  if (command == "match") return mj::cli::RunMatch(args);
  if (command == "playtest") return mj::cli::RunPlaytest(args);
  if (command == "stats") return mj::cli::RunStats(args);
  if (command == "replay") return mj::cli::RunReplay(args);
  if (command == "tenhou") return mj::cli::RunTenhou(args);
  if (command == "soak") return mj::cli::RunSoak(args);
  if (command == "mjai-client") return mj::cli::RunMjaiClient(args);
  if (command == "serve") return mj::cli::RunServe(args);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kMainUsage;
    return 0;
  }
  std::cerr << "unknown command \"" << command << "\"\n" << kMainUsage;
  return 2;
}
