#include "rl/vec_env.h"

#include <algorithm>
#include <cstring>
#include <ctime>

#include "agents/registry.h"
#include "engine/rng.h"
#include "rl/action_encoding.h"
#include "rl/observation.h"

namespace mj::rl {
namespace {

// A spinning thread's hint to the core (x86's pause): lets the other hardware thread run and
// saves power while waiting for another thread's store.
inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

uint64_t TableSeed(uint64_t seed, uint64_t table, uint64_t episode) {
  return SplitMix64(SplitMix64(SplitMix64(seed) ^ (table * 0x9E3779B97F4A7C15ULL + 1)) + episode);
}

Result<std::unique_ptr<VecEnv>> VecEnv::Make(const Ruleset& rules, int num_tables,
                                             const std::array<std::string, 4>& seats, int threads,
                                             RewardMode reward) {
  if (num_tables < 1) return Error{"VecEnv needs at least one table, got " + std::to_string(num_tables)};
  if (threads < 1) return Error{"VecEnv needs at least one thread, got " + std::to_string(threads)};
  if (std::none_of(seats.begin(), seats.end(), [](const std::string& s) { return s.empty() || s == "outside"; }))
    return Error{"VecEnv needs at least one outside seat (\"\" or \"outside\"): every seat is a built-in agent"};
  std::unique_ptr<VecEnv> env(new VecEnv());
  for (int i = 0; i < num_tables; ++i) {
    std::array<std::unique_ptr<Agent>, 4> agents;
    for (int p = 0; p < 4; ++p) {
      if (seats[p].empty() || seats[p] == "outside") continue;
      auto agent = MakeAgent(seats[p]);
      if (!agent) return Error{"seat " + std::to_string(p) + ": " + agent.error()};
      agents[p] = std::move(agent).value();
    }
    env->tables_.push_back(std::make_unique<SteppedGame>(rules, std::move(agents), reward));
  }
  env->episode_.assign(static_cast<size_t>(num_tables), 0);
  env->finished_.assign(static_cast<size_t>(num_tables), 0);
  env->legal_index_.assign(static_cast<size_t>(num_tables), 0);
  env->indices_.resize(static_cast<size_t>(num_tables));
  env->threads_ = std::min(threads, num_tables);
  env->slot_cpu_.assign(static_cast<size_t>(env->threads_), 0.0);
  const int chunks = (num_tables + kChunk - 1) / kChunk;
  for (int k = 0; k <= env->threads_; ++k) env->run_first_.push_back(chunks * k / env->threads_);
  env->run_next_ = std::make_unique<RunCounter[]>(static_cast<size_t>(env->threads_));
  for (int k = 1; k < env->threads_; ++k) {
    VecEnv* self = env.get();
    env->workers_.emplace_back([self, k] {
      uint64_t seen = 0;
      while (true) {
        // Spin a little for the next call, then sleep until it comes.
        const auto until = std::chrono::steady_clock::now() + kSpin;
        while (self->generation_.load(std::memory_order_acquire) == seen &&
               !self->quit_.load(std::memory_order_acquire) && std::chrono::steady_clock::now() < until)
          CpuRelax();
        if (self->generation_.load(std::memory_order_acquire) == seen) {
          std::unique_lock lock(self->mutex_);
          self->start_.wait(lock, [&] {
            return self->quit_.load(std::memory_order_acquire) || self->generation_.load(std::memory_order_acquire) != seen;
          });
        }
        if (self->quit_.load(std::memory_order_acquire)) return;
        seen = self->generation_.load(std::memory_order_acquire);
        self->RunChunks(*self->job_, k);
        if (self->running_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
          std::lock_guard lock(self->mutex_);  // the caller may be between its check and its sleep
          self->finished_cv_.notify_one();
        }
      }
    });
  }
  return env;
}

VecEnv::~VecEnv() {
  {
    std::lock_guard lock(mutex_);
    quit_.store(true, std::memory_order_release);
  }
  start_.notify_all();
  for (auto& t : workers_) t.join();
}

void VecEnv::RunChunks(const std::function<void(int, int)>& work, int slot) {
  const double start = ThreadCpuSeconds();
  const int n = num_tables();
  // The own run first, then the others' leftovers, the next thread's first.
  for (int r = 0; r < threads_; ++r) {
    const int run = (slot + r) % threads_;
    const int last = run_first_[static_cast<size_t>(run) + 1];
    for (int c = run_next_[run].next.fetch_add(1, std::memory_order_relaxed); c < last;
         c = run_next_[run].next.fetch_add(1, std::memory_order_relaxed))
      work(c * kChunk, std::min(n, (c + 1) * kChunk));
  }
  slot_cpu_[static_cast<size_t>(slot)] = ThreadCpuSeconds() - start;
}

void VecEnv::Parallel(const std::function<void(int, int)>& work) {
  for (int k = 0; k < threads_; ++k) run_next_[k].next.store(run_first_[static_cast<size_t>(k)], std::memory_order_relaxed);
  if (threads_ > 1) {
    job_ = &work;
    running_.store(threads_ - 1, std::memory_order_relaxed);
    {
      std::lock_guard lock(mutex_);  // a worker may be between its check and its sleep
      generation_.fetch_add(1, std::memory_order_release);
    }
    start_.notify_all();
  }
  RunChunks(work, 0);
  if (threads_ > 1) {
    const auto until = std::chrono::steady_clock::now() + kSpin;
    while (running_.load(std::memory_order_acquire) != 0 && std::chrono::steady_clock::now() < until) CpuRelax();
    if (running_.load(std::memory_order_acquire) != 0) {
      std::unique_lock lock(mutex_);
      finished_cv_.wait(lock, [&] { return running_.load(std::memory_order_acquire) == 0; });
    }
  }
  double longest = 0;
  for (double t : slot_cpu_) {
    times_.work += t;
    longest = std::max(longest, t);
  }
  times_.critical += longest;
  ++times_.calls;
}

long VecEnv::games_finished() const {
  long n = 0;
  for (long f : finished_) n += f;
  return n;
}

void VecEnv::Write(int i, const VecBuffers& out, bool done) {
  const SteppedGame& g = *tables_[i];
  const size_t row = static_cast<size_t>(i);
  const PlayerView& view = g.view();
  const Ruleset& rules = g.rules();
  if (out.planes || out.scalars)
    EncodeObservation(view, out.planes + row * kNumPlanes * kNumKinds, out.scalars + row * kNumScalars);
  std::vector<int32_t>& indices = indices_[row];
  indices.clear();
  for (const Action& a : g.legal()) indices.push_back(EncodeAction(a, view.drawn(), rules));
  const size_t shown = std::min(indices.size(), static_cast<size_t>(kMaxLegal));
  if (out.mask) {
    uint8_t* mask = out.mask + row * kNumActions;
    std::memset(mask, 0, kNumActions);
    for (int32_t index : indices) mask[index] = 1;
  }
  if (out.legal) {
    int32_t* legal = out.legal + row * kMaxLegal;
    std::copy(indices.begin(), indices.begin() + static_cast<long>(shown), legal);
    for (size_t j = shown; j < static_cast<size_t>(kMaxLegal) && legal[j] != -1; ++j) legal[j] = -1;
  }
  if (out.legal_count) out.legal_count[row] = static_cast<int32_t>(shown);
  if (out.seat) out.seat[row] = g.seat();
  if (out.done) out.done[row] = done ? 1 : 0;
  if (out.full) EncodeFullState(g.state(), g.seat(), out.full + row * kNumFullPlanes * kNumKinds);
}

// Table i's game ended in this step: its result into the final_* rows, the rewards of its end
// added to the step's, then its next game up to the first decision.
void VecEnv::FinishAndRestart(int i, const VecBuffers& out) {
  SteppedGame& g = *tables_[i];
  const size_t row = static_cast<size_t>(i);
  while (g.done()) {
    const GameRecord& rec = g.record();
    for (int p = 0; p < 4; ++p) {
      if (out.final_scores) out.final_scores[row * 4 + p] = rec.complete ? rec.end.scores[p] : 0;
      if (out.final_results) out.final_results[row * 4 + p] = rec.complete ? static_cast<float>(rec.end.results[p]) : 0.0f;
      if (out.final_ranks) out.final_ranks[row * 4 + p] = rec.complete ? rec.end.ranks[p] : 0;
    }
    ++finished_[row];
    g.Reset(TableSeed(seed_, row, ++episode_[row]));
    // (a game that ends before any outside decision loops to the next one)
  }
}

void VecEnv::Reset(uint64_t seed, const VecBuffers& out) {
  seed_ = seed;
  std::fill(episode_.begin(), episode_.end(), 0);
  std::fill(finished_.begin(), finished_.end(), 0);
  if (out.legal) std::fill(out.legal, out.legal + static_cast<size_t>(num_tables()) * kMaxLegal, -1);
  const std::function<void(int, int)> work = [&](int first, int last) {
    for (int i = first; i < last; ++i) {
      tables_[i]->Reset(TableSeed(seed_, static_cast<uint64_t>(i), 0));
      const bool ended = tables_[i]->done();
      if (ended) FinishAndRestart(i, out);
      if (out.reward) std::fill(out.reward + static_cast<size_t>(i) * 4, out.reward + static_cast<size_t>(i) * 4 + 4, 0.0f);
      Write(i, out, false);
    }
  };
  Parallel(work);
}

Result<bool> VecEnv::Step(const int32_t* actions, const VecBuffers& out) {
  // Every answer is checked before any table steps. This loop runs on the caller's thread alone
  // (it limits what more threads gain): each table's list was written by whichever thread
  // stepped it and is rarely in this core's cache, so the lists a few tables ahead are
  // prefetched and their misses overlap.
  constexpr int kAhead = 8;
  for (int i = 0; i < std::min(kAhead, num_tables()); ++i) __builtin_prefetch(indices_[static_cast<size_t>(i)].data());
  for (int i = 0; i < num_tables(); ++i) {
    if (i + kAhead < num_tables()) __builtin_prefetch(indices_[static_cast<size_t>(i + kAhead)].data());
    const std::vector<int32_t>& indices = indices_[static_cast<size_t>(i)];
    const auto found = std::find(indices.begin(), indices.end(), actions[i]);
    if (found == indices.end())
      return Error{"table " + std::to_string(i) + ": action " + std::to_string(actions[i]) + " (" +
                   ActionIndexName(actions[i]) + ") is not legal for seat " + std::to_string(tables_[i]->seat()) +
                   "; nothing was stepped"};
    legal_index_[static_cast<size_t>(i)] = static_cast<int32_t>(found - indices.begin());
  }
  const std::function<void(int, int)> work = [&](int first, int last) {
    for (int i = first; i < last; ++i) {
      SteppedGame& g = *tables_[i];
      (void)g.Step(static_cast<size_t>(legal_index_[static_cast<size_t>(i)]));
      const bool ended = g.done();
      std::array<float, 4> reward = g.rewards();
      if (ended) FinishAndRestart(i, out);
      if (out.reward) std::copy(reward.begin(), reward.end(), out.reward + static_cast<size_t>(i) * 4);
      Write(i, out, ended);
    }
  };
  Parallel(work);
  return true;
}

}  // namespace mj::rl
