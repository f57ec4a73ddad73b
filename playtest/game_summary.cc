#include "playtest/game_summary.h"

#include "engine/invariants.h"

#include <algorithm>
#include <charconv>
#include <climits>

#include "rules/bounded_json.h"

namespace mj {

using nlohmann::json;

const char* GameEndName(GameEnd end) {
  switch (end) {
    case GameEnd::kLength: return "length";
    case GameEnd::kBust: return "bust";
    case GameEnd::kGap: return "gap";
    case GameEnd::kMaxHands: return "max_hands";
    case GameEnd::kStopped: return "stopped";
  }
  return "stopped";
}

GameSummary SummarizeGame(const GameRecord& record) {
  GameSummary s;
  s.seed = record.seed;
  s.seating = {0, 1, 2, 3};
  if (record.match) {
    s.game = record.match->game;
    s.set = record.match->set;
    s.rotation = record.match->rotation;
    s.seating = record.match->seating;
  }
  s.complete = record.complete;
  s.seats = GameSeatStats(record);
  s.facts = FoldHandFacts(record);
  std::array<int, 4> scores{};
  scores.fill(record.rules.starting_points);
  int turns = 0;
  bool ron = false, drawn = false;
  for (const Event& e : record.events) {
    switch (e.type) {
      case EventType::kStartKyoku:
        turns = 0;
        ron = drawn = false;
        break;
      case EventType::kTsumo: ++turns; break;
      case EventType::kHora:
        if (e.hora) {
          s.win_values.push_back(e.hora->score.payment.Total());
          scores = e.hora->scores;
        }
        if (e.target != e.actor) ron = true;
        break;
      case EventType::kRyukyoku:
        drawn = true;
        if (e.ryukyoku) scores = e.ryukyoku->scores;
        break;
      case EventType::kEndKyoku:
        ++s.hands;
        s.turns += turns;
        s.draws += drawn;
        s.ron_hands += ron;
        break;
      default: break;
    }
  }
  if (!record.complete) {
    s.end = GameEnd::kStopped;
  } else {
    const Ruleset& r = record.rules;
    const int top = *std::max_element(scores.begin(), scores.end());
    const int low = *std::min_element(scores.begin(), scores.end());
    if ((r.bust_ends_game && low < 0) || top > kPointsLimit || low < -kPointsLimit) {
      s.end = GameEnd::kBust;  // a bust, or past the points limit (engine/invariants.h)
    } else if (r.max_hands > 0 && s.hands >= r.max_hands) {
      s.end = GameEnd::kMaxHands;
    } else if (r.end_point_gap > 0 && top - low > r.end_point_gap) {
      s.end = GameEnd::kGap;
    } else {
      s.end = GameEnd::kLength;
    }
  }
  return s;
}

const std::vector<std::string>& SeatFieldNames() {
  static const std::vector<std::string> kNames = {
      "rank",         "final_score", "hands",           "wins",          "deal_ins",     "riichi",
      "calls",        "win_value",   "shields_set",     "exchanges",     "deal_ins_avoided",
      "protected_tsumo", "points_saved", "lost_won", "lost_dealt_in", "lost_noten", "lost_tenpai",
      "substituted_hands"};
  return kNames;
}

const std::vector<std::string>& HandSeatFieldNames() {
  static const std::vector<std::string> kNames = {
      "shields", "carried", "first_tenpai", "tenpai_end", "faced_riichi", "shield_when_faced",
      "dealt_in_to_riichi", "declined", "won", "win_value", "delta"};
  return kNames;
}

namespace {

json HandSeatToJson(const HandSeatFacts& f) {
  return json::array({f.shields, f.carried, f.first_tenpai, int{f.tenpai_end}, int{f.faced_riichi},
                      int{f.shield_when_faced}, int{f.dealt_in_to_riichi}, f.declined, int{f.won}, f.win_value,
                      f.delta});
}

json SeatToJson(const SeatStats& t) {
  return json::array({t.ranked ? t.rank : 0, t.ranked ? t.final_score : 0, t.hands, t.wins, t.deal_ins, t.riichi,
                      t.calls, t.win_value, t.shields_set, t.exchanges, t.deal_ins_avoided, t.protected_tsumo,
                      t.points_saved, t.shields_lost[0], t.shields_lost[1], t.shields_lost[2], t.shields_lost[3],
                      t.substituted_hands});
}

}  // namespace

json GameSummaryToJson(const GameSummary& s) {
  json seats = json::array();
  for (const SeatStats& t : s.seats) seats.push_back(SeatToJson(t));
  json hands = json::array();
  for (const auto& h : s.facts.hands) {
    json four = json::array();
    for (const HandSeatFacts& f : h) four.push_back(HandSeatToJson(f));
    hands.push_back(std::move(four));
  }
  return json{{"game", s.game},           {"seed", std::to_string(s.seed)}, {"set", s.set},
              {"rotation", s.rotation},   {"seating", s.seating},          {"complete", s.complete},
              {"hands", s.hands},         {"draws", s.draws},              {"ron_hands", s.ron_hands},
              {"turns", s.turns},         {"end", GameEndName(s.end)},     {"win_values", s.win_values},
              {"seats", seats},           {"hand_seats", hands},           {"leaders", s.facts.leaders},
              {"first_winner", s.facts.first_winner}};
}

Result<GameSummary> GameSummaryFromJson(const json& j, const std::string& where) {
  // Every number is read exactly and within what a game can hold (no get<int>(), which wraps),
  // and the record must be possible: counts within the hands played, a win or a draw per hand,
  // four different ranks. A summary is outside input (stats, stats merge).
  constexpr int64_t kMaxCount = 1'000'000;  // far above any game's hands, events or calls
  GameSummary s;
  std::string field;
  std::string problem;
  const auto num = [&](const json& v, const std::string& name, int64_t lo, int64_t hi) -> int64_t {
    if (!problem.empty()) return 0;
    const auto x = JsonIntIn(v, lo, hi);
    if (!x) problem = where + "/" + name + ": " + DescribeJson(v) + " is not a whole number from " +
                      std::to_string(lo) + " to " + std::to_string(hi);
    return x.value_or(0);
  };
  try {
    if (!j.is_object()) return Error{where + ": a game record must be an object, got " + DescribeJson(j)};
    field = "game";
    s.game = static_cast<long>(num(j.at("game"), "game", 0, int64_t{1} << 40));
    field = "seed";
    const std::string seed = j.at("seed").get<std::string>();
    const auto [end_ptr, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), s.seed);
    if (seed.empty() || ec != std::errc() || end_ptr != seed.data() + seed.size())
      return Error{where + "/seed: " + PrintableText(seed) + " is not an unsigned 64-bit integer"};
    field = "set";
    s.set = static_cast<long>(num(j.at("set"), "set", 0, int64_t{1} << 40));
    field = "rotation";
    s.rotation = static_cast<int>(num(j.at("rotation"), "rotation", 0, 23));
    field = "seating";
    const json& seating = j.at("seating");
    if (!seating.is_array() || seating.size() != 4) return Error{where + "/seating: needs 4 entries"};
    for (int p = 0; p < 4; ++p) s.seating[p] = static_cast<int>(num(seating[p], "seating/" + std::to_string(p), 0, 3));
    field = "complete";
    s.complete = j.at("complete").get<bool>();
    field = "hands";
    s.hands = static_cast<int>(num(j.at("hands"), "hands", 0, kMaxCount));
    s.draws = static_cast<int>(num(j.at("draws"), "draws", 0, kMaxCount));
    s.ron_hands = static_cast<int>(num(j.at("ron_hands"), "ron_hands", 0, kMaxCount));
    s.turns = static_cast<int>(num(j.at("turns"), "turns", 0, 200 * kMaxCount));
    if (!problem.empty()) return Error{problem};
    if (s.draws + s.ron_hands > s.hands)
      return Error{where + ": " + std::to_string(s.draws) + " draws and " + std::to_string(s.ron_hands) +
                   " ron hands in " + std::to_string(s.hands) + " hands (each hand ends once)"};
    field = "end";
    const std::string end = j.at("end").get<std::string>();
    bool known = false;
    for (GameEnd e : {GameEnd::kLength, GameEnd::kBust, GameEnd::kGap, GameEnd::kMaxHands, GameEnd::kStopped})
      if (end == GameEndName(e)) s.end = e, known = true;
    if (!known) return Error{where + "/end: unknown game end \"" + PrintableText(end) + "\""};
    field = "win_values";
    const json& wins = j.at("win_values");
    if (!wins.is_array() || wins.size() > static_cast<size_t>(3 * s.hands))
      return Error{where + "/win_values: must be a list of at most 3 wins a hand (" + std::to_string(s.hands) +
                   " hands)"};
    for (size_t i = 0; i < wins.size(); ++i)
      s.win_values.push_back(static_cast<int>(num(wins[i], "win_values/" + std::to_string(i), 0, 2'000'000'000)));
    field = "seats";
    const json& seats = j.at("seats");
    if (!seats.is_array() || seats.size() != 4) return Error{where + "/seats: needs 4 seat arrays"};
    std::array<bool, 5> rank_taken{};
    for (int p = 0; p < 4; ++p) {
      const json& a = seats[p];
      const std::string at = "seats/" + std::to_string(p) + "/";
      // A summary written before substituted_hands (the last number) was recorded has one fewer.
      const size_t fields = SeatFieldNames().size();
      if (!a.is_array() || (a.size() != fields && a.size() != fields - 1))
        return Error{where + "/seats/" + std::to_string(p) + ": needs " + std::to_string(fields) + " numbers"};
      SeatStats& t = s.seats[p];
      const int64_t hands = s.hands;
      // In a complete game, rank 0 is a seat whose agent a substitute replaced (match_stats.h).
      t.rank = static_cast<int>(num(a[0], at + "0", 0, 4));
      t.ranked = s.complete && t.rank != 0;
      t.substituted = s.complete && t.rank == 0;
      t.final_score = static_cast<int>(num(a[1], at + "1", INT32_MIN, INT32_MAX));
      t.hands = static_cast<int>(num(a[2], at + "2", 0, hands));
      t.wins = static_cast<int>(num(a[3], at + "3", 0, t.hands));
      t.deal_ins = static_cast<int>(num(a[4], at + "4", 0, t.hands));
      t.riichi = static_cast<int>(num(a[5], at + "5", 0, t.hands));
      t.calls = static_cast<int>(num(a[6], at + "6", 0, t.hands));
      t.win_value = num(a[7], at + "7", 0, int64_t{1} << 50);
      t.shields_set = static_cast<int>(num(a[8], at + "8", 0, 200 * kMaxCount));
      t.exchanges = static_cast<int>(num(a[9], at + "9", 0, 200 * kMaxCount));
      t.deal_ins_avoided = static_cast<int>(num(a[10], at + "10", 0, t.exchanges));
      t.protected_tsumo = static_cast<int>(num(a[11], at + "11", 0, t.hands));
      t.points_saved = num(a[12], at + "12", 0, int64_t{1} << 50);
      for (int c = 0; c < 4; ++c)
        t.shields_lost[c] = static_cast<int>(num(a[13 + c], at + std::to_string(13 + c), 0, 200 * kMaxCount));
      if (a.size() == fields) t.substituted_hands = static_cast<int>(num(a[17], at + "17", 0, hands - t.hands));
      if (!problem.empty()) return Error{problem};
      if (t.substituted_hands > 0 && !t.substituted && s.complete)
        return Error{where + "/seats/" + std::to_string(p) + "/17: hands played by a substitute in a seat that was " +
                     "not substituted (its rank is " + std::to_string(t.rank) + ", not 0)"};
      if (t.ranked) {
        if (rank_taken[t.rank])
          return Error{where + "/seats/" + std::to_string(p) + "/0: rank " + std::to_string(t.rank) +
                       " is another seat's too (the four ranks of a game are 1, 2, 3 and 4)"};
        rank_taken[t.rank] = true;
      }
    }
    field = "hand_seats";
    const json& hands = j.at("hand_seats");
    if (!hands.is_array() || hands.size() != static_cast<size_t>(s.hands))
      return Error{where + "/hand_seats: needs one entry per hand (" + std::to_string(s.hands) + ")"};
    for (size_t h = 0; h < hands.size(); ++h) {
      const std::string at = where + "/hand_seats/" + std::to_string(h);
      if (!hands[h].is_array() || hands[h].size() != 4) return Error{at + ": needs 4 player-hand arrays"};
      std::array<HandSeatFacts, 4> four{};
      for (int p = 0; p < 4; ++p) {
        const json& a = hands[h][p];
        if (!a.is_array() || a.size() != HandSeatFieldNames().size())
          return Error{at + "/" + std::to_string(p) + ": needs " + std::to_string(HandSeatFieldNames().size()) +
                       " numbers"};
        HandSeatFacts& f = four[p];
        const std::string cell = "hand_seats/" + std::to_string(h) + "/" + std::to_string(p) + "/";
        const auto n = [&](int k, int64_t lo, int64_t hi) {
          return static_cast<int>(num(a[static_cast<size_t>(k)], cell + std::to_string(k), lo, hi));
        };
        f.shields = n(0, 0, 136);
        f.carried = n(1, 0, 136);
        f.first_tenpai = n(2, -1, 136);
        f.tenpai_end = n(3, 0, 1) != 0;
        f.faced_riichi = n(4, 0, 1) != 0;
        f.shield_when_faced = n(5, 0, 1) != 0;
        f.dealt_in_to_riichi = n(6, 0, 1) != 0;
        f.declined = n(7, 0, 136);
        f.won = n(8, 0, 1) != 0;
        f.win_value = n(9, INT_MIN, INT_MAX);
        f.delta = n(10, INT_MIN, INT_MAX);
        if (!problem.empty()) return Error{problem};
        if (f.shields < 0 || f.carried < 0 || f.carried > f.shields || f.first_tenpai < -1)
          return Error{at + "/" + std::to_string(p) + ": shields, carried or first_tenpai out of range"};
      }
      s.facts.hands.push_back(four);
    }
    field = "leaders";
    s.facts.leaders = j.at("leaders").get<std::vector<int>>();
    if (s.facts.leaders.size() != s.facts.hands.size())
      return Error{where + "/leaders: needs one entry per hand (" + std::to_string(s.hands) + ")"};
    for (int l : s.facts.leaders)
      if (l < -1 || l > 3) return Error{where + "/leaders: seat " + std::to_string(l) + " is not -1..3"};
    field = "first_winner";
    s.facts.first_winner = j.at("first_winner").get<int>();
    if (s.facts.first_winner < -1 || s.facts.first_winner > 3)
      return Error{where + "/first_winner: seat " + std::to_string(s.facts.first_winner) + " is not -1..3"};
  } catch (const std::exception& e) {
    return Error{where + "/" + field + ": " + PrintableText(e.what(), 300)};
  }
  if (!problem.empty()) return Error{problem};
  return s;
}

}  // namespace mj
