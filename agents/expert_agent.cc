#include "agents/expert_agent.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "agents/expert_placement.h"
#include "agents/expert_threat.h"
#include "agents/expert_win_chance.h"
#include "agents/hand_eval.h"
#include "engine/legal_actions.h"
#include "engine/win_check.h"
#include "rules/shanten.h"

namespace mj {
namespace {

// Tuning of the push / fold comparison (docs/AGENTS.md "expert in detail").
constexpr double kPushDanger = 0.035;  // mean deal-in chance of a pushing discard, per go-round
constexpr double kFoldDanger = 0.012;  // the same while folding (safe tiles run out)
constexpr double kRonShareDama = 0.6;  // how freely the others discard into a silent wait
constexpr double kRonShareRiichi = 0.35;
constexpr double kRonShareOpenRiichi = 0.08;
// The chance per go-round that another seat ends the hand, before any of them reads as tenpai:
// kEndBase + kEndGrowth x (go-rounds played so far and to come).
constexpr double kEndBase = 0.01;
constexpr double kRiichiEndFactor = 0.6;
constexpr double kOpenMargin = 50;
constexpr double kRiichiPressure = 0.1;
constexpr double kEndGrowth = 0.012;
// An open hand whose only yaku is a yakuhai pair: the share of its win chance with two copies of
// the pair's kind unseen, and with one (1 / 0.6 / 0.3 with two measured, riichi preset).
constexpr double kPairPathTwoLeft = 0.6;
constexpr double kPairPathOneLeft = 0.35;
// A safe tile kept for later (anzenpai): a kind whose deal-in chance, averaged over the three
// opponents as if each were tenpai, is at most kSafeTile; a slow hand (two or more from tenpai
// after the discard) that throws its last such tile before anyone threatens pays kReserve
// (riichi scale): the chance someone riichis while it is still slow, times the deal-in chance
// of its first fold discard without a safe tile, times a riichi hand's value.
constexpr double kSafeTile = 0.03;
constexpr double kReserve = 200;
constexpr int kReserveShanten = 2;
// greedy_margin applies while every opponent's tenpai chance is below this.
constexpr double kGreedyTenpai = 0.3;
// Being tenpai at an exhaustive draw instead of noten gains 2,500-3,000 of a 3,000 noten
// payment (by how many others are tenpai), about 0.9 of it; the chance of being tenpai then is
// the win-chance program's, which never folds on the way (a later riichi makes a slow hand fold
// and end noten). Counted at 0.4 of the payment: measured (docs/AGENTS.md), 0.65 and 0.9 lose
// in fuless, gain no more in the presets, and gain more only where most hands end in a draw.
constexpr double kDrawShare = 0.4;
// The spread of the score difference of two seats over one hand (riichi scale), for the final
// rank a seat expects before the last hand (Placement).
constexpr double kHandSigma = 6000;

bool IsCall(const Action& a) {
  return a.type == ActionType::kChi || a.type == ActionType::kPon || a.type == ActionType::kDaiminkan;
}

// The outlook of a 13-equivalent hand: chance to win and value, per declaration.
struct Outlook {
  int shanten = 8;
  int acceptance = 0;
  WinChance dama;
  double dama_value = 0;
  WinChance riichi;
  double riichi_value = 0;
  WinChance open;
  double open_value = 0;
  bool tenpai = false;
  // A one-shanten hand valued by the look-ahead: the mean wait (unseen winning tiles, 0 for a
  // draw that leaves no winning tenpai) and ron share of the tenpai hands its draws make.
  double next_wait = -1;
  double next_ron_share = -1;
  // The hand's win chance against the plain win-chance program's for its acceptance and those
  // waits: the share of its reach that ends in a win it can take (the yaku-path share and the
  // ruleset's win share of a hand valued by typical values; about 1 for the look-ahead).
  double win_factor = 1;
};

// A tenpai hand as the look-aheads meet it: concealed counts, the kinds thrown beyond the river
// (furiten), the declarations asked for and the marked tiles.
// The melds (a call decision weighs hands with different melds and the same concealed tiles).
struct TenpaiKey {
  KindCounts counts{};
  KindMask thrown = 0;
  uint32_t melds = 0;
  uint8_t flags = 0;
  friend bool operator==(const TenpaiKey&, const TenpaiKey&) = default;
};
struct TenpaiKeyHash {
  size_t operator()(const TenpaiKey& k) const {
    uint64_t h = 1469598103934665603ull;
    for (uint8_t x : k.counts) h = (h ^ x) * 1099511628211ull;
    h = (h ^ k.thrown) * 1099511628211ull;
    h = (h ^ k.melds) * 1099511628211ull;
    return static_cast<size_t>((h ^ k.flags) * 1099511628211ull);
  }
};
// A win-chance program's input, as a memo key (every field, exactly).
struct WinChanceKey {
  std::array<int, 4> ints{};
  std::array<double, 7> reals{};
  explicit WinChanceKey(const WinChanceInput& in)
      : ints{in.shanten, in.acceptance, in.unseen, in.draws},
        reals{in.end_per_round, in.end_growth,     in.future_ron_share, in.ron_share,
              in.next_wait,     in.next_ron_share, in.next_acceptance} {}
  friend bool operator==(const WinChanceKey&, const WinChanceKey&) = default;
};
struct WinChanceKeyHash {
  size_t operator()(const WinChanceKey& k) const {
    uint64_t h = 1469598103934665603ull;
    for (int x : k.ints) h = (h ^ static_cast<uint32_t>(x)) * 1099511628211ull;
    for (double x : k.reals) h = (h ^ std::bit_cast<uint64_t>(x)) * 1099511628211ull;
    return static_cast<size_t>(h);
  }
};

// The key of a hand's melds: type and kind of each, in order.
uint32_t MeldKey(const ExpertHand& h) {
  uint32_t key = 0;
  for (const Meld& m : h.melds) key = key * 211 + static_cast<uint32_t>(m.type) * 34 + static_cast<uint32_t>(m.kind) + 1;
  return key;
}

// Everything one decision shares.
struct Ctx {
  const PlayerView& view;
  const ExpertOptions& options;
  const TypicalValues& typical;
  KindCounts visible{};
  KindCounts unseen{};
  int unseen_total = 0;
  int draws = 0;
  int turn = 0;  // go-rounds played: the seat's own discards so far
  Threats threats;
  double pressure = 0;   // sum over opponents of tenpai x cost of a deal-in
  double shield_cost = 0;  // points of the own shields, lost on a win or a deal-in (Dunpai)
  double draw_gain = 0;    // what being tenpai rather than noten at an exhaustive draw is worth
  std::optional<Placement> placement;  // where this hand can end the game (option placement)
  bool ron_shared = false;             // every other seat pays a ron (Ningbo's 三家払い)
  bool dealer = false;
  KindMask own_river = 0;
  KindMask yakuhai = 0;
  double table_bonus = 0;  // honba and deposits a win collects (not in typical values)
  double scale = 1;        // the ruleset's points against riichi's (a typical open hand / 2000)
  // Tenpai outlooks already computed in this decision (the look-aheads reach the same tenpai
  // hands from many discards), by hand, thrown kinds and declarations.
  mutable std::unordered_map<TenpaiKey, Outlook, TenpaiKeyHash> tenpai_memo;
  // Tenpai hands' values from the scoring module, by hand and declarations (not thrown kinds).
  mutable std::unordered_map<TenpaiKey, TenpaiValue, TenpaiKeyHash> value_memo;
  // Win-chance programs already run in this decision (the look-aheads meet the same waits often).
  mutable std::unordered_map<WinChanceKey, WinChance, WinChanceKeyHash> win_memo;
  // One-shanten outlooks already computed (the two-shanten look-ahead), by hand and thrown kinds.
  mutable std::unordered_map<TenpaiKey, Outlook, TenpaiKeyHash> one_memo;

