// ParallelFor (replays/parallel_for.h): every index exactly once on any number of threads, and
// an exception from the work reaches the caller.

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "playtest/parallel_for.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace parallel_for_test {
namespace {

TEST(ParallelForTest, EachIndexOnceForAnyNumberOfThreads) {
  for (const int jobs : {0, 1, 2, 3, 64}) {
    for (const size_t n : {0, 1, 2, 1000}) {
      std::vector<std::atomic<int>> hits(n);
      ParallelFor(n, jobs, [&](size_t i) { hits[i].fetch_add(1); });
      for (size_t i = 0; i < n; ++i) EXPECT_EQ(hits[i].load(), 1) << "index " << i << " of " << n << ", " << jobs << " jobs";
    }
  }
}

TEST(ParallelForTest, AnExceptionReachesTheCaller) {
  for (const int jobs : {1, 2, 4}) {
    std::atomic<int> done{0};
    EXPECT_THROW(ParallelFor(100, jobs,
                             [&](size_t i) {
                               if (i == 10) throw std::runtime_error("item 10");
                               done.fetch_add(1);
                             }),
                 std::runtime_error)
        << jobs;
    EXPECT_LT(done.load(), 100);
  }
}

}  // namespace
}  // namespace parallel_for_test
}  // namespace mj
