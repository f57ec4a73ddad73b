#pragma once
// What every command does with its command line (Boost.Program_options): parse, refuse a stray
// word, answer --help; and the options of mjai bots shared by `match` and `serve`.

#include <boost/program_options.hpp>

#include <optional>
#include <string>
#include <vector>

#include "mjai/mjai_table.h"
#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj::cli {

// Parses `args` into `vm` by `desc`, positional words by `positional` (none by default: a stray
// word is an error, never silently ignored). Returns the exit code when the command stops here:
// 2 after printing "NAME: what was wrong" and the usage on stderr, 0 after printing the usage
// for --help on stdout; nullopt when the command goes on.
[[nodiscard]] std::optional<int> ParseOptions(
    const char* name, const std::vector<std::string>& args, const boost::program_options::options_description& desc,
    boost::program_options::variables_map& vm,
    const boost::program_options::positional_options_description& positional = {});

// The ruleset a --rules value names (a preset or a JSON file), refused with "--rules: ..." when
// it cannot be read or names a scoring module this program does not have.
[[nodiscard]] Result<Ruleset> ReadRulesOption(const std::string& name);

// --bot-exchange, --bot-timeout, --bot-fault, --bot-dialect as typed, before checking.
struct BotFlags {
  std::string exchange, fault, dialect;
  long timeout_ms = 5000;
  long max_line = 65536;
};

// Adds the options to `desc` (--bot-exchange, --bot-timeout, --bot-fault, --bot-dialect,
// --max-line); `default_exchange` is "lockstep" (serve, like the reference server) or "batched"
// (match); `default_timeout_ms` the answer time: serve's is the reference server's 60 s (outside
// bots over the network, some thinking seconds a decision), match's 5 s (bots it starts itself).
void AddBotFlags(boost::program_options::options_description& desc, BotFlags& flags, const char* default_exchange,
                 long default_timeout_ms);

// Checks the flags and fills `out` (exchange, fault policy, dialect, timeout); an error naming
// the option and its allowed values otherwise.
[[nodiscard]] Result<bool> ReadBotFlags(const BotFlags& flags, BotOptions* out);

}  // namespace mj::cli
