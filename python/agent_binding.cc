// mahjong_rl agents: a pending Decision, built-in agents callable from Python, and matches
// (plain or duplicate) with Python agents beside built-in ones (docs/PYTHON.md, "Agents").
#include <optional>

#include "agents/registry.h"
#include "python/bindings.h"
#include "playtest/game_summary.h"
#include "rl/action_encoding.h"
#include "rl/agent_match.h"
#include "rl/observation.h"

namespace mjpy {

namespace rl = mj::rl;

const mj::rl::SteppedGame& Decision::Game() const {
  if (game == nullptr || !alive || !*alive || game->done())
    throw py::value_error("this decision has been answered: it is no longer valid");
  return *game;
}

int BuiltinAnswer(mj::Agent& agent, const Decision& decision) {
  const rl::SteppedGame& g = decision.Game();
  const mj::Action a = agent.Choose(g.view(), g.legal());
  return rl::EncodeAction(a, g.view().drawn(), g.rules());
}

namespace {

class BuiltinAgent {
 public:
  explicit BuiltinAgent(const std::string& spec) : spec_(spec) {
    auto made = mj::MakeAgent(spec);
    if (!made) throw py::value_error(made.error());
    agent_ = std::move(made).value();
  }
  void BeginGame(int seat, uint64_t seed) { agent_->BeginGame(seat, seed); }
  int Choose(const Decision& d) { return BuiltinAnswer(*agent_, d); }
  int Act(const py::dict& obs, const py::object& mask) {
    (void)mask;
    if (!obs.contains("decision"))
      throw py::value_error("a built-in agent needs obs[\"decision\"] (the observations of a match or Env.decision())");
    return Choose(obs["decision"].cast<Decision>());
  }
  [[nodiscard]] const std::string& spec() const { return spec_; }

