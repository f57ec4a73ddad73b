#include "playtest/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/rng.h"
#include "playtest/parallel_for.h"

namespace mj {

namespace {

// Resamples evaluated together by one thread when the bootstrap runs on several.
constexpr size_t kResamplesPerBlock = 8;

}  // namespace

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
                                         uint64_t seed, int jobs) {
  const size_t n_stats = stats.size();
  std::vector<Interval> out(n_stats);
  {
    const std::vector<double> ones(units, 1.0);
    for (size_t i = 0; i < n_stats; ++i) out[i].estimate = stats[i](ones);
  }
  const size_t n_resamples = units > 0 ? static_cast<size_t>(std::max(resamples, 0)) : 0;
  // Resample b is drawn by the one PRNG stream in order (b's draws follow b - 1's), so a block
  // of resamples starts from the state the stream has after the blocks before it: those states
  // are taken first (drawing without evaluating anything), then the blocks are evaluated on any
  // thread, each value into its own slot.
  const size_t block = jobs > 1 ? kResamplesPerBlock : std::max<size_t>(n_resamples, 1);
  const size_t blocks = (n_resamples + block - 1) / block;
  std::vector<Rng> starts;
  starts.reserve(blocks);
  Rng rng(seed);
  for (size_t k = 0; k < blocks; ++k) {
    starts.push_back(rng);
    if (k + 1 == blocks) break;
    for (size_t d = 0; d < block * units; ++d) (void)rng.Below(units);
  }
  std::vector<double> values(n_resamples * n_stats);
  ParallelFor(blocks, jobs, [&](size_t k) {
    Rng r = starts[k];
    std::vector<double> weights(units);
    for (size_t b = k * block; b < std::min(n_resamples, (k + 1) * block); ++b) {
      std::fill(weights.begin(), weights.end(), 0.0);
      for (size_t d = 0; d < units; ++d) weights[static_cast<size_t>(r.Below(units))] += 1.0;
      for (size_t i = 0; i < n_stats; ++i) values[b * n_stats + i] = stats[i](weights);
    }
  });
  ParallelFor(n_stats, jobs, [&](size_t i) {
    std::vector<double> r;  // the finite replicates, in resample order, then sorted
    r.reserve(n_resamples);
    for (size_t b = 0; b < n_resamples; ++b)
      if (const double v = values[b * n_stats + i]; std::isfinite(v)) r.push_back(v);
    std::sort(r.begin(), r.end());
    Interval& iv = out[i];
    iv.replicates = static_cast<int>(r.size());
    if (r.empty()) {
      iv.lo = iv.hi = std::numeric_limits<double>::quiet_NaN();
      return;
    }
    iv.lo = SortedQuantile(r, 0.025);
    iv.hi = SortedQuantile(r, 0.975);
    double mean = 0;
    for (double v : r) mean += v;
    mean /= static_cast<double>(r.size());
    double ss = 0;
    for (double v : r) ss += (v - mean) * (v - mean);
    iv.se = r.size() > 1 ? std::sqrt(ss / static_cast<double>(r.size() - 1)) : 0.0;
  });
  return out;
}

}  // namespace mj
