#include "playtest/match_stats.h"

#include <algorithm>
#include <cstdio>

#include "rules/waits.h"

namespace mj {

namespace {

// Full-information tracking of a shield game's hands, for "deal-ins avoided by exchange": each
// seat's concealed kinds, melds, and furiten (own discards and face-up shields; a winning tile
// passed since the own last discard; a winning tile passed after riichi).
class ShieldTracker {
 public:
  void StartHand(const StartKyokuInfo& s) {
    for (int p = 0; p < 4; ++p) {
      Seat& q = seats_[p];
      q = Seat{};
      for (Tile t : s.tehais[p]) Add(q, t, 1);
    }
    exchanged_.fill(kNoTile);
  }

  // Returns true for an exchange whose face-up tile some opponent could have ronned.
  bool OnEvent(const Event& e) {
    if (e.actor < 0 || e.actor > 3) return false;
    Seat& a = seats_[e.actor];
    switch (e.type) {
      case EventType::kShieldSet: Add(a, e.pai, -1); break;
      case EventType::kTsumo: Add(a, e.pai, 1); break;
      case EventType::kReach: a.riichi = true; break;
      case EventType::kExchange: {
        const Kind k = KindOf(e.pai);
        bool ronnable = false;
        for (int p = 0; p < 4; ++p)
          if (p != e.actor && WouldRon(seats_[p], k)) ronnable = true;
        Add(a, e.pai, -1);
        a.discarded[k] = true;  // face-up shield tiles count toward furiten
        exchanged_[e.actor] = e.consumed[0];
        return ronnable;
      }
      case EventType::kDahai:
        if (exchanged_[e.actor] == e.pai) {
          exchanged_[e.actor] = kNoTile;  // the shield: never in the hand
        } else {
          Add(a, e.pai, -1);
        }
        a.discarded[KindOf(e.pai)] = true;
        a.temporary_furiten = false;
        Passed(e.actor, KindOf(e.pai));
        break;
      case EventType::kChi:
      case EventType::kPon:
      case EventType::kDaiminkan:
        for (int i = 0; i < e.num_consumed; ++i) Add(a, e.consumed[i], -1);
        ++a.melds;
        break;
      case EventType::kKakan:
        Add(a, e.pai, -1);
        Passed(e.actor, KindOf(e.pai));  // could have been robbed
        break;
      case EventType::kAnkan:
        for (int i = 0; i < e.num_consumed; ++i) Add(a, e.consumed[i], -1);
        ++a.melds;
        break;
      default: break;
    }
    return false;
  }

 private:
  struct Seat {
    KindCounts counts{};
    int melds = 0;
    std::array<bool, kNumKinds> discarded{};
    bool riichi = false;
    bool temporary_furiten = false;
    bool riichi_furiten = false;
  };

  static void Add(Seat& s, Tile t, int n) {
    if (t == kNoTile) return;
    uint8_t& c = s.counts[KindOf(t)];
    c = static_cast<uint8_t>(std::max(0, c + n));
  }

  static uint64_t WaitsOf(const Seat& s) {
    uint64_t mask = 0;
    for (const Wait& w : Waits(s.counts, std::min(s.melds, 4))) mask |= uint64_t{1} << w.tile;
    return mask;
  }

  static bool Furiten(const Seat& s, uint64_t waits) {
    if (s.temporary_furiten || s.riichi_furiten) return true;
    for (int k = 0; k < kNumKinds; ++k)
      if ((waits >> k & 1) && s.discarded[k]) return true;
    return false;
  }

  static bool WouldRon(const Seat& s, Kind k) {
    const uint64_t waits = WaitsOf(s);
    return (waits >> k & 1) && !Furiten(s, waits);
  }

  // A tile of kind k offered by `from` that the others did not take (a ron ends the hand, so
  // setting the flags then does no harm).
  void Passed(int from, Kind k) {
    for (int p = 0; p < 4; ++p) {
      if (p == from) continue;
      Seat& s = seats_[p];
      if (!(WaitsOf(s) >> k & 1)) continue;
      s.temporary_furiten = true;
      if (s.riichi) s.riichi_furiten = true;
    }
  }

