#include "playtest/figure_set.h"

#include <cmath>

#include "playtest/match_statistics.h"

namespace mj {

using nlohmann::json;

void FigureSet::Ratio(const std::string& path, std::vector<double> num, std::vector<double> den) {
  Entry e;
  e.path = path;
  e.ratio = true;
  for (double v : num) e.num += v;
  for (double v : den) e.den += v;
  entries_.push_back(e);
  stats_.push_back(RatioStatistic(std::move(num), std::move(den)));
}

void FigureSet::Custom(const std::string& path, Statistic stat, bool with_p) {
  Entry e;
  e.path = path;
  e.with_p = with_p;
  entries_.push_back(e);
  stats_.push_back(std::move(stat));
}

void FigureSet::Compute(json& out, int jobs, int resamples, uint64_t seed) const {
  const std::vector<Interval> intervals = BootstrapIntervals(units_, stats_, resamples, seed, jobs);
  for (size_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    const Interval& iv = intervals[i];
    json f = FigureJson(iv.estimate, iv.lo, iv.hi);
    if (e.ratio) {
      f["num"] = e.num;
      f["den"] = e.den;
    }
    if (e.with_p) {
      const double p = iv.PValue();
      f["p_value"] = std::isfinite(p) ? json(p) : json(nullptr);
    }
    out[json::json_pointer(e.path)] = f;
  }
}

}  // namespace mj
