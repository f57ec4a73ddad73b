#include "agents/expert_threat.h"

#include <algorithm>

#include "agents/expert_wait_reader.h"

namespace mj {
namespace {

// Where every seat pays a ron (Ningbo): the part of the own share a deal-in adds to what the seat
// pays anyway when the hand wins later (by tsumo or from another seat: about half the time).
// Measured against three defensive players (4000 duplicate games): 0.5 gains 0.013 (seed 22)
// and 0.026 (seed 23) of mean rank over paying the whole hand; 1 and 0.25 gain less.
constexpr double kSharedRonCost = 0.5;

// Open melds (not closed kans) of `seat`.
int OpenMelds(const PlayerView& view, int seat) {
  int n = 0;
  for (const EngineMeld& m : view.melds(seat)) n += m.type != MeldType::kAnkan;
  return n;
}

// The river's factors (ReadRiichiRiver), by a number tile's rank 1..9 (index 0..8), measured on
// games where every hand is known (docs/AGENTS.md, the defence model fitted to games): a tile
// outside an early discard against the table's chance; a tile next to the riichi tile, its rate
// over the rate of the same class elsewhere (6.8% / 4.2% for 1-9, 8.9% / 6.1% for 2-8; about
// equal for 3-7 and the middle).
constexpr double kEarlyOutside[9] = {0.45, 0.50, 0.59, 0.78, 0.78, 0.78, 0.59, 0.50, 0.45};
constexpr double kNextToRiichiTile[9] = {1.6, 1.45, 1, 1, 1, 1, 1, 1.45, 1.6};
constexpr size_t kEarlyDiscards = 6;

}  // namespace

KindMask EarlyOutsideKinds(const std::vector<RiverTile>& river) {
  KindMask out = 0;
  auto mark = [&](int k) { out |= KindBit(static_cast<Kind>(k)); };
  for (size_t j = 0; j < river.size() && j < kEarlyDiscards; ++j) {
    const Kind e = KindOf(river[j].tile);
    if (IsHonor(e)) continue;
    const int rank = e % 9, suit = e - rank;  // rank 0..8
    if (rank >= 2 && rank <= 4) mark(suit + rank - 1), mark(suit + rank - 2);  // towards 1
    if (rank >= 4 && rank <= 6) mark(suit + rank + 1), mark(suit + rank + 2);  // towards 9
  }
  return out;
}

void ReadRiichiRiver(const PlayerView& view, int seat, const KindCounts& visible,
                     std::array<float, kNumKinds>* deal_in) {
  std::array<double, kNumKinds> factor;
  factor.fill(1.0);
  const auto& river = view.river(seat);
  const KindMask outside = EarlyOutsideKinds(river);
  for (int k = 0; k < kNumKinds; ++k)
    if (HasKind(outside, static_cast<Kind>(k))) factor[k] *= kEarlyOutside[k % 9];
  for (const RiverTile& r : river) {
    if (!r.riichi) continue;
    const Kind e = KindOf(r.tile);
    if (!IsHonor(e)) {
      const int rank = e % 9, suit = e - rank;
      if (rank > 0) factor[suit + rank - 1] *= kNextToRiichiTile[rank - 1];
      if (rank < 8) factor[suit + rank + 1] *= kNextToRiichiTile[rank + 1];
    }
    break;
  }
  for (int k = 0; k < kNumKinds; ++k) factor[k] *= (*deal_in)[k];
  KeepTotal(visible, (KindMask{1} << kNumKinds) - 1, factor, deal_in);
}

void KeepTotal(const KindCounts& visible, KindMask kinds, const std::array<double, kNumKinds>& proposed,
               std::array<float, kNumKinds>* deal_in) {
  double before = 0, after = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (!HasKind(kinds, static_cast<Kind>(k))) continue;
    const double unseen = std::max(0, 4 - static_cast<int>(visible[k]));
    before += unseen * (*deal_in)[k];
    after += unseen * proposed[k];
  }
  if (after <= 0) return;
  for (int k = 0; k < kNumKinds; ++k)
    if (HasKind(kinds, static_cast<Kind>(k)))
      (*deal_in)[k] = static_cast<float>(std::min(1.0, proposed[k] * before / after));
}

double DealInChance(Kind k, KindMask genbutsu, KindMask river, const KindCounts& visible) {
  if (HasKind(genbutsu, k)) return 0;
  if (IsHonor(k)) {
    const int v = visible[k];
    return v >= 4 ? 0.0 : v == 3 ? 0.004 : v == 2 ? 0.02 : v == 1 ? 0.045 : 0.06;
  }
  const int r = k % 9 + 1;
  // Closed, edge, pair and single waits on this tile.
  double p = (r == 1 || r == 9) ? 0.02 : (r == 2 || r == 8) ? 0.028 : 0.035;
  if (visible[k] >= 3) p *= 0.4;  // a pair wait on it is gone, a single wait rare
  // Two-sided waits: the shape above (k+1, k+2) waits on k and k+3; the one below (k-2, k-1)
  // on k-3 and k. A side is impossible when the other tile of the pair of waits is genbutsu
  // (suji) or a tile of the shape is all visible (kabe, no-chance).
  auto side = [&](int a, int b, int partner, bool penchan) -> double {
    if (partner >= 0 && (HasKind(river, static_cast<Kind>(partner)) || HasKind(genbutsu, static_cast<Kind>(partner))))
      return 0;
    const int va = visible[a], vb = visible[b];
    if (va >= 4 || vb >= 4) return 0;
    double s = penchan ? 0.025 : 0.045;
    if (va == 3 || vb == 3) s *= 0.5;  // one-chance
    return s;
  };
  if (r <= 7) p += side(k + 1, k + 2, r <= 6 ? k + 3 : -1, r == 7);  // 7: (8,9) waits only on 7
  if (r >= 3) p += side(k - 2, k - 1, r >= 4 ? k - 3 : -1, r == 3);  // 3: (1,2) waits only on 3
  return p;
}