  std::array<Seat, 4> seats_{};
  std::array<Tile, 4> exchanged_{kNoTile, kNoTile, kNoTile, kNoTile};
};

// The share `seat` pays of a tsumo payment (dealer = the hand's dealer).
int TsumoShare(const Payment& pay, int seat, int dealer) {
  switch (pay.kind) {
    case PaymentKind::kRon: return 0;
    case PaymentKind::kTsumoNonDealer: return seat == dealer ? pay.dealer : pay.non_dealer;
    case PaymentKind::kTsumoDealer: return pay.each;
  }
  return 0;
}

}  // namespace

std::array<SeatStats, 4> GameSeatStats(const GameRecord& record) {
  std::array<SeatStats, 4> out{};
  const bool shields = record.rules.shields.enabled;
  ShieldTracker tracker;
  // Shield counts of the hand in progress, committed at its end_kyoku.
  std::array<SeatStats, 4> hand_shields{};
  std::vector<std::pair<int, int>> protections;  // (protected seat, winner)
  std::array<const HoraInfo*, 4> tsumo_wins{};
  int dealer = 0;
  // Flags of the hand in progress, committed at its end_kyoku.
  std::array<bool, 4> won{}, dealt_in{}, riichi{}, called{};
  std::array<long long, 4> value{};
  auto valid = [](int seat) { return seat >= 0 && seat < 4; };
  // The first event each seat's substitute answered (a substituted fault's event), or none.
  constexpr size_t kNever = static_cast<size_t>(-1);
  std::array<size_t, 4> substituted_from{kNever, kNever, kNever, kNever};
  for (const AgentFault& f : record.faults)
    if (f.substituted && valid(f.seat) && f.event >= 0)
      substituted_from[f.seat] = std::min(substituted_from[f.seat], static_cast<size_t>(f.event));
  for (size_t index = 0; index < record.events.size(); ++index) {
    const Event& e = record.events[index];
    if (shields && e.type != EventType::kStartKyoku && tracker.OnEvent(e) && valid(e.actor))
      ++hand_shields[e.actor].deal_ins_avoided;
    switch (e.type) {
      case EventType::kStartKyoku:
        won = dealt_in = riichi = called = {};
        value = {};
        hand_shields = {};
        protections.clear();
        tsumo_wins = {};
        if (e.start) {
          dealer = e.start->oya;
          if (shields) tracker.StartHand(*e.start);
        }
        break;
      case EventType::kShieldSet:
        if (valid(e.actor)) ++hand_shields[e.actor].shields_set;
        break;
      case EventType::kExchange:
        if (valid(e.actor)) ++hand_shields[e.actor].exchanges;
        break;
      case EventType::kProtection:
        if (valid(e.actor) && valid(e.target)) protections.emplace_back(e.actor, e.target);
        break;
      case EventType::kShieldsLost:
        // The table's four columns are seed 003's causes; the settings' returns (overflow, face
        // up not carried) are not among them.
        if (valid(e.actor) && static_cast<int>(e.cause) < 4)
          hand_shields[e.actor].shields_lost[static_cast<int>(e.cause)] += e.count + static_cast<int>(e.tiles.size());
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
        if (valid(e.actor) && e.target == e.actor && e.hora) tsumo_wins[e.actor] = e.hora.get();
        break;
      case EventType::kEndKyoku:
        for (const auto& [seat, winner] : protections) {
          ++hand_shields[seat].protected_tsumo;
          if (tsumo_wins[winner])
            hand_shields[seat].points_saved += TsumoShare(tsumo_wins[winner]->score.payment, seat, dealer);
        }
        for (int p = 0; p < 4; ++p) {
          SeatStats& s = out[p];
          if (index >= substituted_from[p]) {  // the fault was in this hand or before: not the agent's
            ++s.substituted_hands;
            continue;
          }
          const SeatStats& h = hand_shields[p];
          s.shields_set += h.shields_set;
          s.exchanges += h.exchanges;
          s.deal_ins_avoided += h.deal_ins_avoided;
          s.protected_tsumo += h.protected_tsumo;
          s.points_saved += h.points_saved;
          for (int c = 0; c < 4; ++c) s.shields_lost[c] += h.shields_lost[c];
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
            out[p].substituted = substituted_from[p] != kNever;
            out[p].ranked = !out[p].substituted;
            out[p].rank = out[p].ranked ? e.end->ranks[p] : 0;
            out[p].final_score = out[p].ranked ? e.end->scores[p] : 0;
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
double AgentStats::ShieldsPerHand() const { return Ratio(totals.shields_set, totals.hands); }
double AgentStats::ExchangesPerHand() const { return Ratio(totals.exchanges, totals.hands); }

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
  AddSeats(GameSeatStats(record), record.complete, seat_labels);
}

void MatchStats::AddSeats(const std::array<SeatStats, 4>& seats, bool complete,
                          const std::array<std::string, 4>& seat_labels) {
  ++games_;
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
    if (!complete) ++row.stopped_games;
    if (s.substituted) ++row.substituted_games;
    if (s.ranked) {
      ++row.ranked_games;
      row.rank_sum += s.rank;
      row.final_score_sum += s.final_score;
    }
    row.totals.hands += s.hands;
    row.totals.substituted_hands += s.substituted_hands;
    row.totals.wins += s.wins;
    row.totals.deal_ins += s.deal_ins;
    row.totals.riichi += s.riichi;
    row.totals.calls += s.calls;
    row.totals.win_value += s.win_value;
    row.totals.shields_set += s.shields_set;
    row.totals.exchanges += s.exchanges;
    row.totals.deal_ins_avoided += s.deal_ins_avoided;
    row.totals.protected_tsumo += s.protected_tsumo;
    row.totals.points_saved += s.points_saved;
    for (int c = 0; c < 4; ++c) row.totals.shields_lost[c] += s.shields_lost[c];
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
    if (r.substituted_games > 0)
      out += "note: in " + std::to_string(r.substituted_games) + " of \"" + r.agent +
             "\"'s games it faulted and a substitute finished its seat: no rank or final score from them, and " +
             std::to_string(r.totals.substituted_hands) + " hands from the faults on not counted as its play\n";
  }
  return out;
}

std::string FormatShieldTable(const MatchStats& stats) {
  size_t width = 5;  // "agent"
  for (const AgentStats& r : stats.rows()) width = std::max(width, r.agent.size());
  std::string out = "shields (per agent; shields lost counted in tiles, by cause)\n";
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-*s %6s %9s %8s %8s %9s %8s %6s %9s %6s %8s\n", static_cast<int>(width), "agent",
                "hands", "shields/h", "exch/h", "avoided", "protected", "saved", "lost:w", "lost:d-in", "noten",
                "tenpai-u");
  out += buf;
  for (const AgentStats& r : stats.rows()) {
    const SeatStats& t = r.totals;
    std::snprintf(buf, sizeof buf, "%-*s %6d %9.2f %8.2f %8d %9d %8lld %6d %9d %6d %8d\n", static_cast<int>(width),
                  r.agent.c_str(), t.hands, r.ShieldsPerHand(), r.ExchangesPerHand(), t.deal_ins_avoided,
                  t.protected_tsumo, t.points_saved, t.shields_lost[0], t.shields_lost[1], t.shields_lost[2],
                  t.shields_lost[3]);
    out += buf;
  }
  return out;
}

}  // namespace mj
