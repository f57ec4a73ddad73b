// mahjong_rl.VecEnv: N tables stepped in C++ with the GIL released, into arrays allocated once
// (docs/PYTHON.md, "VecEnv").
#include "python/bindings.h"
#include "rl/action_encoding.h"
#include "rl/observation.h"
#include "rl/vec_env.h"

namespace mjpy {
namespace {

namespace rl = mj::rl;

class VecEnv {
 public:
  VecEnv(int n, const py::object& rules, const std::vector<std::string>& seats, int threads, const std::string& reward,
         bool full)
      : n_(n) {
    if (seats.size() != 4) throw py::value_error("seats: 4 entries needed, got " + std::to_string(seats.size()));
    std::array<std::string, 4> specs;
    for (int p = 0; p < 4; ++p) specs[p] = seats[p];
    auto made = rl::VecEnv::Make(RulesFrom(rules), n, specs, threads, RewardFrom(reward));
    if (!made) throw py::value_error(made.error());
    env_ = std::move(made).value();
    const py::ssize_t rows = n;
    planes_ = py::array_t<uint8_t>({rows, py::ssize_t{rl::kNumPlanes}, py::ssize_t{mj::kNumKinds}});
    scalars_ = py::array_t<float>({rows, py::ssize_t{rl::kNumScalars}});
    mask_ = py::array_t<uint8_t>({rows, py::ssize_t{rl::kNumActions}});
    legal_ = py::array_t<int32_t>({rows, py::ssize_t{rl::kMaxLegal}});
    legal_count_ = py::array_t<int32_t>(rows);
    seat_ = py::array_t<int32_t>(rows);
    reward_ = py::array_t<float>({rows, py::ssize_t{4}});
    done_ = py::array_t<bool>(rows);
    truncated_ = py::array_t<bool>(rows);
    final_scores_ = py::array_t<int32_t>({rows, py::ssize_t{4}});
    final_results_ = py::array_t<float>({rows, py::ssize_t{4}});
    final_ranks_ = py::array_t<int32_t>({rows, py::ssize_t{4}});
    if (full) full_ = py::array_t<uint8_t>({rows, py::ssize_t{rl::kNumFullPlanes}, py::ssize_t{mj::kNumKinds}});
    std::fill(truncated_.mutable_data(), truncated_.mutable_data() + n, false);
    std::fill(final_scores_.mutable_data(), final_scores_.mutable_data() + 4 * n, 0);
    std::fill(final_results_.mutable_data(), final_results_.mutable_data() + 4 * n, 0.0f);
    std::fill(final_ranks_.mutable_data(), final_ranks_.mutable_data() + 4 * n, 0);
    buffers_.planes = planes_.mutable_data();
    buffers_.scalars = scalars_.mutable_data();
    buffers_.mask = mask_.mutable_data();
    buffers_.legal = legal_.mutable_data();
    buffers_.legal_count = legal_count_.mutable_data();
    buffers_.seat = seat_.mutable_data();
    buffers_.reward = reward_.mutable_data();
    static_assert(sizeof(bool) == 1);
    buffers_.done = reinterpret_cast<uint8_t*>(done_.mutable_data());
    buffers_.final_scores = final_scores_.mutable_data();
    buffers_.final_results = final_results_.mutable_data();
    buffers_.final_ranks = final_ranks_.mutable_data();
    if (full) buffers_.full = full_.mutable_data();
  }

  py::tuple Reset(uint64_t seed) {
    {
      py::gil_scoped_release release;
      env_->Reset(seed, buffers_);
    }
    return py::make_tuple(Obs(), Info());
  }

  py::tuple Step(const py::array_t<int32_t, py::array::c_style | py::array::forcecast>& actions) {
    if (actions.ndim() != 1 || actions.shape(0) != n_)
      throw py::value_error("actions: one int per table (" + std::to_string(n_) + ") needed");
    mj::Result<bool> stepped = true;
    {
      py::gil_scoped_release release;
      stepped = env_->Step(actions.data(), buffers_);
    }
    if (!stepped) throw py::value_error(stepped.error());
    return py::make_tuple(Obs(), reward_, done_, truncated_, Info());
  }

  py::dict Obs() const {
    py::dict d;
    d["planes"] = planes_;
    d["scalars"] = scalars_;
    if (full_) d["full"] = full_;
    return d;
  }
  py::dict Info() const {
    py::dict d;
    d["seat"] = seat_;
    d["action_mask"] = mask_;
    d["legal"] = legal_;
    d["legal_count"] = legal_count_;
    d["final_scores"] = final_scores_;
    d["final_results"] = final_results_;
    d["final_ranks"] = final_ranks_;
    return d;
  }

  int n_;
  std::unique_ptr<rl::VecEnv> env_;
  rl::VecBuffers buffers_;
  py::array_t<uint8_t> planes_, mask_, full_;
  py::array_t<float> scalars_, reward_, final_results_;
  py::array_t<int32_t> legal_, legal_count_, seat_, final_scores_, final_ranks_;
  py::array_t<bool> done_, truncated_;
};

}  // namespace

void BindVecEnv(py::module_& m) {
  py::class_<VecEnv>(m, "VecEnv", "N tables stepped in C++ (threads, GIL released), results in arrays reused each step")
      .def(py::init<int, const py::object&, const std::vector<std::string>&, int, const std::string&, bool>(),
           py::arg("n"), py::arg("rules") = "riichi",
           py::arg("seats") = std::vector<std::string>{"outside", "outside", "outside", "outside"},
           py::arg("threads") = 1, py::arg("reward") = "score", py::arg("full") = false)
      .def("reset", &VecEnv::Reset, py::arg("seed") = 0)
      .def("step", &VecEnv::Step, py::arg("actions"))
      .def_property_readonly("num_envs", [](const VecEnv& e) { return e.n_; })
      .def_property_readonly("threads", [](const VecEnv& e) { return e.env_->threads(); })
      .def_property_readonly("games_finished", [](const VecEnv& e) { return e.env_->games_finished(); })
      .def_property_readonly(
          "parallel_times",
          [](const VecEnv& e) {
            const rl::ParallelTimes& t = e.env_->parallel_times();
            py::dict d;
            d["work"] = t.work;
            d["critical"] = t.critical;
            d["calls"] = t.calls;
            return d;
          },
          "CPU seconds of the stepping in C++ since the env was made: work (all threads), critical (per "
          "reset/step the slowest thread's, added up), calls")
      .def_property_readonly("planes", [](const VecEnv& e) { return e.planes_; })
      .def_property_readonly("scalars", [](const VecEnv& e) { return e.scalars_; })
      .def_property_readonly("action_mask", [](const VecEnv& e) { return e.mask_; })
      .def_property_readonly("legal", [](const VecEnv& e) { return e.legal_; })
      .def_property_readonly("legal_count", [](const VecEnv& e) { return e.legal_count_; })
      .def_property_readonly("seat", [](const VecEnv& e) { return e.seat_; })
      .def_property_readonly("reward", [](const VecEnv& e) { return e.reward_; })
      .def_property_readonly("done", [](const VecEnv& e) { return e.done_; })
      .def_property_readonly("final_scores", [](const VecEnv& e) { return e.final_scores_; })
      .def_property_readonly("final_results", [](const VecEnv& e) { return e.final_results_; })
      .def_property_readonly("final_ranks", [](const VecEnv& e) { return e.final_ranks_; })
      .def_property_readonly_static("num_actions", [](const py::object&) { return rl::kNumActions; });
}

}  // namespace mjpy
