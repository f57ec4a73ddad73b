#pragma once
// Runs work items 1..n on `jobs` threads and hands the results to the calling thread in index
// order, so whatever is written from them (replays, records) is the same for any number of
// threads. Workers run at most `window` items ahead of the one being consumed (bounded memory).

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace mj {

// work(i) runs on a worker thread (must not touch shared state); consume(i, result) runs on the
// calling thread in order 1, 2, ..., n and returns false to stop (no later item is consumed).
// Returns the number of items consumed.
template <typename R>
long RunOrdered(long n, int jobs, const std::function<R(long)>& work, const std::function<bool(long, R&&)>& consume) {
  if (jobs <= 1) {
    for (long i = 1; i <= n; ++i)
      if (!consume(i, work(i))) return i;
    return n;
  }
  const long window = 4L * jobs;
  std::mutex mu;
  std::condition_variable ready, room;
  std::map<long, R> done;
  long next = 1, consumed = 0;
  bool stop = false;
  auto worker = [&] {
    while (true) {
      long i;
      {
        std::unique_lock lock(mu);
        room.wait(lock, [&] { return stop || next > n || next <= consumed + window; });
        if (stop || next > n) return;
        i = next++;
      }
      R result = work(i);
      std::lock_guard lock(mu);
      done.emplace(i, std::move(result));
      // Only the item the caller waits for wakes it (one wake-up per item in order, not one per
      // finished item: fewer context switches on a machine with as many cores as workers).
      if (i == consumed + 1) ready.notify_one();
    }
  };
  std::vector<std::jthread> threads;
  for (int t = 0; t < jobs; ++t) threads.emplace_back(worker);
  long count = 0;
  for (long i = 1; i <= n; ++i) {
    R result;
    {
      std::unique_lock lock(mu);
      ready.wait(lock, [&] { return done.count(i) > 0; });
      auto it = done.find(i);
      result = std::move(it->second);
      done.erase(it);
    }
    count = i;
    const bool go_on = consume(i, std::move(result));
    {
      std::lock_guard lock(mu);
      consumed = i;
      if (!go_on) stop = true;
    }
    room.notify_all();
    if (!go_on) break;
  }
  return count;  // the jthreads join here
}

}  // namespace mj
