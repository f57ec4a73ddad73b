#pragma once
// The Python module `mahjong_rl` (docs/PYTHON.md): pybind11 bindings over rl/, one file per
// part (encodings, Env, VecEnv, replays, agents and matches). Helpers shared by those files.

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "engine/action.h"
#include "engine/player_view.h"
#include "rl/stepped_game.h"
#include "rules/ruleset.h"

namespace mjpy {

namespace py = pybind11;

// A ruleset from a preset name, a ruleset file, JSON text ("{...}") or a dict.
[[nodiscard]] mj::Ruleset RulesFrom(const py::object& rules);
[[nodiscard]] mj::rl::RewardMode RewardFrom(const std::string& reward);

// A seat's observation as fresh arrays: {"planes": uint8 (57, 34), "scalars": float32 (54,)}.
[[nodiscard]] py::dict ObservationDict(const mj::PlayerView& view);
// The action mask (uint8, kNumActions) of a legal list.
[[nodiscard]] py::array_t<uint8_t> MaskArray(std::span<const mj::Action> legal, mj::Tile drawn, const mj::Ruleset& rules);
// Index list of a legal list.
[[nodiscard]] py::list LegalIndexList(std::span<const mj::Action> legal, mj::Tile drawn, const mj::Ruleset& rules);

[[nodiscard]] py::object JsonToPython(const nlohmann::json& j);

// A pending decision of a SteppedGame, valid while the game waits for it (`alive` is cleared
// when it is answered). Python sees it as mahjong_rl.Decision.
struct Decision {
  const mj::rl::SteppedGame* game = nullptr;
  std::shared_ptr<bool> alive;
  [[nodiscard]] const mj::rl::SteppedGame& Game() const;  // throws when no longer valid
};

// The index the built-in `agent` answers at `decision` (it plays the decision's seat).
[[nodiscard]] int BuiltinAnswer(mj::Agent& agent, const Decision& decision);

void BindEncoding(py::module_& m);
void BindEnv(py::module_& m);
void BindVecEnv(py::module_& m);
void BindReplays(py::module_& m);
void BindAgents(py::module_& m);

}  // namespace mjpy