double Threats::Risk(Kind k) const {
  double risk = 0;
  const double dora_factor = HasKind(dora, k) ? 1.4 : 1.0;
  for (int i = 0; i < count; ++i) risk += opp[i].tenpai * opp[i].deal_in[k] * opp[i].value * dora_factor;
  return risk;
}

double Threats::Pressure() const {
  double p = 0;
  for (int i = 0; i < count; ++i) p += opp[i].tenpai * opp[i].value;
  return p;
}

double Threats::EndChancePerRound() const {
  double e = 0.0;
  for (int i = 0; i < count; ++i) e += opp[i].tenpai * (opp[i].riichi ? 0.09 : 0.11);
  return std::min(e, 0.6);
}

bool Threats::AnyRiichi() const {
  for (int i = 0; i < count; ++i)
    if (opp[i].riichi) return true;
  return false;
}

Threats ReadThreats(const PlayerView& view, const KindCounts& visible, const TypicalValues& typical, bool read_river,
                    bool read_waits) {
  Threats t;
  t.dora = DoraKinds(view);
  const Ruleset& rules = view.rules();
  const int me = view.seat();
  for (int p = 0; p < 4; ++p) {
    if (p == me) continue;
    OpponentThreat& o = t.opp[t.count++];
    o.seat = p;
    o.riichi = view.in_riichi(p);
    const int open = OpenMelds(view, p);
    const auto& river = view.river(p);
    const int discards = static_cast<int>(river.size());
    const bool dealer = view.seat_wind(p) == Wind::kEast;
    // Dora it shows: in its open melds (indicator dora), or its public peach count (Dunpai).
    int dora_shown = 0;
    for (const EngineMeld& m : view.melds(p))
      for (int i = 0; i < m.num_tiles; ++i) dora_shown += HasKind(t.dora, KindOf(m.tiles[i])) ? 1 : 0;
    const int typical_dora = (rules.dora ? 1 : 0) + dora_shown + std::min(view.peach_count(p), 3);
    if (o.riichi) {
      o.tenpai = 1.0;
      // Typical values of riichi hands are net of the deposit; a deal-in pays the hand itself.
      o.value = typical.Get(HandStyle::kClosedRiichi, dealer, typical_dora) + rules.riichi_deposit;
      if (view.open_riichi(p)) o.value *= 1.3;  // two han where riichi gives one
    } else if (open == 0) {
      // Closed and silent: tenpai without riichi is rare for players who riichi when they can.
      o.tenpai = std::min(0.15, 0.01 * std::max(0, discards - 4));
      o.value = typical.Get(HandStyle::kClosedDama, dealer, typical_dora);
    } else {
      static constexpr double kBase[5] = {0, 0.06, 0.18, 0.5, 1.0};
      static constexpr double kStep[5] = {0, 0.03, 0.045, 0.05, 0.0};
      static constexpr double kCap[5] = {0, 0.5, 0.75, 0.92, 1.0};
      const int m = std::min(open, 4);
      o.tenpai = std::min(kCap[m], kBase[m] + kStep[m] * std::max(0, discards - 3));
      // Three tsumogiri in a row: the hand stopped changing, likely tenpai.
      if (discards >= 3 && river[discards - 1].tsumogiri && river[discards - 2].tsumogiri &&
          river[discards - 3].tsumogiri)
        o.tenpai = std::min(1.0, o.tenpai + 0.12);
      o.value = typical.Get(HandStyle::kOpen, dealer, typical_dora);
    }
    // A ron pays the honba too, all of it from the discarder (fuless: 1,500 a honba).
    o.value += view.honba() * rules.honba_value;
    // Where every other seat pays a ron as a tsumo (Ningbo), a deal-in costs only the own share,
    // and of that only what the seat would not pay anyway when the hand wins later from another
    // seat or by tsumo.
    const double share = typical.DiscarderShare(dealer, view.seat_wind(me) == Wind::kEast);
    if (share < 1) o.value *= share * kSharedRonCost;
    const KindMask genbutsu = GenbutsuKinds(view, p);
    const KindMask river_kinds = RiverKinds(view, p);
    if (view.open_riichi(p)) {
      const KindMask waits = OpenRiichiWaits(view, p);
      const bool furiten = (waits & genbutsu) != 0;
      for (int k = 0; k < kNumKinds; ++k) o.deal_in[k] = (!furiten && HasKind(waits, static_cast<Kind>(k))) ? 1.0f : 0.0f;
      continue;
    }
    // A one-suit open hand (every open meld of one suit or honours, two or more): that suit and
    // the honours are where its waits are.
    int suit = -1;
    bool one_suit = open >= 2;
    for (const EngineMeld& m : view.melds(p)) {
      const Kind k = m.LowestKind();
      if (k >= 27) continue;
      if (suit < 0) suit = k / 9;
      one_suit = one_suit && k / 9 == suit;
    }
    for (int k = 0; k < kNumKinds; ++k) {
      double d = DealInChance(static_cast<Kind>(k), genbutsu, river_kinds, visible);
      if (one_suit && suit >= 0) d *= (k >= 27 || k / 9 == suit) ? 1.6 : 0.35;
      o.deal_in[k] = static_cast<float>(d);
    }
    if (read_waits && o.riichi) {
      ReadRiichiWaits(view, p, visible, &o.deal_in);
    } else if (read_river && o.riichi) {
      ReadRiichiRiver(view, p, visible, &o.deal_in);
    }
  }
  return t;
}

}  // namespace mj
