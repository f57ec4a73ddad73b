#pragma once
// The parsers that read outside input, each wrapped as one function of raw bytes: the libFuzzer
// targets (fuzz/*_fuzz.cc) call them, and tests/fuzz_regression_test.cc replays every input kept
// in fuzz/regressions/<target>/ through them in the ordinary build. Each must return normally
// for any input; a broken property (a round trip that does not hold) calls std::abort().

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace mj::fuzz {

void ScoreLine(std::string_view data);    // one `score` line under a preset chosen by the first byte
void RulesetFile(std::string_view data);  // a ruleset file; an accepted ruleset round-trips
void ReplayFile(std::string_view data);   // a replay file; a loaded replay is verified
void TenhouRecord(std::string_view data); // a tenhou.net/6 record; a parsed game is verified
void MjaiAction(std::string_view data);   // an mjai answer (after a selector byte) at a real decision
void MjaiClient(std::string_view data);   // a server's event stream to `mjai-client --stdio` (selector byte first)
void Summary(std::string_view data);      // a match summary file (`stats merge`); accepted records round-trip

// The target of a name ("score_line", "ruleset", "replay", "tenhou6", "mjai_action", "mjai_client",
// "summary"), or nullptr.
using Target = void (*)(std::string_view);
[[nodiscard]] Target TargetNamed(std::string_view name);

}  // namespace mj::fuzz
