#pragma once
// VecEnv: N tables stepped together, each a SteppedGame, on a fixed number of threads, writing
// every table's next decision into flat arrays the caller allocated once (the Python module
// shows them as numpy arrays without copying): observation planes and scalars, action mask, the
// legal action indices, seat to act, rewards, done flags and the final result of a finished
// game. A finished game is followed at once by the table's next game (automatic reset): the
// arrays then hold the new game's first decision, done[i] = 1 and final_* the finished game's
// result. Table i's k-th game has the seed TableSeed(seed, i, k), so the results depend on the
// seed and the answers only, never on the number of threads or on which thread steps a table
// (no table reads another's state). The tables are cut into one run of chunks (kChunk tables)
// per thread; each thread steps its own run first, so a table stays in the caches of the core
// that stepped it last (tables handed out from one shared counter moved between cores at every
// step: a quarter more CPU per step on two threads), then takes what is left of the others' runs
// (a fixed slice per thread alone left one waiting for the other when its tables happened to
// need more work, e.g. more games ending and dealing anew).

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "rl/stepped_game.h"
#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj::rl {

// The seed of table `table`'s `episode`-th game (0-based) in a VecEnv of seed `seed`.
[[nodiscard]] uint64_t TableSeed(uint64_t seed, uint64_t table, uint64_t episode);

// Where a VecEnv writes; each pointer has room for num_tables rows (null: not written).
struct VecBuffers {
  uint8_t* planes = nullptr;      // kNumPlanes * 34 per table
  float* scalars = nullptr;       // kNumScalars
  uint8_t* mask = nullptr;        // kNumActions
  int32_t* legal = nullptr;       // kMaxLegal action indices (-1 after the last)
  int32_t* legal_count = nullptr; // 1
  int32_t* seat = nullptr;        // 1: the seat to act
  float* reward = nullptr;        // 4: every seat's reward since the last step
  uint8_t* done = nullptr;        // 1: a game ended in this step (and the next began)
  int32_t* final_scores = nullptr;   // 4: the finished game's final scores (when done)
  float* final_results = nullptr;    // 4: its results with uma and oka, in thousands
  int32_t* final_ranks = nullptr;    // 4
  uint8_t* full = nullptr;        // kNumFullPlanes * 34: the full-information view (critics)
};

inline constexpr int kMaxLegal = 512;

// Where the CPU time of the stepping goes, to see what a second thread gains whatever the load
// of the machine: `work` is the CPU time all threads spent stepping tables; `critical` adds up,
// over every Reset and Step, the longest of the threads' times in it (the time the step would
// take on idle cores, waiting for the slowest thread). CPU time of the calling thread outside
// the parallel part (checking the actions, Python) is not counted here.
struct ParallelTimes {
  double work = 0;
  double critical = 0;
  long calls = 0;
};

class VecEnv {
 public:
  // seats: 4 agent specs, "" (or "outside") for a seat the caller answers; at least one.
  static Result<std::unique_ptr<VecEnv>> Make(const Ruleset& rules, int num_tables,
                                              const std::array<std::string, 4>& seats, int threads,
                                              RewardMode reward);
  ~VecEnv();

  // Starts every table's first game (episode counters back to 0) and writes their decisions.
  void Reset(uint64_t seed, const VecBuffers& out);
  // actions[i]: an index of table i's mask (checked first: an illegal one steps nothing).
  [[nodiscard]] Result<bool> Step(const int32_t* actions, const VecBuffers& out);

  [[nodiscard]] int num_tables() const { return static_cast<int>(tables_.size()); }
  [[nodiscard]] int threads() const { return threads_; }
  [[nodiscard]] long games_finished() const;
  [[nodiscard]] const ParallelTimes& parallel_times() const { return times_; }

  // Tables a thread takes at once: 16 rows of the int32 arrays fill a 64-byte cache line, so two
  // threads rarely write the same line of the small per-table arrays (seat, legal_count, done).
  static constexpr int kChunk = 16;
  [[nodiscard]] const SteppedGame& table(int i) const { return *tables_[i]; }

 private:
  VecEnv() = default;
  // Runs work(first, last) over every chunk of tables, on all threads.
  void Parallel(const std::function<void(int, int)>& work);
  void RunChunks(const std::function<void(int, int)>& work, int slot);
  void Write(int i, const VecBuffers& out, bool done);
  void FinishAndRestart(int i, const VecBuffers& out);

  std::vector<std::unique_ptr<SteppedGame>> tables_;
  std::vector<uint64_t> episode_;
  std::vector<long> finished_;
  std::vector<int32_t> legal_index_;  // the legal list index chosen per table, this step
  std::vector<std::vector<int32_t>> indices_;  // each table's legal actions' indices, as last written
  uint64_t seed_ = 0;
  int threads_ = 1;
  // The worker threads (threads_ - 1; the caller's thread takes the first slice).
  std::vector<std::thread> workers_;
  // A call's hand-over: the caller publishes job_ and bumps generation_; a worker spins on
  // generation_ for up to kSpin before sleeping on start_ (a sleeping thread's wake-up costs tens
  // of microseconds, as much as a small step's whole work), and the caller spins on running_
  // before sleeping on finished_cv_. Both sleeps re-check under mutex_, so no wake-up is lost.
  static constexpr std::chrono::microseconds kSpin{200};
  std::mutex mutex_;
  std::condition_variable start_, finished_cv_;
  const std::function<void(int, int)>* job_ = nullptr;
  std::atomic<uint64_t> generation_{0};
  std::atomic<int> running_{0};
  std::atomic<bool> quit_{false};
  // Thread k's run of chunks is [run_first_[k], run_first_[k + 1]); run_next_[k] is the next
  // chunk of it not yet taken (by k, or by a thread done with its own run).
  struct alignas(64) RunCounter {
    std::atomic<int> next{0};
  };
  std::vector<int> run_first_;
  std::unique_ptr<RunCounter[]> run_next_;
  std::vector<double> slot_cpu_;  // each thread's CPU time in the current call
  ParallelTimes times_;
};

}  // namespace mj::rl
