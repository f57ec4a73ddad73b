#include "mjai/mjai_table.h"

#include <algorithm>

#include "engine/player_view.h"
#include "mjai/action_json.h"
#include "mjai/json_line.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/replay_writer.h"
#include "rules/bounded_json.h"

namespace mj {

using nlohmann::json;

namespace {

// Never legal (every legal action names its own seat): makes the round stop after a fault.
Action Stopper() {
  Action a;
  a.actor = 255;
  return a;
}

// Tsumogiri when the drawn tile may go, else pass, else the last discard offered, else the
// first legal action (a shield choice).
Action SafeDefault(std::span<const Action> legal, Tile drawn) {
  for (const Action& a : legal)
    if (a.type == ActionType::kPass) return a;
  for (const Action& a : legal)
    if (a.type == ActionType::kDiscard && a.tile == drawn) return a;
  const Action* last = nullptr;
  for (const Action& a : legal)
    if (a.type == ActionType::kDiscard) last = &a;
  return last ? *last : legal.front();
}

// Outside text quoted in a fault: cut between whole characters, invalid UTF-8 as U+FFFD, no
// control characters (a fault's message goes into the replay, the log and the terminal).
std::string Short(std::string_view text) { return QuotedText(text, 300); }

}  // namespace

std::string WithFaultMessage(const std::string& error, const std::string& fault) {
  static constexpr std::string_view kStopper = "answered \"seat 255 pass\" in ";
  const size_t at = error.find(kStopper);
  if (at == std::string::npos) return error;
  const size_t start = at + std::string_view("answered \"").size();
  return error.substr(0, start) + "no legal action: " + fault + error.substr(start + std::string_view("seat 255 pass").size());
}

// An event queued for a bot seat: where its text is in Seat::wire.
struct PendingEvent {
  size_t begin = 0;
  size_t end = 0;
  int index = 0;
  EventType type = EventType::kStartGame;
  int actor = -1;
};

class MjaiTable::Seat {
 public:
  BotSeat bot;
  // The text of the pending events as it goes on the wire, reused from message to message:
  // batched "[e1,e2,...", closed by "]\n" when sent; lock-step "e1\ne2...", each event a line.
  std::string wire;
  std::vector<PendingEvent> pending;
  bool dropped = false;     // faulted under kSubstitute: plays the safe default, gets nothing
  bool reach_sent = false;  // our own reach event went out already (the engine's is skipped)
  int last_index = 0;       // the event last sent (for faults)
  std::string last_sent;    // its text
  std::string answer;       // the last answer line read

  std::string_view Text(const PendingEvent& p) const { return std::string_view(wire).substr(p.begin, p.end - p.begin); }
  void Sent(const PendingEvent& p) {
    last_index = p.index;
    last_sent.assign(wire, p.begin, p.end - p.begin);
  }
};

class BotAgent : public Agent {
 public:
  BotAgent(MjaiTable* table, int seat, std::string name) : table_(table), seat_(seat), name_(std::move(name)) {}
  [[nodiscard]] std::string Name() const override { return name_; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    return table_->Decide(seat_, legal, view);
  }

