// mahjong_rl.Env: one table with Gymnasium's reset/step and PettingZoo's seat-to-act
// conventions (docs/PYTHON.md, "Env").
#include <optional>

#include "agents/registry.h"
#include "python/bindings.h"
#include "replays/replay.h"
#include "rl/action_encoding.h"
#include "rl/hidden_resample.h"
#include "rl/observation.h"
#include "rl/vec_env.h"

namespace mjpy {
namespace {

namespace rl = mj::rl;

class Env {
 public:
  Env(const py::object& rules, const std::vector<std::string>& seats, const std::string& reward, uint64_t seed)
      : rules_(RulesFrom(rules)), base_seed_(seed) {
    if (seats.size() != 4) throw py::value_error("seats: 4 entries needed, got " + std::to_string(seats.size()));
    std::array<std::unique_ptr<mj::Agent>, 4> agents;
    bool any_outside = false;
    for (int p = 0; p < 4; ++p) {
      specs_[p] = seats[p];
      if (seats[p].empty() || seats[p] == "outside") {
        any_outside = true;
        continue;
      }
      auto made = mj::MakeAgent(seats[p]);
      if (!made) throw py::value_error("seat " + std::to_string(p) + ": " + made.error());
      agents[p] = std::move(made).value();
    }
    if (!any_outside) throw py::value_error("seats: at least one seat must be \"outside\" (played from Python)");
    game_ = std::make_unique<rl::SteppedGame>(rules_, std::move(agents), RewardFrom(reward));
  }

  py::tuple Reset(std::optional<uint64_t> seed, const std::optional<py::dict>& options) {
    if (seed) {
      base_seed_ = *seed;
      episode_ = 0;
    }
    uint64_t game_seed = rl::TableSeed(base_seed_, 0, episode_++);
    if (options && options->contains("game_seed")) game_seed = (*options)["game_seed"].cast<uint64_t>();
    Invalidate();
    game_->Reset(game_seed);
    while (game_->done()) game_->Reset(rl::TableSeed(base_seed_, 0, episode_++));  // no outside decision in it
    pending_.fill(0.0f);
    Accumulate();
    last_actor_ = game_->seat();
    pending_[static_cast<size_t>(game_->seat())] = 0.0f;
    return py::make_tuple(Observe(std::nullopt), Info());
  }

  py::tuple Step(int action) {
    RequireRunning();
    const mj::Action* a = Find(action);
    if (a == nullptr)
      throw py::value_error("action " + std::to_string(action) + " (" + rl::ActionIndexName(action) +
                            ") is not legal for seat " + std::to_string(game_->seat()) + "; legal: " +
                            py::str(Legal()).cast<std::string>());
    last_actor_ = game_->seat();
    Invalidate();
    auto stepped = game_->Step(static_cast<size_t>(a - game_->legal().data()));
    if (!stepped) throw py::value_error(stepped.error());
    Accumulate();
    const bool over = game_->done();
    const int seat = over ? last_actor_ : game_->seat();
    const float reward = pending_[static_cast<size_t>(seat)];
    pending_[static_cast<size_t>(seat)] = 0.0f;
    py::dict info = Info();
    if (over) {
      py::list left;
      for (float r : pending_) left.append(r);
      info["pending_rewards"] = left;
      pending_.fill(0.0f);
      const mj::GameRecord& rec = game_->record();
      info["complete"] = rec.complete;
      if (!rec.complete) info["error"] = rec.error;
      info["final_scores"] = py::cast(std::vector<int>(rec.end.scores.begin(), rec.end.scores.end()));
      info["ranks"] = py::cast(std::vector<int>(rec.end.ranks.begin(), rec.end.ranks.end()));
      info["results"] = py::cast(std::vector<double>(rec.end.results.begin(), rec.end.results.end()));
    }
    py::object obs = over ? py::object(py::none()) : py::object(Observe(std::nullopt));
    return py::make_tuple(obs, reward, over, false, info);
  }

  py::dict Observe(std::optional<int> seat) const {
    RequireRunning();
    const int s = SeatOr(seat);
    return ObservationDict(mj::PlayerView(game_->state(), s));
  }

  py::array_t<uint8_t> ObserveFull(std::optional<int> seat) const {
    RequireRunning();
    py::array_t<uint8_t> planes({rl::kNumFullPlanes, static_cast<int>(mj::kNumKinds)});
    rl::EncodeFullState(game_->state(), SeatOr(seat), planes.mutable_data());
    return planes;
  }

  py::array_t<uint8_t> Mask() const {
    RequireRunning();
    return MaskArray(game_->legal(), game_->view().drawn(), rules_);
  }
  py::list Legal() const {
    RequireRunning();
    return LegalIndexList(game_->legal(), game_->view().drawn(), rules_);
  }
  int Seat() const { return game_->done() ? -1 : game_->seat(); }
  bool Done() const { return game_->done(); }

  Decision CurrentDecision() {
    RequireRunning();
    if (!alive_) alive_ = std::make_shared<bool>(true);
    return Decision{game_.get(), alive_};
  }

