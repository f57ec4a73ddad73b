#include "playtest/luck_skill.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mj {

using nlohmann::json;

double GamesToLead(double d) {
  if (!(d > 0)) return std::numeric_limits<double>::infinity();
  constexpr double kZ95 = 1.6448536269514722;  // one-sided 95% normal quantile
  return std::ceil((kZ95 / d) * (kZ95 / d));
}

namespace {

// Per-unit sums of the two-way layout (deal = set and seat, agent = label) over complete sets.
struct VarianceSums {
  std::vector<double> n, sy, syy, scell;
  std::vector<std::vector<double>> label_sum, label_n;
};

double Sum(std::span<const double> w, const std::vector<double>& v) { return WeightedSum(w, v); }

}  // namespace

LuckSkillStatistics MakeLuckSkillStatistics(const MatchHeader& h, const std::vector<GameSummary>& games,
                                            const Units& units) {
  LuckSkillStatistics ls;
  const std::vector<std::string> labels = AgentLabels(h);
  std::array<size_t, 4> label_of_entry{};
  for (int e = 0; e < 4; ++e)
    label_of_entry[e] = static_cast<size_t>(std::find(labels.begin(), labels.end(), h.entries[e]) - labels.begin());
  const size_t strong = label_of_entry[0];
  size_t weak = label_of_entry[3];
  if (weak == strong) weak = strong == labels.size() - 1 ? labels.size() - 2 : labels.size() - 1;
  ls.strong = strong;
  ls.weak = weak;

  const size_t n = units.count;
  const size_t nl = labels.size();
  // Which units are whole sets of complete games (the variance shares use only those).
  std::vector<int> games_in(n), complete_in(n);
  for (size_t i = 0; i < games.size(); ++i) {
    ++games_in[units.unit_of[i]];
    complete_in[units.unit_of[i]] += games[i].Whole();
  }
  auto whole = [&](size_t u) { return games_in[u] == h.rotations && complete_in[u] == h.rotations; };

  VarianceSums v{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), std::vector<double>(n),
                 std::vector<std::vector<double>>(nl, std::vector<double>(n)),
                 std::vector<std::vector<double>>(nl, std::vector<double>(n))};
  std::vector<std::array<double, 4>> cell(n, std::array<double, 4>{});
  std::vector<double> rank_s(n), rank_w(n), cnt_s(n), cnt_w(n), score_s(n), score_w(n), dn(n), ds(n), dss(n);
  for (size_t i = 0; i < games.size(); ++i) {
    const GameSummary& g = games[i];
    if (!g.Whole()) continue;
    const size_t u = units.unit_of[i];
    double strong_score = 0, weak_score = 0;
    int strong_seats = 0, weak_seats = 0;
    for (int p = 0; p < 4; ++p) {
      const size_t l = label_of_entry[static_cast<size_t>(g.seating[p]) & 3];
      const double y = g.seats[p].final_score;
      if (l == strong) {
        rank_s[u] += g.seats[p].rank, cnt_s[u] += 1, score_s[u] += y;
        strong_score += y, ++strong_seats;
      }
      if (l == weak) {
        rank_w[u] += g.seats[p].rank, cnt_w[u] += 1, score_w[u] += y;
        weak_score += y, ++weak_seats;
      }
      if (whole(u)) {
        v.n[u] += 1;
        v.sy[u] += y;
        v.syy[u] += y * y;
        cell[u][p] += y;
        v.label_sum[l][u] += y;
        v.label_n[l][u] += 1;
      }
    }
    if (strong_seats > 0 && weak_seats > 0) {
      const double d = strong_score / strong_seats - weak_score / weak_seats;
      dn[u] += 1, ds[u] += d, dss[u] += d * d;
    }
  }
  for (size_t u = 0; u < n; ++u)
    for (int p = 0; p < 4; ++p) v.scell[u] += whole(u) ? cell[u][p] * cell[u][p] / h.rotations : 0.0;

  const double nan = std::numeric_limits<double>::quiet_NaN();
  ls.rank_advantage = [=](std::span<const double> w) {
    const double a = Sum(w, cnt_s), b = Sum(w, cnt_w);
    return a > 0 && b > 0 ? Sum(w, rank_w) / b - Sum(w, rank_s) / a : nan;
  };
  ls.score_advantage = [=](std::span<const double> w) {
    const double a = Sum(w, cnt_s), b = Sum(w, cnt_w);
    return a > 0 && b > 0 ? Sum(w, score_s) / a - Sum(w, score_w) / b : nan;
  };
  // Sums of squares of the two-way layout; which = 0 agent, 1 deal, 2 the rest.
  auto share = [=](int which) {
    return [=](std::span<const double> w) {
      const double N = Sum(w, v.n);
      if (N < 2) return nan;
      const double sy = Sum(w, v.sy);
      const double mean_term = sy * sy / N;
      const double total = Sum(w, v.syy) - mean_term;
      if (!(total > 0)) return nan;
      double agent = -mean_term;
      for (size_t l = 0; l < v.label_sum.size(); ++l) {
        const double ln = Sum(w, v.label_n[l]);
        if (ln > 0) agent += Sum(w, v.label_sum[l]) * Sum(w, v.label_sum[l]) / ln;
      }
      const double deal = Sum(w, v.scell) - mean_term;
      if (which == 0) return agent / total;
      if (which == 1) return deal / total;
      return (total - agent - deal) / total;
    };
  };
  ls.skill_share = share(0);
  ls.luck_share = share(1);
  ls.rest_share = share(2);
  ls.advantage_per_sd = [=](std::span<const double> w) {
    const double m = Sum(w, dn);
    if (m < 2) return nan;
    const double mean = Sum(w, ds) / m;
    const double var = Sum(w, dss) / m - mean * mean;
    return var > 0 ? mean / std::sqrt(var) : nan;
  };
  for (double x : dn) ls.games += x;
  for (size_t u = 0; u < n; ++u) ls.whole_sets += whole(u);
  return ls;
}