  Ctx(const PlayerView& v, const ExpertOptions& o, const TypicalValues& t) : view(v), options(o), typical(t) {}
};

// What `points` won (a loss: negative) are worth to the seat when `payer` pays them (-1: the
// three others, a tsumo's split; for a loss, `payer` is the seat paid): by the final rank where
// the result ends the game (Placement), else the points.
double PointsGain(const Ctx& c, double points, int payer) {
  if (!c.placement) return points;
  std::array<int, 4> delta{};
  const int me = c.view.seat();
  delta[me] = static_cast<int>(points);
  for (int p = 0; p < 4; ++p)
    if (p != me && (payer < 0 || p == payer)) delta[p] = -static_cast<int>(payer < 0 ? points / 3 : points);
  return c.placement->Gain(delta).value_or(points);
}

// What a win of `points` (unknown payer: a tsumo's split) is worth to the seat.
// Where every other seat pays a ron too (Ningbo), a ron is paid as a tsumo.
double WinGain(const Ctx& c, double points, int payer) {
  return PointsGain(c, points, c.ron_shared ? -1 : payer) - c.shield_cost;
}

void BuildCtx(Ctx& c) {
  const PlayerView& view = c.view;
  const Ruleset& rules = view.rules();
  const int me = view.seat();
  c.visible = view.VisibleCounts();
  for (int k = 0; k < kNumKinds; ++k) {
    c.unseen[k] = static_cast<uint8_t>(4 - c.visible[k]);
    c.unseen_total += c.unseen[k];
  }
  c.draws = view.tiles_left() / 4;
  c.turn = static_cast<int>(view.river(me).size());
  c.dealer = view.seat_wind(me) == Wind::kEast;
  c.own_river = RiverKinds(view, me);
  c.yakuhai = YakuhaiKinds(view);
  c.table_bonus = view.honba() * rules.honba_value + view.riichi_sticks() * rules.riichi_deposit;
  if (rules.shields.enabled)
    c.shield_cost = c.options.shield_value * (view.shields_down(me) + static_cast<int>(view.shields_up(me).size()));
  c.scale = std::max(1e-3, c.typical.Scale() / 2000.0);
  c.ron_shared = c.typical.DiscarderShare(false, false) < 1;
  if (c.options.placement) {
    const Placement p(view, c.options.rank_points * c.scale, kHandSigma * c.scale);
    if (p.Pays()) c.placement = p;  // where no place pays, every result is its points
  }
  if (c.options.draw_tenpai) {
    c.draw_gain = kDrawShare * std::max(0, rules.noten_payment);
    // Dunpai: a tenpai seat keeps its face-down shields at the draw, a noten one loses them.
    if (rules.shields.enabled) c.draw_gain += c.options.shield_value * view.shields_down(me);
  }
  c.threats = ReadThreats(view, c.visible, c.typical, c.options.river_reading, c.options.wait_reader);
  for (int i = 0; i < c.threats.count; ++i) {
    OpponentThreat& o = c.threats.opp[i];
    o.value = -PointsGain(c, -o.value, o.seat);
    o.value += c.shield_cost;  // a deal-in loses every shield too
    if (!c.options.defence) o.tenpai = 0;
  }
  c.pressure = c.threats.Pressure();
}

// An open hand's way to a yaku, as the share of its win chance that keeps one: 1 with a yakuhai
// meld or pung, every meld and nearly every tile simple (open tanyao), or one suit with honours
// (honitsu); less with only a yakuhai pair still to be called; 0 with none.
double OpenYakuPath(const Ctx& c, const ExpertHand& h, bool* tanyao_only) {
  *tanyao_only = false;
  const Ruleset& rules = c.view.rules();
  for (const Meld& m : h.melds)
    if (m.type != MeldType::kChi && HasKind(c.yakuhai, m.kind)) return 1;
  // A yakuhai pair is a yaku only once it is called or drawn to a pung: a share of the hand's
  // chance by the copies still unseen (none: no yaku from it).
  double pair_path = 0;
  for (int k = kEast; k < kNumKinds; ++k) {
    if (!HasKind(c.yakuhai, static_cast<Kind>(k))) continue;
    if (h.counts[k] >= 3) return 1;
    if (h.counts[k] == 2)
      pair_path = std::max(pair_path, c.unseen[k] >= 2 ? kPairPathTwoLeft : c.unseen[k] == 1 ? kPairPathOneLeft : 0.0);
  }
  bool melds_simple = true;
  int suit = -1;
  bool one_suit = true;
  auto note_suit = [&](Kind k) {
    if (k >= 27) return;
    if (suit < 0) suit = k / 9;
    one_suit = one_suit && k / 9 == suit;
  };
  for (const Meld& m : h.melds) {
    const bool simple = m.type == MeldType::kChi ? (IsSimple(m.kind) && IsSimple(static_cast<Kind>(m.kind + 2)))
                                                 : IsSimple(m.kind);
    melds_simple = melds_simple && simple;
    note_suit(m.kind);
  }
  int outside = 0, off_suit = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (h.counts[k] == 0) continue;
    if (!IsSimple(static_cast<Kind>(k))) outside += h.counts[k];
    if (k < 27 && suit >= 0 && k / 9 != suit) off_suit += h.counts[k];
  }
  if (melds_simple && OpenTanyaoAllowed(rules) && outside <= 1) {
    *tanyao_only = true;
    return 1;
  }
  if (one_suit && suit >= 0 && off_suit <= 1) return 1;
  return pair_path;
}


// The share of a tsumo that reaches the winner: a seat with a face-up shield among the waits
// pays nothing (tsumo protection), unless an open riichi cancels it.
double TsumoPaidShare(const Ctx& c, uint64_t waits, bool open_riichi) {
  const Ruleset& rules = c.view.rules();
  if (!rules.shields.enabled || !rules.shields.tsumo_protection) return 1.0;
  if (open_riichi && rules.shields.open_riichi) return 1.0;
  int protected_seats = 0;
  for (int p = 0; p < 4; ++p) {
    if (p == c.view.seat()) continue;
    bool prot = false;
    for (Tile t : c.view.shields_up(p)) prot = prot || ((waits >> KindOf(t)) & 1);
    protected_seats += prot;
  }
  return 1.0 - protected_seats / 3.0;
}

Outlook LookAhead(const Ctx& c, const ExpertHand& h, KindMask thrown, bool riichi, bool open_riichi);

// EstimateWinChance(in), memoised within a decision.
WinChance WinChanceOf(const Ctx& c, const WinChanceInput& in) {
  const WinChanceKey key(in);
  const auto it = c.win_memo.find(key);
  if (it != c.win_memo.end()) return it->second;
  return c.win_memo.emplace(key, EstimateWinChance(in)).first->second;
}

// Whether the seat could declare riichi once its closed hand is tenpai (after one more draw).
bool RiichiPossible(const Ctx& c, const ExpertHand& h) {
  const Ruleset& rules = c.view.rules();
  const int me = c.view.seat();
  return c.options.riichi && rules.riichi_allowed && h.closed() && !c.view.in_riichi(me) &&
         c.view.tiles_left() >= 5 &&
         (!rules.riichi_needs_points || rules.riichi_deposit <= 0 || c.view.score(me) >= rules.riichi_deposit);
}

// What a look-ahead adds up over the useful draws: each draw's unseen copies (`share`) weigh
// its win-chance program and, where it leads to a win, the win's value.
struct DrawMix {
  double acceptance = 0, win = 0, ev = 0, alive = 0, tsumo = 0, tenpai_end = 0;
  void Reach(double share, const WinChance& w) {
    alive += share * w.alive_rounds;
    tenpai_end += share * w.tenpai_end;
  }
  void Win(double share, double won, double value, double tsumo_share) {
    win += share * won;
    ev += share * won * value;
    tsumo += share * won * tsumo_share;
  }
  // The outlook's dama chance and value; false when no draw leads to a win.
  bool Fill(Outlook* out) const {
    if (acceptance <= 0 || win <= 0) return false;
    out->dama.win = win / acceptance;
    out->dama.alive_rounds = alive / acceptance;
    out->dama.tenpai_end = tenpai_end / acceptance;
    out->dama.tsumo_share = tsumo / win;
    out->dama_value = ev / win;
    return true;
  }
};

// One-shanten look-ahead: for every unseen kind that makes the hand tenpai, the best tenpai hand
// it leaves (its wait, ron share and value from the scoring module: yaku, dora, red fives, riichi
// with ura, or dama where riichi is worth less), instead of a typical wait and a typical value.
// The chance of reaching tenpai is the acceptance-based dynamic program; each useful draw carries
// its share (its unseen copies over the acceptance) of the reach, and its own tenpai stage.
// False if no draw gives a tenpai that can win (the caller keeps its estimate).
bool OneShantenLookAhead(const Ctx& c, const ExpertHand& h, KindMask thrown, const WinChanceInput& base,
                         Outlook* out) {
  const int melds = h.num_melds();
  const bool riichi_ok = RiichiPossible(c, h);
  const double deposit = c.view.rules().riichi_deposit;
  ExpertHand h2 = h;
  DrawMix mix;
  double waits = 0, ron_waits = 0;
  for (KindMask draws = LoweringDraws(h.counts, melds, 1, c.visible); draws != 0; draws &= draws - 1) {
    const int d = std::countr_zero(draws);
    ++h2.counts[d];
    mix.acceptance += c.unseen[d];
    // The best tenpai discard after drawing d, by its own win chance x value now.
    double best = 0, best_value = 0, best_wait = 0, best_ron_share = 0;
    DiscardAcceptance after(h2.counts, melds, c.visible);  // its ShantenWithout
    for (int x = 0; x < kNumKinds; ++x) {
      if (h2.counts[x] == 0 || x == d) continue;
      const int shanten_x = after.ShantenWithout(static_cast<Kind>(x));
      --h2.counts[x];
      if (shanten_x == 0) {
        const Outlook o = LookAhead(c, h2, thrown | KindBit(static_cast<Kind>(x)), riichi_ok, false);
        const double dama = o.dama.win * o.dama_value;
        const double rii = riichi_ok ? o.riichi.win * o.riichi_value - deposit : -1e18;
        if (std::max(dama, rii) > best && o.acceptance > 0) {
          best = std::max(dama, rii);
          const bool use_riichi = rii > dama;
          const WinChance& w = use_riichi ? o.riichi : o.dama;
          // A riichi's value net of its deposit, paid now and back only with a win.
          best_value = use_riichi ? best / w.win : o.dama_value;
          best_wait = o.acceptance;
          // A furiten wait or one without a yaku on ron wins only by tsumo.
          best_ron_share = w.tsumo_share < 1 ? (use_riichi ? kRonShareRiichi : kRonShareDama) : 0;
        }
      }
      ++h2.counts[x];
    }
    WinChanceInput next = base;
    if (best > 0) {
      next.next_wait = best_wait;
      next.next_ron_share = best_ron_share;
    }
    const WinChance w = WinChanceOf(c, next);
    const double share = c.unseen[d];
    mix.Reach(share, w);
    if (best > 0) {
      mix.Win(share, w.win, best_value, w.tsumo_share);
      waits += share * best_wait;
      ron_waits += share * best_wait * best_ron_share;
    }
    --h2.counts[d];
  }
  if (!mix.Fill(out)) return false;
  const double acceptance = mix.acceptance;
  out->next_wait = waits / acceptance;
  out->next_ron_share = waits > 0 ? ron_waits / waits : 0;
  WinChanceInput plain = base;
  plain.next_wait = out->next_wait;
  plain.next_ron_share = out->next_ron_share;
  const double plain_win = WinChanceOf(c, plain).win;
  out->win_factor = plain_win > 0 ? out->dama.win / plain_win : 0;
  return true;
}

// The outlook of a one-shanten hand (LookAhead), memoised within a decision.
const Outlook& OneShantenOutlook(const Ctx& c, const ExpertHand& h, KindMask thrown) {
  TenpaiKey key;
  key.counts = h.counts;
  key.thrown = thrown;
  key.melds = MeldKey(h);
  key.flags = static_cast<uint8_t>((std::min(h.red, 7) << 2) | (std::min(h.peach, 7) << 5));
  const auto it = c.one_memo.find(key);
  if (it != c.one_memo.end()) return it->second;
  return c.one_memo.emplace(key, LookAhead(c, h, thrown, false, false)).first->second;
}

// Two-shanten look-ahead (option lookahead2): for every unseen kind that brings the hand to one
// from tenpai, the best one-shanten hand it leaves (by the one-shanten look-ahead's win chance x
// value). Its acceptance replaces the typical acceptance of the second useful draw in the
// win-chance program, the wait and ron share of its tenpai hands the typical ones, and its value
// the typical value; each useful draw carries its unseen copies' share of the reach. So two
// hands equally far from tenpai differ by the shape and the value of what their draws make.
// False if no draw leads on to a win (the caller keeps its estimate).
bool TwoShantenLookAhead(const Ctx& c, const ExpertHand& h, KindMask thrown, const WinChanceInput& base,
                         Outlook* out) {
  const int melds = h.num_melds();
  ExpertHand h2 = h;
  DrawMix mix;
  for (KindMask draws = LoweringDraws(h.counts, melds, 2, c.visible); draws != 0; draws &= draws - 1) {
    const int d = std::countr_zero(draws);
    ++h2.counts[d];
    mix.acceptance += c.unseen[d];
    // The best discard that keeps the hand one from tenpai, by the one-shanten look-ahead.
    const Outlook* best = nullptr;
    double best_ev = 0;
    DiscardAcceptance after(h2.counts, melds, c.visible);  // its ShantenWithout
    for (int x = 0; x < kNumKinds; ++x) {
      if (h2.counts[x] == 0 || x == d) continue;
      const int shanten_x = after.ShantenWithout(static_cast<Kind>(x));
      --h2.counts[x];
      if (shanten_x == 1) {
        const Outlook& o = OneShantenOutlook(c, h2, thrown | KindBit(static_cast<Kind>(x)));
        const double v = o.dama.win * o.dama_value;
        if (v > best_ev) {
          best_ev = v;
          best = &o;
        }
      }
      ++h2.counts[x];
    }
    WinChanceInput next = base;
    if (best) {
      next.next_acceptance = best->acceptance;
      next.next_wait = best->next_wait;
      next.next_ron_share = best->next_ron_share;
    }
    const WinChance w = EstimateWinChance(next);
    const double share = c.unseen[d];
    mix.Reach(share, w);
    if (best) mix.Win(share, w.win * best->win_factor, best->dama_value, w.tsumo_share);
    --h2.counts[d];
  }
  return mix.Fill(out);
}

Outlook LookAhead(const Ctx& c, const ExpertHand& h, KindMask thrown, bool riichi, bool open_riichi) {
  Outlook out;
  const int melds = h.num_melds();
  out.shanten = Shanten(h.counts, melds);
  TenpaiKey key;
  if (out.shanten == 0) {
    key.counts = h.counts;
    key.thrown = thrown;
    key.melds = MeldKey(h);
    key.flags = static_cast<uint8_t>((riichi ? 1 : 0) | (open_riichi ? 2 : 0) | (std::min(h.red, 7) << 2) |
                                     (std::min(h.peach, 7) << 5));
    const auto it = c.tenpai_memo.find(key);
    if (it != c.tenpai_memo.end()) return it->second;
  }
  WinChanceInput in;
  in.unseen = c.unseen_total;
  in.draws = c.draws;
  in.end_per_round = kEndBase + kEndGrowth * c.turn + c.threats.EndChancePerRound();
  in.end_growth = kEndGrowth;
  const bool closed = h.closed();
  const Ruleset& rules = c.view.rules();
  if (out.shanten == 0) {
    out.tenpai = true;
    TenpaiKey value_key = key;
    value_key.thrown = 0;
    auto found = c.value_memo.find(value_key);
    if (found == c.value_memo.end())
      found = c.value_memo.emplace(value_key, ValueTenpai(c.view, h, c.unseen, riichi, open_riichi)).first;
    const TenpaiValue& v = found->second;
    out.acceptance = v.wait_tiles;
    const KindMask river = c.own_river | thrown;
    const bool furiten = (v.waits & river) != 0;
    in.shanten = 0;
    in.acceptance = v.wait_tiles;
    auto fill = [&](int d, double ron_share, WinChance* wc, double* value) {
      const double ron = v.ron[d], tsumo = v.tsumo[d] * TsumoPaidShare(c, v.waits, d == 2);
      if (ron <= 0 && tsumo <= 0) {
        // No win (no yaku, every wait gone): a silent hand still counts as tenpai at a draw.
        if (d == 0 && c.draw_gain > 0) {
          WinChanceInput none = in;
          none.acceptance = 0;
          none.ron_share = 0;
          *wc = EstimateWinChance(none);
        }
        return;
      }
      in.ron_share = (furiten || ron <= 0) ? 0 : ron_share;
      WinChanceInput declared = in;
      if (d > 0) {  // a riichi makes the others fold: they end the hand less often
        declared.end_per_round *= kRiichiEndFactor;
        declared.end_growth *= kRiichiEndFactor;
      }
      *wc = EstimateWinChance(declared);
      if (tsumo <= 0) {  // ron only (a yaku that needs ron is rare): tsumo wins are not wins
        wc->win *= 1 - wc->tsumo_share;
        wc->tsumo_share = 0;
      }
      const double mean = wc->tsumo_share * tsumo + (1 - wc->tsumo_share) * ron;
      *value = std::max(0.0, WinGain(c, mean, -1));
    };
    const bool in_riichi = c.view.in_riichi(c.view.seat());
    fill(0, in_riichi ? kRonShareRiichi : kRonShareDama, &out.dama, &out.dama_value);
    if (riichi) fill(1, kRonShareRiichi, &out.riichi, &out.riichi_value);
    if (open_riichi) fill(2, kRonShareOpenRiichi, &out.open, &out.open_value);
    c.tenpai_memo.emplace(key, out);
    return out;
  }
  bool tanyao_only = false;
  const double path = closed ? 1.0 : OpenYakuPath(c, h, &tanyao_only);
  // An open hand with no yaku in view cannot win; without the draw's value it is worth nothing.
  if (path <= 0 && c.draw_gain <= 0) return out;
  out.acceptance = Ukeire(h.counts, melds, out.shanten, c.visible, tanyao_only ? SimpleKinds() : kAllKinds);
  in.shanten = out.shanten;
  in.acceptance = out.acceptance;
  in.ron_share = kRonShareDama;
  if (path <= 0) {  // no win, but it may still be tenpai when the wall runs out
    out.dama = EstimateWinChance(in);
    out.dama.win = 0;
    out.dama.tsumo_share = 0;
    return out;
  }
  if (out.shanten == 1 && c.options.lookahead && path >= 1 && OneShantenLookAhead(c, h, thrown, in, &out)) return out;
  if (out.shanten == 2 && c.options.lookahead2 && path >= 1 && TwoShantenLookAhead(c, h, thrown, in, &out)) return out;
  out.dama = EstimateWinChance(in);
  out.dama.win *= path;
  out.win_factor = path;
  const HandStyle style = !closed                 ? HandStyle::kOpen
                          : rules.riichi_allowed ? HandStyle::kClosedRiichi
                                                  : HandStyle::kClosedDama;
  const int dora = DoraHeld(c.view, h);
  const double points = c.typical.Get(style, c.dealer, dora) + c.table_bonus;
  out.dama_value = std::max(0.0, WinGain(c, points, -1));
  // Where the ruleset refuses some of the typical hands (a higher minimum han), only a share wins.
  out.dama.win *= c.typical.WinShare(style, c.dealer, dora);
  out.win_factor *= c.typical.WinShare(style, c.dealer, dora);
  // An open hand whose yaku is still only a yakuhai pair: the tenpai hands its draws make
  // (a shanpon on the pair wins by ron with the yaku) when they are worth more than the share
  // the pair's call route is given.
  Outlook drawn = out;
  if (out.shanten == 1 && c.options.lookahead && path < 1 && OneShantenLookAhead(c, h, thrown, in, &drawn) &&
      drawn.dama.win * drawn.dama_value > out.dama.win * out.dama_value)
    return drawn;
  return out;
}

// The value of going on with `o` when the seat may still fold later: the better of pushing
// (win chance x value, less the deal-ins of the discards pushing takes) and folding.
double KeepGoing(const Ctx& c, const Outlook& o, double* win, double* deal_in_future) {
  const double draw = c.draw_gain * o.dama.tenpai_end;
  const double off = o.dama.win * o.dama_value + draw;
  const double push_future = c.pressure * kPushDanger * std::min<double>(o.dama.alive_rounds, c.draws);
  const double fold_future = c.pressure * kFoldDanger * c.draws;
  // A hand that cannot win (no yaku in view, no wait left) has nothing to push for but the
  // noten payment.
  if ((o.dama.win > 0 || draw > 0) && off - push_future >= -fold_future) {
    *win = o.dama.win;
    *deal_in_future = push_future;
    return off - push_future;
  }
  *win = 0;
  *deal_in_future = fold_future;
  return -fold_future;
}

// Value of being in riichi with `o`: no folding any more.
double RiichiValue(const Ctx& c, const WinChance& w, double value) {
  const double deposit = c.view.rules().riichi_deposit;
  return w.win * value + c.draw_gain * w.tenpai_end - deposit -
         c.pressure * (kPushDanger + 0.01) * std::min<double>(w.alive_rounds, c.draws);
}

// What a riichi takes from the others: players who are not tenpai fold against it, so their
// chances to win this hand (and this seat's share of paying for them) shrink.
double RiichiPressure(const Ctx& c) {
  double p = 0;
  for (int i = 0; i < c.threats.count; ++i) {
    const OpponentThreat& o = c.threats.opp[i];
    if (!o.riichi) p += (1 - o.tenpai) * (o.value - c.shield_cost);
  }
  return kRiichiPressure * p;
}

// Chance of dealing in with the discard of `k` now (any opponent).
double DealInNow(const Ctx& c, Kind k) {
  double miss = 1.0;
  for (int i = 0; i < c.threats.count; ++i) miss *= 1.0 - c.threats.opp[i].tenpai * c.threats.opp[i].deal_in[k];
  return 1.0 - miss;
}

// Shanten of the own hand after discarding `t`.
int ShantenAfter(const PlayerView& view, Tile t) {
  const ExpertHand h = OwnHand(view, t);
  return Shanten(h.counts, h.num_melds());
}

// Tile-value tie-break: a tiny preference for throwing what greedy would throw first.
double TieBreak(const Ctx& c, const TileValues& tv, Kind k, int acceptance) {
  return c.scale * (0.01 * acceptance - 0.02 * tv(k));
}

struct DiscardEstimate {
  double value = 0;  // keep-going value of the hand after it, without this discard's risk
  double win = 0;
  double future = 0;
  Outlook outlook;
};

}  // namespace

