#include "playtest/claim_statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mj {

using nlohmann::json;

namespace {

int ShieldBin(int shields) { return std::clamp(shields, 0, kShieldBins - 1); }

}  // namespace

ClaimSums MakeClaimSums(const MatchHeader& h, const std::vector<GameSummary>& games, const Units& units) {
  ClaimSums c;
  const size_t n = units.count;
  c.duplicate = h.rotations > 0;
  c.point_scale = std::max(1, h.point_scale);
  auto ratio = [&](const std::string& path) -> std::pair<std::vector<double>, std::vector<double>>& {
    auto it = c.ratios.find(path);
    if (it == c.ratios.end()) it = c.ratios.emplace(path, std::make_pair(std::vector<double>(n), std::vector<double>(n))).first;
    return it->second;
  };
  // Every path exists even when nothing falls into it (a null figure), so the JSON has one shape.
  const std::vector<std::string> plain = {
      "win_and_run/first_winner_top_rate", "offence/tenpai_rate", "offence/first_tenpai_turn", "offence/win_rate",
      "offence/win_value_share", "defence/faced_riichi_rate", "defence/deal_in_vs_riichi_rate",
      "defence/with_exchange_deal_in_rate", "defence/without_exchange_deal_in_rate", "defence/push_rate",
      "waves/lead_changes_per_hand", "waves/win_rate_carried", "waves/win_rate_not_carried",
      "decline/declined_rate", "decline/declined_hand_won_rate", "decline/declined_delta_share",
      "decline/won_delta_share"};
  for (const std::string& p : plain) ratio(p);
  for (int k = 0; k < kHandCurve; ++k) {
    ratio("win_and_run/leader_top_rate/" + std::to_string(k));
    ratio("waves/mean_shields_by_hand/" + std::to_string(k));
  }
  for (int b = 0; b < kShieldBins; ++b) {
    const std::string at = "offence/by_shields/" + std::to_string(b) + "/";
    for (const char* f : {"tenpai_rate", "first_tenpai_turn", "win_rate", "win_value_share"}) ratio(at + f);
    ratio("waves/shield_histogram/" + std::to_string(b));
  }
  auto add = [&](const std::string& path, size_t u, double num, double den) {
    auto& r = ratio(path);
    r.first[u] += num;
    r.second[u] += den;
  };

  // The first hand's two-way layout: whole sets of complete games that played a first hand.
  std::vector<int> games_in(n), usable_in(n);
  for (size_t i = 0; i < games.size(); ++i) {
    ++games_in[units.unit_of[i]];
    usable_in[units.unit_of[i]] += games[i].Whole() && !games[i].facts.hands.empty();
  }
  c.first_n.assign(n, 0);
  c.first_sy.assign(n, 0);
  c.first_syy.assign(n, 0);
  c.first_cells.assign(n, 0);
  std::vector<std::array<double, 4>> cell(n, std::array<double, 4>{});

  for (size_t i = 0; i < games.size(); ++i) {
    const GameSummary& g = games[i];
    const size_t u = units.unit_of[i];
    const GameHandFacts& f = g.facts;
    if (g.Whole()) {
      if (f.first_winner >= 0)
        add("win_and_run/first_winner_top_rate", u, g.seats[f.first_winner].rank == 1, 1);
      for (size_t k = 0; k < f.leaders.size() && k < static_cast<size_t>(kHandCurve); ++k)
        if (f.leaders[k] >= 0)
          add("win_and_run/leader_top_rate/" + std::to_string(k), u, g.seats[f.leaders[k]].rank == 1, 1);
      if (c.duplicate && games_in[u] == h.rotations && usable_in[u] == h.rotations) {
        for (int p = 0; p < 4; ++p) {
          const double y = f.hands[0][p].delta;
          c.first_n[u] += 1;
          c.first_sy[u] += y;
          c.first_syy[u] += y * y;
          cell[u][p] += y;
        }
      }
    }
    for (size_t k = 1; k < f.leaders.size(); ++k)
      add("waves/lead_changes_per_hand", u,
          f.leaders[k] >= 0 && f.leaders[k - 1] >= 0 && f.leaders[k] != f.leaders[k - 1], 1);
    for (size_t k = 0; k < f.hands.size(); ++k) {
      for (int p = 0; p < 4; ++p) {
        const HandSeatFacts& s = f.hands[k][p];
        const bool tenpai = s.first_tenpai >= 0;
        const double value = s.won ? s.win_value / c.point_scale : 0.0;
        const std::string bin = "offence/by_shields/" + std::to_string(ShieldBin(s.shields)) + "/";
        for (const std::string& at : {std::string("offence/"), bin}) {
          add(at + "tenpai_rate", u, tenpai, 1);
          if (tenpai) add(at + "first_tenpai_turn", u, s.first_tenpai, 1);
          add(at + "win_rate", u, s.won, 1);
          if (s.won) add(at + "win_value_share", u, value, 1);
        }
        add("waves/shield_histogram/" + std::to_string(ShieldBin(s.shields)), u, 1, 0);
        if (k < static_cast<size_t>(kHandCurve)) add("waves/mean_shields_by_hand/" + std::to_string(k), u, s.shields, 1);
        add(s.carried > 0 ? "waves/win_rate_carried" : "waves/win_rate_not_carried", u, s.won, 1);
        add("defence/faced_riichi_rate", u, s.faced_riichi, 1);
        if (s.faced_riichi) {
          add("defence/deal_in_vs_riichi_rate", u, s.dealt_in_to_riichi, 1);
          add(s.shield_when_faced ? "defence/with_exchange_deal_in_rate" : "defence/without_exchange_deal_in_rate", u,
              s.dealt_in_to_riichi, 1);
          add("defence/push_rate", u, s.won || s.tenpai_end, 1);
        }
        add("decline/declined_rate", u, s.declined > 0, 1);
        if (s.declined > 0) {
          add("decline/declined_hand_won_rate", u, s.won, 1);
          add("decline/declined_delta_share", u, s.delta / c.point_scale, 1);
        }
        if (s.won) add("decline/won_delta_share", u, s.delta / c.point_scale, 1);
      }
    }
  }
  // The histogram's denominator: all player-hands of the unit.
  const auto& all = ratio("offence/tenpai_rate").second;
  for (int b = 0; b < kShieldBins; ++b) ratio("waves/shield_histogram/" + std::to_string(b)).second = all;
  for (size_t u = 0; u < n; ++u)
    for (int p = 0; p < 4; ++p) c.first_cells[u] += cell[u][p] * cell[u][p] / std::max(1, h.rotations);
  return c;
}

