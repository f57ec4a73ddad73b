#pragma once
// A named collection of statistics over the same units, bootstrapped together (the same
// resamples for all), written as JSON figures at JSON-pointer paths ("/agents/0/mean_rank").

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "playtest/bootstrap.h"

namespace mj {

class FigureSet {
 public:
  explicit FigureSet(size_t units) : units_(units) {}
  [[nodiscard]] size_t units() const { return units_; }
  // sum num / sum den over the units; the JSON figure also gives the two sums.
  void Ratio(const std::string& path, std::vector<double> num, std::vector<double> den);
  // Any statistic; with_p also writes "p_value" (two-sided, normal approximation with the
  // bootstrap standard error; docs/PLAYTEST.md).
  void Custom(const std::string& path, Statistic stat, bool with_p = false);
  // Runs the bootstrap on `jobs` threads and writes every figure into `out` at its path (the
  // same bytes for any `jobs`).
  void Compute(nlohmann::json& out, int jobs = 1, int resamples = kBootstrapResamples,
               uint64_t seed = kBootstrapSeed) const;

 private:
  struct Entry {
    std::string path;
    bool ratio = false;
    bool with_p = false;
    double num = 0, den = 0;
  };
  size_t units_;
  std::vector<Entry> entries_;
  std::vector<Statistic> stats_;
};

}  // namespace mj
