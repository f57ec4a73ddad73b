#include "replays/replay_verify.h"

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "agents/registry.h"
#include "engine/agent.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/replay_writer.h"
#include "rules/scoring_module.h"

namespace mj {
namespace {

using nlohmann::json;

// The recorded events as a script: what each seat does at each decision. Shared by the four
// ReplayAgents and the game's observer, which moves the cursor as events are re-simulated.
class ReplayScript {
 public:
  explicit ReplayScript(const GameRecord& record)
      : rec_(record.events),
        rules_(record.rules),
        want_(record.rules, record.agents),
        got_(record.rules, record.agents) {
    if (!rec_.empty()) {  // start_game comes before the observer: both writers start from it
      std::string line;
      want_.Append(rec_[0], &line);
      got_.Append(rec_[0], &line);
    }
  }

  // Every re-simulated event after start_game; stops the script at the first mismatch. Events
  // are compared as their canonical mjai lines (replays/replay_writer.h), as the file has them.
  void OnEvent(const Event& e) {
    const size_t i = emitted_++;
    if (stopped_) return;
    if (i >= rec_.size()) {
      stopped_ = true;
      return;
    }
    want_line_.clear();
    got_line_.clear();
    want_.Append(rec_[i], &want_line_);
    got_.Append(e, &got_line_);
    if (want_line_ != got_line_) stopped_ = true;
  }

  Action Choose(int seat, const PlayerView& view, std::span<const Action> legal) {
    if (stopped_) return Stop(seat);
    if (emitted_ >= rec_.size()) {
      stopped_ = true;  // a stopped game: the record ends before this decision
      note_ = "the record ends before seat " + std::to_string(seat) + " decides";
      return Stop(seat);
    }
    if (FindType(legal, ActionType::kSetShield)) return ChooseShield(seat, legal);
    const Phase phase = view.phase();
    if (phase == Phase::kAfterDraw || phase == Phase::kAfterCall) return ChooseTurn(seat, view, legal);
    return ChooseResponse(seat, legal);
  }

  [[nodiscard]] const std::string& note() const { return note_; }
  // Events re-simulated so far (start_game included): the index of the next one.
  [[nodiscard]] size_t emitted() const { return emitted_; }
  // True once the re-simulation left the record (a mismatch) or reached its end.
  [[nodiscard]] bool Ended() const { return stopped_ || emitted_ >= rec_.size(); }
  // Every re-simulated event matched the record so far (start_game is the same in both: it
  // comes from the header alone).
  [[nodiscard]] bool matched() const { return !stopped_; }

 private:
  // An answer that is never legal: Round stops the game with an error.
  static Action Stop(int seat) { return {ActionType::kDiscard, static_cast<uint8_t>(seat), kNoTile, {}, 0}; }

  [[nodiscard]] MjaiTileName Name(Tile t) const { return MjaiNameOf(t, rules_); }

  // Names of `n` tiles, sorted when `sorted`.
  [[nodiscard]] std::vector<std::string> Names(const std::array<Tile, 4>& tiles, int n, bool sorted) const {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back(MjaiTile(tiles[i], rules_));
    if (sorted) std::sort(out.begin(), out.end());
    return out;
  }

  [[nodiscard]] bool SameConsumed(const Action& a, const Event& e, bool sorted) const {
    return a.num_consumed == e.num_consumed &&
           Names(a.consumed, a.num_consumed, sorted) == Names(e.consumed, e.num_consumed, sorted);
  }

  // The legal action of `type` whose tile has the name of `e.pai` (and the recorded consumed
  // tiles when `consumed`): the exact consumed order first, then any order.
  std::optional<Action> FindCall(std::span<const Action> legal, ActionType type, const Event& e, bool check_tile) const {
    for (bool sorted : {false, true})
      for (const Action& a : legal)
        if (a.type == type && (!check_tile || Name(a.tile) == Name(e.pai)) && SameConsumed(a, e, sorted)) return a;
    return std::nullopt;
  }

  // A discard (or riichi discard) of the recorded tile, the drawn copy iff tsumogiri.
  std::optional<Action> FindDiscard(std::span<const Action> legal, ActionType type, const Event& dahai,
                                    Tile drawn) const {
    std::optional<Action> any;
    for (const Action& a : legal) {
      if (a.type != type || Name(a.tile) != Name(dahai.pai)) continue;
      if ((a.tile == drawn) == dahai.tsumogiri) return a;
      if (!any) any = a;
    }
    return any;
  }

  static std::optional<Action> FindType(std::span<const Action> legal, ActionType type) {
    for (const Action& a : legal)
      if (a.type == type) return a;
    return std::nullopt;
  }

