#include "playtest/match_statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "playtest/claim_statistics.h"
#include "playtest/figure_set.h"
#include "playtest/luck_skill.h"
#include "playtest/parallel_for.h"

namespace mj {

using nlohmann::json;

namespace {

constexpr const char* kSummaryFormat = "mahjong-match-summary";
constexpr int kSummaryVersion = 1;


json Number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

// Upper edges of the hand-value histogram, as a share of the starting points (the last bin is
// open): 1,250 / 2,500 / 5,000 / 7,500 / 12,500 / 18,750 / 25,000 / 37,500 points at 25,000.
constexpr std::array<double, 8> kValueEdges = {0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5};

size_t ValueBin(int value, int point_scale) {
  const double x = static_cast<double>(value) / std::max(1, point_scale);
  size_t b = 0;
  while (b < kValueEdges.size() && x >= kValueEdges[b]) ++b;
  return b;
}

}  // namespace

int PointScale(const Ruleset& rules) {
  if (rules.starting_points > 0) return rules.starting_points;
  if (rules.end_point_gap > 0) return rules.end_point_gap / 2;
  // Ningbo has neither a stack nor a gap. Its limit (満貫, per share) is put where riichi's
  // mangan is: each non-dealer pays a non-dealer's mangan 2,000, 8% of riichi's 25,000 points.
  if (rules.scoring == "ningbo" && rules.ningbo.limit > 0) return rules.ningbo.limit * 25000 / 2000;  // 300 -> 3,750
  return 25000;
}

json FigureJson(double estimate, double lo, double hi) {
  return json{{"estimate", Number(estimate)}, {"ci95", json::array({Number(lo), Number(hi)})}};
}

json MatchHeaderToJson(const MatchHeader& h) {
  return json{{"rules", h.rules},     {"point_scale", h.point_scale}, {"shields", h.shields},
              {"seed", std::to_string(h.seed)}, {"entries", h.entries},       {"rotations", h.rotations}};
}

Result<MatchHeader> MatchHeaderFromJson(const json& j) {
  MatchHeader h;
  try {
    h.rules = j.at("rules").get<std::string>();
    h.point_scale = j.at("point_scale").get<int>();
    h.shields = j.at("shields").get<bool>();
    h.seed = std::stoull(j.at("seed").get<std::string>());
    h.entries = j.at("entries").get<std::array<std::string, 4>>();
    h.rotations = j.at("rotations").get<int>();
  } catch (const std::exception& e) {
    return Error{std::string("/header: ") + e.what()};
  }
  if (h.rotations != 0 && h.rotations != 4 && h.rotations != 24)
    return Error{"/header/rotations: " + std::to_string(h.rotations) + " is not 0, 4 or 24"};
  return h;
}

std::vector<std::string> AgentLabels(const MatchHeader& h) {
  std::vector<std::string> labels;
  for (const std::string& e : h.entries)
    if (std::find(labels.begin(), labels.end(), e) == labels.end()) labels.push_back(e);
  return labels;
}

Units GroupUnits(const MatchHeader& h, const std::vector<GameSummary>& games) {
  Units u;
  u.unit_of.resize(games.size());
  long last_set = -1;
  for (size_t i = 0; i < games.size(); ++i) {
    if (h.rotations > 0) {
      if (games[i].set != last_set) ++u.count;
      last_set = games[i].set;
    } else {
      ++u.count;
    }
    u.unit_of[i] = u.count - 1;
  }
  return u;
}

namespace {

// Per-unit sums of one agent label's seats.
struct AgentSums {
  long substituted_games = 0, substituted_hands = 0;  // seats a substitute finished (not per unit)
  std::vector<double> games, ranked, rank_sum, score_sum, hands, wins, deal_ins, riichi, calls, win_value;
  std::array<std::vector<double>, 4> rank_count;
  std::vector<double> shields_set, exchanges, avoided, protected_tsumo, saved;
  std::array<std::vector<double>, 4> lost;
  explicit AgentSums(size_t n)
      : games(n), ranked(n), rank_sum(n), score_sum(n), hands(n), wins(n), deal_ins(n), riichi(n), calls(n),
        win_value(n), shields_set(n), exchanges(n), avoided(n), protected_tsumo(n), saved(n) {
    for (auto& v : rank_count) v.assign(n, 0);
    for (auto& v : lost) v.assign(n, 0);
  }
};

void AddAgentFigures(FigureSet& fs, const std::string& at, const AgentSums& a, bool shields) {
  fs.Ratio(at + "/mean_rank", a.rank_sum, a.ranked);
  fs.Ratio(at + "/mean_score", a.score_sum, a.ranked);
  for (int k = 0; k < 4; ++k) fs.Ratio(at + "/rank_share/" + std::to_string(k), a.rank_count[k], a.ranked);
  fs.Ratio(at + "/win_rate", a.wins, a.hands);
  fs.Ratio(at + "/deal_in_rate", a.deal_ins, a.hands);
  fs.Ratio(at + "/riichi_rate", a.riichi, a.hands);
  fs.Ratio(at + "/call_rate", a.calls, a.hands);
  fs.Ratio(at + "/mean_win_value", a.win_value, a.wins);
  if (!shields) return;
  fs.Ratio(at + "/shields/shields_per_hand", a.shields_set, a.hands);
  fs.Ratio(at + "/shields/exchanges_per_hand", a.exchanges, a.hands);
  fs.Ratio(at + "/shields/deal_ins_avoided_per_hand", a.avoided, a.hands);
  fs.Ratio(at + "/shields/protected_per_hand", a.protected_tsumo, a.hands);
  fs.Ratio(at + "/shields/points_saved_per_hand", a.saved, a.hands);
  static const std::array<const char*, 4> kCauses = {"won", "dealt_in", "noten", "tenpai"};
  for (int c = 0; c < 4; ++c)
    fs.Ratio(at + "/shields/lost_" + kCauses[c] + "_per_hand", a.lost[c], a.hands);
}

// Difference of two ratios on the same resample (paired).
Statistic RatioDifference(std::vector<double> an, std::vector<double> ad, std::vector<double> bn,
                          std::vector<double> bd) {
  return [an = std::move(an), ad = std::move(ad), bn = std::move(bn), bd = std::move(bd)](std::span<const double> w) {
    const double da = WeightedSum(w, ad), db = WeightedSum(w, bd);
    if (da == 0 || db == 0) return std::numeric_limits<double>::quiet_NaN();
    return WeightedSum(w, an) / da - WeightedSum(w, bn) / db;
  };
}

}  // namespace

json MatchStatistics(const MatchHeader& h, const std::vector<GameSummary>& games, int jobs) {
  const Units units = GroupUnits(h, games);
  const size_t n = units.count;
  const std::vector<std::string> labels = AgentLabels(h);
  std::array<size_t, 4> label_of_entry{};
  for (int e = 0; e < 4; ++e)
    label_of_entry[e] = static_cast<size_t>(std::find(labels.begin(), labels.end(), h.entries[e]) - labels.begin());

  std::vector<AgentSums> agents(labels.size(), AgentSums(n));
  // Table-wide sums per unit.
  std::vector<double> g_all(n), g_complete(n), hands_complete(n), hands(n), draws(n), rons(n), turns(n),
      player_hands(n), riichi(n), calls(n), wins(n), value_norm(n), early(n), bust(n), gap(n), shields_set(n),
      exchanges(n), avoided(n), protected_tsumo(n);
  std::vector<std::vector<double>> value_bins(kValueEdges.size() + 1, std::vector<double>(n));
  for (size_t i = 0; i < games.size(); ++i) {
    const GameSummary& g = games[i];
    const size_t u = units.unit_of[i];
    g_all[u] += 1;
    if (g.complete) {
      g_complete[u] += 1;
      hands_complete[u] += g.hands;
      early[u] += g.end == GameEnd::kBust || g.end == GameEnd::kGap;
      bust[u] += g.end == GameEnd::kBust;
      gap[u] += g.end == GameEnd::kGap;
    }
    hands[u] += g.hands;
    draws[u] += g.draws;
    rons[u] += g.ron_hands;
    turns[u] += g.turns;
    player_hands[u] += 4.0 * g.hands;
    for (int v : g.win_values) {
      wins[u] += 1;
      value_norm[u] += static_cast<double>(v) / std::max(1, h.point_scale);
      value_bins[ValueBin(v, h.point_scale)][u] += 1;
    }
    for (int p = 0; p < 4; ++p) {
      const SeatStats& s = g.seats[p];
      AgentSums& a = agents[label_of_entry[static_cast<size_t>(g.seating[p]) & 3]];
      a.games[u] += 1;
      a.substituted_games += s.substituted;
      a.substituted_hands += s.substituted_hands;
      if (s.ranked) {  // complete, and the seat's agent played to the end (not substituted)
        a.ranked[u] += 1;
        a.rank_sum[u] += s.rank;
        a.score_sum[u] += s.final_score;
        if (s.rank >= 1 && s.rank <= 4) a.rank_count[s.rank - 1][u] += 1;
      }
      a.hands[u] += s.hands;
      a.wins[u] += s.wins;
      a.deal_ins[u] += s.deal_ins;
      a.riichi[u] += s.riichi;
      a.calls[u] += s.calls;
      a.win_value[u] += static_cast<double>(s.win_value);
      a.shields_set[u] += s.shields_set;
      a.exchanges[u] += s.exchanges;
      a.avoided[u] += s.deal_ins_avoided;
      a.protected_tsumo[u] += s.protected_tsumo;
      a.saved[u] += static_cast<double>(s.points_saved);
      for (int c = 0; c < 4; ++c) a.lost[c][u] += s.shields_lost[c];
      riichi[u] += s.riichi;
      calls[u] += s.calls;
      shields_set[u] += s.shields_set;
      exchanges[u] += s.exchanges;
      avoided[u] += s.deal_ins_avoided;
      protected_tsumo[u] += s.protected_tsumo;
    }
  }

  json out = json::object();
  out["units"] = {{"kind", h.rotations > 0 ? "duplicate sets" : "games"}, {"count", n}, {"games", games.size()}};
  out["bootstrap"] = {{"resamples", kBootstrapResamples},
                      {"seed", std::to_string(kBootstrapSeed)},
                      {"interval", "95% percentile interval (type 7 quantiles of the resampled values)"}};
  FigureSet fs(n);
  json agent_rows = json::array();
  for (size_t l = 0; l < labels.size(); ++l) {
    const AgentSums& a = agents[l];
    double games_total = 0;
    for (double v : a.games) games_total += v;
    agent_rows.push_back({{"agent", labels[l]},
                          {"entries", std::count(h.entries.begin(), h.entries.end(), labels[l])},
                          {"player_games", games_total}});
    // Only where a substitute played (the key is absent otherwise, so other summaries are unchanged).
    if (a.substituted_games > 0 || a.substituted_hands > 0) {
      agent_rows.back()["substituted_games"] = a.substituted_games;
      agent_rows.back()["substituted_hands"] = a.substituted_hands;
    }
    AddAgentFigures(fs, "/agents/" + std::to_string(l), a, h.shields);
  }
  json pair_rows = json::array();
  for (size_t i = 0; i < labels.size(); ++i) {
    for (size_t j = i + 1; j < labels.size(); ++j) {
      const std::string at = "/pairs/" + std::to_string(pair_rows.size());
      pair_rows.push_back({{"a", labels[i]}, {"b", labels[j]}});
      const AgentSums &a = agents[i], &b = agents[j];
      fs.Custom(at + "/rank_difference", RatioDifference(a.rank_sum, a.ranked, b.rank_sum, b.ranked), true);
      fs.Custom(at + "/score_difference", RatioDifference(a.score_sum, a.ranked, b.score_sum, b.ranked), true);
    }
  }
  fs.Ratio("/rules/hands_per_game", hands_complete, g_complete);
  fs.Ratio("/rules/turns_per_hand", turns, hands);
  std::vector<double> won_hands(n);
  for (size_t u = 0; u < n; ++u) won_hands[u] = hands[u] - draws[u];
  fs.Ratio("/rules/win_rate", won_hands, hands);
  fs.Ratio("/rules/draw_rate", draws, hands);
  fs.Ratio("/rules/deal_in_rate", rons, hands);
  fs.Ratio("/rules/riichi_rate", riichi, player_hands);
  fs.Ratio("/rules/call_rate", calls, player_hands);
  fs.Ratio("/rules/early_end_rate", early, g_complete);
  fs.Ratio("/rules/bust_rate", bust, g_complete);
  fs.Ratio("/rules/gap_end_rate", gap, g_complete);
  fs.Ratio("/rules/mean_win_value_share", value_norm, wins);
  for (size_t b = 0; b < value_bins.size(); ++b)
    fs.Ratio("/rules/win_value_histogram/" + std::to_string(b), value_bins[b], wins);
  if (h.shields) {
    fs.Ratio("/rules/shields/shields_per_player_hand", shields_set, player_hands);
    fs.Ratio("/rules/shields/exchanges_per_player_hand", exchanges, player_hands);
    fs.Ratio("/rules/shields/deal_ins_avoided_per_player_hand", avoided, player_hands);
    fs.Ratio("/rules/shields/protected_per_player_hand", protected_tsumo, player_hands);
  }
  json edges = json::array({0.0});
  for (double e : kValueEdges) edges.push_back(e);
  edges.push_back(nullptr);
  out["rules"] = {{"rules", h.rules}, {"win_value_bin_edges", edges}};
  out["agents"] = agent_rows;
  out["pairs"] = pair_rows;
  if (h.rotations > 0 && labels.size() >= 2) AddLuckSkill(fs, out, h, games, units);
  AddClaimFigures(fs, MakeClaimSums(h, games, units));
  fs.Compute(out, jobs);
  if (out.contains("luck_skill")) FinishLuckSkill(out["luck_skill"]);
  return out;
}

json SummaryDocument(const MatchHeader& h, const std::vector<GameSummary>& games, const std::string& command) {
  return SummaryDocument(h, games, command, MatchStatistics(h, games));
}

json SummaryDocument(const MatchHeader& h, const std::vector<GameSummary>& games, const std::string& command,
                     json statistics, int jobs) {
  json records = json::array();
  json::array_t& list = records.get_ref<json::array_t&>();
  list.resize(games.size());
  ParallelFor(games.size(), jobs, [&](size_t i) { list[i] = GameSummaryToJson(games[i]); });
  return json{{"format", kSummaryFormat},
              {"version", kSummaryVersion},
              {"command", command},
              {"header", MatchHeaderToJson(h)},
              {"record_fields", {{"seats", SeatFieldNames()}, {"hand_seats", HandSeatFieldNames()}}},
              {"games", records},
              {"statistics", std::move(statistics)}};
}

Result<std::pair<MatchHeader, std::vector<GameSummary>>> SummaryFromJson(const json& doc) {
  if (!doc.is_object() || doc.value("format", "") != kSummaryFormat)
    return Error{std::string("/format: not a \"") + kSummaryFormat + "\" document"};
  if (!doc.contains("header")) return Error{"/header: missing"};
  auto header = MatchHeaderFromJson(doc.at("header"));
  if (!header) return Error{header.error()};
  if (!doc.contains("games") || !doc.at("games").is_array()) return Error{"/games: missing or not an array"};
  std::vector<GameSummary> games;
  const json& list = doc.at("games");
  for (size_t i = 0; i < list.size(); ++i) {
    auto g = GameSummaryFromJson(list[i], "/games/" + std::to_string(i));
    if (!g) return Error{g.error()};
    if (!games.empty() && g->game <= games.back().game)
      return Error{"/games/" + std::to_string(i) + "/game: " + std::to_string(g->game) +
                   " does not follow game " + std::to_string(games.back().game) + " (records must be sorted, unique)"};
    games.push_back(std::move(g).value());
  }
  return std::make_pair(std::move(header).value(), std::move(games));
}

}  // namespace mj