ExpertAgent::ExpertAgent(ExpertOptions options)
    : options_(options),
      helpers_{GreedyAgent(GreedyOptions{}), GreedyAgent([] {
                 GreedyOptions g;
                 g.bank_pairs = true;
                 return g;
               }())} {}

std::string ExpertAgent::Name() const {
  const std::string opts = ExpertOptionText(options_);
  return opts.empty() ? "expert" : "expert:" + opts;
}

void ExpertAgent::BeginGame(int seat, uint64_t seed) {
  helpers_.plain.BeginGame(seat, seed);
  helpers_.banker.BeginGame(seat, seed);
  typical_.reset();
  typical_rules_ = nullptr;
}

const TypicalValues& ExpertAgent::Typical(const Ruleset& rules) {
  if (!typical_ || typical_rules_ != &rules) {
    typical_.emplace(rules);
    typical_rules_ = &rules;
  }
  return *typical_;
}

Action ExpertAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  size_t best = 0;
  (void)Estimate(view, legal, helpers_, &best);
  return legal[best];
}

std::vector<ActionEstimate> ExpertAgent::Evaluate(const PlayerView& view, std::span<const Action> legal) {
  Helpers copy = helpers_;
  size_t best = 0;
  return Estimate(view, legal, copy, &best);
}

