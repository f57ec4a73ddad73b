// The `mahjong_rl` Python module: the engine as a reinforcement-learning environment, Python
// agents at the table, replays as training data (docs/PYTHON.md).
#include "python/bindings.h"

#include "rl/action_encoding.h"
#include "rl/observation.h"

namespace mjpy {

mj::Ruleset RulesFrom(const py::object& rules) {
  std::string text;
  if (py::isinstance<py::dict>(rules)) {
    text = py::module_::import("json").attr("dumps")(rules).cast<std::string>();
  } else {
    text = rules.cast<std::string>();
  }
  mj::Result<mj::Ruleset> loaded = mj::Error{""};
  if (!text.empty() && text.front() == '{') {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) throw py::value_error("rules: invalid JSON text");
    loaded = mj::RulesetFromJson(j);
  } else {
    loaded = mj::LoadRuleset(text);
  }
  if (!loaded) throw py::value_error("rules: " + loaded.error());
  return std::move(loaded).value();
}

mj::rl::RewardMode RewardFrom(const std::string& reward) {
  if (reward == "score") return mj::rl::RewardMode::kScore;
  if (reward == "result") return mj::rl::RewardMode::kResult;
  throw py::value_error("reward must be \"score\" or \"result\", got \"" + reward + "\"");
}

py::dict ObservationDict(const mj::PlayerView& view) {
  py::array_t<uint8_t> planes({mj::rl::kNumPlanes, static_cast<int>(mj::kNumKinds)});
  py::array_t<float> scalars(mj::rl::kNumScalars);
  mj::rl::EncodeObservation(view, planes.mutable_data(), scalars.mutable_data());
  py::dict d;
  d["planes"] = planes;
  d["scalars"] = scalars;
  return d;
}

py::array_t<uint8_t> MaskArray(std::span<const mj::Action> legal, mj::Tile drawn, const mj::Ruleset& rules) {
  py::array_t<uint8_t> mask(mj::rl::kNumActions);
  mj::rl::FillActionMask(legal, drawn, rules, mask.mutable_data());
  return mask;
}

py::list LegalIndexList(std::span<const mj::Action> legal, mj::Tile drawn, const mj::Ruleset& rules) {
  py::list out;
  for (const mj::Action& a : legal) out.append(mj::rl::EncodeAction(a, drawn, rules));
  return out;
}

py::object JsonToPython(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

}  // namespace mjpy

PYBIND11_MODULE(mahjong_rl, m) {
  m.doc() = "The mahjong engine as a reinforcement-learning environment (docs/PYTHON.md)";
  mjpy::BindEncoding(m);
  mjpy::BindEnv(m);
  mjpy::BindVecEnv(m);
  mjpy::BindReplays(m);
  mjpy::BindAgents(m);
}
