#include "replays/match_stats.h"

#include <algorithm>
#include <cstdio>

#include "engine/rng.h"

namespace mj {

uint64_t MatchGameSeed(uint64_t match_seed, int game) {
  return SplitMix64(SplitMix64(match_seed) + static_cast<uint64_t>(game));
}

std::array<int, 4> MatchSeating(int game) {
  const int shift = ((game - 1) % 4 + 4) % 4;
  std::array<int, 4> entry_at_seat{};
  for (int i = 0; i < 4; ++i) entry_at_seat[(i + shift) % 4] = i;
  return entry_at_seat;
}

std::array<SeatStats, 4> GameSeatStats(const GameRecord& record) {
  std::array<SeatStats, 4> out{};
  // Flags of the hand in progress, committed at its end_kyoku.
  std::array<bool, 4> won{}, dealt_in{}, riichi{}, called{};
  std::array<long long, 4> value{};
  auto valid = [](int seat) { return seat >= 0 && seat < 4; };
  for (const Event& e : record.events) {
    switch (e.type) {
      case EventType::kStartKyoku:
        won = dealt_in = riichi = called = {};
        value = {};
        break;
      case EventType::kChi:
      case EventType::kPon:
      case EventType::kDaiminkan:
        if (valid(e.actor)) called[e.actor] = true;
        break;
      case EventType::kReach:
        if (valid(e.actor)) riichi[e.actor] = true;
        break;
      case EventType::kHora:
        if (valid(e.actor)) {
          won[e.actor] = true;
          if (e.hora) value[e.actor] += e.hora->score.payment.Total();
        }
        if (valid(e.target) && e.target != e.actor) dealt_in[e.target] = true;
        break;
      case EventType::kEndKyoku:
        for (int p = 0; p < 4; ++p) {
          SeatStats& s = out[p];
          ++s.hands;
          s.wins += won[p];
          s.deal_ins += dealt_in[p];
          s.riichi += riichi[p];
          s.calls += called[p];
          s.win_value += value[p];
        }
        break;
      case EventType::kEndGame:
        if (e.end) {
          for (int p = 0; p < 4; ++p) {
            out[p].ranked = true;
            out[p].rank = e.end->ranks[p];
            out[p].final_score = e.end->scores[p];
          }
        }
        break;
      default: break;
    }
  }
  return out;
}

int HandCount(const GameRecord& record) {
  return static_cast<int>(std::count_if(record.events.begin(), record.events.end(),
                                        [](const Event& e) { return e.type == EventType::kStartKyoku; }));
}

namespace {
double Ratio(long long num, long long den) { return den > 0 ? static_cast<double>(num) / static_cast<double>(den) : 0.0; }
}  // namespace

double AgentStats::AverageRank() const { return Ratio(rank_sum, ranked_games); }
double AgentStats::AverageFinalScore() const { return Ratio(final_score_sum, ranked_games); }
double AgentStats::WinRate() const { return Ratio(totals.wins, totals.hands); }
double AgentStats::DealInRate() const { return Ratio(totals.deal_ins, totals.hands); }
double AgentStats::RiichiRate() const { return Ratio(totals.riichi, totals.hands); }
double AgentStats::CallRate() const { return Ratio(totals.calls, totals.hands); }
double AgentStats::AverageWinValue() const { return Ratio(totals.win_value, totals.wins); }

MatchStats::MatchStats(const std::array<std::string, 4>& labels) {
  for (const std::string& label : labels) {
    auto it = std::find_if(rows_.begin(), rows_.end(), [&](const AgentStats& r) { return r.agent == label; });
    if (it == rows_.end()) {
      rows_.push_back({});
      rows_.back().agent = label;
      it = rows_.end() - 1;
    }
    ++it->entries;
  }
}

void MatchStats::AddGame(const GameRecord& record, const std::array<std::string, 4>& seat_labels) {
  ++games_;
  const std::array<SeatStats, 4> seats = GameSeatStats(record);
  for (int p = 0; p < 4; ++p) {
    auto it = std::find_if(rows_.begin(), rows_.end(), [&](const AgentStats& r) { return r.agent == seat_labels[p]; });
    if (it == rows_.end()) {  // a label the constructor did not know: a row of its own
      rows_.push_back({});
      rows_.back().agent = seat_labels[p];
      it = rows_.end() - 1;
    }
    AgentStats& row = *it;
    const SeatStats& s = seats[p];
    ++row.games;
    if (!record.complete) ++row.stopped_games;
    if (s.ranked) {
      ++row.ranked_games;
      row.rank_sum += s.rank;
      row.final_score_sum += s.final_score;
    }
    row.totals.hands += s.hands;
    row.totals.wins += s.wins;
    row.totals.deal_ins += s.deal_ins;
    row.totals.riichi += s.riichi;
    row.totals.calls += s.calls;
    row.totals.win_value += s.win_value;
  }
}

std::string FormatMatchTable(const MatchStats& stats) {
  size_t width = 5;  // "agent"
  for (const AgentStats& r : stats.rows()) width = std::max(width, r.agent.size());
  std::string out;
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-*s %6s %8s %10s %6s %7s %8s %7s %6s %8s\n", static_cast<int>(width), "agent",
                "games", "avg rank", "avg score", "hands", "win", "deal-in", "riichi", "call", "avg win");
  out += buf;
  auto pct = [](double x) {
    char b[16];
    std::snprintf(b, sizeof b, "%.1f%%", 100.0 * x);
    return std::string(b);
  };
  for (const AgentStats& r : stats.rows()) {
    std::snprintf(buf, sizeof buf, "%-*s %6d %8.2f %10.0f %6d %7s %8s %7s %6s %8.0f\n", static_cast<int>(width),
                  r.agent.c_str(), r.games, r.AverageRank(), r.AverageFinalScore(), r.totals.hands,
                  pct(r.WinRate()).c_str(), pct(r.DealInRate()).c_str(), pct(r.RiichiRate()).c_str(),
                  pct(r.CallRate()).c_str(), r.AverageWinValue());
    out += buf;
  }
  for (const AgentStats& r : stats.rows()) {
    if (r.entries > 1)
      out += "note: \"" + r.agent + "\" is listed " + std::to_string(r.entries) +
             " times; its row sums all its seats (games counts player-games)\n";
    if (r.stopped_games > 0)
      out += "note: " + std::to_string(r.stopped_games) + " of \"" + r.agent +
             "\"'s games were stopped by an agent error: no rank or final score from them\n";
  }
  return out;
}

}  // namespace mj
