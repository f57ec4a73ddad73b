#pragma once
// How the Tenhou verifier names things in its messages (seats, scores, hands, draws, record
// items). Internal to replays/ (tenhou_hand_replay.cc, tenhou_verify.cc).

#include <array>
#include <string>
#include <vector>

#include "formats/tenhou6.h"

namespace mj::tenhou::verify {

[[nodiscard]] std::string Seat(int p);
[[nodiscard]] std::string Join(const std::vector<std::string>& parts, const char* sep = ", ");
[[nodiscard]] std::string Scores(const std::array<int, 4>& s);
[[nodiscard]] std::string KyokuName(int index, int honba);
[[nodiscard]] std::string OutcomeName(const HandResult& r);
[[nodiscard]] std::string DrawReasonText(DrawReason r);
[[nodiscard]] std::string LimitText(Limit l);
// The record's tile code of an engine tile (51..53 for a red five under the ruleset).
[[nodiscard]] int Face(Tile t, const Ruleset& rules);
[[nodiscard]] std::string ItemText(const Item& it);

}  // namespace mj::tenhou::verify
