#pragma once
// MjaiTable: plays games with outside bots (mjai over TCP or a child's stdin/stdout) seated
// beside built-in agents (docs/MJAI.md). Each bot seat is an Agent whose Choose sends the events
// that seat may see since its last answer and reads its answer; the table's event observer
// queues each event, masked per seat (MjaiEventWriter), for every bot.
//
// Exchanges: kLockStep is the reference server's: every bot answers every event with one line
// ({"type":"none"} when it has nothing to do), and any answer that is not the decision the engine
// asked for must be none. kBatched is the later harnesses': the events since the bot's last
// answer go as one JSON array, only when it has a decision (two or more legal actions).
// A bot's error (timeout, bad JSON, illegal action, wrong actor, closed connection) is an
// AgentFault naming seat, bot, event and what was wrong; by FaultPolicy the game stops there
// (its record keeps everything before) or the seat plays tsumogiri / pass from then on.

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/game.h"
#include "mjai/line_channel.h"
#include "mjai/wire_events.h"
#include "mjai/wire_writer.h"

namespace mj {

enum class MjaiExchange : uint8_t { kLockStep, kBatched };
enum class FaultPolicy : uint8_t { kEndGame, kSubstitute };

struct BotOptions {
  MjaiExchange exchange = MjaiExchange::kLockStep;
  MjaiDialect dialect = MjaiDialect::kGimite;
  std::chrono::milliseconds timeout{5000};  // per decision (and per answered event)
  size_t max_line = 65536;  // the longest line read from a bot (LineChannel::set_max_line)
  FaultPolicy on_fault = FaultPolicy::kEndGame;
  // Every line on the wire, for logs: (seat, bot name, sent?, line).
  std::function<void(int, const std::string&, bool, const std::string&)> wire_log;
  // Faults as they happen (the game goes on or stops after).
  std::function<void(const AgentFault&)> fault_log;
  // Passed to PlayGame (GameOptions): explicit walls, and an observer of every event after the
  // table's own (tests).
  std::function<std::optional<Wall>(int hand_index)> wall_for_hand;
  EventObserver observer;
  // Called once the game is over, just before end_game (or the error that ends it) is sent: a
  // server stops refusing new connections here, so a player joining again at once is queued.
  std::function<void()> before_end;
};

// A bot seat: its name (as in the replay's agents) and its channel, owned elsewhere.
struct BotSeat {
  std::string name;
  LineChannel* channel = nullptr;
};

// The engine's error for a seat stopped by a fault ('agent "B" (seat S) answered "seat 255 pass"
// in East 1 ... legal: ...', which replay verification re-derives) with the answer replaced by
// the fault's message; `error` unchanged when it is not such an error.
[[nodiscard]] std::string WithFaultMessage(const std::string& error, const std::string& fault);

class MjaiTable {
 public:
  // `agents[s]` plays seat s when `bots[s].channel` is null.
  MjaiTable(const Ruleset& rules, const BotOptions& options, const std::array<BotSeat, 4>& bots,
            const std::array<Agent*, 4>& agents);
  ~MjaiTable();
  MjaiTable(const MjaiTable&) = delete;
  MjaiTable& operator=(const MjaiTable&) = delete;

  // Plays one game (PlayGame with the bots), sends end_game (or an error) to every bot, and
  // returns the record with the bots' faults; a stopped game's error is the fault's message.
  // `max_hands` > 0 stops after that many hands: played as the ruleset's max_hands (the lower of
  // the two when the ruleset has one), which the replay's ruleset then records.
  [[nodiscard]] GameRecord Play(uint64_t seed, int max_hands = 0);

 private:
  class Seat;
  friend class BotAgent;
  void OnEvent(const Event& e, std::span<const Tile> shown = {}, const std::array<int, 4>* peach = nullptr);
  // The answer of bot seat `seat` to a decision (called by its agent).
  Action Decide(int seat, std::span<const Action> legal, const PlayerView& view);
  // Lock-step: sends `seat`'s pending events (false with `error` on a write failure), reads and
  // checks one answer per event (ReadPending); Flush does both for one seat, FlushAll sends to
  // every seat before reading any answer.
  bool SendPending(int seat, std::string* error);
  // Queues the event just written for `seat` (its text as the seat sees it).
  void AddPending(int seat, int index, EventType type, int actor);
  void ReadPending(int seat, const Event* next);
  void Flush(int seat, const Event* next);
  void FlushAll(const Event* next);
  void Fault(int seat, const std::string& error);

  const Ruleset& rules_;
  BotOptions options_;
  std::array<BotSeat, 4> bots_;
  std::array<Agent*, 4> agents_;
  std::array<std::unique_ptr<Seat>, 4> seats_;
  std::array<std::unique_ptr<Agent>, 4> bot_agents_;
  std::unique_ptr<MjaiWireWriter> writer_;
  int event_index_ = 0;
  std::vector<AgentFault> faults_;
  std::string hints_;  // a decision's possible_actions (reused)
  bool stop_ = false;  // a fault ends the game: every later decision returns a non-legal action
};

}  // namespace mj
