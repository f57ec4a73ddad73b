#pragma once
// HandLog: where a hand's events go. Each event is appended to the game's log, then shown to
// the observer (if any) with the state it happened in. The round and the modules it calls
// (shields, settlement) write every event through one HandLog, so the order of the log is the
// order of play. A TileLedger, when given, follows every event before the observer sees it
// (tile conservation in every game, engine/invariants.h).

#include <functional>
#include <utility>
#include <vector>

#include "engine/event.h"
#include "engine/invariants.h"
#include "engine/round_state.h"

namespace mj {

// Called after every event with the state, for invariant checks in tests and debug builds.
using EventObserver = std::function<void(const RoundState&, const Event&)>;

class HandLog {
 public:
  // `log` and `state` outlive the HandLog; `state` is what the observer is shown.
  HandLog(std::vector<Event>* log, const RoundState* state) : log_(log), state_(state) {}

  void set_observer(EventObserver observer) { observer_ = std::move(observer); }
  // `ledger` (outlives the HandLog, or nullptr) checks tile conservation after every event.
  void set_ledger(TileLedger* ledger) { ledger_ = ledger; }

  void Emit(Event e) {
    log_->push_back(std::move(e));
    Tell(log_->back());
  }

  // Appends an event of `type` by `actor` on `pai` built in place in the log (the common small
  // events: draws, discards, shields set), then tells the observer.
  void EmitPlain(EventType type, int actor, Tile pai, bool tsumogiri = false) {
    Event& e = log_->emplace_back();
    e.type = type;
    e.actor = static_cast<int8_t>(actor);
    e.pai = pai;
    e.tsumogiri = tsumogiri;
    Tell(e);
  }

  // Events in the game's log so far (this hand's and the hands' before it).
  [[nodiscard]] size_t size() const { return log_->size(); }

 private:
  void Tell(const Event& e) {
    if (ledger_ != nullptr) ledger_->Observe(*state_, e, log_->size() - 1);
    if (observer_) observer_(*state_, e);
  }

  std::vector<Event>* log_;
  const RoundState* state_;
  EventObserver observer_;
  TileLedger* ledger_ = nullptr;
};

}  // namespace mj
