#include "engine/settlement.h"

#include <algorithm>
#include <memory>

#include "engine/shields.h"
#include "engine/win_check.h"
#include "rules/points.h"
#include "rules/scoring_module.h"

namespace mj {
namespace {

// Ningbo's side settlement (サイド) among the losers of a win, into `d` and `info`: each pair of
// losers settles the difference of their hands' values (LoserValue).
void SettleSides(const RoundState& s, const std::vector<int>& winners, std::array<int, 4>& d, HoraInfo& info) {
  const Ruleset& rules = *s.rules;
  const ScoringModule* module = FindScoringModule(rules.scoring);
  std::array<std::optional<int>, 4> value;
  for (int p = 0; p < 4; ++p) {
    if (std::find(winners.begin(), winners.end(), p) != winners.end()) continue;
    const SeatState& seat = s.seats[p];
    WinContext hand;
    hand.concealed = seat.counts;
    for (const EngineMeld& m : seat.melds) hand.melds.push_back(Meld{m.type, m.LowestKind()});
    hand.seat_wind = s.SeatWind(p);
    hand.has_round_wind = rules.round_wind;
    hand.round_wind = static_cast<Wind>(s.round_wind);
    value[p] = module->LoserValue(hand, rules);
    if (!value[p]) return;  // the module has no side settlement
  }
  info.side = true;
  for (int p = 0; p < 4; ++p) {
    info.side_values[p] = value[p].value_or(-1);
    if (!value[p]) continue;
    for (int q = p + 1; q < 4; ++q) {
      if (!value[q]) continue;
      const int factor = (p == s.dealer || q == s.dealer) && rules.dealer_pays_double ? 2 : 1;
      const int diff = (*value[p] - *value[q]) * factor;  // q pays p (p pays q when negative)
      info.side_deltas[p] += diff;
      info.side_deltas[q] -= diff;
    }
  }
  for (int p = 0; p < 4; ++p) d[p] += info.side_deltas[p];
}

// Nagashi mangan: what `payer` pays `winner` (the scoring module's NagashiPayment).
int NagashiPayment(const RoundState& s, int winner, int payer) {
  const Ruleset& rules = *s.rules;
  const Payment pay = FindScoringModule(rules.scoring)->NagashiPayment(winner == s.dealer, rules);
  return pay.kind == PaymentKind::kTsumoDealer ? pay.each : payer == s.dealer ? pay.dealer : pay.non_dealer;
}

}  // namespace

int HonbaShare(int honba_bonus, int winner, int payer) {
  const int order = (payer - winner + 4) % 4;  // 1, 2, 3: the payers in turn order from the winner
  return honba_bonus / 3 + (order <= honba_bonus % 3 ? 1 : 0);
}

std::array<int, 4> NotenSplit(int noten_payment, const std::array<bool, 4>& tenpai, int dealer) {
  std::array<int, 4> d{};
  const int tenpai_count = static_cast<int>(std::count(tenpai.begin(), tenpai.end(), true));
  if (tenpai_count == 0 || tenpai_count == 4) return d;
  const int noten_count = 4 - tenpai_count;
  const int64_t each = (int64_t{noten_payment} + noten_count - 1) / noten_count;  // rounded up
  const int64_t pot = each * noten_count;
  const int64_t share = pot / tenpai_count;
  int64_t rest = pot % tenpai_count;  // fewer points than tenpai seats
  for (int k = 0; k < 4; ++k) {
    const int p = (dealer + k) % 4;  // the rest goes one point a seat from the dealer on
    if (!tenpai[p]) {
      d[p] = static_cast<int>(-each);
      continue;
    }
    d[p] = static_cast<int>(share + (rest > 0 ? 1 : 0));
    if (rest > 0) --rest;
  }
  return d;
}

// Pao (liability): the discard that completes the third dragon or fourth wind meld, or
// (pao_one_suit) the fourth meld of a hand whose melds are all of the called tile's suit, makes
// its discarder liable for that limit hand.
void NotePao(const RoundState& s, int caller, int from, const EngineMeld& m, Tile called_tile, Pao& pao) {
  if (!s.rules->pao) return;
  const SeatState& p = s.seats[caller];
  int dragons = 0, winds = 0, same_suit = 0;
  const Kind called = KindOf(called_tile);
  for (const EngineMeld& x : p.melds) {
    const Kind k = KindOf(x.tiles[0]);
    same_suit += !IsHonor(k) && !IsHonor(called) && k / 9 == called / 9;
    if (x.type == MeldType::kChi) continue;
    dragons += IsDragon(k);
    winds += IsWind(k);
  }
  if (m.type != MeldType::kChi && IsDragon(called) && dragons == 3) {
    pao.seat[caller] = from;
    pao.kind[caller] = Pao::Kind::kDragons;
  } else if (m.type != MeldType::kChi && IsWind(called) && winds == 4) {
    pao.seat[caller] = from;
    pao.kind[caller] = Pao::Kind::kWinds;
  } else if (s.rules->pao_one_suit && same_suit == 4) {
    pao.seat[caller] = from;
    pao.kind[caller] = Pao::Kind::kOneSuit;
  }
}

// ningbo.pao_on_ron (seed 004 "三元牌二副落のとき、同種牌が包" names the tile, not the call): a
// ron on the third dragon with two dragon sets exposed, on the fourth wind with three wind sets,
// or (pao_one_suit) on a tile of the suit of three exposed sets all of that suit, makes the
// discarder liable as if the tile had been called. A liability from a call stands.
Pao PaoOnRon(const RoundState& s, const Pao& pao, int winner, Tile tile, int from) {
  if (!s.rules->pao || !s.rules->ningbo.pao_on_ron || pao.seat[winner] >= 0) return pao;
  const SeatState& p = s.seats[winner];
  int dragons = 0, winds = 0, same_suit = 0;
  const Kind won = KindOf(tile);
  for (const EngineMeld& x : p.melds) {
    if (x.type == MeldType::kAnkan) continue;  // exposed sets (副落) only
    const Kind k = KindOf(x.tiles[0]);
    same_suit += !IsHonor(k) && !IsHonor(won) && k / 9 == won / 9;
    if (x.type == MeldType::kChi) continue;
    dragons += IsDragon(k);
    winds += IsWind(k);
  }
  Pao out = pao;
  if (IsDragon(won) && dragons == 2) {
    out.seat[winner] = from;
    out.kind[winner] = Pao::Kind::kDragons;
  } else if (IsWind(won) && winds == 3) {
    out.seat[winner] = from;
    out.kind[winner] = Pao::Kind::kWinds;
  } else if (s.rules->pao_one_suit && same_suit == 3 && static_cast<int>(p.melds.size()) == 3) {
    out.seat[winner] = from;
    out.kind[winner] = Pao::Kind::kOneSuit;
  }
  return out;
}

bool SettleWins(RoundState& s, HandLog& log, const Pao& pao, const std::vector<int>& winners, Tile tile, int from,
                bool tsumo, bool chankan) {
  bool dealer_won = false;
  const Ruleset& rules = *s.rules;
  const ScoringModule* module = FindScoringModule(rules.scoring);

  // Tsumo protection: the seats that pay nothing (shields).
  const std::array<bool, 4> protected_seat =
      tsumo ? ProtectFromTsumo(s, log, winners[0], tile) : std::array<bool, 4>{};
  for (size_t i = 0; i < winners.size(); ++i) {
    const int w = winners[i];
    WinContext ctx = MakeWinContext(s, w, tile, tsumo ? WinKind::kTsumo : chankan ? WinKind::kChankan : WinKind::kRon);
    if (i > 0) {  // honba and deposits go to the first winner from the discarder
      ctx.honba = 0;
      ctx.riichi_sticks = 0;
    }
    const ScoreResult r = module->Score(ctx, rules);
    std::array<int, 4> d{};
    int unpaid = 0;  // protected seats' shares
    // Pao: the liable seat pays for a daisangen / daisuushii it fed.
    int liable = -1;
    const Pao ron_pao = tsumo ? pao : PaoOnRon(s, pao, w, tile, from);
    if (ron_pao.seat[w] >= 0) {
      for (const YakuEntry& e : r.yaku) {
        const bool dragons = e.id == YakuId::kDaisangen;
        const bool winds = e.id == YakuId::kDaisuushii || e.id == YakuId::kFourHappiness;
        const bool one_suit = e.id == YakuId::kChinitsu;
        if ((dragons && ron_pao.kind[w] == Pao::Kind::kDragons) || (winds && ron_pao.kind[w] == Pao::Kind::kWinds) ||
            (one_suit && ron_pao.kind[w] == Pao::Kind::kOneSuit))
          liable = ron_pao.seat[w];
      }
    }
    // Each of the three pays on a tsumo, and on a ron too where the module says so (Ningbo's
    // 三家払い: a ron's payment is then of a tsumo kind).
    if (tsumo || r.payment.kind != PaymentKind::kRon) {
      if (liable >= 0) {
        d[liable] -= r.payment.Total() + r.honba_bonus;
      } else {
        for (int p = 0; p < 4; ++p) {
          if (p == w) continue;
          int pay = r.payment.kind == PaymentKind::kTsumoDealer ? r.payment.each
                    : p == s.dealer                           ? r.payment.dealer
                                                               : r.payment.non_dealer;
          const int honba = HonbaShare(r.honba_bonus, w, p);
          if (protected_seat[p]) {
            unpaid += pay + honba;
            continue;
          }
          d[p] -= pay + honba;
        }
      }
    } else if (liable >= 0 && liable != from) {
      const int half = r.payment.ron / 2;
      d[from] -= r.payment.ron - half;
      d[liable] -= half + r.honba_bonus;
    } else {
      d[from] -= r.payment.ron + r.honba_bonus;
    }
    d[w] += r.total - unpaid;
    auto info = std::make_shared<HoraInfo>();
    if (i + 1 == winners.size()) SettleSides(s, winners, d, *info);
    for (int p = 0; p < 4; ++p) s.scores[p] += d[p];
    if (r.deposits > 0) s.riichi_sticks = 0;
    info->score = r;
    info->deltas = d;
    info->scores = s.scores;
    info->hand = s.seats[w].hand;
    if (tsumo) {
      auto it = std::find(info->hand.begin(), info->hand.end(), tile);
      if (it != info->hand.end()) info->hand.erase(it);
    }
    std::sort(info->hand.begin(), info->hand.end());
    if (s.seats[w].riichi == RiichiState::kAccepted)
      for (int k = 0; k < s.dora_revealed; ++k) info->ura_markers.push_back(s.wall.UraIndicator(k));
    info->pao = liable;
    Event e;
    e.type = EventType::kHora;
    e.actor = static_cast<int8_t>(w);
    e.target = static_cast<int8_t>(from);
    e.pai = tile;
    e.hora = std::move(info);
    log.Emit(std::move(e));
    if (w == s.dealer) dealer_won = true;
  }
  s.riichi_sticks = 0;
  ConfiscateAfterWin(s, log, winners, from, tsumo);
  return dealer_won;
}

void SettleAbortiveDraw(RoundState& s, HandLog& log, DrawReason reason) {
  auto info = std::make_shared<RyukyokuInfo>();
  info->reason = reason;
  info->scores = s.scores;
  Event e;
  e.type = EventType::kRyukyoku;
  e.ryukyoku = std::move(info);
  log.Emit(std::move(e));
  ConfiscateAfterAbortiveDraw(s, log);
}

bool SettleExhaustiveDraw(RoundState& s, HandLog& log) {
  const Ruleset& rules = *s.rules;
  auto info = std::make_shared<RyukyokuInfo>();
  info->reason = DrawReason::kExhaustive;
  int tenpai_count = 0;
  for (int p = 0; p < 4; ++p) {
    info->tenpai[p] = IsTenpai(s.seats[p]);
    tenpai_count += info->tenpai[p];
    if (info->tenpai[p]) {
      info->hands[p] = s.seats[p].hand;
      std::sort(info->hands[p].begin(), info->hands[p].end());
    }
    const SeatState& seat = s.seats[p];
    info->nagashi[p] = rules.nagashi_mangan && !seat.river.empty() && seat.all_discards_orphans && !seat.discards_called;
  }
  std::array<int, 4> d{};
  const bool any_nagashi = std::any_of(info->nagashi.begin(), info->nagashi.end(), [](bool b) { return b; });
  if (any_nagashi) {
    for (int w = 0; w < 4; ++w) {
      if (!info->nagashi[w]) continue;
      for (int p = 0; p < 4; ++p) {
        if (p == w) continue;
        const int amount = NagashiPayment(s, w, p);
        d[p] -= amount;
        d[w] += amount;
      }
    }
  } else if (tenpai_count > 0 && tenpai_count < 4) {
    const std::array<int, 4> split = NotenSplit(rules.noten_payment, info->tenpai, s.dealer);
    for (int p = 0; p < 4; ++p) d[p] = split[p];
  }
  for (int p = 0; p < 4; ++p) s.scores[p] += d[p];
  info->deltas = d;
  info->scores = s.scores;
  const bool dealer_tenpai = info->tenpai[s.dealer];
  Event e;
  e.type = EventType::kRyukyoku;
  e.ryukyoku = std::move(info);
  log.Emit(std::move(e));
  ConfiscateAfterExhaustiveDraw(s, log);
  return dealer_tenpai;
}

}  // namespace mj