void AddLuckSkill(FigureSet& fs, json& out, const MatchHeader& h, const std::vector<GameSummary>& games,
                  const Units& units) {
  const std::vector<std::string> labels = AgentLabels(h);
  LuckSkillStatistics ls = MakeLuckSkillStatistics(h, games, units);
  out["luck_skill"] = {{"strong", labels[ls.strong]}, {"weak", labels[ls.weak]}, {"games", ls.games},
                       {"whole_sets", ls.whole_sets}};
  fs.Custom("/luck_skill/rank_advantage", std::move(ls.rank_advantage), true);
  fs.Custom("/luck_skill/score_advantage", std::move(ls.score_advantage), true);
  fs.Custom("/luck_skill/skill_share", std::move(ls.skill_share));
  fs.Custom("/luck_skill/luck_share", std::move(ls.luck_share));
  fs.Custom("/luck_skill/rest_share", std::move(ls.rest_share));
  fs.Custom("/luck_skill/advantage_per_sd", std::move(ls.advantage_per_sd));
}

void FinishLuckSkill(json& ls) {
  const json& d = ls["advantage_per_sd"];
  auto num = [](const json& x) { return x.is_number() ? x.get<double>() : std::numeric_limits<double>::quiet_NaN(); };
  auto out = [](double games) { return std::isfinite(games) ? json(games) : json(nullptr); };
  const double est = num(d["estimate"]), lo = num(d["ci95"][0]), hi = num(d["ci95"][1]);
  // GamesToLead decreases in d: the interval's ends swap; null = unbounded (d <= 0 possible).
  ls["games_to_lead"] = {{"estimate", std::isnan(est) ? json(nullptr) : out(GamesToLead(est))},
                         {"ci95", json::array({std::isnan(hi) ? json(nullptr) : out(GamesToLead(hi)),
                                               std::isnan(lo) ? json(nullptr) : out(GamesToLead(lo))})}};
}

}  // namespace mj