std::vector<ActionEstimate> ExpertAgent::Estimate(const PlayerView& view, std::span<const Action> legal,
                                                  Helpers& helpers, size_t* best) {
  std::vector<ActionEstimate> est(legal.size());
  for (size_t i = 0; i < legal.size(); ++i) est[i].action = legal[i];
  *best = 0;
  const Ruleset& rules = view.rules();
  const int me = view.seat();

  // Shields at the deal: greedy's fastest-hand choice; with deal_shields, a slow hand (three or
  // more from tenpai after the pick) banks pairs and sets of simples for a later hand instead.
  if (legal.front().type == ActionType::kSetShield) {
    bool bank = false;
    if (options_.deal_shields) bank = Shanten(view.counts(), 0) >= 3;
    const Action pick = bank ? helpers.banker.Choose(view, legal) : helpers.plain.Choose(view, legal);
    for (size_t i = 0; i < legal.size(); ++i) {
      const bool chosen = legal[i] == pick;
      est[i].value = chosen ? 1 : 0;
      est[i].note = chosen ? (bank ? "shield (bank)" : "shield") : "";
      if (chosen) *best = i;
    }
    return est;
  }

  Ctx c(view, options_, Typical(rules));
  BuildCtx(c);
  const Phase phase = view.phase();
  const bool own_turn = phase == Phase::kAfterDraw || phase == Phase::kAfterCall;
  const HeldMasks held = HeldMasksOf(view.counts());
  const TileValues tv(held, c.yakuhai, DoraKinds(view, held));
  const bool may_decline = rules.shields.enabled && options_.decline_wins;
  // The own safe tiles (kSafeTile), for the reserve: only on the own turn before anyone is in
  // riichi, from the third discard on, and only where riichi exists (what the tile is kept for).
  auto safe_kind = [&c](int k) {
    double sum = 0;
    for (int j = 0; j < c.threats.count; ++j) sum += c.threats.opp[j].deal_in[k];
    return c.threats.count > 0 && sum / c.threats.count <= kSafeTile;
  };
  int safe_held = 0;
  const bool reserve_on =
      own_turn && options_.defence && rules.riichi_allowed && !c.threats.AnyRiichi() && c.turn >= 3;
  if (reserve_on)
    for (int k = 0; k < kNumKinds; ++k)
      if (view.counts()[k] > 0 && safe_kind(k)) safe_held += view.counts()[k];
  auto breaks_reserve = [&](Kind k, int shanten_after) {
    return reserve_on && shanten_after >= kReserveShanten && safe_held == 1 && view.counts()[k] == 1 && safe_kind(k);
  };

  auto set = [&](size_t i, double value, double win, double deal_in, const char* note) {
    est[i].value = value;
    est[i].win_chance = std::clamp(win, 0.0, 1.0);
    est[i].deal_in_chance = std::clamp(deal_in, 0.0, 1.0);
    est[i].note = note;
  };

  double best_other = -1e18;  // the best non-win value, for wins that are always taken
  std::vector<size_t> wins;

  if (own_turn) {
    // Per discard tile class (kind, marked copy): the outlook of the hand after it.
    std::array<std::optional<DiscardEstimate>, kNumKinds * 2> cache;
    auto marked = [&](Tile t) { return IsRedFive(t, rules) || IsPeach(t, rules); };
    auto riichi_legal = [&](Tile t, ActionType type) {
      for (const Action& a : legal)
        if (a.type == type && a.tile == t) return true;
      return false;
    };
    auto discard_estimate = [&](Tile t) -> const DiscardEstimate& {
      auto& slot = cache[KindOf(t) * 2 + (marked(t) ? 1 : 0)];
      if (!slot) {
        DiscardEstimate d;
        const ExpertHand h = OwnHand(view, t);
        const bool r = options_.riichi && riichi_legal(t, ActionType::kRiichi);
        const bool o = options_.riichi && options_.open_riichi && riichi_legal(t, ActionType::kOpenRiichi);
        d.outlook = LookAhead(c, h, KindBit(KindOf(t)), r, o);
        d.value = KeepGoing(c, d.outlook, &d.win, &d.future);
        slot = d;
      }
      return *slot;
    };
    for (size_t i = 0; i < legal.size(); ++i) {
      const Action& a = legal[i];
      switch (a.type) {
        case ActionType::kDiscard: {
          const DiscardEstimate& d = discard_estimate(a.tile);
          const Kind k = KindOf(a.tile);
          const double risk = c.threats.Risk(k) + (breaks_reserve(k, d.outlook.shanten) ? kReserve * c.scale : 0);
          set(i, d.value - risk + TieBreak(c, tv, k, d.outlook.acceptance), d.win, DealInNow(c, k),
              d.win > 0 ? (d.outlook.tenpai ? "dama" : "push") : "fold");
          break;
        }
        case ActionType::kRiichi:
        case ActionType::kOpenRiichi: {
          const DiscardEstimate& d = discard_estimate(a.tile);
          const Kind k = KindOf(a.tile);
          const bool open = a.type == ActionType::kOpenRiichi;
          const WinChance& w = open ? d.outlook.open : d.outlook.riichi;
          const double v = open ? d.outlook.open_value : d.outlook.riichi_value;
          const bool allowed = options_.riichi && (!open || options_.open_riichi);
          const double value = allowed ? RiichiValue(c, w, v) - c.threats.Risk(k) + RiichiPressure(c) : -1e9;
          set(i, value + TieBreak(c, tv, k, d.outlook.acceptance), w.win, DealInNow(c, k),
              open ? "open riichi" : "riichi");
          break;
        }
        case ActionType::kExchange: {
          if (!options_.exchange) {
            set(i, -1e9, 0, 0, "exchange (off)");
            break;
          }
          // The hand develops as with the discard of `tile`; the river gets the shield.
          const DiscardEstimate& d = discard_estimate(a.tile);
          const Kind shield = KindOf(a.consumed[0]);
          const Kind up = KindOf(a.tile);
          double protection = 0;  // the face-up tile stops paying for a tsumo on it
          for (int j = 0; j < c.threats.count; ++j) {
            const OpponentThreat& o = c.threats.opp[j];
            protection += o.tenpai * o.deal_in[up] * o.value / 3 * 0.4;
          }
          const double spend = 0.5 * options_.shield_value;  // a safe face-down tile used up
          set(i, d.value - c.threats.Risk(shield) + protection - spend + TieBreak(c, tv, up, d.outlook.acceptance),
              d.win, DealInNow(c, shield), "exchange");
          break;
        }
        default:
          break;
      }
    }
    // Best discard-like value so far: what kans and nine terminals are compared with.
    double best_turn = -1e18;
    for (size_t i = 0; i < legal.size(); ++i)
      if (legal[i].type == ActionType::kDiscard || legal[i].type == ActionType::kRiichi ||
          legal[i].type == ActionType::kOpenRiichi || legal[i].type == ActionType::kExchange)
        best_turn = std::max(best_turn, est[i].value);
    for (size_t i = 0; i < legal.size(); ++i) {
      const Action& a = legal[i];
      if (a.type == ActionType::kAnkan || a.type == ActionType::kKakan) {
        ExpertHand h = OwnHand(view, kNoTile);
        const Kind k = KindOf(a.type == ActionType::kKakan ? a.tile : a.consumed[0]);
        bool ok = true;
        if (a.type == ActionType::kAnkan) {
          ok = h.counts[k] >= 4;
          if (ok) {
            h.counts[k] -= 4;
            Meld m;
            m.type = MeldType::kAnkan;
            m.kind = k;
            h.melds.push_back(m);
          }
        } else {
          ok = h.counts[k] >= 1;
          if (ok) {
            h.counts[k] -= 1;
            for (Meld& m : h.melds)
              if (m.type == MeldType::kPon && m.kind == k) m.type = MeldType::kKakan;
          }
        }
        if (!ok || !rules.kans) {
          set(i, -1e9, 0, 0, "kan");
          continue;
        }
        // After the kan the hand draws a replacement: it is a 13-equivalent hand now.
        const Outlook o = LookAhead(c, h, 0, false, false);
        double win = 0, future = 0;
        double value = view.in_riichi(me) ? o.dama.win * o.dama_value : KeepGoing(c, o, &win, &future);
        if (view.in_riichi(me)) win = o.dama.win;
        // A new dora indicator helps riichi opponents as much as this seat: a cost under threat.
        value -= 0.1 * c.pressure;
        // A kakan may be robbed: its tile's deal-in chance.
        const double rob = a.type == ActionType::kKakan ? DealInNow(c, k) * 0.3 : 0;
        value -= rob * (c.pressure > 0 ? c.pressure : 0);
        set(i, value + 50 * c.scale, win, rob, "kan");
      } else if (a.type == ActionType::kNineTerminals) {
        const int s = Shanten(view.counts(), 0);
        set(i, best_turn + (s >= 4 ? 1 : -1), 0, 0, "abort (nine terminals)");
      } else if (a.type == ActionType::kTsumo) {
        const ExpertHand h = OwnHand(view, view.drawn() == kNoTile ? view.hand().back() : view.drawn());
        const Tile t = view.drawn() == kNoTile ? view.hand().back() : view.drawn();
        const double points = WinPoints(view, h, KindOf(t), true, Declare::kDama) *
                              TsumoPaidShare(c, KindBit(KindOf(t)), view.open_riichi(me));
        set(i, WinGain(c, points, -1), 1, 0, "tsumo");
        wins.push_back(i);
      }
    }
    for (size_t i = 0; i < legal.size(); ++i)
      if (legal[i].type != ActionType::kTsumo) best_other = std::max(best_other, est[i].value);
  } else {
    // Another seat's discard or kan: ron, calls, pass.
    const ExpertHand now = OwnHand(view, kNoTile);
    const Outlook stay = LookAhead(c, now, 0, false, false);
    double stay_win = 0, stay_future = 0;
    const double stay_value = view.in_riichi(me) ? stay.dama.win * stay.dama_value
                                                 : KeepGoing(c, stay, &stay_win, &stay_future);
    if (view.in_riichi(me)) stay_win = stay.dama.win;
    const Tile on = phase == Phase::kOnDiscard ? view.last_discard() : view.kan_tile();
    for (size_t i = 0; i < legal.size(); ++i) {
      const Action& a = legal[i];
      if (a.type == ActionType::kPass) {
        set(i, stay_value, stay_win, 0, "pass");
      } else if (a.type == ActionType::kRon) {
        const Kind k = KindOf(a.tile != kNoTile ? a.tile : on);
        const int payer = phase == Phase::kOnDiscard ? view.last_discarder() : view.kan_actor();
        const double points = WinPoints(view, now, k, false, Declare::kDama);
        set(i, WinGain(c, points, payer), 1, 0, "ron");
        wins.push_back(i);
      } else if (IsCall(a)) {
        if (!options_.calls) {
          set(i, -1e9, 0, 0, "call (off)");
          continue;
        }
        ExpertHand h = now;
        Meld m;
        m.type = a.type == ActionType::kChi   ? MeldType::kChi
                 : a.type == ActionType::kPon ? MeldType::kPon
                                              : MeldType::kMinkan;
        Kind low = KindOf(a.tile);
        bool ok = true;
        auto mark = [&](Tile t) {
          if (IsRedFive(t, rules)) ++m.red;
          if (IsPeach(t, rules)) ++m.peach;
        };
        mark(a.tile);
        for (int j = 0; j < a.num_consumed; ++j) {
          const Kind k = KindOf(a.consumed[j]);
          if (h.counts[k] == 0) ok = false;
          else --h.counts[k];
          low = std::min(low, k);
          if (IsRedFive(a.consumed[j], rules)) --h.red;
          if (IsPeach(a.consumed[j], rules)) --h.peach;
          mark(a.consumed[j]);
        }
        if (!ok) {
          set(i, -1e9, 0, 0, "call");
          continue;
        }
        m.kind = low;
        h.red += m.red;
        h.peach += m.peach;
        h.melds.push_back(m);
        double value = -1e9, win = 0, deal_in = 0;
        if (a.type == ActionType::kDaiminkan) {
          const Outlook o = LookAhead(c, h, 0, false, false);
          double future = 0;
          value = KeepGoing(c, o, &win, &future) - 0.1 * c.pressure;
        } else {
          // The best discard after the call (not the called kind: kuikae).
          for (int k = 0; k < kNumKinds; ++k) {
            if (h.counts[k] == 0 || k == KindOf(a.tile)) continue;
            ExpertHand after = h;
            --after.counts[k];
            const Outlook o = LookAhead(c, after, KindBit(static_cast<Kind>(k)), false, false);
            double w = 0, future = 0;
            const double v = KeepGoing(c, o, &w, &future) - c.threats.Risk(static_cast<Kind>(k));
            if (v > value) {
              value = v;
              win = w;
              deal_in = DealInNow(c, static_cast<Kind>(k));
            }
          }
        }
        // A chi or pon must bring the hand closer (a yakuhai pon may keep the distance: it adds
        // the yaku), as greedy calls: a call that only changes the shape is a sideways step that
        // costs the closed hand's options.
        if (a.type != ActionType::kDaiminkan) {
          int after_shanten = 99;
          for (int k = 0; k < kNumKinds; ++k) {
            if (h.counts[k] == 0 || k == KindOf(a.tile)) continue;
            --h.counts[k];
            after_shanten = std::min(after_shanten, Shanten(h.counts, h.num_melds()));
            ++h.counts[k];
          }
          const bool yakuhai_pon = a.type == ActionType::kPon && HasKind(c.yakuhai, KindOf(a.tile));
          if (!(after_shanten < stay.shanten || (yakuhai_pon && after_shanten <= stay.shanten))) value = -1e9;
        }
        // Opening gives up what the closed hand keeps beyond the model: the riichi option, hand
        // tiles to fold with, and its hidden reading; a call must beat passing by this margin.
        value -= kOpenMargin * c.scale + 0.15 * std::abs(stay_value);
        set(i, value, win, deal_in, a.type == ActionType::kChi ? "chi" : a.type == ActionType::kPon ? "pon" : "kan");
      }
    }
    for (size_t i = 0; i < legal.size(); ++i)
      if (legal[i].type != ActionType::kRon) best_other = std::max(best_other, est[i].value);
  }

  // Wins: taken unless the ruleset makes winning cost something (Dunpai's shields) and the
  // estimate says keeping them is worth more.
  for (size_t i : wins) {
    if (!may_decline || c.shield_cost <= 0) {
      if (est[i].value <= best_other) est[i].value = best_other + 1;
    } else if (est[i].value < best_other) {
      est[i].note = "decline win";
    }
  }
  for (size_t i = 1; i < legal.size(); ++i)
    if (est[i].value > est[*best].value) *best = i;
  // Speed (greedy_margin): with nobody read as a threat, greedy's discard or riichi (shanten,
  // then acceptance over the unseen tiles, then tile value) when the estimate puts it within the
  // margin of the best one, instead of a plain discard.
  // With greedy_calls, also greedy's chi / pon / kan on another seat's tile, in place of a pass
  // or another call.
  const ActionType best_type = legal[*best].type;
  const bool greedy_kind = own_turn ? best_type == ActionType::kDiscard
                                    : options_.greedy_calls && (best_type == ActionType::kPass || IsCall(legal[*best]));
  if (options_.greedy_margin > 0 && greedy_kind && !c.threats.AnyRiichi()) {
    double max_tenpai = 0;
    for (int i = 0; i < c.threats.count; ++i) max_tenpai = std::max(max_tenpai, c.threats.opp[i].tenpai);
    if (max_tenpai < kGreedyTenpai) {
      const Action g = helpers.plain.Choose(view, legal);
      const bool kind_ok = own_turn ? g.type == ActionType::kDiscard || g.type == ActionType::kRiichi : IsCall(g);
      for (size_t i = 0; i < legal.size() && kind_ok; ++i)
        if (legal[i] == g && i != *best && est[i].value >= est[*best].value - options_.greedy_margin * c.scale &&
            !(g.type == ActionType::kDiscard && breaks_reserve(KindOf(g.tile), ShantenAfter(view, g.tile)))) {
          *best = i;
          est[i].note = g.type == ActionType::kRiichi ? "greedy's riichi"
                        : own_turn                      ? "greedy's discard"
                                                        : "greedy's call";
        }
    }
  }
  return est;
}

}  // namespace mj
