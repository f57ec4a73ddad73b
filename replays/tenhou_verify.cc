#include "replays/tenhou_verify.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>

#include "engine/agent.h"
#include "engine/game.h"
#include "engine/legal_actions.h"
#include "engine/round.h"
#include "engine/win_check.h"
#include "rules/bounded_json.h"

namespace mj::tenhou {
namespace {

// ---------------------------------------------------------------------------------------------
// Small helpers.

std::string Seat(int p) { return "seat " + std::to_string(p); }

std::string Join(const std::vector<std::string>& parts, const char* sep = ", ") {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

std::string Scores(const std::array<int, 4>& s) {
  return "[" + std::to_string(s[0]) + ", " + std::to_string(s[1]) + ", " + std::to_string(s[2]) + ", " +
         std::to_string(s[3]) + "]";
}

std::string KyokuName(int index, int honba) {
  static constexpr const char* kWinds = "ESWN";
  return std::string(1, kWinds[(index / 4) % 4]) + std::to_string(index % 4 + 1) + "-" + std::to_string(honba);
}

std::string OutcomeName(const HandResult& r) { return r.reason; }

std::string DrawReasonText(DrawReason r) {
  switch (r) {
    case DrawReason::kExhaustive: return "exhaustive draw";
    case DrawReason::kNineTerminals: return "九種九牌";
    case DrawReason::kFourRiichi: return "四家立直";
    case DrawReason::kTripleRon: return "三家和了";
    case DrawReason::kFourKans: return "四槓散了";
    case DrawReason::kFourWinds: return "四風連打";
    case DrawReason::kCount: break;
  }
  return "?";
}

std::string LimitText(Limit l) {
  switch (l) {
    case Limit::kNone: return "";
    case Limit::kMangan: return "満貫";
    case Limit::kHaneman: return "跳満";
    case Limit::kBaiman: return "倍満";
    case Limit::kSanbaiman: return "三倍満";
    case Limit::kYakuman: return "役満";
    case Limit::kCount: break;
  }
  return "?";
}

// The record's tile code of an engine tile (51..53 for a red five under the ruleset).
int Face(Tile t, const Ruleset& rules) { return KindCode(KindOf(t), IsRedFive(t, rules)); }

std::string ItemText(const Item& it) {
  if (it.type == ItemType::kDraw) return "draw " + CodeText(it.tile);
  if (it.type == ItemType::kDiscard) return it.tile == kTsumogiri ? "tsumogiri" : "discard " + CodeText(it.tile);
  if (it.type == ItemType::kRiichi) return "riichi " + (it.tile == kTsumogiri ? std::string("tsumogiri") : CodeText(it.tile));
  return "\"" + it.text + "\"";
}

// ---------------------------------------------------------------------------------------------
// Tile identities: the record gives faces (kind + red); the engine needs one id per physical
// tile. Red fives take copy 0 (ids 16, 52, 88); other faces take the remaining copies.

class IdPool {
 public:
  explicit IdPool(const Ruleset& rules) : rules_(rules) {}

  std::optional<Tile> Take(int code) {
    if (!IsTileCode(code)) return std::nullopt;
    const Kind k = CodeKind(code);
    const bool red = CodeIsRed(code);
    const bool suit_has_red = k < 27 && NumberOf(k) == 5 && rules_.red_fives[k / 9] > 0;
    if (red && !suit_has_red) return std::nullopt;
    for (int copy = 0; copy < 4; ++copy) {
      if (suit_has_red && (copy == 0) != red) continue;
      const Tile t = TileOf(k, copy);
      if (!used_[t]) {
        used_[t] = true;
        return t;
      }
    }
    return std::nullopt;
  }
  [[nodiscard]] bool Used(Tile t) const { return used_[t]; }

 private:
  const Ruleset& rules_;
  std::array<bool, kNumTiles> used_{};
};

// ---------------------------------------------------------------------------------------------
// One attempt at replaying a hand through the engine. `tape` fixes the call decisions: entry i
// answers the i-th time a seat could make its next recorded call (true = call now); decisions
// beyond the tape call at the first chance.

class HandReplay;

class ScriptAgent final : public Agent {
 public:
  explicit ScriptAgent(HandReplay* replay) : replay_(replay) {}
  [[nodiscard]] std::string Name() const override { return "tenhou-record"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override;

 private:
  HandReplay* replay_;
};

class HandReplay {
 public:
  HandReplay(const Kyoku& k, const Ruleset& rules, std::vector<bool> tape)
      : k_(k), rules_(rules), pool_(rules), tape_(std::move(tape)) {}

  // Plays the hand; false if the engine and the record parted (failure() says where).
  bool Run();

  [[nodiscard]] const std::string& failure() const { return failure_; }
  [[nodiscard]] size_t progress() const { return events_.size(); }
  [[nodiscard]] const std::vector<bool>& decisions() const { return decisions_; }
  [[nodiscard]] const std::vector<Event>& events() const { return events_; }
  [[nodiscard]] const RoundOutcome& outcome() const { return outcome_; }
  [[nodiscard]] const RoundSetup& setup() const { return setup_; }
  [[nodiscard]] int dora_revealed() const { return dora_revealed_; }

  Action Choose(const PlayerView& view, std::span<const Action> legal);

 private:
  void Fail(const std::string& why) {
    if (failure_.empty()) failure_ = why;
  }
  [[nodiscard]] bool Failed() const { return !failure_.empty(); }
  [[nodiscard]] std::string Context() const {
    return " (after " + std::to_string(events_.size()) + " events; record result " + OutcomeName(k_.result) + ")";
  }
  [[nodiscard]] bool MatchesItem(const Action& a, const Item& it, Tile drawn) const;
  [[nodiscard]] bool MatchesCall(const Action& a, const Item& it) const;
  [[nodiscard]] bool WantsRon(int seat, int from) const;
  [[nodiscard]] std::optional<Tile> DrawFor(int seat, bool rinshan);
  void Observe(const RoundState& s, const Event& e);
  [[nodiscard]] std::string LegalText(std::span<const Action> legal) const;
  [[nodiscard]] std::string RonRefusal(const PlayerView& view, int seat) const;

  const Kyoku& k_;
  const Ruleset& rules_;
  IdPool pool_;
  std::vector<bool> tape_;
  std::vector<bool> decisions_;
  std::array<size_t, 4> take_{}, disc_{};
  std::array<bool, 4> riichi_pending_{};
  std::array<std::string, 4> note_;
  std::string failure_;
  std::vector<Event> events_;
  RoundOutcome outcome_;
  RoundSetup setup_;
  int dora_revealed_ = 1;
  const RoundState* state_ = nullptr;
};

Action ScriptAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  return replay_->Choose(view, legal);
}

std::string HandReplay::LegalText(std::span<const Action> legal) const {
  std::vector<std::string> parts;
  for (const Action& a : legal) {
    std::string s = std::string(ActionTypeName(a.type));
    if (a.tile != kNoTile) s += " " + CodeText(Face(a.tile, rules_));
    if (a.num_consumed > 0 && a.type != ActionType::kAnkan) {
      s += " with ";
      for (int i = 0; i < a.num_consumed; ++i) s += CodeText(Face(a.consumed[i], rules_));
    }
    if (a.type == ActionType::kAnkan) s += " " + CodeText(Face(a.consumed[0], rules_));
    parts.push_back(s);
  }
  return Join(parts, "; ");
}

bool HandReplay::MatchesItem(const Action& a, const Item& it, Tile drawn) const {
  switch (it.type) {
    case ItemType::kDiscard:
    case ItemType::kRiichi: {
      const ActionType want = it.type == ItemType::kRiichi ? ActionType::kRiichi : ActionType::kDiscard;
      if (a.type != want) return false;
      if (it.tile == kTsumogiri) return drawn != kNoTile && a.tile == drawn;
      return Face(a.tile, rules_) == it.tile && a.tile != drawn;
    }
    case ItemType::kAnkan:
      return a.type == ActionType::kAnkan && KindOf(a.consumed[0]) == CodeKind(it.own[0]);
    case ItemType::kKakan:
      return a.type == ActionType::kKakan && Face(a.tile, rules_) == it.tile;
    default: return false;
  }
}

bool HandReplay::MatchesCall(const Action& a, const Item& it) const {
  const ActionType want = it.type == ItemType::kChi   ? ActionType::kChi
                          : it.type == ItemType::kPon ? ActionType::kPon
                                                      : ActionType::kDaiminkan;
  if (a.type != want || Face(a.tile, rules_) != it.tile) return false;
  if (a.num_consumed != it.own.size()) return false;
  std::vector<int> mine, theirs(it.own);
  for (int i = 0; i < a.num_consumed; ++i) mine.push_back(Face(a.consumed[i], rules_));
  std::sort(mine.begin(), mine.end());
  std::sort(theirs.begin(), theirs.end());
  return mine == theirs;
}

bool HandReplay::WantsRon(int seat, int from) const {
  // The record ends with this seat's ron on this discard: the winner and the discarder have no
  // recorded action left.
  if (take_[seat] < k_.takes[seat].size() || disc_[seat] < k_.discards[seat].size()) return false;
  if (disc_[from] < k_.discards[from].size()) return false;
  if (k_.result.outcome == Outcome::kTripleRon) return true;
  if (k_.result.outcome != Outcome::kWin) return false;
  for (const Win& w : k_.result.wins)
    if (w.who == seat && w.from == from && w.who != w.from) return true;
  return false;
}

std::string HandReplay::RonRefusal(const PlayerView& view, int seat) const {
  // Why the engine does not offer the ron: not a winning hand, furiten, or no yaku.
  const RoundState& s = *state_;
  const SeatState& p = s.seats[seat];
  const bool on_discard = view.phase() == Phase::kOnDiscard;
  const Tile t = on_discard ? s.last_discard : s.kan_tile;
  const uint64_t waits = WaitMask(p);
  if (!(waits >> KindOf(t) & 1)) return "not a winning tile for the engine";
  if (IsFuriten(p, waits)) {
    if (p.riichi_furiten) return "the engine has the seat in riichi furiten";
    if (p.temporary_furiten) return "the engine has the seat in temporary furiten";
    return "the engine has the seat furiten (a wait in its river)";
  }
  const ScoreResult r = ScoreWin(s, seat, t, on_discard ? WinKind::kRon : WinKind::kChankan);
  if (!r.ok()) return "the engine finds no yaku (" + std::string(ScoreErrorName(r.error)) + ")";
  if (!on_discard) return "the engine does not let this kan be robbed";
  return "the engine does not allow it";
}

Action HandReplay::Choose(const PlayerView& view, std::span<const Action> legal) {
  const int seat = view.seat();
  const Phase phase = view.phase();
  // An answer that is never legal in the phase: stops the hand after a failure.
  const Action stop{phase == Phase::kAfterDraw || phase == Phase::kAfterCall ? ActionType::kPass
                                                                               : ActionType::kNineTerminals,
                    static_cast<uint8_t>(seat), kNoTile, {}, 0};
  if (Failed()) return stop;
  auto find = [&](auto pred) -> const Action* {
    for (const Action& a : legal)
      if (pred(a)) return &a;
    return nullptr;
  };
  if (phase == Phase::kAfterDraw || phase == Phase::kAfterCall) {
    const auto& discards = k_.discards[seat];
    if (disc_[seat] >= discards.size()) {
      ActionType want = ActionType::kCount;
      if (phase == Phase::kAfterDraw && take_[seat] >= k_.takes[seat].size()) {
        if (k_.result.outcome == Outcome::kWin) {
          for (const Win& w : k_.result.wins)
            if (w.who == seat && w.from == seat) want = ActionType::kTsumo;
        } else if (k_.result.outcome == Outcome::kNineTerminals) {
          want = ActionType::kNineTerminals;
        }
      }
      if (want == ActionType::kCount) {
        Fail(Seat(seat) + " has to act but the record has no action left for it" + Context());
        return stop;
      }
      if (const Action* a = find([&](const Action& x) { return x.type == want; })) return *a;
      if (want == ActionType::kTsumo) {
        const ScoreResult r = ScoreWin(*state_, seat, view.drawn(), WinKind::kTsumo);
        Fail(Seat(seat) + ": recorded tsumo on " + CodeText(Face(view.drawn(), rules_)) +
             " is not legal in the engine (" + (r.ok() ? "not offered" : std::string(ScoreErrorName(r.error))) +
             "); legal: " + LegalText(legal) + Context());
      } else {
        Fail(Seat(seat) + ": recorded nine-terminals draw is not legal in the engine; legal: " + LegalText(legal) +
             Context());
      }
      return stop;
    }
    const Item& it = discards[disc_[seat]];
    if (const Action* a = find([&](const Action& x) { return MatchesItem(x, it, view.drawn()); })) return *a;
    Fail(Seat(seat) + ": recorded " + ItemText(it) + " is not legal in the engine; legal: " + LegalText(legal) +
         Context());
    return stop;
  }
  // Responses to a discard or a kan.
  const bool on_discard = phase == Phase::kOnDiscard;
  const int from = on_discard ? view.last_discarder() : view.kan_actor();
  const Tile tile = on_discard ? view.last_discard() : view.kan_tile();
  if (WantsRon(seat, from)) {
    if (const Action* a = find([](const Action& x) { return x.type == ActionType::kRon; })) return *a;
    Fail(Seat(seat) + ": recorded ron on " + CodeText(Face(tile, rules_)) + " from " + Seat(from) +
         " is not legal: " + RonRefusal(view, seat) + Context());
    return stop;
  }
  const Action* pass = find([](const Action& x) { return x.type == ActionType::kPass; });
  if (on_discard && take_[seat] < k_.takes[seat].size()) {
    const Item& it = k_.takes[seat][take_[seat]];
    const bool call = it.type == ItemType::kChi || it.type == ItemType::kPon || it.type == ItemType::kDaiminkan;
    if (call && Face(tile, rules_) == it.tile && (seat + it.from) % 4 == from) {
      if (const Action* a = find([&](const Action& x) { return MatchesCall(x, it); })) {
        const size_t i = decisions_.size();
        const bool now = i < tape_.size() ? tape_[i] : true;
        decisions_.push_back(now);
        if (now) return *a;
      } else {
        note_[seat] = "; the recorded call " + ItemText(it) + " was not legal on " + Seat(from) + "'s " +
                      CodeText(Face(tile, rules_)) + " (legal: " + LegalText(legal) + ")";
      }
    }
  }
  return pass != nullptr ? *pass : legal.front();
}

std::optional<Tile> HandReplay::DrawFor(int seat, bool rinshan) {
  if (Failed()) return std::nullopt;
  const auto& takes = k_.takes[seat];
  if (take_[seat] >= takes.size()) {
    Fail(Seat(seat) + " must " + (rinshan ? "draw a replacement tile" : "draw") +
         " but the record has no more takes for it" + note_[seat] + Context());
    return std::nullopt;
  }
  const Item& it = takes[take_[seat]];
  if (it.type != ItemType::kDraw) {
    Fail(Seat(seat) + " must draw but its next recorded take is the call " + ItemText(it) + note_[seat] + Context());
    return std::nullopt;
  }
  const std::optional<Tile> t = pool_.Take(it.tile);
  if (!t) {
    Fail(Seat(seat) + " draws " + CodeText(it.tile) + ", but every copy of it is already in play" + Context());
    return std::nullopt;
  }
  ++take_[seat];
  return t;
}

void HandReplay::Observe(const RoundState& s, const Event& e) {
  events_.push_back(e);
  dora_revealed_ = s.dora_revealed;
  if (Failed()) return;
  const int a = e.actor;
  switch (e.type) {
    case EventType::kReach: riichi_pending_[a] = true; break;
    case EventType::kDahai: {
      const auto& d = k_.discards[a];
      if (disc_[a] >= d.size()) {
        Fail(Seat(a) + " discarded " + CodeText(Face(e.pai, rules_)) + " with no discard left in the record" + Context());
        break;
      }
      const Item& it = d[disc_[a]];
      const bool riichi = it.type == ItemType::kRiichi;
      const bool ok = (it.type == ItemType::kDiscard || riichi) && riichi == riichi_pending_[a] &&
                      (it.tile == kTsumogiri ? e.tsumogiri : (!e.tsumogiri && Face(e.pai, rules_) == it.tile));
      if (!ok) {
        Fail(Seat(a) + ": the engine played " + std::string(riichi_pending_[a] ? "riichi " : "") +
             (e.tsumogiri ? "tsumogiri " : "discard ") + CodeText(Face(e.pai, rules_)) + " where the record has " +
             ItemText(it) + Context());
      }
      riichi_pending_[a] = false;
      ++disc_[a];
      break;
    }
    case EventType::kAnkan:
    case EventType::kKakan: {
      const auto& d = k_.discards[a];
      const Item* it = disc_[a] < d.size() ? &d[disc_[a]] : nullptr;
      const bool ok = it != nullptr &&
                      (e.type == EventType::kAnkan ? it->type == ItemType::kAnkan && CodeKind(it->own[0]) == KindOf(e.consumed[0])
                                                   : it->type == ItemType::kKakan && Face(e.pai, rules_) == it->tile);
      if (!ok)
        Fail(Seat(a) + ": the engine made a kan where the record has " + (it ? ItemText(*it) : "nothing") + Context());
      ++disc_[a];
      break;
    }
    case EventType::kChi:
    case EventType::kPon:
    case EventType::kDaiminkan: {
      const auto& t = k_.takes[a];
      const Item* it = take_[a] < t.size() ? &t[take_[a]] : nullptr;
      Action call{e.type == EventType::kChi ? ActionType::kChi
                  : e.type == EventType::kPon ? ActionType::kPon
                                              : ActionType::kDaiminkan,
                  static_cast<uint8_t>(a), e.pai, e.consumed, e.num_consumed};
      if (it == nullptr || !MatchesCall(call, *it))
        Fail(Seat(a) + ": the engine made a call where the record has " + (it ? ItemText(*it) : "nothing") + Context());
      ++take_[a];
      break;
    }
    default: break;
  }
}

bool HandReplay::Run() {
  setup_.round_wind = k_.index / 4;
  setup_.kyoku = k_.index % 4;
  setup_.honba = k_.honba;
  setup_.riichi_sticks = k_.kyotaku;
  setup_.scores = k_.scores;
  const int dealer = setup_.kyoku;

  // The wall: dealt hands at their deal positions, indicators, the rest filled with the unused
  // tiles; live and replacement draws are put in place as the engine draws them.
  Wall wall;
  std::array<bool, kNumTiles> placed{};
  std::array<size_t, 4> dealt{};
  for (int i = 0; i < 52; ++i) {
    const int p = DealSeat(i, dealer);
    const auto t = pool_.Take(k_.haipai[p][dealt[p]++]);
    if (!t) {
      Fail(Seat(p) + "'s dealt hand has more copies of a tile than exist");
      return false;
    }
    wall.tiles[i] = *t;
    placed[i] = true;
  }
  auto place = [&](const std::vector<int>& codes, int start, const char* what) {
    for (size_t i = 0; i < codes.size(); ++i) {
      const auto t = pool_.Take(codes[i]);
      if (!t) {
        Fail(std::string("the ") + what + " indicator " + CodeText(codes[i]) + " has no copy left");
        return false;
      }
      wall.tiles[start + i] = *t;
      placed[start + i] = true;
    }
    return true;
  };
  if (!place(k_.dora, Wall::kDoraStart, "dora") || !place(k_.ura, Wall::kUraStart, "ura")) return false;
  {
    int pos = 0;
    for (int t = 0; t < kNumTiles; ++t) {
      if (pool_.Used(static_cast<Tile>(t))) continue;
      while (placed[pos]) ++pos;
      wall.tiles[pos] = static_cast<Tile>(t);
      placed[pos] = true;
    }
  }
  std::vector<Event> log;
  Round round(rules_, wall, setup_, &log);
  round.set_observer([this](const RoundState& s, const Event& e) {
    state_ = &s;
    Observe(s, e);
  });
  round.set_draw_source([this](const RoundState& s, int seat, bool rinshan) {
    state_ = &s;
    return DrawFor(seat, rinshan);
  });
  state_ = &round.state();
  ScriptAgent agent(this);
  auto result = round.Play({&agent, &agent, &agent, &agent});
  if (Failed()) return false;
  if (!result) {
    Fail("the engine stopped: " + result.error());
    return false;
  }
  outcome_ = *result;
  for (int p = 0; p < 4; ++p) {
    if (take_[p] < k_.takes[p].size()) {
      Fail("the engine ended the hand, but " + Seat(p) + " still has the recorded take " +
           ItemText(k_.takes[p][take_[p]]) + note_[p] + Context());
      return false;
    }
    if (disc_[p] < k_.discards[p].size()) {
      Fail("the engine ended the hand, but " + Seat(p) + " still has the recorded " +
           ItemText(k_.discards[p][disc_[p]]) + Context());
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Comparing a replayed hand with the record.

struct YakuKey {
  YakuId id;
  int han;  // 0 for yakuman entries
  friend bool operator<(const YakuKey& a, const YakuKey& b) {
    return a.id != b.id ? a.id < b.id : a.han < b.han;
  }
  friend bool operator==(const YakuKey& a, const YakuKey& b) { return a.id == b.id && a.han == b.han; }
};

std::string YakuListText(const std::vector<YakuKey>& ys) {
  std::vector<std::string> parts;
  for (const YakuKey& y : ys)
    parts.push_back(std::string(YakuName(y.id)) + (y.han > 0 ? " " + std::to_string(y.han) : std::string()));
  return parts.empty() ? "none" : Join(parts);
}

std::vector<int> PointsOf(const ScoreResult& r) {
  switch (r.payment.kind) {
    case PaymentKind::kRon: return {r.payment.ron};
    case PaymentKind::kTsumoNonDealer: return {r.payment.non_dealer, r.payment.dealer};
    case PaymentKind::kTsumoDealer: return {r.payment.each};
  }
  return {};
}

std::string PointsText(const std::vector<int>& p) {
  std::vector<std::string> parts;
  for (int x : p) parts.push_back(std::to_string(x));
  return Join(parts, "-");
}

class Comparer {
 public:
  Comparer(const Kyoku& k, const Ruleset& rules, std::vector<Mismatch>* out) : k_(k), rules_(rules), out_(out) {}

  void Add(const std::string& what, const std::string& expected, const std::string& got) {
    out_->push_back({k_.Label(), what, expected, got});
  }

  void Compare(const HandReplay& r) {
    std::vector<const Event*> horas;
    const Event* draw = nullptr;
    for (const Event& e : r.events()) {
      if (e.type == EventType::kHora) horas.push_back(&e);
      if (e.type == EventType::kRyukyoku) draw = &e;
    }
    const HandResult& res = k_.result;
    if (res.outcome == Outcome::kWin) {
      if (horas.empty()) {
        Add("outcome", "win", draw ? DrawReasonText(draw->ryukyoku->reason) : "no result");
        return;
      }
      std::vector<std::string> want, got;
      for (const Win& w : res.wins) want.push_back(std::to_string(w.who));
      for (const Event* e : horas) got.push_back(std::to_string(e->actor));
      std::vector<std::string> ws = want, gs = got;
      std::sort(ws.begin(), ws.end());
      std::sort(gs.begin(), gs.end());
      if (ws != gs) {
        Add("winners", Join(want), Join(got));
        return;
      }
      for (const Win& w : res.wins)
        for (const Event* e : horas)
          if (e->actor == w.who) CompareWin(w, *e);
    } else {
      if (draw == nullptr) {
        Add("outcome", res.reason, "win");
        return;
      }
      const RyukyokuInfo& info = *draw->ryukyoku;
      const bool nagashi = std::any_of(info.nagashi.begin(), info.nagashi.end(), [](bool b) { return b; });
      DrawReason want = DrawReason::kExhaustive;
      switch (res.outcome) {
        case Outcome::kNineTerminals: want = DrawReason::kNineTerminals; break;
        case Outcome::kFourRiichi: want = DrawReason::kFourRiichi; break;
        case Outcome::kTripleRon: want = DrawReason::kTripleRon; break;
        case Outcome::kFourKans: want = DrawReason::kFourKans; break;
        case Outcome::kFourWinds: want = DrawReason::kFourWinds; break;
        default: break;
      }
      if (info.reason != want) {
        Add("outcome", res.reason, DrawReasonText(info.reason));
        return;
      }
      if (want == DrawReason::kExhaustive) {
        if ((res.outcome == Outcome::kNagashi) != nagashi)
          Add("nagashi mangan", res.outcome == Outcome::kNagashi ? "yes" : "no", nagashi ? "yes" : "no");
        if (res.tenpai_count >= 0) {
          const int n = static_cast<int>(std::count(info.tenpai.begin(), info.tenpai.end(), true));
          if (n != res.tenpai_count)
            Add("tenpai players", std::to_string(res.tenpai_count), std::to_string(n));
        }
      }
      if (info.deltas != res.deltas) Add("draw payments", Scores(res.deltas), Scores(info.deltas));
    }
    if (r.dora_revealed() != static_cast<int>(k_.dora.size()))
      Add("dora indicators revealed", std::to_string(k_.dora.size()), std::to_string(r.dora_revealed()));
  }

 private:
  void CompareWin(const Win& w, const Event& e) {
    const HoraInfo& h = *e.hora;
    const std::string who = Seat(w.who) + (w.who == w.from ? " tsumo" : " ron from " + std::to_string(w.from));
    if (e.target != w.from) Add(who + ": from", std::to_string(w.from), std::to_string(e.target));
    if (h.deltas != w.deltas) Add(who + ": point changes", Scores(w.deltas), Scores(h.deltas));
    const int pao = h.pao;
    if (w.pao_known && pao != w.pao) Add(who + ": pao", std::to_string(w.pao), std::to_string(pao));
    if (!w.has_score) return;
    const ScoreResult& s = h.score;
    const std::vector<int> pts = PointsOf(s);
    if (pts != w.points) Add(who + ": points", PointsText(w.points), PointsText(pts));
    const std::string limit = w.limit == "数え役満" ? "役満" : w.limit;
    if (limit != LimitText(s.limit)) Add(who + ": limit", limit.empty() ? "none" : limit, LimitText(s.limit).empty() ? "none" : LimitText(s.limit));
    if (w.han > 0 && w.han != s.han_sixths / 6)
      Add(who + ": han", std::to_string(w.han), std::to_string(s.han_sixths / 6));
    if (w.fu > 0 && w.fu != s.fu) Add(who + ": fu", std::to_string(w.fu), std::to_string(s.fu));
    // Yaku: the record's names mapped to ours, dora kinds with their count, 0-han entries dropped.
    const int seat_wind = (w.who - k_.Dealer() + 4) % 4;
    const int round_wind = (k_.index / 4) % 4;
    std::vector<YakuKey> want, got;
    for (const YakuText& y : w.yaku) {
      const auto id = YakuFromTenhouName(y.name, seat_wind, round_wind);
      if (!id) {
        Add(who + ": yaku name", "a known yaku", "\"" + y.name + "\"");
        continue;
      }
      if (!y.yakuman && y.han == 0) continue;
      want.push_back({*id, y.yakuman ? 0 : y.han});
    }
    for (const YakuEntry& y : s.yaku) {
      if (y.yakuman == 0 && y.sixths == 0) continue;
      if (y.yakuman > 0) {
        got.push_back({y.id, 0});
      } else {
        got.push_back({y.id, y.sixths / 6});
      }
    }
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    if (want != got) Add(who + ": yaku", YakuListText(want), YakuListText(got));
  }

  const Kyoku& k_;
  const Ruleset& rules_;
  std::vector<Mismatch>* out_;
};

void TraceHand(const std::string& file, const Kyoku& k, const Ruleset& rules, const std::vector<Event>& events,
               std::FILE* out) {
  std::fprintf(out, "%s %s: the engine's events\n", file.c_str(), k.Label().c_str());
  for (const Event& e : events) {
    std::string line = "  " + std::string(EventTypeName(e.type));
    if (e.actor >= 0) line += " seat " + std::to_string(e.actor);
    if (e.target >= 0 && e.target != e.actor) line += " from " + std::to_string(e.target);
    if (e.pai != kNoTile) line += " " + CodeText(Face(e.pai, rules));
    if (e.tsumogiri) line += " (tsumogiri)";
    if (e.num_consumed > 0) {
      line += " with ";
      for (int i = 0; i < e.num_consumed; ++i) line += CodeText(Face(e.consumed[i], rules));
    }
    if (e.hora) line += " deltas " + Scores(e.hora->deltas);
    if (e.ryukyoku) line += " " + DrawReasonText(e.ryukyoku->reason) + " deltas " + Scores(e.ryukyoku->deltas);
    std::fprintf(out, "%s\n", line.c_str());
  }
}

}  // namespace

Result<Ruleset> RulesetFor(const Game& game) {
  auto base = LoadRuleset("riichi");
  if (!base) return Error{base.error()};
  Ruleset r = *base;
  r.length = game.east_only ? GameLength::kEast : GameLength::kHanchan;
  r.red_fives = game.red_fives;
  r.kuitan = game.kuitan;
  return r;
}

namespace {

// Everything that differs between a replayed hand and the record, the next hand's start (or the
// game's end) included.
std::vector<Mismatch> CompareHand(const Game& game, size_t h, const Ruleset& rules, const HandReplay& replay) {
  const Kyoku& k = game.log[h];
  std::vector<Mismatch> out;
  Comparer(k, rules, &out).Compare(replay);
  const NextHand next = AdvanceGame(rules, replay.setup(), replay.outcome());
  if (h + 1 < game.log.size()) {
    const Kyoku& n = game.log[h + 1];
    if (next.game_over) {
      out.push_back({k.Label(), "game end", "the game goes on to " + n.Label(), "the game ends"});
      return out;
    }
    const int index = next.setup.round_wind * 4 + next.setup.kyoku;
    if (index != n.index || next.setup.honba != n.honba)
      out.push_back({k.Label(), "next hand", n.Label(), KyokuName(index, next.setup.honba)});
    if (next.setup.riichi_sticks != n.kyotaku)
      out.push_back({k.Label(), "riichi sticks left on the table", std::to_string(n.kyotaku),
                     std::to_string(next.setup.riichi_sticks)});
    if (next.setup.scores != n.scores)
      out.push_back({k.Label(), "scores after the hand", Scores(n.scores), Scores(next.setup.scores)});
  } else if (game.has_final) {
    if (!next.game_over) {
      out.push_back({k.Label(), "game end", "the game ends",
                     "the game goes on to " + KyokuName(next.setup.round_wind * 4 + next.setup.kyoku, next.setup.honba)});
    } else {
      const std::array<int, 4> final = FinalScores(rules, next.setup.scores, next.setup.riichi_sticks);
      if (final != game.final_scores) out.push_back({"end", "final scores", Scores(game.final_scores), Scores(final)});
    }
  }
  return out;
}

}  // namespace

GameReport VerifyGame(const Game& game, const std::string& file, const VerifyOptions& options) {
  GameReport report;
  report.file = file;
  auto rules_or = RulesetFor(game);
  if (!rules_or) {
    report.read_ok = false;
    report.error = rules_or.error();
    return report;
  }
  const Ruleset& rules = *rules_or;
  for (size_t h = 0; h < game.log.size(); ++h) {
    const Kyoku& k = game.log[h];
    ++report.hands;
    // Replay the hand. Turn order is not in the record: a recorded call is made at the first
    // discard it fits, and when the engine and the record then part (or the replay ends
    // differently), the calls are tried at later chances, depth first. The first replay that
    // matches the record wins; else the first one that followed the record to its end, else the
    // one that followed it furthest, is reported.
    std::vector<bool> tape;
    std::optional<HandReplay> best_failure, first_success, chosen;
    std::vector<Mismatch> first_success_mismatches;
    for (int attempt = 0; attempt < options.max_replays_per_hand; ++attempt) {
      HandReplay replay(k, rules, tape);
      replay.Run();
      std::vector<bool> next = replay.decisions();
      if (replay.failure().empty()) {
        std::vector<Mismatch> mismatches = CompareHand(game, h, rules, replay);
        if (mismatches.empty()) {
          chosen.emplace(std::move(replay));
          break;
        }
        if (!first_success) {
          first_success.emplace(std::move(replay));
          first_success_mismatches = std::move(mismatches);
        }
      } else if (!best_failure || replay.progress() > best_failure->progress()) {
        best_failure.emplace(std::move(replay));
      }
      while (!next.empty() && !next.back()) next.pop_back();
      if (next.empty()) break;
      next.back() = false;
      tape = std::move(next);
    }
    if (!chosen && first_success) {
      report.mismatches.insert(report.mismatches.end(), first_success_mismatches.begin(),
                               first_success_mismatches.end());
      chosen.emplace(std::move(*first_success));
    }
    if (!chosen) {
      report.mismatches.push_back({k.Label(), "replay", "the recorded play", best_failure->failure()});
      continue;
    }
    if (options.trace != nullptr && (options.trace_hand.empty() || options.trace_hand == k.Label()))
      TraceHand(file, k, rules, chosen->events(), options.trace);
  }
  return report;
}

GameReport VerifyFile(const std::string& path, const VerifyOptions& options) {
  auto game = ReadGameFile(path);
  if (!game) {
    GameReport r;
    r.file = path;
    r.read_ok = false;
    r.error = game.error();
    return r;
  }
  return VerifyGame(*game, path, options);
}

std::string FormatMismatch(const std::string& file, const Mismatch& m) {
  return file + " " + m.hand + ": " + m.what + ": expected " + m.expected + ", got " + m.got;
}

Result<std::vector<std::string>> CollectRecordFiles(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return std::vector<std::string>{path};
  if (!fs::is_directory(path, ec)) return Error{"no such file or directory: " + path};
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(path, ec)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    // Files that are not records (other JSON, too big or too deep to read) are not collected.
    auto text = ReadBoundedFile(entry.path().string(), kTenhouRecordLimits.max_bytes);
    if (!text) continue;
    const auto doc = ParseBoundedJson(*text, kTenhouRecordLimits);
    if (doc && doc->is_object() && doc->contains("log")) files.push_back(entry.path().string());
  }
  if (ec) return Error{"cannot read directory " + path + ": " + ec.message()};
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace mj::tenhou
