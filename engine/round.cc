#include "engine/round.h"

#include <algorithm>

#include "engine/dora.h"
#include "engine/legal_actions.h"
#include "engine/settlement.h"
#include "engine/shields.h"
#include "engine/win_check.h"

namespace mj {

int DealSeat(int position, int dealer) {
  if (position < 48) return (dealer + position / 4) % 4;
  return (dealer + position - 48) % 4;
}

Round::Round(const Ruleset& rules, const Wall& wall, const RoundSetup& setup, std::vector<Event>* log)
    : log_(log, &s_) {
  s_.rules = &rules;
  s_.wall = ShieldWall(wall, setup.shields_carried);
  carried_ = setup.shields_carried;
  s_.live_end = rules.dead_wall ? s_.wall.LiveSize() : s_.wall.size;
  s_.dora_revealed = rules.dora ? 1 : 0;
  s_.round_wind = setup.round_wind;
  s_.kyoku = setup.kyoku;
  s_.dealer = setup.kyoku % 4;
  s_.honba = setup.honba;
  s_.riichi_sticks = setup.riichi_sticks;
  s_.scores = setup.scores;
  // Room for a whole hand up front, so the play allocates (almost) nothing per decision.
  for (int p = 0; p < 4; ++p) {
    SeatState& seat = s_.seats[p];
    const size_t shields = carried_[p].size() + static_cast<size_t>(rules.shields.enabled ? rules.shields.per_hand : 0);
    seat.hand.reserve(18 + static_cast<size_t>(rules.shields.extra_tiles) + shields);
    seat.river.reserve(32);
    seat.shields_down.reserve(shields);
    seat.shields_up.reserve(shields);
  }
  legal_.reserve(64);
}

void Round::Deal() {
  if (s_.rules->shields.enabled) {
    DealShieldHand(s_, carried_);
  } else {
    for (int i = 0; i < 52; ++i) AddToHand(s_, DealSeat(i, s_.dealer), s_.wall.tiles[i]);
    s_.live_next = 52;
  }
  auto info = std::make_shared<StartKyokuInfo>();
  info->bakaze = s_.round_wind;
  info->kyoku = s_.kyoku + 1;
  info->honba = s_.honba;
  info->kyotaku = s_.riichi_sticks;
  info->oya = s_.dealer;
  info->dora_marker = s_.rules->dora ? s_.wall.DoraIndicator(0) : kNoTile;
  info->scores = s_.scores;
  for (int p = 0; p < 4; ++p) {
    info->tehais[p] = s_.seats[p].hand;
    std::sort(info->tehais[p].begin(), info->tehais[p].end());
    info->shields_carried[p] = static_cast<int>(carried_[p].size());
  }
  Event e;
  e.type = EventType::kStartKyoku;
  e.start = std::move(info);
  log_.Emit(std::move(e));
}

bool Round::Draw() {
  if (draw_source_) {
    const bool rinshan = s_.rinshan_pending;
    const int pos = rinshan && s_.rules->dead_wall ? s_.wall.RinshanStart() + s_.rinshan_next : s_.live_next;
    const std::optional<Tile> want = draw_source_(s_, s_.turn, rinshan);
    if (!want) {
      draw_error_ = "the draw source stopped the hand at seat " + std::to_string(s_.turn) + "'s draw";
      return false;
    }
    const auto it = std::find(s_.wall.tiles.begin(), s_.wall.tiles.end(), *want);
    const int q = static_cast<int>(it - s_.wall.tiles.begin());
    // Unseen positions: the undrawn live wall (the part moved to the dead wall included), the
    // replacement tiles not taken, the indicators not revealed, the ura indicators.
    const bool unseen = q < s_.wall.size &&
                        ((q >= s_.live_next && q < s_.wall.RinshanStart()) ||
                         (q >= s_.wall.RinshanStart() + s_.rinshan_next && q < s_.wall.DoraStart()) ||
                         (q >= s_.wall.DoraStart() + s_.dora_revealed) || (!s_.rules->dead_wall && q >= s_.live_next));
    if (!unseen) {
      draw_error_ = "the draw source gave tile id " + std::to_string(*want) + ", which is not an unseen wall tile";
      return false;
    }
    std::swap(s_.wall.tiles[pos], s_.wall.tiles[q]);
  }
  Tile t;
  if (s_.rinshan_pending && !s_.rules->dead_wall) {
    t = s_.wall.tiles[s_.live_next++];  // no dead wall: the replacement is the next wall tile
    s_.drawn_from_rinshan = true;
    s_.rinshan_pending = false;
  } else if (s_.rinshan_pending) {
    t = s_.wall.Rinshan(s_.rinshan_next++);
    --s_.live_end;  // the dead wall takes the last live tile
    s_.drawn_from_rinshan = true;
    s_.rinshan_pending = false;
  } else {
    t = s_.wall.tiles[s_.live_next++];
    s_.drawn_from_rinshan = false;
  }
  s_.forbidden_discards.clear();
  AddToHand(s_, s_.turn, t);
  s_.drawn = t;
  s_.phase = Phase::kAfterDraw;
  log_.EmitPlain(EventType::kTsumo, s_.turn, t);
  return true;
}

void Round::BreakIppatsu() {
  for (SeatState& p : s_.seats) p.ippatsu = false;
}

void Round::Discard(Tile t, bool riichi, bool open, bool from_shield) {
  const int seat = s_.turn;
  SeatState& p = s_.seats[seat];
  if (riichi) {
    Event r;
    r.type = EventType::kReach;
    r.actor = static_cast<int8_t>(seat);
    r.open = open;
    log_.Emit(std::move(r));
    p.riichi = RiichiState::kDeclared;
    p.open_riichi = open;
    p.double_riichi = p.river.empty() && s_.no_calls_yet &&
                      s_.rules->yaku[static_cast<int>(YakuId::kDoubleRiichi)].enabled;
  } else if (p.riichi == RiichiState::kAccepted) {
    p.ippatsu = false;  // the riichi player's next discard ends the ippatsu chance
  }
  RevealPendingDora(s_, log_);
  const bool tsumogiri = !from_shield && t == s_.drawn;
  if (!from_shield) RemoveFromHand(s_, seat, t);
  RecordDiscard(s_, seat, t, tsumogiri, riichi);
  log_.EmitPlain(EventType::kDahai, seat, t, tsumogiri);
}

void Round::ApplyCall(const Action& a) {
  BreakIppatsu();
  s_.no_calls_yet = false;
  const int caller = a.actor;
  const int from = s_.last_discarder;
  s_.seats[from].river.back().called = true;
  s_.seats[from].discards_called = true;
  SeatState& p = s_.seats[caller];
  EngineMeld m;
  m.type = a.type == ActionType::kChi ? MeldType::kChi : a.type == ActionType::kPon ? MeldType::kPon : MeldType::kMinkan;
  for (int i = 0; i < a.num_consumed; ++i) {
    RemoveFromHand(s_, caller, a.consumed[i]);
    m.tiles[m.num_tiles++] = a.consumed[i];
  }
  m.tiles[m.num_tiles++] = a.tile;
  m.called = a.tile;
  m.from = static_cast<int8_t>(from);
  p.melds.push_back(m);
  NotePao(s_, caller, from, m, a.tile, pao_);
  Event e;
  e.type = a.type == ActionType::kChi ? EventType::kChi : a.type == ActionType::kPon ? EventType::kPon : EventType::kDaiminkan;
  e.actor = static_cast<int8_t>(caller);
  e.target = static_cast<int8_t>(from);
  e.pai = a.tile;
  e.consumed = a.consumed;
  e.num_consumed = a.num_consumed;
  s_.turn = caller;
  s_.drawn = kNoTile;
  if (m.type == MeldType::kMinkan) {
    ++p.num_kans;
    ++s_.total_kans;
    ++s_.pending_dora;
    s_.rinshan_pending = true;
    s_.phase = Phase::kDraw;
  } else {
    if (!s_.rules->kuikae) KuikaeForbidden(a, &s_.forbidden_discards);
    s_.phase = Phase::kAfterCall;
  }
  log_.Emit(std::move(e));
}

void Round::ApplyKan(const Action& a) {
  s_.no_calls_yet = false;
  // A closed kan stands at once: it ends every ippatsu chance and turns its dora (after any
  // pending one of an earlier open kan). An added kan stands only if nobody robs it (Tenhou: a
  // riichi player who robs it keeps ippatsu, and an earlier kan's dora is still face down).
  if (a.type == ActionType::kAnkan) {
    BreakIppatsu();
    RevealPendingDora(s_, log_);
  }
  const int seat = a.actor;
  SeatState& p = s_.seats[seat];
  Event e;
  e.actor = static_cast<int8_t>(seat);
  if (a.type == ActionType::kAnkan) {
    EngineMeld m;
    m.type = MeldType::kAnkan;
    for (int i = 0; i < 4; ++i) {
      RemoveFromHand(s_, seat, a.consumed[i]);
      m.tiles[m.num_tiles++] = a.consumed[i];
    }
    p.melds.push_back(m);
    e.type = EventType::kAnkan;
    e.consumed = a.consumed;
    e.num_consumed = 4;
    s_.kan_tile = a.consumed[0];
    s_.phase = Phase::kOnAnkan;
  } else {
    for (EngineMeld& m : p.melds) {
      if (m.type == MeldType::kPon && KindOf(m.tiles[0]) == KindOf(a.tile)) {
        m.type = MeldType::kKakan;
        m.tiles[m.num_tiles++] = a.tile;
        break;
      }
    }
    RemoveFromHand(s_, seat, a.tile);
    e.type = EventType::kKakan;
    e.pai = a.tile;
    e.consumed = a.consumed;
    e.num_consumed = 3;
    s_.kan_tile = a.tile;
    s_.phase = Phase::kOnKakan;
  }
  ++p.num_kans;
  ++s_.total_kans;
  s_.kan_actor = seat;
  s_.drawn = kNoTile;
  log_.Emit(std::move(e));
  if (a.type == ActionType::kAnkan) RevealDora(s_, log_);  // a closed kan's dora is turned at once
}

Result<Action> Round::Ask(Agent* agent, int seat, const std::vector<Action>& legal) {
  if (legal.size() == 1) return legal.front();
  const PlayerView view(s_, seat);
  const Action a = agent->Choose(view, legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return a;
  std::string list;
  for (const Action& l : legal) list += (list.empty() ? "" : "; ") + ActionToString(l);
  static constexpr const char* kWind[] = {"East", "South", "West", "North"};
  return Error{"agent \"" + agent->Name() + "\" (seat " + std::to_string(seat) + ") answered \"" + ActionToString(a) +
               "\" in " + kWind[s_.round_wind] + " " + std::to_string(s_.kyoku + 1) + " honba " +
               std::to_string(s_.honba) + " after " + std::to_string(log_.size()) +
               " events, which is not a legal action; legal: " + list};
}

Result<RoundOutcome> Round::Play(const std::array<Agent*, 4>& agents) {
  if (s_.rules->shields.enabled) {
    // The deal needs its tiles from the wall: carried shields beyond the capacity (possible only
    // when the ruleset bypassed the reader's shields.overflow "refuse" check) stop the game.
    size_t carried = 0;
    for (const auto& c : carried_) carried += c.size();
    if (carried > static_cast<size_t>(CarriedShieldCapacity(*s_.rules)))
      return Error{std::to_string(carried) + " shields carried into this hand, more than the " +
                   std::to_string(CarriedShieldCapacity(*s_.rules)) +
                   " its wall can deal beside the deal (shields.overflow \"refuse\")"};
  }
  Deal();
  s_.turn = s_.dealer;
  if (s_.rules->shields.enabled) {
    auto ask = [&](int seat, const std::vector<Action>& legal) { return Ask(agents[seat], seat, legal); };
    if (auto error = ChooseShields(s_, log_, &legal_, ask)) return *error;
  } else {
    s_.phase = Phase::kDraw;
  }
  const Ruleset& rules = *s_.rules;
  while (s_.phase != Phase::kEnded) {
    switch (s_.phase) {
      case Phase::kDraw: {
        if (!s_.rinshan_pending && s_.TilesLeft() <= 0) {
          SettleExhaustive();
          break;
        }
        if (!Draw()) return Error{draw_error_};
        break;
      }
      case Phase::kAfterDraw:
      case Phase::kAfterCall: {
        const int seat = s_.turn;
        LegalTurnActions(s_, &legal_);
        auto answer = Ask(agents[seat], seat, legal_);
        if (!answer) return Error{answer.error()};
        const Action a = *answer;
        const bool could_tsumo = legal_.front().type == ActionType::kTsumo;  // listed first when legal
        if (could_tsumo && a.type != ActionType::kTsumo && s_.seats[seat].InRiichi()) s_.seats[seat].riichi_furiten = true;
        switch (a.type) {
          case ActionType::kTsumo: SettleWins({seat}, s_.drawn, seat, true, false); break;
          case ActionType::kNineTerminals: SettleAbort(DrawReason::kNineTerminals); break;
          case ActionType::kAnkan:
          case ActionType::kKakan: ApplyKan(a); break;
          case ActionType::kRiichi: Discard(a.tile, true); break;
          case ActionType::kOpenRiichi: Discard(a.tile, true, true); break;
          case ActionType::kExchange: Discard(ExchangeShield(s_, log_, a), false, false, true); break;
          default: Discard(a.tile, false); break;
        }
        break;
      }
      case Phase::kOnDiscard:
      case Phase::kOnKakan:
      case Phase::kOnAnkan: {
        const bool on_discard = s_.phase == Phase::kOnDiscard;
        const int from = on_discard ? s_.last_discarder : s_.kan_actor;
        const Tile tile = on_discard ? s_.last_discard : s_.kan_tile;
        // Four winds: the hand ends on the fourth discard itself, before anybody may call or win
        // on it and before that discard's riichi deposit is taken (Tenhou).
        if (on_discard && rules.abort_four_winds && s_.discards_made == 4 && s_.no_calls_yet &&
            IsWind(s_.first_discards[0]) &&
            std::all_of(s_.first_discards.begin(), s_.first_discards.end(),
                        [&](Kind k) { return k == s_.first_discards[0]; })) {
          SettleAbort(DrawReason::kFourWinds);
          break;
        }
        std::array<Action, 4> answers{};
        std::array<bool, 4> could_ron{};
        for (int i = 1; i < 4; ++i) {
          const int seat = (from + i) % 4;
          if (on_discard) {
            LegalDiscardResponses(s_, seat, &legal_);
          } else {
            LegalKanResponses(s_, seat, &legal_);
          }
          could_ron[seat] = legal_.front().type == ActionType::kRon;
          auto answer = Ask(agents[seat], seat, legal_);
          if (!answer) return Error{answer.error()};
          answers[seat] = *answer;
        }
        std::vector<int> rons;
        for (int i = 1; i < 4; ++i) {
          const int seat = (from + i) % 4;
          if (answers[seat].type == ActionType::kRon) {
            rons.push_back(seat);
          } else if (could_ron[seat] || (s_.phase != Phase::kOnAnkan && (s_.seats[seat].waits_cached >> KindOf(tile) & 1))) {
            // Passing a winning tile: furiten until the seat's next discard (for good in riichi),
            // whether or not the hand had a yaku on it. A closed kan's tile counts only for a
            // hand that could rob it. The seat's waits are WaitMask's cache: LegalDiscardResponses
            // and LegalKanResponses computed them for this very hand just above.
            s_.seats[seat].temporary_furiten = true;
            if (s_.seats[seat].InRiichi()) s_.seats[seat].riichi_furiten = true;
          }
        }
        if (!rons.empty()) {
          if (rons.size() == 3 && rules.triple_ron_abort) {
            SettleAbort(DrawReason::kTripleRon);
          } else {
            // Only the first from the discarder (erase, not resize(1): GCC 12 warns falsely on
            // resize's growing path, -Warray-bounds).
            if (!rules.double_ron) rons.erase(rons.begin() + 1, rons.end());
            SettleWins(rons, tile, from, false, !on_discard);
          }
          break;
        }
        if (!on_discard) {
          // Nobody robbed the kan: it stands. Replacement draw; an added kan's dora waits for the
          // discard (or the next kan), one of an earlier open kan is turned now.
          if (s_.phase == Phase::kOnKakan) {
            BreakIppatsu();
            RevealPendingDora(s_, log_);
            ++s_.pending_dora;
          }
          s_.turn = s_.kan_actor;
          s_.rinshan_pending = true;
          s_.phase = Phase::kDraw;
          break;
        }
        SeatState& discarder = s_.seats[from];
        if (discarder.riichi == RiichiState::kDeclared) {
          discarder.riichi = RiichiState::kAccepted;
          discarder.ippatsu = true;
          s_.scores[from] -= rules.riichi_deposit;
          if (rules.riichi_deposit > 0) ++s_.riichi_sticks;
          Event e;
          e.type = EventType::kReachAccepted;
          e.actor = static_cast<int8_t>(from);
          log_.Emit(std::move(e));
          const bool all_riichi = std::all_of(s_.seats.begin(), s_.seats.end(),
                                              [](const SeatState& p) { return p.riichi == RiichiState::kAccepted; });
          if (all_riichi && rules.abort_four_riichi) {
            SettleAbort(DrawReason::kFourRiichi);
            break;
          }
        }
        if (FourKansAbortPending(s_)) {
          SettleAbort(DrawReason::kFourKans);
          break;
        }
        // Calls: pon / daiminkan over chi.
        const Action* call = nullptr;
        for (int i = 1; i < 4; ++i) {
          const Action& a = answers[(from + i) % 4];
          if (a.type == ActionType::kPon || a.type == ActionType::kDaiminkan) call = &a;
        }
        if (call == nullptr) {
          const Action& a = answers[(from + 1) % 4];
          if (a.type == ActionType::kChi) call = &a;
        }
        if (call != nullptr) {
          ApplyCall(*call);
          break;
        }
        s_.turn = (from + 1) % 4;
        s_.phase = Phase::kDraw;
        break;
      }
      case Phase::kEnded:
      case Phase::kSetShield: break;
    }
  }
  return outcome_;
}

void Round::SettleWins(const std::vector<int>& winners, Tile tile, int from, bool tsumo, bool chankan) {
  outcome_.dealer_won = mj::SettleWins(s_, log_, pao_, winners, tile, from, tsumo, chankan);
  outcome_.win = true;
  Finish();
}

void Round::SettleAbort(DrawReason reason) {
  SettleAbortiveDraw(s_, log_, reason);
  outcome_.abortive = true;
  Finish();
}

void Round::SettleExhaustive() {
  outcome_.dealer_tenpai = SettleExhaustiveDraw(s_, log_);
  outcome_.exhaustive = true;
  Finish();
}

void Round::Finish() {
  DropFaceUpShields(s_, log_);
  ReturnOverflowShields(s_, log_);
  outcome_.shields_kept = KeptShields(s_);
  outcome_.scores = s_.scores;
  outcome_.riichi_sticks = s_.riichi_sticks;
  s_.phase = Phase::kEnded;
  Event e;
  e.type = EventType::kEndKyoku;
  log_.Emit(std::move(e));
}

}  // namespace mj
