#pragma once
// Subcommands of the `mahjong` program. Each takes the arguments after its name and returns
// the process exit code.

#include <string>
#include <vector>

namespace mj::cli {

// `score [--rules NAME] [--repeat N] [--pretty]`: JSON Lines in on stdin, one result per line out.
int RunScore(const std::vector<std::string>& args);
// `match --rules R --agents a,b,c,d --games N --seed S --out DIR [--duplicate] [--jobs N]
// [--summary FILE]`: plays games, writes replays, prints a table per agent with intervals.
int RunMatch(const std::vector<std::string>& args);
// `stats DIR|FILE... [--summary FILE]`: a match's statistics with intervals, from its replays.
int RunStats(const std::vector<std::string>& args);
// `stats merge SUMMARY... [-o OUT]`: the summary of a whole match from its shards' summaries.
int RunStatsMerge(const std::vector<std::string>& args);
// `playtest --rules A,B --agents a,b,c,d --games N [--jobs N] [--report DIR]`: one duplicate
// design under each ruleset, luck against skill, the rulesets ranked.
int RunPlaytest(const std::vector<std::string>& args);
// `replay verify|show|export ...`.
int RunReplay(const std::vector<std::string>& args);
// `replay html FILE|DIR [-o OUT]`: the viewer page of a replay, or of every replay below DIR plus
// an index page (cli/replay_html_command.cc).
int RunReplayHtml(const std::vector<std::string>& args);
int RunReplayImport(const std::vector<std::string>& args);
int RunReplayReview(const std::vector<std::string>& args);
// `tenhou verify FILE|DIR...`: replays real Tenhou games through the engine.
int RunTenhou(const std::vector<std::string>& args);
// `mjai-client [--agent SPEC] mjsonp://HOST:PORT/ROOM | --stdio`: a built-in agent on an mjai server.
int RunMjaiClient(const std::vector<std::string>& args);

// `serve --rules R --port P [--host H] [--games N] [--seed S] [--seats mjai,greedy,...] --out DIR`:
// the engine as an mjai server (docs/MJAI.md).
int RunServe(const std::vector<std::string>& args);

// `soak --rules R --agents a,b,c,d --games N --seed S [--replays DIR]`: plays games with every
// invariant checked after every event; exit status 1 when any game fails.
int RunSoak(const std::vector<std::string>& args);

}  // namespace mj::cli
