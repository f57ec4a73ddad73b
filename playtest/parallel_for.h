#pragma once
// Runs fn(0), ..., fn(n - 1) on `jobs` threads (the calling thread is one of them), each index
// exactly once, in no particular order; returns when all are done. For work whose items write
// only their own slots of a result, so the result is the same for any number of threads. An
// exception thrown by fn stops the handing out of further items and is rethrown on the calling
// thread (the first one caught).

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace mj {

template <typename Fn>
void ParallelFor(size_t n, int jobs, const Fn& fn) {
  const size_t threads = std::min(n, static_cast<size_t>(std::max(jobs, 1)));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::atomic<size_t> next{0};
  std::mutex mu;
  std::exception_ptr error;
  auto worker = [&] {
    try {
      for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) fn(i);
    } catch (...) {
      next.store(n, std::memory_order_relaxed);
      std::lock_guard lock(mu);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> helpers;
    helpers.reserve(threads - 1);
    for (size_t t = 1; t < threads; ++t) helpers.emplace_back(worker);
    worker();
  }  // the helpers join here
  if (error) std::rethrow_exception(error);
}

}  // namespace mj