  // The record cannot be followed: remember why and stop.
  Action Fail(int seat, size_t index, std::span<const Action> legal) {
    stopped_ = true;
    std::string list;
    for (const Action& a : legal) list += (list.empty() ? "" : "; ") + ActionToString(a);
    note_ = "seat " + std::to_string(seat) + " cannot follow event " + std::to_string(index) + " " +
            DumpOrdered(EventToJson(rec_[index], rules_)) + " (legal: " + list + ")";
    return Stop(seat);
  }

  size_t SkipDora(size_t i) const {
    while (i < rec_.size() && rec_[i].type == EventType::kDora) ++i;
    return i;
  }

  Action ChooseTurn(int seat, const PlayerView& view, std::span<const Action> legal) {
    // Dora turned by this seat's discard or kan come first; so do the protection events of a
    // tsumo (the engine records them before the hora).
    size_t i = SkipDora(emitted_);
    while (i < rec_.size() && rec_[i].type == EventType::kProtection) ++i;
    if (i >= rec_.size()) return Fail(seat, emitted_, legal);
    const Event& e = rec_[i];
    std::optional<Action> a;
    const bool mine = e.actor == seat;
    switch (e.type) {
      case EventType::kHora:
        if (mine && e.target == seat) a = FindType(legal, ActionType::kTsumo);
        break;
      case EventType::kRyukyoku:
        if (e.ryukyoku && e.ryukyoku->reason == DrawReason::kNineTerminals)
          a = FindType(legal, ActionType::kNineTerminals);
        break;
      case EventType::kAnkan:
        if (mine) a = FindCall(legal, ActionType::kAnkan, e, false);
        break;
      case EventType::kKakan:
        if (mine) a = FindCall(legal, ActionType::kKakan, e, true);
        break;
      case EventType::kReach: {
        const size_t j = SkipDora(i + 1);
        if (mine && j < rec_.size() && rec_[j].type == EventType::kDahai && rec_[j].actor == seat)
          a = FindDiscard(legal, e.open ? ActionType::kOpenRiichi : ActionType::kRiichi, rec_[j], view.drawn());
        break;
      }
      case EventType::kExchange: {
        // The face-up tile is the drawn copy iff the dahai that follows says tsumogiri.
        const size_t j = SkipDora(i + 1);
        const bool drawn_up = j < rec_.size() && rec_[j].type == EventType::kDahai && rec_[j].tsumogiri;
        if (mine)
          for (const Action& c : legal) {
            if (c.type != ActionType::kExchange || Name(c.tile) != Name(e.pai) ||
                Name(c.consumed[0]) != Name(e.consumed[0]))
              continue;
            if ((c.tile == view.drawn()) == drawn_up) {
              a = c;
              break;
            }
            if (!a) a = c;
          }
        break;
      }
      case EventType::kDahai:
        if (mine) a = FindDiscard(legal, ActionType::kDiscard, e, view.drawn());
        break;
      default: break;
    }
    return a ? *a : Fail(seat, i, legal);
  }

  // Shield selection at the deal, one shield per decision: the seat's k-th kSetShield decision
  // in a hand answers its k-th shield_set event of that hand (whatever order the engine asks
  // the seats in, and whether it emits each event at once or after every seat has chosen).
  Action ChooseShield(int seat, std::span<const Action> legal) {
    size_t start = std::min(emitted_, rec_.size() - 1);
    while (start > 0 && rec_[start].type != EventType::kStartKyoku) --start;
    if (start != shield_hand_) {
      shield_hand_ = start;
      shields_chosen_.fill(0);
    }
    int skip = shields_chosen_[seat]++;
    for (size_t i = start + 1; i < rec_.size() && rec_[i].type != EventType::kStartKyoku; ++i) {
      const Event& e = rec_[i];
      if (e.type != EventType::kShieldSet || e.actor != seat || skip-- > 0) continue;
      for (const Action& a : legal)
        if (a.type == ActionType::kSetShield && Name(a.tile) == Name(e.pai)) return a;
      return Fail(seat, i, legal);
    }
    return Fail(seat, std::min(emitted_, rec_.size() - 1), legal);
  }