Statistic ClaimStatistic(const ClaimSums& c, const std::string& name) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (name == "passive/first_hand_choice_share") {
    if (!c.duplicate) return [nan](std::span<const double>) { return nan; };
    return [n = c.first_n, sy = c.first_sy, syy = c.first_syy, cells = c.first_cells, nan](std::span<const double> w) {
      const double N = WeightedSum(w, n);
      if (N < 2) return nan;
      const double s = WeightedSum(w, sy);
      const double mean_term = s * s / N;
      const double total = WeightedSum(w, syy) - mean_term;
      if (!(total > 0)) return nan;
      return 1.0 - (WeightedSum(w, cells) - mean_term) / total;
    };
  }
  if (name == "waves/carried_win_rate_difference") {
    const auto& a = c.ratios.at("waves/win_rate_carried");
    const auto& b = c.ratios.at("waves/win_rate_not_carried");
    return [an = a.first, ad = a.second, bn = b.first, bd = b.second, nan](std::span<const double> w) {
      const double da = WeightedSum(w, ad), db = WeightedSum(w, bd);
      if (da == 0 || db == 0) return nan;
      return WeightedSum(w, an) / da - WeightedSum(w, bn) / db;
    };
  }
  const auto& r = c.ratios.at(name);
  return RatioStatistic(r.first, r.second);
}

void AddClaimFigures(FigureSet& fs, const ClaimSums& c) {
  for (const auto& [path, r] : c.ratios) fs.Ratio("/claims/" + path, r.first, r.second);
  if (c.duplicate) fs.Custom("/claims/passive/first_hand_choice_share", ClaimStatistic(c, "passive/first_hand_choice_share"));
  fs.Custom("/claims/waves/carried_win_rate_difference", ClaimStatistic(c, "waves/carried_win_rate_difference"), true);
}

const std::vector<Claim>& SeedClaims() {
  static const std::vector<Claim> kClaims = {
      {"luck", "運の割合が大きすぎる", "the deal decides less: a lower luck share of the variance of final points",
       {{"luck/luck_share", -1, false}}},
      {"passive", "手牌構成が受動的",
       "choices shape the hand more: a higher share of the first hand's point changes not explained by the deal",
       {{"passive/first_hand_choice_share", 1, false}}},
      {"win_and_run", "勝ち逃げ戦略が非常に強く、最初の和了者がどんどん有利になる",
       "the first winner of a game finishes first less often",
       {{"win_and_run/first_winner_top_rate", -1, false}}},
      {"offence", "テンパイ速度・打点ともに大きく向上する",
       "tenpai comes after fewer own discards and wins pay more (share of the point scale)",
       {{"offence/first_tenpai_turn", -1, false}, {"offence/win_value_share", 1, false}},
       true},
      {"defence", "放銃率を大きく低減できる / 安易にオリるのではなく…手を進める",
       "fewer deal-ins to a riichi faced, and more hands kept tenpai (or won) against a riichi",
       {{"defence/deal_in_vs_riichi_rate", -1, false}, {"defence/push_rate", 1, false}},
       true},
      {"waves", "非和了者ほど多くの盾牌を持ちやすくなるため、ゲーム展開に波が生まれる",
       "a player carrying shields wins more often than one who carries none, and the lead changes hands more often",
       {{"waves/carried_win_rate_difference", 1, true}, {"waves/lead_changes_per_hand", 1, false}},
       true},
      {"decline", "和了が盾牌没収というリスクを伴うため、アガるべきか否かの戦略性が発生",
       "players decline certain wins more often", {{"decline/declined_rate", 1, false}}, true},
  };
  return kClaims;
}

std::string PartVerdict(const json& f, int direction) {
  if (!f.is_object() || !f["ci95"][0].is_number() || !f["ci95"][1].is_number()) return "undecided";
  const double lo = f["ci95"][0].get<double>() * direction, hi = f["ci95"][1].get<double>() * direction;
  if (std::min(lo, hi) > 0) return "supported";
  if (std::max(lo, hi) < 0) return "contradicted";
  return "undecided";
}

double UnitsNeeded(const json& f, double units) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (!f.is_object() || !f["estimate"].is_number() || !f["ci95"][0].is_number() || !f["ci95"][1].is_number())
    return nan;
  const double e = std::fabs(f["estimate"].get<double>());
  const double width = f["ci95"][1].get<double>() - f["ci95"][0].get<double>();
  if (!(e > 0) || !(width > 0)) return nan;
  const double ratio = width / (2 * e);
  return std::ceil(units * ratio * ratio);
}

}  // namespace mj
