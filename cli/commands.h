#pragma once
// Subcommands of the `mahjong` program. Each takes the arguments after its name and returns
// the process exit code.

#include <string>
#include <vector>

namespace mj::cli {

// `score [--rules NAME] [--repeat N] [--pretty]`: JSON Lines in on stdin, one result per line out.
int RunScore(const std::vector<std::string>& args);

}  // namespace mj::cli
