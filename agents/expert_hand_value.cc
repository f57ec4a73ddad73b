#include "agents/expert_hand_value.h"

#include <algorithm>

#include "engine/win_check.h"

namespace mj {
namespace {

// The kind an indicator must show to make `dora` a dora (DoraFromIndicator's inverse).
Kind IndicatorOf(Kind dora) {
  if (dora < 27) return static_cast<Kind>(dora / 9 * 9 + (dora % 9 + 8) % 9);
  if (dora <= kNorth) return static_cast<Kind>(kEast + (dora - kEast + 3) % 4);
  return static_cast<Kind>(kWhite + (dora - kWhite + 2) % 3);
}

bool Marked(Tile t, const Ruleset& rules, bool* red, bool* peach) {
  *red = IsRedFive(t, rules);
  *peach = rules.peach_tiles && IsPeachCopy(t);
  return *red || *peach;
}

// One representative hand: concealed tiles with the winning tile, the winning kind, melds.
struct Sample {
  const char* concealed;
  const char* win;
  SmallVector<Meld, 4> melds;
  double weight;
  // Its only yaku (in riichi's scoring) is riichi: without the declaration a module may refuse it,
  // which says nothing about the ruleset refusing hands (WinShare).
  bool riichi_only = false;
};

KindCounts CountsOf(const char* text) {
  auto tiles = ParseTiles(text);
  return tiles ? CountKinds(*tiles) : KindCounts{};
}

Kind KindOfText(const char* text) {
  auto t = ParseTile(text);
  return t ? t->kind : 0;
}

}  // namespace

ExpertHand OwnHand(const PlayerView& view, Tile discard) {
  ExpertHand h;
  const Ruleset& rules = view.rules();
  bool skipped = discard == kNoTile;
  for (Tile t : view.hand()) {
    if (!skipped && t == discard) {
      skipped = true;
      continue;
    }
    ++h.counts[KindOf(t)];
    bool red = false, peach = false;
    Marked(t, rules, &red, &peach);
    h.red += red;
    h.peach += peach;
  }
  for (const EngineMeld& m : view.melds(view.seat())) {
    Meld meld;
    meld.type = m.type;
    meld.kind = m.LowestKind();
    for (int i = 0; i < m.num_tiles; ++i) {
      bool red = false, peach = false;
      Marked(m.tiles[i], rules, &red, &peach);
      meld.red += red;
      meld.peach += peach;
    }
    h.red += meld.red;
    h.peach += meld.peach;
    h.melds.push_back(meld);
  }
  return h;
}

double WinPoints(const PlayerView& view, const ExpertHand& hand, Kind win, bool tsumo, Declare declare, int ura_kind) {
  const Ruleset& rules = view.rules();
  const ScoringModule* module = FindScoringModule(rules.scoring);
  if (module == nullptr || hand.counts[win] >= 4) return 0;
  WinContext ctx;
  ctx.concealed = hand.counts;
  ++ctx.concealed[win];
  ctx.win_tile = win;
  ctx.melds = hand.melds;
  ctx.tsumo = tsumo;
  ctx.riichi = declare != Declare::kDama || view.in_riichi(view.seat());
  ctx.open_riichi = declare == Declare::kOpenRiichi || view.open_riichi(view.seat());
  ctx.haitei = tsumo && view.tiles_left() == 0;
  ctx.houtei = !tsumo && view.tiles_left() == 0;
  ctx.seat_wind = view.seat_wind(view.seat());
  ctx.has_round_wind = rules.round_wind;
  ctx.round_wind = static_cast<Wind>(view.round_wind());
  if (rules.dora) {
    for (Tile t : view.dora_indicators())
      if (ctx.dora_indicators.size() < 5) ctx.dora_indicators.push_back(KindOf(t));
    if (ctx.riichi && ura_kind >= 0) ctx.ura_indicators.push_back(IndicatorOf(static_cast<Kind>(ura_kind)));
  }
  ctx.red_fives = static_cast<uint8_t>(hand.red);
  ctx.peach_tiles = static_cast<uint8_t>(hand.peach);
  const ScoreResult r = module->Score(ctx, rules);
  if (!r.ok()) return 0;
  const bool declaring = declare != Declare::kDama && !view.in_riichi(view.seat());
  return r.payment.Total() + view.honba() * rules.honba_value +
         (view.riichi_sticks() + (declaring ? 1 : 0)) * rules.riichi_deposit;
}

TenpaiValue ValueTenpai(const PlayerView& view, const ExpertHand& hand, const KindCounts& unseen, bool with_riichi,
                        bool with_open_riichi) {
  TenpaiValue v;
  v.waits = TenpaiWaitKinds(hand.counts, hand.num_melds());
  if (v.waits == 0) return v;
  const Ruleset& rules = view.rules();
  int total_unseen = 0;
  for (int k = 0; k < kNumKinds; ++k) total_unseen += unseen[k];
  double weight_sum = 0;
  for (int w = 0; w < kNumKinds; ++w) {
    if (!((v.waits >> w) & 1)) continue;
    v.wait_tiles += unseen[w];
    // A wait with no unseen copy still tells the hand's value (weight 0.25, so never 0 weight).
    const double weight = unseen[w] > 0 ? unseen[w] : 0.25;
    weight_sum += weight;
    const Kind wk = static_cast<Kind>(w);
    for (int tsumo = 0; tsumo < 2; ++tsumo) {
      auto& out = tsumo ? v.tsumo : v.ron;
      out[0] += weight * WinPoints(view, hand, wk, tsumo, Declare::kDama);
      for (int d = 1; d <= 2; ++d) {
        if ((d == 1 && !with_riichi) || (d == 2 && !with_open_riichi)) continue;
        const Declare declare = static_cast<Declare>(d);
        double base = WinPoints(view, hand, wk, tsumo, declare);
        if (rules.dora && total_unseen > 0 && base > 0) {
          // Expected ura dora: each indicator shows a kind uniformly among the unseen tiles.
          KindCounts full = hand.counts;
          ++full[wk];
          double expected = 0;
          int probe = -1, probe_count = 5;
          for (int k = 0; k < kNumKinds; ++k) {
            if (full[k] == 0) continue;
            expected += full[k] * static_cast<double>(unseen[IndicatorOf(static_cast<Kind>(k))]) / total_unseen;
            if (full[k] < probe_count) {
              probe_count = full[k];
              probe = k;
            }
          }
          expected *= static_cast<double>(view.dora_indicators().size());
          const double with_ura = WinPoints(view, hand, wk, tsumo, declare, probe);
          base += expected * std::max(0.0, with_ura - base) / probe_count;
        }
        out[d] += weight * base;
      }
    }
  }
  for (int d = 0; d < 3; ++d) {
    v.ron[d] /= weight_sum;
    v.tsumo[d] /= weight_sum;
  }
  return v;
}

int DoraHeld(const PlayerView& view, const ExpertHand& hand) {
  int n = hand.red + hand.peach;
  if (view.rules().dora) {
    for (Tile t : view.dora_indicators()) {
      const Kind d = DoraFromIndicator(KindOf(t));
      n += hand.counts[d];
      for (const Meld& m : hand.melds) {
        if (m.type == MeldType::kChi) {
          n += (d >= m.kind && d < m.kind + 3 && d < 27) ? 1 : 0;
        } else if (m.kind == d) {
          n += m.TileCount();
        }
      }
    }
  }
  return n;
}

TypicalValues::TypicalValues(const Ruleset& rules) {
  const ScoringModule* module = FindScoringModule(rules.scoring);
  auto meld = [](MeldType t, const char* k) {
    Meld m;
    m.type = t;
    m.kind = KindOfText(k);
    return m;
  };
  // Closed: pinfu; riichi alone (a pung, no other yaku); tanyao pinfu; a dragon pung.
  const Sample closed[] = {
      {"123789m456p23499s", "4p", {}, 0.3},
      {"111m456p789p23499s", "4s", {}, 0.3, true},
      {"234567m234p67855s", "2m", {}, 0.2},
      {"111m234567p88s777z", "2p", {}, 0.2},
  };
  // Open: yakuhai; tanyao; rarely a plain honitsu with a dragon (one with ittsu too was an
  // outlier that doubled the table under ayame's scoring and made the expert call too much).
  Sample open[4] = {
      {"567p67899s", "6s", {}, 0.5},
      {"22p234678s", "2s", {}, 0.45},
      {"345789m11z", "3m", {}, 0.05},
      {"", "", {}, 0.0},
  };
  open[0].melds.push_back(meld(MeldType::kChi, "2m"));
  open[0].melds.push_back(meld(MeldType::kPon, "5z"));
  open[1].melds.push_back(meld(MeldType::kChi, "3m"));
  open[1].melds.push_back(meld(MeldType::kPon, "6p"));
  open[2].melds.push_back(meld(MeldType::kPon, "7z"));
  open[2].melds.push_back(meld(MeldType::kChi, "1m"));
  for (int style = 0; style < static_cast<int>(HandStyle::kCount); ++style) {
    const bool riichi = style == static_cast<int>(HandStyle::kClosedRiichi) && rules.riichi_allowed;
    const Sample* samples = style == static_cast<int>(HandStyle::kOpen) ? open : closed;
    for (int dealer = 0; dealer < 2; ++dealer) {
      for (int dora = 0; dora <= 4; ++dora) {
        double sum = 0, weights = 0, all_weights = 0;
        for (int i = 0; i < 4; ++i) {
          const Sample& s = samples[i];
          if (s.weight <= 0) continue;
          WinContext ctx;
          ctx.concealed = CountsOf(s.concealed);
          ctx.win_tile = KindOfText(s.win);
          ctx.melds = s.melds;
          ctx.riichi = riichi;
          ctx.seat_wind = dealer ? Wind::kEast : Wind::kSouth;
          ctx.has_round_wind = rules.round_wind;
          ctx.round_wind = Wind::kEast;
          if (rules.dora) {
            // Indicators making `dora` kinds of the hand dora, the lowest kinds first.
            int added = 0;
            for (int k = 0; k < kNumKinds && added < dora; ++k)
              if (ctx.concealed[k] == 1) {
                ctx.dora_indicators.push_back(IndicatorOf(static_cast<Kind>(k)));
                ++added;
              }
            // A riichi hand's ura dora: on average about a third of a han, folded in below.
          } else if (rules.peach_tiles) {
            ctx.peach_tiles = static_cast<uint8_t>(dora);
          }
          if (module == nullptr) continue;
          const ScoreResult r = module->Score(ctx, rules);
          if (r.ok() || !(s.riichi_only && !riichi)) all_weights += s.weight;
          if (!r.ok()) continue;
          sum += s.weight * r.payment.Total();
          weights += s.weight;
        }
        share_[style][dealer][dora] = all_weights > 0 ? weights / all_weights : 0;
        double value = weights > 0 ? sum / weights : 0;
        if (value <= 0) value = dealer ? 3000 : 2000;  // the module scored none: a small hand
        // A riichi hand pays its deposit, lost unless it wins: about one deposit per win.
        if (riichi) value = std::max(0.0, value - rules.riichi_deposit);
        v_[style][dealer][dora] = value;
      }
      if (riichi && rules.dora)  // expected ura dora: a third of the way to the next dora count
        for (int dora = 0; dora < 4; ++dora)
          v_[style][dealer][dora] += (v_[style][dealer][dora + 1] - v_[style][dealer][dora]) / 3;
    }
  }
  // Who pays a ron: the pinfu sample won by ron, by the shape of the module's payment.
  for (int dealer = 0; dealer < 2 && module != nullptr; ++dealer) {
    WinContext ctx;
    ctx.concealed = CountsOf(closed[0].concealed);
    ctx.win_tile = KindOfText(closed[0].win);
    ctx.seat_wind = dealer ? Wind::kEast : Wind::kSouth;
    ctx.has_round_wind = rules.round_wind;
    ctx.round_wind = Wind::kEast;
    const ScoreResult r = module->Score(ctx, rules);
    const double total = r.payment.Total();
    if (!r.ok() || total <= 0) continue;
    switch (r.payment.kind) {
      case PaymentKind::kRon: break;
      case PaymentKind::kTsumoDealer: discarder_share_[dealer] = {r.payment.each / total, r.payment.each / total}; break;
      case PaymentKind::kTsumoNonDealer:
        discarder_share_[dealer] = {r.payment.non_dealer / total, r.payment.dealer / total};
        break;
    }
  }
  const int open_style = static_cast<int>(HandStyle::kOpen);
  scale_ = v_[open_style][0][0];
  // The point scale does not change with the hands a higher minimum refuses: the open value with
  // the minimum lifted (a module that reads no minimum scores the same).
  if (share_[open_style][0][0] < 1 && rules.minimum_sixths > 0) {
    Ruleset lifted = rules;
    lifted.minimum_sixths = 0;
    scale_ = TypicalValues(lifted).scale_;
  }
}

}  // namespace mj