  Action ChooseResponse(int seat, std::span<const Action> legal) {
    size_t i = emitted_;
    const Event& e = rec_[i];
    if (e.type == EventType::kHora) {  // one or more rons on this tile
      for (size_t j = i; j < rec_.size() && rec_[j].type == EventType::kHora; ++j)
        if (rec_[j].actor == seat) {
          if (auto a = FindType(legal, ActionType::kRon)) return *a;
          return Fail(seat, j, legal);
        }
    } else if (e.type == EventType::kRyukyoku && e.ryukyoku && e.ryukyoku->reason == DrawReason::kTripleRon) {
      if (auto a = FindType(legal, ActionType::kRon)) return *a;
      return Fail(seat, i, legal);
    } else {
      if (e.type == EventType::kReachAccepted) ++i;
      if (i < rec_.size() && rec_[i].actor == seat) {
        const Event& c = rec_[i];
        std::optional<ActionType> type;
        if (c.type == EventType::kChi) type = ActionType::kChi;
        if (c.type == EventType::kPon) type = ActionType::kPon;
        if (c.type == EventType::kDaiminkan) type = ActionType::kDaiminkan;
        if (type) {
          if (auto a = FindCall(legal, *type, c, true)) return *a;
          return Fail(seat, i, legal);
        }
      }
    }
    return *FindType(legal, ActionType::kPass);  // absent from the record = pass
  }

  const std::vector<Event>& rec_;
  const Ruleset& rules_;
  EventTextWriter want_, got_;   // the recorded and the re-simulated events' lines
  std::string want_line_, got_line_;
  size_t emitted_ = 1;  // re-simulated events so far (start_game comes before the observer)
  size_t shield_hand_ = 0;                 // the start_kyoku the shield counts belong to
  std::array<int, 4> shields_chosen_{};    // kSetShield decisions answered per seat in it
  bool stopped_ = false;
  std::string note_;
};

// A seat of the re-simulation. A seat whose recorded agent is a built-in one (deterministic
// from the game seed: random, greedy, defensive with its options) is played by that agent
// again, so every one of its decisions is re-derived, not read from the record; any other
// seat (an outside program, a test agent) answers from the record.
class ReplayAgent final : public Agent {
 public:
  // `own_agents`: false for an imported game, whose seats are people named in a log.
  ReplayAgent(ReplayScript* script, int seat, const std::string& recorded_agent, bool own_agents = true,
              const DecisionHook* hook = nullptr)
      : script_(script), seat_(seat), hook_(hook) {
    if (!own_agents) return;
    if (auto made = MakeAgent(recorded_agent)) own_ = std::move(made).value();
  }
  [[nodiscard]] std::string Name() const override { return "replay"; }
  void BeginGame(int seat, uint64_t seed) override {
    if (own_) own_->BeginGame(seat, seed);
  }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    const bool live = !script_->Ended();
    const size_t next = script_->emitted();
    const Action answer = !own_ || !live ? script_->Choose(seat_, view, legal) : own_->Choose(view, legal);
    if (hook_ != nullptr && *hook_ && live && script_->matched() &&
        std::find(legal.begin(), legal.end(), answer) != legal.end())
      (*hook_)(seat_, view, legal, answer, next);
    return answer;
  }

 private:
  ReplayScript* script_;
  int seat_;
  const DecisionHook* hook_;
  std::unique_ptr<Agent> own_;
};

// A stopped record (complete: false) must say why the game stopped, and that must be what the
// re-simulation finds: the game stops where the record ends, at a decision of seat S, and the
// recorded error is the engine's for an illegal answer there: 'agent "NAME" (seat S) answered
// "X" in <round> honba <h> after <n> events, which is not a legal action; legal: <list>', with
// everything but NAME and X re-derived, and X not one of the legal actions. "" when it matches.
std::string StopMismatch(const GameRecord& record, const GameRecord& sim) {
  if (sim.complete) return "the record stops but the re-simulated game goes on to its end";
  static constexpr std::string_view kReplayAgent = "agent \"replay\" (seat ";
  static constexpr std::string_view kAnswered = ") answered \"";
  const std::string& derived = sim.error;
  const size_t answered = derived.find(kAnswered);
  const size_t in = answered == std::string::npos ? answered : derived.find("\" in ", answered + kAnswered.size());
  if (derived.rfind(kReplayAgent, 0) != 0 || in == std::string::npos)
    return "the re-simulated game stops with \"" + derived + "\", not at a decision where the record ends";
  const std::string seat = derived.substr(kReplayAgent.size(), answered - kReplayAgent.size());
  const std::string where = derived.substr(in);  // '" in East 1 honba 0 after N events, ...; legal: ...'
  const std::string marker = "\" (seat " + seat + std::string(kAnswered);
  const std::string& told = record.error;
  const size_t at = told.find(marker);
  const size_t answer_start = at == std::string::npos ? 0 : at + marker.size();
  if (told.rfind("agent \"", 0) != 0 || at == std::string::npos || told.size() < where.size() ||
      answer_start > told.size() - where.size() ||
      told.compare(told.size() - where.size(), where.size(), where) != 0)
    return "the recorded error does not say that seat " + seat +
           " answered an illegal action there (re-derived: \"" + derived + "\")";
  const std::string answer = told.substr(answer_start, told.size() - where.size() - answer_start);
  const std::string legal = where.substr(where.find("; legal: ") + 9);
  for (size_t p = 0; p <= legal.size();) {
    const size_t q = std::min(legal.find("; ", p), legal.size());
    if (legal.compare(p, q - p, answer) == 0) return "the recorded answer \"" + answer + "\" is a legal action there";
    p = q + 2;
  }
  return {};
}

// PlayGame with the record's walls (when it has them) and its events as the seats' answers.
// `rederive`: false answers every seat from the record (ReplayFollowOptions::rederive_agents).
GameRecord Resimulate(const GameRecord& record, ReplayScript& script, const DecisionHook* hook = nullptr,
                      const EventObserver* observer = nullptr, bool rederive = true) {
  const bool own = rederive && record.walls.empty() && !record.imported;
  std::array<ReplayAgent, 4> agents{ReplayAgent(&script, 0, record.agents[0], own, hook),
                                    ReplayAgent(&script, 1, record.agents[1], own, hook),
                                    ReplayAgent(&script, 2, record.agents[2], own, hook),
                                    ReplayAgent(&script, 3, record.agents[3], own, hook)};
  GameOptions options;
  options.observer = [&script, observer](const RoundState& s, const Event& e) {
    script.OnEvent(e);
    if (observer != nullptr && *observer) (*observer)(s, e);
  };
  if (!record.walls.empty())
    options.wall_for_hand = [&record](int hand) -> std::optional<Wall> {
      if (hand < 0 || static_cast<size_t>(hand) >= record.walls.size()) return std::nullopt;
      return record.walls[static_cast<size_t>(hand)];
    };
  GameRecord sim = PlayGame(record.rules, record.seed, {&agents[0], &agents[1], &agents[2], &agents[3]}, options);
  sim.walls = record.walls;
  sim.imported = record.imported;
  return sim;
}

}  // namespace

