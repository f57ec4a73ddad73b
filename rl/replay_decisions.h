#pragma once
// ReplayDecisions: a replay as training data: every decision of every seat (those with more
// than one legal action) as (seat, observation, mask, action index), found by re-simulating
// the record (VerifyReplay with every seat answering from the record) and encoding each
// decision with rl/observation.h and rl/action_encoding.h, so the observation is exactly what
// the seat saw when it played. Files are read on several threads; the result is in file order
// whatever the thread count. Outside logs (tenhou.net/6 JSON, Tenhou mjlog XML, mjai JSON Lines)
// are imported first (replays/replay_import.h): the engine re-simulates them hand by hand, so
// their decisions read like those of a game we played.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"
#include "tiles/result.h"

namespace mj::rl {

struct DecisionBatch {
  size_t count = 0;
  std::vector<int32_t> seat;
  std::vector<int32_t> action;       // the index of the answer given
  std::vector<uint8_t> planes;       // count x kNumPlanes x 34
  std::vector<float> scalars;        // count x kNumScalars
  std::vector<uint8_t> mask;         // count x kNumActions (empty when masks were not asked for)
  std::vector<int32_t> legal_count;  // the number of legal actions of each decision
  std::vector<int32_t> legal;        // their indices, decision after decision (sum of legal_count)
  std::vector<int32_t> game;         // index of the game (file) each decision comes from
  std::vector<std::string> errors;   // "FILE: why" for every file that could not be followed
};

// The decisions of one game, appended to `out` (game index `game`). An error when the record
// cannot be re-simulated or leaves the recorded events; nothing of that game is appended then.
[[nodiscard]] Result<bool> AppendDecisions(const GameRecord& record, int32_t game, bool masks, DecisionBatch* out);

// Every decision of the files `paths` (our replays or outside logs, any compression), on
// `threads` threads.
[[nodiscard]] DecisionBatch ReadDecisions(const std::vector<std::string>& paths, bool masks, int threads);

}  // namespace mj::rl