 private:
  std::string spec_;
  std::unique_ptr<mj::Agent> agent_;
};

std::string EntryLabel(const py::handle& agent, const std::optional<std::string>& name) {
  if (name) return *name;
  if (py::isinstance<py::str>(agent)) return agent.cast<std::string>();
  if (py::hasattr(agent, "name")) return py::str(agent.attr("name")).cast<std::string>();
  return py::str(py::type::of(agent).attr("__name__")).cast<std::string>();
}

py::dict PlayMatch(const py::object& rules, const py::list& agents, long games, uint64_t seed, int rotations,
                   const std::optional<std::string>& out_dir, int in_flight,
                   const std::optional<std::vector<std::string>>& names) {
  if (agents.size() != 4) throw py::value_error("agents: 4 entries needed");
  if (names && names->size() != 4) throw py::value_error("names: 4 labels needed");
  rl::AgentMatchSetup setup;
  setup.rules = RulesFrom(rules);
  setup.seed = seed;
  setup.games = games;
  setup.rotations = rotations;
  setup.in_flight = in_flight;
  if (out_dir) setup.out_dir = *out_dir;
  std::array<py::object, 4> objects;
  struct Buffers {
    std::optional<py::dict> obs;
    py::array_t<uint8_t> planes, mask;
    py::array_t<float> scalars;
  };
  std::array<Buffers, 4> buffers;
  for (int e = 0; e < 4; ++e) {
    const py::object a = agents[static_cast<size_t>(e)];
    setup.outside[e] = !py::isinstance<py::str>(a);
    setup.entries[e] = EntryLabel(a, names ? std::optional<std::string>((*names)[e]) : std::nullopt);
    if (setup.outside[e]) {
      if (!py::hasattr(a, "act") && !py::hasattr(a, "act_batch"))
        throw py::value_error("agent " + std::to_string(e) + " has neither act(obs, mask) nor act_batch(obs, masks)");
      objects[e] = a;
    }
  }
  const rl::BeginOutside begin = [&](int entry, int seat, uint64_t agent_seed) {
    if (py::hasattr(objects[entry], "begin_game")) objects[entry].attr("begin_game")(seat, agent_seed);
  };
  const rl::DecideOutside decide = [&](int entry, const std::vector<rl::PendingDecision>& pending)
      -> mj::Result<std::vector<size_t>> {
    const py::object& agent = objects[entry];
    auto alive = std::make_shared<bool>(true);
    const auto b = static_cast<py::ssize_t>(pending.size());
    std::vector<int> answers;
    if (py::hasattr(agent, "act_batch")) {
      py::array_t<uint8_t> planes({b, py::ssize_t{rl::kNumPlanes}, py::ssize_t{mj::kNumKinds}});
      py::array_t<float> scalars({b, py::ssize_t{rl::kNumScalars}});
      py::array_t<uint8_t> masks({b, py::ssize_t{rl::kNumActions}});
      py::list decisions;
      for (py::ssize_t i = 0; i < b; ++i) {
        const rl::SteppedGame& g = *pending[static_cast<size_t>(i)].game;
        rl::EncodeObservation(g.view(), planes.mutable_data(i), scalars.mutable_data(i));
        rl::FillActionMask(g.legal(), g.view().drawn(), g.rules(), masks.mutable_data(i));
        decisions.append(Decision{&g, alive});
      }
      py::dict obs;
      obs["planes"] = planes;
      obs["scalars"] = scalars;
      obs["decisions"] = decisions;
      const py::object out = agent.attr("act_batch")(obs, masks);
      for (const auto& x : out) answers.push_back(py::int_(py::reinterpret_borrow<py::object>(x)).cast<int>());
    } else {
      // One observation dict and its arrays per entry, written again for each decision (as a
      // VecEnv's arrays are): an agent that keeps an observation copies it.
      Buffers& buf = buffers[entry];
      if (!buf.obs) {
        buf.planes = py::array_t<uint8_t>({py::ssize_t{rl::kNumPlanes}, py::ssize_t{mj::kNumKinds}});
        buf.scalars = py::array_t<float>(rl::kNumScalars);
        buf.mask = py::array_t<uint8_t>(rl::kNumActions);
        buf.obs = py::dict();
        (*buf.obs)["planes"] = buf.planes;
        (*buf.obs)["scalars"] = buf.scalars;
      }
      const py::object act = agent.attr("act");
      for (const rl::PendingDecision& p : pending) {
        const rl::SteppedGame& g = *p.game;
        rl::EncodeObservation(g.view(), buf.planes.mutable_data(), buf.scalars.mutable_data());
        rl::FillActionMask(g.legal(), g.view().drawn(), g.rules(), buf.mask.mutable_data());
        (*buf.obs)["decision"] = Decision{p.game, alive};
        answers.push_back(py::int_(act(*buf.obs, buf.mask)).cast<int>());
      }
    }
    *alive = false;
    if (answers.size() != pending.size())
      return mj::Error{"agent \"" + setup.entries[entry] + "\" gave " + std::to_string(answers.size()) +
                       " answers to " + std::to_string(pending.size()) + " decisions"};
    std::vector<size_t> out;
    for (size_t i = 0; i < pending.size(); ++i) {
      const rl::SteppedGame& g = *pending[i].game;
      const mj::Action* a = answers[i] >= 0 && answers[i] < rl::kNumActions
                                ? rl::DecodeAction(answers[i], g.legal(), g.view().drawn(), g.rules())
                                : nullptr;
      if (a == nullptr)
        return mj::Error{"agent \"" + setup.entries[entry] + "\" (seat " + std::to_string(g.seat()) + ", game " +
                         std::to_string(pending[i].game_index) + ") answered " + std::to_string(answers[i]) + " (" +
                         rl::ActionIndexName(answers[i]) + "), which is not a legal action"};
      out.push_back(static_cast<size_t>(a - g.legal().data()));
    }
    return out;
  };
  auto result = rl::PlayAgentMatch(setup, begin, decide);
  if (!result) throw py::value_error(result.error());
  py::dict d;
  d["statistics"] = JsonToPython(result->statistics);
  py::list summaries;
  for (const mj::GameSummary& g : result->games) summaries.append(JsonToPython(mj::GameSummaryToJson(g)));
  d["games"] = summaries;
  d["problems"] = py::cast(result->problems);
  d["entries"] = py::cast(std::vector<std::string>(setup.entries.begin(), setup.entries.end()));
  return d;
}

}  // namespace

void BindAgents(py::module_& m) {
  py::class_<Decision>(m, "Decision", "A pending decision of a seat, valid until it is answered")
      .def_property_readonly("seat", [](const Decision& d) { return d.Game().seat(); })
      .def_property_readonly("game_seed", [](const Decision& d) { return d.Game().seed(); })
      .def("legal_actions",
           [](const Decision& d) {
             const auto& g = d.Game();
             return LegalIndexList(g.legal(), g.view().drawn(), g.rules());
           })
      .def("action_mask",
           [](const Decision& d) {
             const auto& g = d.Game();
             return MaskArray(g.legal(), g.view().drawn(), g.rules());
           })
      .def("observation", [](const Decision& d) { return ObservationDict(d.Game().view()); })
      .def_property_readonly("num_legal", [](const Decision& d) { return d.Game().legal().size(); })
      .def("decode",
           [](const Decision& d, int index) -> py::object {
             const auto& g = d.Game();
             const mj::Action* a = index >= 0 && index < rl::kNumActions
                                       ? rl::DecodeAction(index, g.legal(), g.view().drawn(), g.rules())
                                       : nullptr;
             if (a == nullptr) return py::none();
             return py::int_(a - g.legal().data());  // the position in the legal list
           })
      .def("legal_strings",
           [](const Decision& d) {
             py::list out;
             for (const mj::Action& a : d.Game().legal()) out.append(mj::ActionToString(a));
             return out;
           })
      .def("describe", [](const Decision& d) {
        const auto& g = d.Game();
        py::dict out;
        for (const mj::Action& a : g.legal())
          out[py::int_(rl::EncodeAction(a, g.view().drawn(), g.rules()))] = mj::ActionToString(a);
        return out;
      });
  py::class_<BuiltinAgent>(m, "BuiltinAgent", "A built-in agent (random, greedy, defensive, ...) usable from Python")
      .def(py::init<const std::string&>(), py::arg("spec"))
      .def("begin_game", &BuiltinAgent::BeginGame, py::arg("seat"), py::arg("seed"))
      .def("act", &BuiltinAgent::Act, py::arg("obs"), py::arg("mask") = py::none())
      .def("choose", &BuiltinAgent::Choose, py::arg("decision"))
      .def_property_readonly("name", &BuiltinAgent::spec);
  m.def("play_match", &PlayMatch, py::arg("rules"), py::arg("agents"), py::arg("games") = 4, py::arg("seed") = 1,
        py::arg("rotations") = 0, py::arg("out_dir") = py::none(), py::arg("in_flight") = 1,
        py::arg("names") = py::none(),
        "A match (rotations 4 or 24: duplicate) between built-in agent specs and Python agents; the replays and "
        "statistics of `mahjong match`");
  m.def("agent_names", [] { return mj::AgentNames(); });
  m.def("agent_seed", &mj::AgentSeed, py::arg("game_seed"), py::arg("seat"),
        "The seed the game loop gives the agent of `seat` in a game of `game_seed` (begin_game)");
}

}  // namespace mjpy
