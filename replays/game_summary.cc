#include "replays/game_summary.h"

#include <algorithm>

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
    if (r.bust_ends_game && low < 0) {
      s.end = GameEnd::kBust;
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
      "protected_tsumo", "points_saved", "lost_won", "lost_dealt_in", "lost_noten", "lost_tenpai"};
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
                      t.points_saved, t.shields_lost[0], t.shields_lost[1], t.shields_lost[2], t.shields_lost[3]});
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
  GameSummary s;
  std::string field;
  try {
    field = "game";
    s.game = j.at("game").get<long>();
    field = "seed";
    s.seed = std::stoull(j.at("seed").get<std::string>());
    field = "set";
    s.set = j.at("set").get<long>();
    field = "rotation";
    s.rotation = j.at("rotation").get<int>();
    field = "seating";
    s.seating = j.at("seating").get<std::array<int, 4>>();
    for (int e : s.seating)
      if (e < 0 || e > 3) return Error{where + "/seating: entry " + std::to_string(e) + " is not 0..3"};
    field = "complete";
    s.complete = j.at("complete").get<bool>();
    field = "hands";
    s.hands = j.at("hands").get<int>();
    field = "draws";
    s.draws = j.at("draws").get<int>();
    field = "ron_hands";
    s.ron_hands = j.at("ron_hands").get<int>();
    field = "turns";
    s.turns = j.at("turns").get<int>();
    field = "end";
    const std::string end = j.at("end").get<std::string>();
    bool known = false;
    for (GameEnd e : {GameEnd::kLength, GameEnd::kBust, GameEnd::kGap, GameEnd::kMaxHands, GameEnd::kStopped})
      if (end == GameEndName(e)) s.end = e, known = true;
    if (!known) return Error{where + "/end: unknown game end \"" + end + "\""};
    field = "win_values";
    s.win_values = j.at("win_values").get<std::vector<int>>();
    field = "seats";
    const json& seats = j.at("seats");
    if (!seats.is_array() || seats.size() != 4) return Error{where + "/seats: needs 4 seat arrays"};
    for (int p = 0; p < 4; ++p) {
      const json& a = seats[p];
      if (!a.is_array() || a.size() != SeatFieldNames().size())
        return Error{where + "/seats/" + std::to_string(p) + ": needs " + std::to_string(SeatFieldNames().size()) +
                     " numbers"};
      SeatStats& t = s.seats[p];
      t.ranked = s.complete;
      t.rank = a[0].get<int>();
      t.final_score = a[1].get<int>();
      t.hands = a[2].get<int>();
      t.wins = a[3].get<int>();
      t.deal_ins = a[4].get<int>();
      t.riichi = a[5].get<int>();
      t.calls = a[6].get<int>();
      t.win_value = a[7].get<long long>();
      t.shields_set = a[8].get<int>();
      t.exchanges = a[9].get<int>();
      t.deal_ins_avoided = a[10].get<int>();
      t.protected_tsumo = a[11].get<int>();
      t.points_saved = a[12].get<long long>();
      for (int c = 0; c < 4; ++c) t.shields_lost[c] = a[13 + c].get<int>();
      if (s.complete && (t.rank < 1 || t.rank > 4))
        return Error{where + "/seats/" + std::to_string(p) + "/0: rank " + std::to_string(t.rank) + " is not 1..4"};
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
        f.shields = a[0].get<int>();
        f.carried = a[1].get<int>();
        f.first_tenpai = a[2].get<int>();
        f.tenpai_end = a[3].get<int>() != 0;
        f.faced_riichi = a[4].get<int>() != 0;
        f.shield_when_faced = a[5].get<int>() != 0;
        f.dealt_in_to_riichi = a[6].get<int>() != 0;
        f.declined = a[7].get<int>();
        f.won = a[8].get<int>() != 0;
        f.win_value = a[9].get<int>();
        f.delta = a[10].get<int>();
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
    return Error{where + "/" + field + ": " + e.what()};
  }
  return s;
}

}  // namespace mj
