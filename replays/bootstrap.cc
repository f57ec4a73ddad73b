#include "replays/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/rng.h"

namespace mj {

double Interval::PValue() const {
  if (!(se > 0) || !std::isfinite(estimate)) return std::numeric_limits<double>::quiet_NaN();
  return std::erfc(std::fabs(estimate / se) / std::sqrt(2.0));
}

double SortedQuantile(std::span<const double> sorted, double q) {
  if (sorted.empty()) return std::numeric_limits<double>::quiet_NaN();
  const double h = q * static_cast<double>(sorted.size() - 1);
  const size_t i = static_cast<size_t>(std::floor(h));
  if (i + 1 >= sorted.size()) return sorted.back();
  return sorted[i] + (h - static_cast<double>(i)) * (sorted[i + 1] - sorted[i]);
}

double WeightedSum(std::span<const double> weights, std::span<const double> values) {
  double sum = 0;
  for (size_t u = 0; u < values.size(); ++u) sum += weights[u] * values[u];
  return sum;
}

Statistic RatioStatistic(std::vector<double> num, std::vector<double> den) {
  return [num = std::move(num), den = std::move(den)](std::span<const double> w) {
    const double d = WeightedSum(w, den);
    return d != 0 ? WeightedSum(w, num) / d : std::numeric_limits<double>::quiet_NaN();
  };
}

std::vector<Interval> BootstrapIntervals(size_t units, const std::vector<Statistic>& stats, int resamples,
                                         uint64_t seed) {
  std::vector<Interval> out(stats.size());
  std::vector<double> weights(units, 1.0);
  for (size_t i = 0; i < stats.size(); ++i) out[i].estimate = stats[i](weights);
  std::vector<std::vector<double>> reps(stats.size());
  for (auto& r : reps) r.reserve(static_cast<size_t>(resamples));
  Rng rng(seed);
  for (int b = 0; b < resamples && units > 0; ++b) {
    std::fill(weights.begin(), weights.end(), 0.0);
    for (size_t k = 0; k < units; ++k) weights[static_cast<size_t>(rng.Below(units))] += 1.0;
    for (size_t i = 0; i < stats.size(); ++i) {
      const double v = stats[i](weights);
      if (std::isfinite(v)) reps[i].push_back(v);
    }
  }
  for (size_t i = 0; i < stats.size(); ++i) {
    std::vector<double>& r = reps[i];
    std::sort(r.begin(), r.end());
    Interval& iv = out[i];
    iv.replicates = static_cast<int>(r.size());
    if (r.empty()) {
      iv.lo = iv.hi = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    iv.lo = SortedQuantile(r, 0.025);
    iv.hi = SortedQuantile(r, 0.975);
    double mean = 0;
    for (double v : r) mean += v;
    mean /= static_cast<double>(r.size());
    double ss = 0;
    for (double v : r) ss += (v - mean) * (v - mean);
    iv.se = r.size() > 1 ? std::sqrt(ss / static_cast<double>(r.size() - 1)) : 0.0;
  }
  return out;
}

}  // namespace mj
