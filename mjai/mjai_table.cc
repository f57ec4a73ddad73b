#include "mjai/mjai_table.h"

#include <algorithm>

#include "engine/player_view.h"
#include "mjai/action_json.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"

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

std::string Short(const std::string& text) { return text.size() > 300 ? text.substr(0, 297) + "..." : text; }

}  // namespace

std::string WithFaultMessage(const std::string& error, const std::string& fault) {
  static constexpr std::string_view kStopper = "answered \"seat 255 pass\" in ";
  const size_t at = error.find(kStopper);
  if (at == std::string::npos) return error;
  const size_t start = at + std::string_view("answered \"").size();
  return error.substr(0, start) + "no legal action: " + fault + error.substr(start + std::string_view("seat 255 pass").size());
}

struct PendingEvent {
  json view;
  std::string text;  // the line sent (lock-step), kept for fault messages
  int index = 0;
  EventType type = EventType::kStartGame;
  int actor = -1;
};

class MjaiTable::Seat {
 public:
  BotSeat bot;
  std::vector<PendingEvent> pending;
  bool dropped = false;     // faulted under kSubstitute: plays the safe default, gets nothing
  bool reach_sent = false;  // our own reach event went out already (the engine's is skipped)
  int last_index = 0;       // the event last sent (for faults)
  std::string last_sent;    // its text
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
  f.agent = st.bot.name;
  f.substituted = options_.on_fault == FaultPolicy::kSubstitute;
  f.error = "seat " + std::to_string(seat) + " (bot \"" + st.bot.name + "\") answering event " +
            std::to_string(st.last_index) + " " + Short(st.last_sent) + ": " + error;
  if (options_.fault_log) options_.fault_log(f);
  faults_.push_back(f);
  st.dropped = true;
  st.pending.clear();
  if (!f.substituted) stop_ = true;
}

namespace {

// Sends one line; false (with `error`) on a failure.
bool SendLine(const BotOptions& o, int seat, const BotSeat& bot, const std::string& line, std::string* error) {
  if (o.wire_log) o.wire_log(seat, bot.name, true, line);
  const auto st = bot.channel->Write(line, o.timeout, error);
  return st == LineChannel::Status::kOk;
}

// Reads one answer; nullopt-like false (with `error`) on a failure.
bool ReadAnswer(const BotOptions& o, int seat, const BotSeat& bot, json* answer, std::string* error) {
  std::string line;
  const auto st = bot.channel->ReadLine(&line, o.timeout, error);
  if (st != LineChannel::Status::kOk) {
    if (st == LineChannel::Status::kTimeout) *error = "timeout: " + *error;
    return false;
  }
  if (o.wire_log) o.wire_log(seat, bot.name, false, line);
  *answer = json::parse(line, nullptr, false);
  if (answer->is_discarded()) {
    *error = "malformed JSON: " + Short(line);
    return false;
  }
  return true;
}

// The "possible_actions": [] hint the reference server puts on events a seat may answer.
void EmptyHints(json* view, int seat, EventType type, int actor) {
  if ((type == EventType::kTsumo && actor == seat) ||
      ((type == EventType::kDahai || type == EventType::kKakan) && actor != seat))
    (*view)["possible_actions"] = json::array();
}

}  // namespace