  // The built-in agent `spec`'s answer at this decision, as if it sat in the seat to act.
  int Suggest(const std::string& spec) {
    RequireRunning();
    auto made = mj::MakeAgent(spec);
    if (!made) throw py::value_error(made.error());
    (*made)->BeginGame(game_->seat(), mj::AgentSeed(game_->seed(), game_->seat()));
    return BuiltinAnswer(**made, CurrentDecision());
  }

  py::object Record() const {
    if (!game_->started() || !game_->done()) throw py::value_error("the replay is there once the game is over");
    return JsonToPython(mj::ReplayToJson(game_->record()));
  }
  void WriteReplay(const std::string& path) const {
    if (!game_->started() || !game_->done()) throw py::value_error("the replay is there once the game is over");
    auto written = mj::WriteReplayFile(game_->record(), path);
    if (!written) throw py::value_error(written.error());
  }
  // Every seat's observation in a state `seat` cannot tell from this one (rl/hidden_resample.h):
  // the no-leak test's other state.
  py::list HiddenVariant(int seat, uint64_t seed) const {
    RequireRunning();
    if (seat < 0 || seat > 3) throw py::value_error("seat must be 0..3, got " + std::to_string(seat));
    const mj::RoundState variant = rl::ResampleHidden(game_->state(), seat, seed);
    py::list out;
    for (int p = 0; p < 4; ++p) out.append(ObservationDict(mj::PlayerView(variant, p)));
    return out;
  }
  uint64_t GameSeed() const { return game_->seed(); }
  std::string RulesName() const { return rules_.name; }
  py::list Specs() const {
    py::list out;
    for (const auto& s : specs_) out.append(s.empty() ? "outside" : s);
    return out;
  }

 private:
  void RequireRunning() const {
    if (!game_->started()) throw py::value_error("call reset() first");
    if (game_->done()) throw py::value_error("the game is over: call reset()");
  }
  int SeatOr(std::optional<int> seat) const {
    const int s = seat.value_or(game_->seat());
    if (s < 0 || s > 3) throw py::value_error("seat must be 0..3, got " + std::to_string(s));
    return s;
  }
  const mj::Action* Find(int index) const {
    if (index < 0 || index >= rl::kNumActions) return nullptr;
    return rl::DecodeAction(index, game_->legal(), game_->view().drawn(), rules_);
  }
  void Accumulate() {
    for (int p = 0; p < 4; ++p) pending_[static_cast<size_t>(p)] += game_->rewards()[static_cast<size_t>(p)];
  }
  void Invalidate() {
    if (alive_) *alive_ = false;
    alive_.reset();
  }
  py::dict Info() const {
    py::dict info;
    py::list rewards;
    for (float r : game_->rewards()) rewards.append(r);
    info["rewards"] = rewards;
    if (!game_->done()) {
      info["seat"] = game_->seat();
      info["action_mask"] = Mask();
      info["legal_actions"] = Legal();
    }
    return info;
  }

  mj::Ruleset rules_;
  std::array<std::string, 4> specs_;
  std::unique_ptr<rl::SteppedGame> game_;
  uint64_t base_seed_ = 0;
  uint64_t episode_ = 0;
  int last_actor_ = 0;
  std::array<float, 4> pending_{};
  std::shared_ptr<bool> alive_;
};

}  // namespace

void BindEnv(py::module_& m) {
  py::class_<Env>(m, "Env", "One table: reset/step for the seat to act; built-in agents play the other seats")
      .def(py::init<const py::object&, const std::vector<std::string>&, const std::string&, uint64_t>(),
           py::arg("rules") = "riichi",
           py::arg("seats") = std::vector<std::string>{"outside", "outside", "outside", "outside"},
           py::arg("reward") = "score", py::arg("seed") = 0)
      .def("reset", &Env::Reset, py::arg("seed") = py::none(), py::arg("options") = py::none())
      .def("step", &Env::Step, py::arg("action"))
      .def("observe", &Env::Observe, py::arg("seat") = py::none())
      .def("observe_full", &Env::ObserveFull, py::arg("seat") = py::none())
      .def("action_mask", &Env::Mask)
      .def("legal_actions", &Env::Legal)
      .def("decision", &Env::CurrentDecision)
      .def("suggest", &Env::Suggest, py::arg("agent"))
      .def("hidden_variant", &Env::HiddenVariant, py::arg("seat"), py::arg("seed"),
           "Every seat's observation in a copy of the table where all `seat` cannot see is dealt again")
      .def("record", &Env::Record)
      .def("write_replay", &Env::WriteReplay, py::arg("path"))
      .def_property_readonly("seat", &Env::Seat)
      .def_property_readonly("agent_selection", &Env::Seat)
      .def_property_readonly("done", &Env::Done)
      .def_property_readonly("game_seed", &Env::GameSeed)
      .def_property_readonly("rules_name", &Env::RulesName)
      .def_property_readonly("seats", &Env::Specs)
      .def_property_readonly_static("num_actions", [](const py::object&) { return rl::kNumActions; });
}

}  // namespace mjpy
