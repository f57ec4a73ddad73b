// `mahjong score`: the scoring library behind a JSON Lines filter.

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/option_parsing.h"
#include "cli/pretty_score.h"
#include "cli/score_compare.h"
#include "rules/bounded_json.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"
#include "rules/scoring_module.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

// One input line as JSON, or the message of an invalid_input answer (the line is never echoed).
Result<nlohmann::json> ReadScoreLine(const std::string& line, bool too_long, long line_no) {
  const std::string where = "line " + std::to_string(line_no) + ": ";
  if (too_long)
    return Error{where + "longer than " + std::to_string(kScoreLineLimits.max_bytes) + " bytes; not read"};
  auto doc = ParseBoundedJson(line, kScoreLineLimits);
  if (!doc) return Error{where + "invalid JSON: " + doc.error()};
  return doc;
}

}  // namespace

int RunScore(const std::vector<std::string>& args) {
  std::string rules_name = "riichi";
  long repeat = 0;
  bool pretty = false;
  std::string compare;
  bool table = false;
  po::options_description desc("mahjong score: reads one hand per line (JSON) on stdin, writes one result per line");
  desc.add_options()("help,h", "show this help")(
      "rules", po::value<std::string>(&rules_name)->default_value("riichi"), "ruleset preset name or JSON file")(
      "repeat", po::value<long>(&repeat)->default_value(0),
      "score the whole input N times after parsing it once; report throughput on stderr")(
      "pretty", po::bool_switch(&pretty), "print a readable breakdown instead of JSON")(
      "compare", po::value<std::string>(&compare),
      "score each hand under every ruleset of a comma-separated list (presets or files), one row per hand")(
      "table", po::bool_switch(&table), "with --compare: a readable table instead of JSON Lines");
  po::variables_map vm;
  if (const auto stop = ParseOptions("mahjong score", args, desc, vm)) return *stop;
  if (repeat < 0) {
    std::cerr << "mahjong score: --repeat must be at least 0\n";
    return 2;
  }
  if (table && compare.empty()) {
    std::cerr << "mahjong score: --table needs --compare\n";
    return 2;
  }
  if (!compare.empty()) {
    if (vm.count("rules") && !vm["rules"].defaulted()) {
      std::cerr << "mahjong score: give either --rules or --compare\n";
      return 2;
    }
    if (repeat > 0 || pretty) {
      std::cerr << "mahjong score: --compare does not combine with --repeat or --pretty\n";
      return 2;
    }
    auto sets = LoadCompareList(compare);
    if (!sets) {
      std::cerr << "mahjong score: " << sets.error() << "\n";
      return 2;
    }
    std::ios::sync_with_stdio(false);
    if (table) std::cout << CompareTableHeader(*sets) << "\n";
    std::string line;
    bool too_long = false;
    long line_no = 0;
    while (ReadBoundedLine(std::cin, kScoreLineLimits.max_bytes, line, &too_long)) {
      ++line_no;
      if (!too_long && line.find_first_not_of(" \t\r") == std::string::npos) continue;
      auto parsed = ReadScoreLine(line, too_long, line_no);
      nlohmann::json input = parsed ? *parsed : nlohmann::json();
      std::vector<nlohmann::json> outputs;
      if (!parsed) {
        // Each ruleset reports the same unreadable line.
        ScoreResult r;
        r.error = ScoreError::kInvalidInput;
        r.message = parsed.error();
        nlohmann::json out = ScoreResultToJson(nullptr, r);
        out.erase("id");
        outputs.assign(sets->size(), out);
      } else {
        outputs = CompareOutputs(input, *sets);
      }
      const nlohmann::json id = input.is_object() && input.contains("id") ? input["id"] : nlohmann::json(nullptr);
      std::cout << (table ? CompareTableRow(input, *sets, outputs) : CompareRowJson(id, *sets, outputs)) << "\n";
    }
    std::cout.flush();
    return 0;
  }
  auto rules = LoadRuleset(rules_name);
  if (!rules) {
    std::cerr << "mahjong score: " << rules.error() << "\n";
    return 2;
  }
  const ScoringModule* module = FindScoringModule(rules->scoring);
  if (module == nullptr) {
    std::cerr << "mahjong score: ruleset names unknown scoring module \"" << rules->scoring << "\"\n";
    return 2;
  }
  std::ios::sync_with_stdio(false);
  std::string line;
  bool too_long = false;
  std::vector<WinContext> parsed;  // the valid hands, for --repeat
  long line_no = 0;
  while (ReadBoundedLine(std::cin, kScoreLineLimits.max_bytes, line, &too_long)) {
    ++line_no;
    if (!too_long && line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json input;
    nlohmann::json output;
    if (auto read = ReadScoreLine(line, too_long, line_no)) {
      input = std::move(read).value();
    } else {
      ScoreResult r;
      r.error = ScoreError::kInvalidInput;
      r.message = read.error();
      output = ScoreResultToJson(nullptr, r);
    }
    if (output.is_null()) {
      output = ScoreInputJson(input, *rules);
      if (repeat > 0) {
        auto ctx = WinContextFromJson(input, *rules);
        if (ctx) parsed.push_back(*ctx);
      }
    }
    if (pretty) {
      std::cout << PrettyScore(input, output) << "\n";
    } else {
      std::cout << DumpScoreOutput(output) << "\n";
    }
  }
  std::cout.flush();
  if (repeat > 0) {
    long long checksum = 0;
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < repeat; ++i)
      for (const WinContext& ctx : parsed) checksum += module->Score(ctx, *rules).total;
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const long long hands = static_cast<long long>(parsed.size()) * repeat;
    std::fprintf(stderr, "scored %lld hands in %.3f s (%.0f hands/s)\n", hands, secs, secs > 0 ? hands / secs : 0.0);
    if (checksum == -1) std::fprintf(stderr, "\n");  // keeps the loop from being optimised away
  }
  return 0;
}

}  // namespace mj::cli