bool MjaiTable::SendPending(int seat, std::string* error) {
  Seat& st = *seats_[seat];
  for (PendingEvent& p : st.pending) {
    EmptyHints(&p.view, seat, p.type, p.actor);
    p.text = p.view.dump();
    st.last_index = p.index;
    st.last_sent = p.text;
    if (!SendLine(options_, seat, st.bot, p.text, error)) return false;
  }
  return true;
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
    st.last_index = p.index;
    st.last_sent = p.text;
    json answer;
    std::string error;
    if (!ReadAnswer(options_, seat, st.bot, &answer, &error)) return Fault(seat, error);
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

void MjaiTable::OnEvent(const Event& e) {
  const int index = event_index_++;
  writer_->Next(e);
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
    seats_[s]->pending.push_back({writer_->ForSeat(s), {}, index, e.type, e.actor});
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
  // Hints on the event answered.
  PendingEvent& asked = st.pending.back();
  json hints = PossibleActionsJson(legal, ctx, rules_);
  if (asked.type == EventType::kTsumo || asked.type == EventType::kDahai || asked.type == EventType::kKakan ||
      !hints.empty())
    asked.view["possible_actions"] = std::move(hints);
  const bool shield = legal.front().type == ActionType::kSetShield;
  if (shield) asked.view["shield_set_due"] = true;
  const bool turn = phase == Phase::kAfterDraw || phase == Phase::kAfterCall;
  if (turn && !(asked.actor == seat && (asked.type == EventType::kTsumo || asked.type == EventType::kChi ||
                                        asked.type == EventType::kPon)))
    asked.view["dahai_due"] = true;

  std::string error;
  json answer;
  const auto fail = [&](const std::string& what) {
    Fault(seat, what);
    return stop_ ? Stopper() : SafeDefault(legal, view.drawn());
  };
  if (options_.exchange == MjaiExchange::kLockStep) {
    if (st.pending.size() > 1) {  // not expected: answered one by one with none
      PendingEvent keep = std::move(st.pending.back());
      st.pending.pop_back();
      Flush(seat, nullptr);
      if (st.dropped) return stop_ ? Stopper() : SafeDefault(legal, view.drawn());
      st.pending.push_back(std::move(keep));
    }
    st.last_sent = st.pending.back().view.dump();
  } else {
    json batch = json::array();
    for (PendingEvent& p : st.pending) batch.push_back(std::move(p.view));
    st.last_sent = batch.dump();
  }
  st.last_index = st.pending.back().index;
  st.pending.clear();
  if (!SendLine(options_, seat, st.bot, st.last_sent, &error)) return fail(error);
  if (!ReadAnswer(options_, seat, st.bot, &answer, &error)) return fail(error);
  auto read = MjaiToAction(answer, seat, legal, ctx, rules_);
  if (!read) return fail(read.error());
  if (read->kind == MjaiAnswer::kAction) return read->action;

  // Riichi: our own reach event (the engine's follows and is not sent again), answered by the
  // riichi discard.
  json reach = {{"type", "reach"}, {"actor", seat}};
  if (read->open) reach["open"] = true;
  json cannot = json::array();
  const ActionType riichi = read->open ? ActionType::kOpenRiichi : ActionType::kRiichi;
  for (const Action& a : legal) {
    if (a.type != ActionType::kDiscard) continue;
    const bool ok = std::any_of(legal.begin(), legal.end(),
                                [&](const Action& r) { return r.type == riichi && KindOf(r.tile) == KindOf(a.tile); });
    const std::string name = MjaiTile(a.tile, rules_);
    if (!ok && std::find(cannot.begin(), cannot.end(), name) == cannot.end()) cannot.push_back(name);
  }
  reach["cannot_dahai"] = std::move(cannot);
  st.last_sent = options_.exchange == MjaiExchange::kBatched ? json::array({reach}).dump() : reach.dump();
  st.reach_sent = true;
  if (!SendLine(options_, seat, st.bot, st.last_sent, &error)) return fail(error);
  if (!ReadAnswer(options_, seat, st.bot, &answer, &error)) return fail(error);
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
  writer_ = std::make_unique<MjaiEventWriter>(rules_, options_.dialect, names);
  event_index_ = 0;
  faults_.clear();
  stop_ = false;
  Event start;
  start.type = EventType::kStartGame;
  OnEvent(start);
  GameOptions go;
  go.observer = [this](const RoundState&, const Event& e) { OnEvent(e); };
  go.max_hands = max_hands;
  GameRecord rec = PlayGame(rules_, seed, players, go);

  if (options_.exchange == MjaiExchange::kLockStep) FlushAll(nullptr);
  json last;
  if (rec.complete && !stop_) {
    writer_->Next(rec.events.back());
  }
  for (int s = 0; s < 4; ++s) {
    if (!seats_[s] || seats_[s]->dropped) continue;
    Seat& st = *seats_[s];
    std::string error;
    json out;
    if (rec.complete && !stop_) {
      out = writer_->ForSeat(s);
    } else {
      out = {{"type", "error"}, {"message", faults_.empty() ? rec.error : faults_.back().error}};
    }
    if (options_.exchange == MjaiExchange::kBatched) {
      json batch = json::array();
      for (PendingEvent& p : st.pending) batch.push_back(std::move(p.view));
      batch.push_back(std::move(out));
      (void)SendLine(options_, s, st.bot, batch.dump(), &error);
    } else {
      (void)SendLine(options_, s, st.bot, out.dump(), &error);
    }
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
