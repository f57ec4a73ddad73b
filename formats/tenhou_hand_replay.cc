#include "formats/tenhou_hand_replay.h"

#include <algorithm>

#include "engine/game.h"
#include "engine/legal_actions.h"
#include "engine/win_check.h"
#include "formats/tenhou_verify_text.h"

namespace mj::tenhou::verify {
namespace {

class ScriptAgent final : public Agent {
 public:
  explicit ScriptAgent(HandReplay* replay) : replay_(replay) {}
  [[nodiscard]] std::string Name() const override { return "tenhou-record"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override;

 private:
  HandReplay* replay_;
};

}  // namespace

Action ScriptAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  return replay_->Choose(view, legal);
}

std::string HandReplay::LegalText(std::span<const Action> legal) const {
  std::vector<std::string> parts;
  for (const Action& a : legal) {
    std::string s(ActionTypeName(a.type));
    if (a.tile != kNoTile) {
      s += ' ';
      s += CodeText(Face(a.tile, rules_));
    }
    if (a.num_consumed > 0 && a.type != ActionType::kAnkan) {
      s += " with ";
      for (int i = 0; i < a.num_consumed; ++i) s += CodeText(Face(a.consumed[i], rules_));
    }
    if (a.type == ActionType::kAnkan) {
      s += ' ';
      s += CodeText(Face(a.consumed[0], rules_));
    }
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
  wall_ = round.state().wall;
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

}  // namespace mj::tenhou::verify
