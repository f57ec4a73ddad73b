#pragma once
// Seeded bootstrap over units (games, or duplicate sets): resample the n units with
// replacement B times with the engine's PRNG (engine/rng.h), evaluate every statistic on each
// resample, and give the 95% percentile interval. Same units, B and seed -> the same intervals
// on every machine, for any order of evaluation and any number of threads (docs/PLAYTEST.md).

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace mj {

inline constexpr uint64_t kBootstrapSeed = 0x5EED'2026'0014ULL;
inline constexpr int kBootstrapResamples = 1000;

// A statistic of the units: `weights[u]` is how often unit u is in the resample (all 1 for the
// estimate itself). NaN when it is undefined for that resample (e.g. a ratio over zero hands).
using Statistic = std::function<double(std::span<const double> weights)>;

struct Interval {
  double estimate = 0;   // on all units
  double lo = 0, hi = 0; // 2.5% and 97.5% percentiles of the finite replicates
  double se = 0;         // standard deviation of the finite replicates
  int replicates = 0;    // finite replicates (resamples where the statistic was defined)
  // Two-sided p-value of "the statistic is 0", normal approximation z = estimate / se.
  [[nodiscard]] double PValue() const;
};

// Runs the bootstrap for all statistics at once (the same resamples for each, so a difference
// of two statistics computed inside one Statistic is paired). The resamples are evaluated on
// `jobs` threads (the statistics are called concurrently, so they must not change any state);
// the intervals are bit-identical for any `jobs`.
[[nodiscard]] std::vector<Interval> BootstrapIntervals(size_t units, const std::vector<Statistic>& stats,
                                                       int resamples = kBootstrapResamples,
                                                       uint64_t seed = kBootstrapSeed, int jobs = 1);

// Percentile (linear interpolation between order statistics, "type 7") of sorted values.
[[nodiscard]] double SortedQuantile(std::span<const double> sorted, double q);

// Sum over units of weights[u] * values[u].
[[nodiscard]] double WeightedSum(std::span<const double> weights, std::span<const double> values);
// A ratio of two per-unit sums: sum w*num / sum w*den (NaN when the denominator is 0).
[[nodiscard]] Statistic RatioStatistic(std::vector<double> num, std::vector<double> den);

}  // namespace mj
