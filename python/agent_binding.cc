// mahjong_rl agents: a pending Decision, built-in agents callable from Python, and matches
// (plain or duplicate) with Python agents beside built-in ones (docs/PYTHON.md, "Agents").
#include <filesystem>
#include <optional>

#include "agents/registry.h"
#include "python/bindings.h"
#include "playtest/game_summary.h"
#include "playtest/ruleset_comparison.h"
#include "replays/safe_path.h"
#include "rules/ruleset.h"
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

// A match of built-in agent specs and Python agents under `rules` (PlayAgentMatch), its entries'
// labels in `entries`.
rl::AgentMatchResult RunMatch(const mj::Ruleset& rules, const py::list& agents, long games, uint64_t seed,
                              int rotations, const std::optional<std::string>& out_dir, int in_flight,
                              const std::optional<std::vector<std::string>>& names) {
  if (agents.size() != 4) throw py::value_error("agents: 4 entries needed");
  if (names && names->size() != 4) throw py::value_error("names: 4 labels needed");
  rl::AgentMatchSetup setup;
  setup.rules = rules;
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
  return std::move(result).value();
}

py::list Summaries(const std::vector<mj::GameSummary>& games) {
  py::list out;
  for (const mj::GameSummary& g : games) out.append(JsonToPython(mj::GameSummaryToJson(g)));
  return out;
}

py::dict PlayMatch(const py::object& rules, const py::list& agents, long games, uint64_t seed, int rotations,
                   const std::optional<std::string>& out_dir, int in_flight,
                   const std::optional<std::vector<std::string>>& names) {
  const rl::AgentMatchResult result = RunMatch(RulesFrom(rules), agents, games, seed, rotations, out_dir, in_flight, names);
  py::dict d;
  d["statistics"] = JsonToPython(result.statistics);
  d["games"] = Summaries(result.games);
  d["problems"] = py::cast(result.problems);
  d["entries"] = py::cast(std::vector<std::string>(result.header.entries.begin(), result.header.entries.end()));
  return d;
}

// `mahjong playtest` with Python agents: one duplicate design played under each ruleset (the
// baseline first), then the rulesets compared (replays/ruleset_comparison.h) exactly as the
// command compares them.
py::dict Playtest(const py::list& rules_list, const py::list& agents, long games, uint64_t seed, int rotations,
                  const std::optional<py::object>& baseline, const std::optional<std::string>& out_dir, int in_flight,
                  const std::optional<std::vector<std::string>>& names) {
  if (rotations != 4 && rotations != 24) throw py::value_error("rotations: 4 or 24, got " + std::to_string(rotations));
  if (games < rotations || games % rotations != 0)
    throw py::value_error("games: a positive multiple of " + std::to_string(rotations) + " (whole duplicate sets), got " +
                          std::to_string(games));
  std::vector<mj::Ruleset> rulesets;
  int base = -1;
  std::string base_name;
  if (baseline && !baseline->is_none()) {
    rulesets.push_back(RulesFrom(*baseline));
    base = 0;
    base_name = rulesets[0].name;
  }
  for (const auto& r : rules_list) {
    mj::Ruleset rules = RulesFrom(py::reinterpret_borrow<py::object>(r));
    if (base == 0 && rules.name == base_name) continue;  // the baseline, already first
    rulesets.push_back(std::move(rules));
  }
  if (rulesets.size() < (base == 0 ? 2u : 1u)) throw py::value_error("rules: nothing to play against the baseline");
  for (size_t a = 0; a < rulesets.size(); ++a)
    for (size_t b = a + 1; b < rulesets.size(); ++b)
      if (rulesets[a].name == rulesets[b].name)
        throw py::value_error("rules: entries " + std::to_string(a + 1) + " and " + std::to_string(b + 1) +
                              " are both named \"" + rulesets[a].name + "\" (each ruleset needs its own name)");
  const std::vector<std::string> folders = mj::RulesetFolderNames(rulesets);
  std::vector<mj::RulesetRun> runs;
  py::list per_rules;
  for (size_t i = 0; i < rulesets.size(); ++i) {
    std::optional<std::string> dir;
    if (out_dir) dir = (std::filesystem::path(*out_dir) / folders[i]).string();
    rl::AgentMatchResult result = RunMatch(rulesets[i], agents, games, seed, rotations, dir, in_flight, names);
    if (!result.problems.empty())
      throw py::value_error(rulesets[i].name + ": " + result.problems.front());
    py::dict entry;
    entry["rules"] = rulesets[i].name;
    entry["ruleset"] = JsonToPython(mj::RulesetToJson(rulesets[i]));
    if (out_dir) entry["folder"] = folders[i];
    entry["statistics"] = JsonToPython(result.statistics);
    entry["games"] = Summaries(result.games);
    per_rules.append(entry);
    runs.push_back(mj::RulesetRun{std::move(result.header), std::move(result.games), std::move(result.statistics)});
  }
  const nlohmann::json comparison = mj::CompareRulesets(runs, 1, base);
  py::dict d;
  d["agents"] = py::cast(std::vector<std::string>(runs.front().header.entries.begin(), runs.front().header.entries.end()));
  d["games_per_ruleset"] = games;
  d["rotations"] = rotations;
  d["seed"] = std::to_string(seed);
  d["baseline"] = base == 0 ? py::object(py::str(base_name)) : py::object(py::none());
  d["rulesets"] = per_rules;
  d["comparison"] = JsonToPython(comparison);
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
  m.def("playtest", &Playtest, py::arg("rules"), py::arg("agents"), py::arg("games") = 400, py::arg("seed") = 0,
        py::arg("rotations") = 4, py::arg("baseline") = py::str("riichi"), py::arg("out_dir") = py::none(),
        py::arg("in_flight") = 1, py::arg("names") = py::none(),
        "`mahjong playtest` with Python agents: one duplicate design under each ruleset (the baseline first), each "
        "ruleset's statistics, and the rulesets compared (luck against skill, ranking, claim verdicts)");
  m.def("agent_names", [] { return mj::AgentNames(); });
  m.def("agent_seed", &mj::AgentSeed, py::arg("game_seed"), py::arg("seat"),
        "The seed the game loop gives the agent of `seat` in a game of `game_seed` (begin_game)");
}

}  // namespace mjpy
