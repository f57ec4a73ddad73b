#include "rl/stepped_game.h"

#include <exception>
#include <utility>

#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>

// AddressSanitizer tracks one stack per thread; a switch to another stack it is not told about
// makes it report false stack errors (or miss real ones). Debian's Boost.Context is the fcontext
// build, whose fibers do not tell it (only the ucontext build does, under BOOST_USE_ASAN), so the
// two switches of a stepped game (into the game, back to the caller) are announced here
// (sanitizer/common_interface_defs.h). Nothing of this is compiled without ASan.
#if defined(__SANITIZE_ADDRESS__)
#define MJ_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MJ_ASAN_FIBERS 1
#endif
#endif
#ifdef MJ_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif

namespace mj::rl {

namespace ctx = boost::context;

namespace {

// A switch is about to leave the running stack for [bottom, bottom + size); `fake` keeps the
// leaving stack's fake frames (null: the leaving stack is finished).
inline void AsanLeave([[maybe_unused]] void** fake, [[maybe_unused]] const void* bottom, [[maybe_unused]] size_t size) {
#ifdef MJ_ASAN_FIBERS
  __sanitizer_start_switch_fiber(fake, bottom, size);
#endif
}
// The switch has arrived; `from_bottom`, `from_size` (when not null) learn the stack it came from.
inline void AsanArrive([[maybe_unused]] void* fake, [[maybe_unused]] const void** from_bottom,
                       [[maybe_unused]] size_t* from_size) {
#ifdef MJ_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(fake, from_bottom, from_size);
#endif
}

}  // namespace

// The game's stack: PlayGame and the built-in agents' searches run on it. 1 MiB, reserved
// (not touched) until used, with a guard page below it; one per table, reused game after game.
inline constexpr size_t kGameStack = size_t{1} << 20;

// One stack for all the games of a table, allocated once (a new stack per game cost a map, an
// unmap and page faults every game).
struct GameStack {
  ctx::protected_fixedsize_stack allocator{kGameStack};
  ctx::stack_context stack = allocator.allocate();
  GameStack() = default;
  GameStack(const GameStack&) = delete;
  GameStack& operator=(const GameStack&) = delete;
  ~GameStack() { allocator.deallocate(stack); }
};

// Boost.Context's StackAllocator over that one stack: a game's fiber takes it and gives it back.
class ReusedStack {
 public:
  explicit ReusedStack(const ctx::stack_context& stack) : stack_(stack) {}
  ctx::stack_context allocate() { return stack_; }
  void deallocate(ctx::stack_context&) noexcept {}

 private:
  ctx::stack_context stack_;
};

struct SteppedGame::Fiber {
  GameStack stack;    // declared first: destroyed after the fibers (which are finished by then)
  ctx::fiber game;    // resumed by the caller to play on
  ctx::fiber caller;  // resumed from inside the game to stop at a decision
  // For AddressSanitizer (see AsanLeave): the caller's stack as last seen from the game (a
  // VecEnv resumes a table from whichever of its threads steps it), and each side's fake frames.
  const void* caller_bottom = nullptr;
  size_t caller_size = 0;
  void* caller_fake = nullptr;
  void* game_fake = nullptr;

  void ToCaller() {
    AsanLeave(&game_fake, caller_bottom, caller_size);
    caller = std::move(caller).resume();
    AsanArrive(game_fake, &caller_bottom, &caller_size);
  }
  void ToGame() {
    AsanLeave(&caller_fake, static_cast<const char*>(stack.stack.sp) - stack.stack.size, stack.stack.size);
    game = std::move(game).resume();
    AsanArrive(caller_fake, nullptr, nullptr);
  }
};

// The outside seat's agent: each decision stops the game and waits for the caller's answer.
class SteppedGame::Port final : public Agent {
 public:
  Port(SteppedGame* game, int seat) : game_(game), seat_(seat) {}
  [[nodiscard]] std::string Name() const override { return "outside"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    SteppedGame& g = *game_;
    if (!g.abandon_) {
      g.seat_ = seat_;
      g.view_ = &view;
      g.legal_ = legal;
      g.fiber_->ToCaller();
    }
    // Abandoned: an answer that is never legal stops the game (Round::Ask), nothing else runs.
    if (g.abandon_) return Action{ActionType::kDiscard, static_cast<uint8_t>(seat_), kNoTile, {}, 0};
    ++g.decisions_;
    return legal[g.answer_];
  }

 private:
  SteppedGame* game_;
  int seat_;
};

SteppedGame::SteppedGame(const Ruleset& rules, std::array<std::unique_ptr<Agent>, 4> agents, RewardMode reward)
    : rules_(rules), agents_(std::move(agents)), reward_mode_(reward), fiber_(std::make_unique<Fiber>()) {
  for (int p = 0; p < 4; ++p)
    if (!agents_[p]) ports_[p] = std::make_unique<Port>(this, p);
}

SteppedGame::~SteppedGame() { Stop(); }

void SteppedGame::Stop() {
  if (!started_ || done_) return;
  abandon_ = true;
  Resume();
  abandon_ = false;
}

void SteppedGame::Run() {
  std::array<Agent*, 4> seats{};
  for (int p = 0; p < 4; ++p) seats[p] = agents_[p] ? agents_[p].get() : ports_[p].get();
  GameOptions options;
  options.observer = [this](const RoundState& s, const Event&) { state_ = &s; };
  try {
    record_ = loop_ ? loop_(seats, seed_, options.observer) : PlayGame(rules_, seed_, seats, options);
  } catch (const std::exception& e) {
    record_.complete = false;
    record_.error = std::string("the game stopped on an exception: ") + e.what();
  }
  done_ = true;
}

void SteppedGame::Resume() {
  fiber_->ToGame();
}

void SteppedGame::Reset(uint64_t seed) {
  Stop();
  seed_ = seed;
  record_ = GameRecord{};
  started_ = true;
  done_ = false;
  decisions_ = 0;
  seat_ = -1;
  state_ = nullptr;
  last_scores_.fill(rules_.starting_points);
  fiber_->game = ctx::fiber(std::allocator_arg, ReusedStack(fiber_->stack.stack),
                            [this](ctx::fiber&& caller) {
                              AsanArrive(nullptr, &fiber_->caller_bottom, &fiber_->caller_size);
                              fiber_->caller = std::move(caller);
                              Run();
                              AsanLeave(nullptr, fiber_->caller_bottom, fiber_->caller_size);  // the game's stack is done
                              return std::move(fiber_->caller);
                            });
  Resume();
  NoteRewards();
}

Result<bool> SteppedGame::Step(size_t legal_index) {
  if (done_) return Error{"the game is over: reset it first"};
  if (legal_index >= legal_.size())
    return Error{"answer " + std::to_string(legal_index) + " out of range: seat " + std::to_string(seat_) + " has " +
                 std::to_string(legal_.size()) + " legal actions"};
  answer_ = legal_index;
  Resume();
  NoteRewards();
  return true;
}

void SteppedGame::NoteRewards() {
  std::array<int, 4> now = last_scores_;
  if (done_) {
    if (record_.complete) now = record_.end.scores;
  } else if (state_ != nullptr) {
    now = state_->scores;
  }
  for (int p = 0; p < 4; ++p) {
    if (reward_mode_ == RewardMode::kScore) {
      rewards_[p] = static_cast<float>(now[p] - last_scores_[p]) / 1000.0f;
    } else {
      rewards_[p] = done_ && record_.complete ? static_cast<float>(record_.end.results[p]) : 0.0f;
    }
  }
  last_scores_ = now;
}

}  // namespace mj::rl