 private:
  MjaiTable* table_;
  int seat_;
  std::string name_;
};

MjaiTable::MjaiTable(const Ruleset& rules, const BotOptions& options, const std::array<BotSeat, 4>& bots,
                     const std::array<Agent*, 4>& agents)
    : rules_(rules), options_(options), bots_(bots), agents_(agents) {
  for (int s = 0; s < 4; ++s) {
    if (bots_[s].channel == nullptr) continue;
    bots_[s].channel->set_max_line(options_.max_line);
    seats_[s] = std::make_unique<Seat>();
    seats_[s]->bot = bots_[s];
    bot_agents_[s] = std::make_unique<BotAgent>(this, s, bots_[s].name);
  }
}

MjaiTable::~MjaiTable() = default;

void MjaiTable::Fault(int seat, const std::string& error) {
  Seat& st = *seats_[seat];
  AgentFault f;
  f.seat = seat;
  f.event = st.last_index;
  f.agent = ValidUtf8(st.bot.name);
  f.substituted = options_.on_fault == FaultPolicy::kSubstitute;
  f.error = "seat " + std::to_string(seat) + " (bot \"" + QuotedText(st.bot.name, 200) + "\") answering event " +
            std::to_string(st.last_index) + " " + Short(st.last_sent) + ": " + QuotedText(error, 2000);
  if (options_.fault_log) options_.fault_log(f);
  faults_.push_back(f);
  st.dropped = true;
  st.pending.clear();
  if (!f.substituted) stop_ = true;
}

namespace {

// Writes `data` (whole lines, each ending in '\n'); false (with `error`) on a failure, and
// `written` how many bytes went out.
bool SendBytes(const BotOptions& o, const BotSeat& bot, std::string_view data, std::string* error,
               size_t* written = nullptr) {
  const auto st = bot.channel->WriteBytes(data, o.timeout, error, written);
  return st == LineChannel::Status::kOk;
}

void LogSent(const BotOptions& o, int seat, const BotSeat& bot, std::string_view line) {
  if (o.wire_log) o.wire_log(seat, bot.name, true, std::string(line));
}

// Reads one answer into `line` and parses it; false (with `error`) on a failure.
bool ReadAnswer(const BotOptions& o, int seat, const BotSeat& bot, std::string* line, json* answer,
                std::string* error) {
  thread_local JsonLineParser parser;
  const auto st = bot.channel->ReadLine(line, o.timeout, error);
  if (st != LineChannel::Status::kOk) {
    if (st == LineChannel::Status::kTimeout) *error = "timeout: " + *error;
    return false;
  }
  if (o.wire_log) o.wire_log(seat, bot.name, false, *line);
  *answer = parser.Parse(*line);
  if (answer->is_discarded()) {
    *error = "malformed JSON: " + Short(*line);
    return false;
  }
  return true;
}

// Whether the reference server puts "possible_actions": [] on this event for this seat (the
// events a seat may answer).
bool TakesEmptyHints(int seat, EventType type, int actor) {
  return (type == EventType::kTsumo && actor == seat) ||
         ((type == EventType::kDahai || type == EventType::kKakan) && actor != seat);
}

// Whether any legal action is listed in "possible_actions" (see PossibleActionsJson).
bool AnyHinted(std::span<const Action> legal) {
  return std::any_of(legal.begin(), legal.end(), [](const Action& a) {
    return a.type != ActionType::kDiscard && a.type != ActionType::kPass && a.type != ActionType::kSetShield &&
           a.type != ActionType::kExchange;
  });
}

}  // namespace

void MjaiTable::AddPending(int seat, int index, EventType type, int actor) {
  Seat& st = *seats_[seat];
  const bool batched = options_.exchange == MjaiExchange::kBatched;
  if (st.pending.empty()) {
    st.wire.clear();
    if (batched) st.wire.push_back('[');
  } else {
    st.wire.push_back(batched ? ',' : '\n');
  }
  PendingEvent p;
  p.begin = st.wire.size();
  // Lock-step: the reference server's empty hints (a decision's own hints replace them).
  writer_->AppendForSeat(seat, &st.wire, !batched && TakesEmptyHints(seat, type, actor));
  p.end = st.wire.size();
  p.index = index;
  p.type = type;
  p.actor = actor;
  st.pending.push_back(p);
}

bool MjaiTable::SendPending(int seat, std::string* error) {
  Seat& st = *seats_[seat];
  if (st.pending.empty()) return true;
  // Every pending event is a line; all go out in one write.
  st.wire.push_back('\n');
  size_t written = 0;
  const bool ok = SendBytes(options_, st.bot, st.wire, error, &written);
  for (const PendingEvent& p : st.pending) {
    st.Sent(p);
    LogSent(options_, seat, st.bot, st.Text(p));
    if (!ok && written <= p.end) return false;  // the first line not wholly written failed
  }
  st.wire.pop_back();
  return ok;
}

void MjaiTable::ReadPending(int seat, const Event* next) {
  Seat& st = *seats_[seat];
  for (size_t i = 0; i < st.pending.size(); ++i) {
    const PendingEvent& p = st.pending[i];
    const bool last = i + 1 == st.pending.size();
    // A decision the engine made alone (one legal action): the bot's answer must be it.
    const bool forced_dahai = last && next && next->type == EventType::kDahai && next->actor == seat &&
                              p.actor == seat &&
                              (p.type == EventType::kTsumo || p.type == EventType::kChi || p.type == EventType::kPon);
    const bool forced_shield = last && next && next->type == EventType::kShieldSet && next->actor == seat &&
                               (p.type == EventType::kStartKyoku || p.type == EventType::kShieldSet);
    st.Sent(p);
    json answer;
    std::string error;
    if (!ReadAnswer(options_, seat, st.bot, &st.answer, &answer, &error)) return Fault(seat, error);
    std::vector<Action> legal(1);
    MjaiActionContext ctx;
    if (forced_dahai || forced_shield) {
      legal[0].type = forced_dahai ? ActionType::kDiscard : ActionType::kSetShield;
      legal[0].actor = static_cast<uint8_t>(seat);
      legal[0].tile = next->pai;
      if (next->tsumogiri) ctx.drawn = next->pai;
    }
    auto read = MjaiToAction(answer, seat, legal, ctx, rules_);
    if (!read) return Fault(seat, read.error());
  }
  st.pending.clear();
}

void MjaiTable::Flush(int seat, const Event* next) {
  Seat& st = *seats_[seat];
  if (st.dropped || stop_) {
    st.pending.clear();
    return;
  }
  std::string error;
  if (!SendPending(seat, &error)) return Fault(seat, error);
  ReadPending(seat, next);
}

void MjaiTable::FlushAll(const Event* next) {
  // Every seat's events go out before any answer is read, so the bots think at the same time;
  // the answers are then read and judged seat by seat, in seat order, exactly as if each seat
  // had been flushed alone (a send failure is that seat's fault, taken in its turn).
  std::array<std::string, 4> send_error;
  std::array<int, 4> failed_index{};
  std::array<std::string, 4> failed_text;
  for (int s = 0; s < 4; ++s) {
    if (!seats_[s] || seats_[s]->dropped || stop_) continue;
    if (!SendPending(s, &send_error[s])) {
      failed_index[s] = seats_[s]->last_index;
      failed_text[s] = seats_[s]->last_sent;
    }
  }
  for (int s = 0; s < 4; ++s) {
    if (!seats_[s]) continue;
    Seat& st = *seats_[s];
    if (st.dropped || stop_) {
      st.pending.clear();
      continue;
    }
    if (!send_error[s].empty()) {
      st.last_index = failed_index[s];
      st.last_sent = failed_text[s];
      Fault(s, send_error[s]);
      continue;
    }
    ReadPending(s, next);
  }
}

void MjaiTable::OnEvent(const Event& e, std::span<const Tile> shown, const std::array<int, 4>* peach) {
  const int index = event_index_++;
  writer_->Next(e, shown, peach);
  if (options_.exchange == MjaiExchange::kLockStep) {
    // Every bot answers the previous event before this one goes out.
    FlushAll(&e);
  }
  for (int s = 0; s < 4; ++s) {
    if (!seats_[s] || seats_[s]->dropped) continue;
    if (e.type == EventType::kReach && seats_[s]->reach_sent && e.actor == s) {
      seats_[s]->reach_sent = false;
      continue;
    }
    AddPending(s, index, e.type, e.actor);
  }
}

Action MjaiTable::Decide(int seat, std::span<const Action> legal, const PlayerView& view) {
  if (stop_) return Stopper();
  Seat& st = *seats_[seat];
  if (st.dropped) return SafeDefault(legal, view.drawn());
  MjaiActionContext ctx;
  ctx.drawn = view.drawn();
  const Phase phase = view.phase();
  ctx.target = phase == Phase::kOnDiscard                              ? view.last_discarder()
               : phase == Phase::kOnKakan || phase == Phase::kOnAnkan ? view.kan_actor()
                                                                      : seat;
  if (st.pending.empty()) {
    Fault(seat, "internal: a decision without an event to answer");
    return st.dropped && !stop_ ? SafeDefault(legal, view.drawn()) : Stopper();
  }
  // Hints on the event answered (the last pending one, at the end of the wire text).
  {
    const PendingEvent& asked = st.pending.back();
    const size_t begin = asked.begin;
    const auto add = [&](std::string_view key, std::string_view value) {
      InsertMember(&st.wire, begin, st.wire.size(), key, value);  // nothing follows the asked event
      st.pending.back().end = st.wire.size();
    };
    const bool hinted = AnyHinted(legal);
    if (asked.type == EventType::kTsumo || asked.type == EventType::kDahai || asked.type == EventType::kKakan || hinted) {
      hints_.clear();
      if (hinted) {
        AppendPossibleActions(legal, ctx, rules_, &hints_);
      } else {
        hints_ = "[]";
      }
      add("possible_actions", hints_);
    }
    if (legal.front().type == ActionType::kSetShield) add("shield_set_due", "true");
    const bool turn = phase == Phase::kAfterDraw || phase == Phase::kAfterCall;
    const PendingEvent& now = st.pending.back();
    if (turn && !(now.actor == seat && (now.type == EventType::kTsumo || now.type == EventType::kChi ||
                                        now.type == EventType::kPon)))
      add("dahai_due", "true");
  }

  std::string error;
  json answer;
  const auto fail = [&](const std::string& what) {
    Fault(seat, what);
    return stop_ ? Stopper() : SafeDefault(legal, view.drawn());
  };
  if (options_.exchange == MjaiExchange::kLockStep) {
    if (st.pending.size() > 1) {  // not expected: answered one by one with none
      PendingEvent keep = st.pending.back();
      std::string text(st.Text(keep));
      st.pending.pop_back();
      st.wire.resize(st.pending.back().end);
      Flush(seat, nullptr);
      if (st.dropped) return stop_ ? Stopper() : SafeDefault(legal, view.drawn());
      st.wire = std::move(text);
      keep.begin = 0;
      keep.end = st.wire.size();
      st.pending.assign(1, keep);
    }
    st.last_sent = st.Text(st.pending.back());
  } else {
    st.wire.push_back(']');
    st.last_sent = st.wire;
  }
  st.last_index = st.pending.back().index;
  st.pending.clear();
  LogSent(options_, seat, st.bot, st.last_sent);
  st.wire.push_back('\n');
  if (!SendBytes(options_, st.bot, st.wire, &error)) return fail(error);
  if (!ReadAnswer(options_, seat, st.bot, &st.answer, &answer, &error)) return fail(error);
  auto read = MjaiToAction(answer, seat, legal, ctx, rules_);
  if (!read) return fail(read.error());
  if (read->kind == MjaiAnswer::kAction) return read->action;

  // Riichi: our own reach event (the engine's follows and is not sent again), answered by the
  // riichi discard: {"actor":S,"cannot_dahai":[...],("open":true,)"type":"reach"}.
  const bool batched = options_.exchange == MjaiExchange::kBatched;
  std::string& line = st.wire;
  line.clear();
  if (batched) line.push_back('[');
  line.append("{\"actor\":");
  line.append(std::to_string(seat));
  line.append(",\"cannot_dahai\":[");
  std::vector<std::string> cannot;
  const ActionType riichi = read->open ? ActionType::kOpenRiichi : ActionType::kRiichi;
  for (const Action& a : legal) {
    if (a.type != ActionType::kDiscard) continue;
    const bool ok = std::any_of(legal.begin(), legal.end(),
                                [&](const Action& r) { return r.type == riichi && KindOf(r.tile) == KindOf(a.tile); });
    std::string name = MjaiTile(a.tile, rules_);
    if (ok || std::find(cannot.begin(), cannot.end(), name) != cannot.end()) continue;
    if (!cannot.empty()) line.push_back(',');
    AppendJsonString(name, &line);
    cannot.push_back(std::move(name));
  }
  line.push_back(']');
  if (read->open) line.append(",\"open\":true");
  line.append(",\"type\":\"reach\"}");
  if (batched) line.push_back(']');
  st.last_sent = line;
  st.reach_sent = true;
  LogSent(options_, seat, st.bot, line);
  line.push_back('\n');
  if (!SendBytes(options_, st.bot, line, &error)) return fail(error);
  if (!ReadAnswer(options_, seat, st.bot, &st.answer, &answer, &error)) return fail(error);
  read = MjaiToAction(answer, seat, legal, ctx, rules_, /*after_reach=*/true, read->open);
  if (!read) return fail(read.error());
  return read->action;
}

GameRecord MjaiTable::Play(uint64_t seed, int max_hands) {
  std::array<std::string, 4> names;
  std::array<Agent*, 4> players = agents_;
  for (int s = 0; s < 4; ++s) {
    if (seats_[s]) players[s] = bot_agents_[s].get();
    names[s] = players[s]->Name();
  }
  writer_ = std::make_unique<MjaiWireWriter>(rules_, options_.dialect, names);
  event_index_ = 0;
  faults_.clear();
  stop_ = false;
  Event start;
  start.type = EventType::kStartGame;
  OnEvent(start);
  GameOptions go;
  go.observer = [this](const RoundState& s, const Event& e) {
    const std::array<int, 4> peach = PeachCountsAt(s);
    OnEvent(e, ShownHandAt(s, e), &peach);
    if (options_.observer) options_.observer(s, e);
  };
  go.wall_for_hand = options_.wall_for_hand;
  // A hand limit (serve --hands) is played as the ruleset's own max_hands, so the replay records
  // it and `replay verify` re-derives the same end (a limit outside the ruleset did not verify).
  Ruleset rules = rules_;
  if (max_hands > 0 && (rules.max_hands == 0 || max_hands < rules.max_hands)) rules.max_hands = max_hands;
  GameRecord rec = PlayGame(rules, seed, players, go);

  if (options_.exchange == MjaiExchange::kLockStep) FlushAll(nullptr);
  const bool ended = rec.complete && !stop_;
  if (ended) writer_->Next(rec.events.back());
  if (options_.before_end) options_.before_end();
  for (int s = 0; s < 4; ++s) {
    if (!seats_[s] || seats_[s]->dropped) continue;
    Seat& st = *seats_[s];
    std::string error;
    // Batched: after the pending events; lock-step: nothing is pending after FlushAll.
    if (options_.exchange == MjaiExchange::kLockStep) {
      st.wire.clear();
    } else if (st.pending.empty()) {
      st.wire.clear();
      st.wire.push_back('[');
    } else {
      st.wire.push_back(',');
    }
    const size_t begin = st.wire.size();
    if (ended) {
      writer_->AppendForSeat(s, &st.wire);
    } else {
      st.wire.append("{\"message\":");
      AppendJsonString(faults_.empty() ? rec.error : faults_.back().error, &st.wire);
      st.wire.append(",\"type\":\"error\"}");
    }
    if (options_.exchange == MjaiExchange::kBatched) {
      st.wire.push_back(']');
      LogSent(options_, s, st.bot, st.wire);
    } else {
      LogSent(options_, s, st.bot, std::string_view(st.wire).substr(begin));
    }
    st.wire.push_back('\n');
    (void)SendBytes(options_, st.bot, st.wire, &error);
    st.pending.clear();
  }
  rec.faults = faults_;
  if (!rec.complete) {
    for (const AgentFault& f : faults_)
      if (!f.substituted) rec.error = WithFaultMessage(rec.error, f.error);
  }
  return rec;
}

}  // namespace mj
