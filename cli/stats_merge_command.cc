// `mahjong stats merge SUMMARY... [-o OUT]`: the summary of a whole match from the summaries of
// its shards (`match --shard i/N --summary FILE`): the same header, every game record, and so
// byte for byte the statistics of the unsharded match (docs/SCALE.md).

#include <boost/program_options.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/option_parsing.h"
#include "cli/match_args.h"
#include "playtest/shard_summary.h"
#include "playtest/summary_io.h"
#include "playtest/match_statistics.h"
#include "playtest/statistics_table.h"

namespace po = boost::program_options;

namespace mj::cli {
namespace {

constexpr const char* kStatsMergeCommandName = "mahjong stats merge";

}  // namespace

int RunStatsMerge(const std::vector<std::string>& args) {
  std::vector<std::string> inputs;
  std::string out_path, jobs_text;
  po::options_description desc(
      "mahjong stats merge SUMMARY... [-o OUT]: merges the summaries of a match's shards (match --shard i/N\n"
      "--summary FILE) into the summary of the whole match, prints its statistics (docs/SCALE.md)");
  desc.add_options()("help,h", "show this help")("output,o", po::value<std::string>(&out_path),
                                                  "write the merged summary JSON (as match --summary) to this file")(
      "jobs", po::value<std::string>(&jobs_text)->default_value("1"),
      "threads computing the intervals (results identical for any N)")(
      "inputs", po::value<std::vector<std::string>>(&inputs), "the shards' summary files, one per shard");
  po::positional_options_description pos;
  pos.add("inputs", -1);
  po::variables_map vm;
  if (const auto stop = ParseOptions(kStatsMergeCommandName, args, desc, vm, pos)) return *stop;
  if (inputs.empty()) {
    std::cerr << kStatsMergeCommandName << ": name the shards' summaries: mahjong stats merge s0.json s1.json ... [-o OUT]\n";
    return 2;
  }
  auto jobs = ParseUnsigned(jobs_text, "--jobs");
  if (!jobs || *jobs < 1 || *jobs > 256) {
    std::cerr << kStatsMergeCommandName << ": --jobs must be a whole number between 1 and 256, got \"" << jobs_text << "\"\n";
    return 2;
  }
  // One summary in memory at a time: its records are kept, its JSON tree dropped.
  auto merged = MergeShardSummaryFiles(inputs);
  if (!merged) {
    std::cerr << kStatsMergeCommandName << ": " << merged.error() << "\n";
    return 1;
  }
  const MatchHeader& header = merged->header;
  const nlohmann::json statistics = MatchStatistics(header, merged->games, static_cast<int>(*jobs));
  std::cout << "rules " << header.rules << ", seed " << header.seed << ", " << merged->games.size() << " games"
            << (header.rotations > 0 ? " (duplicate, " + std::to_string(header.rotations) + " seatings per set)"
                                     : std::string())
            << " from " << inputs.size() << " shard" << (inputs.size() == 1 ? "" : "s") << "\n"
            << FormatStatistics(statistics);
  if (!out_path.empty()) {
    std::vector<std::string> command = {"merge"};
    command.insert(command.end(), args.begin(), args.end());
    auto written = WriteSummary(out_path, header, merged->games, statistics, CommandLine("stats", command), nullptr,
                                static_cast<int>(*jobs));
    if (!written) {
      std::cerr << kStatsMergeCommandName << ": -o: " << written.error() << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace mj::cli