GameRecord ResimulateRecord(const GameRecord& record, const DecisionHook& hook, const EventObserver& observer) {
  ReplayScript script(record);
  return Resimulate(record, script, &hook, &observer);
}

std::string ReplayDivergence::ToString() const {
  std::string s = "event " + std::to_string(event_index) + ": expected " +
                  (expected.is_null() ? std::string("nothing") : DumpOrdered(expected)) + ", got " +
                  (got.is_null() ? std::string("nothing") : DumpOrdered(got));
  if (!note.empty()) s += " (" + note + ")";
  return s;
}

Result<ReplayVerification> VerifyReplay(const GameRecord& record) { return VerifyReplay(record, {}); }

Result<ReplayVerification> VerifyReplay(const GameRecord& record, const ReplayFollowOptions& follow) {
  if (FindScoringModule(record.rules.scoring) == nullptr)
    return Error{"ruleset \"" + record.rules.name + "\" names an unknown scoring module \"" + record.rules.scoring + "\""};
  ReplayScript script(record);
  DecisionHook hook;
  if (follow.on_decision)
    hook = [&follow](int, const PlayerView& view, std::span<const Action> legal, const Action& answer, size_t) {
      follow.on_decision(view, legal, answer);
    };
  const GameRecord sim = Resimulate(record, script, &hook, nullptr, follow.rederive_agents);

  ReplayVerification out;
  out.events = record.events.size();
  if (record.complete && script.matched() && sim.events.size() == record.events.size())
    return out;  // every event compared as it was played
  // Both event lists as canonical lines, compared in order (the lines become JSON values only
  // for the divergence report).
  EventTextWriter want_writer(record.rules, record.agents), got_writer(record.rules, record.agents);
  std::string want, got;
  const size_t common = std::min(record.events.size(), sim.events.size());
  size_t i = 0;
  for (; i < common; ++i) {
    want.clear();
    got.clear();
    want_writer.Append(record.events[i], &want);
    got_writer.Append(sim.events[i], &got);
    if (want != got) {
      out.divergence = ReplayDivergence{i, json::parse(want), json::parse(got), ""};
      return out;
    }
  }
  if (record.events.size() != sim.events.size()) {
    ReplayDivergence d;
    d.event_index = common;
    if (common < record.events.size()) {
      want.clear();
      want_writer.Append(record.events[common], &want);
      d.expected = json::parse(want);
    }
    if (common < sim.events.size()) {
      got.clear();
      got_writer.Append(sim.events[common], &got);
      d.got = json::parse(got);
    }
    if (sim.events.size() < record.events.size()) d.note = script.note().empty() ? sim.error : script.note();
    out.divergence = std::move(d);
  } else if (!record.complete) {
    std::string why = StopMismatch(record, sim);
    if (!why.empty())
      out.divergence =
          ReplayDivergence{record.events.size(), json{{"error", record.error}}, json{{"error", sim.error}}, why};
  }
  return out;
}

}  // namespace mj
