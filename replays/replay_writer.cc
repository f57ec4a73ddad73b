// The replay file text, streamed (see replay_writer.h). Every key order here is DumpOrdered's
// (replays/mjai_events.cc, kKeyOrder); every value is formatted as nlohmann::json::dump does.

#include "replays/replay_writer.h"

#include <algorithm>
#include <charconv>

#include <nlohmann/json.hpp>

#include "replays/json_text.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/score_codec.h"
#include "rules/score_json.h"

namespace mj {
namespace {

using json_text::Bool;
using json_text::Bools;
using json_text::Double;
using json_text::Int;
using json_text::Ints;
using json_text::Key;
using json_text::kWindNames;
using json_text::RyukyokuReason;
using json_text::Doubles;
using json_text::SeatArray;
// `,"key":value` for a number and for a string.
void KeyInt(const char* key, long long v, std::string* out) {
  Key(key, out);
  Int(v, out);
}
void KeyString(const char* key, std::string_view v, std::string* out) {
  Key(key, out);
  AppendJsonString(v, out);
}

// han as HanToJson gives it: a whole number, or a double.
void Han(int sixths, std::string* out) {
  if (sixths % 6 == 0) {
    Int(sixths / 6, out);
  } else {
    Double(sixths / 6.0, out);
  }
}

void Score(const ScoreResult& r, std::string* out) {
  if (!r.ok()) {  // never in a played game; the reference formatting covers it
    out->append(DumpOrdered(ScoreToJson(r)));
    return;
  }
  out->append("{\"ok\":true");
  Key("han", out);
  Han(r.han_sixths, out);
  KeyInt("han_sixths", r.han_sixths, out);
  KeyInt("fu", r.fu, out);
  KeyInt("yakuman", r.yakuman, out);
  KeyString("limit", LimitName(r.limit), out);
  Key("yaku", out);
  out->push_back('[');
  for (size_t i = 0; i < r.yaku.size(); ++i) {
    const YakuEntry& e = r.yaku[i];
    if (i) out->push_back(',');
    out->append("{\"name\":");
    AppendJsonString(YakuName(e.id), out);
    Key("han", out);
    if (e.yakuman) {
      Int(13 * e.yakuman, out);
      KeyInt("yakuman", e.yakuman, out);
    } else {
      Han(e.sixths, out);
    }
    if (e.limit != Limit::kNone) KeyString("limit", LimitName(e.limit), out);
    out->push_back('}');
  }
  out->push_back(']');
  Key("fu_breakdown", out);
  out->push_back('[');
  for (size_t i = 0; i < r.fu_breakdown.size(); ++i) {
    if (i) out->push_back(',');
    out->append("{\"reason\":");
    AppendJsonString(FuReasonText(r.fu_breakdown[i]), out);
    KeyInt("fu", r.fu_breakdown[i].fu, out);
    out->push_back('}');
  }
  out->push_back(']');
  Key("payment", out);
  switch (r.payment.kind) {
    case PaymentKind::kRon:
      Key("ron", out, (out->push_back('{'), true));
      Int(r.payment.ron, out);
      break;
    case PaymentKind::kTsumoNonDealer:
      Key("dealer", out, (out->push_back('{'), true));
      Int(r.payment.dealer, out);
      KeyInt("non_dealer", r.payment.non_dealer, out);
      break;
    case PaymentKind::kTsumoDealer:
      Key("each", out, (out->push_back('{'), true));
      Int(r.payment.each, out);
      break;
  }
  out->push_back('}');
  KeyInt("honba_bonus", r.honba_bonus, out);
  KeyInt("deposits", r.deposits, out);
  KeyInt("total", r.total, out);
  out->push_back('}');
}

// One hand's summary as HandsSummary (replays/replay.cc) folds it from the events.
struct HandSummary {
  const StartKyokuInfo* start = nullptr;
  std::string_view result = "unfinished";
  std::string_view reason;  // empty: absent
  bool has_winners = false;
  int target = -1;
  std::vector<int> winners;
  std::array<int, 4> deltas{};
  std::array<int, 4> scores{};

  void Append(std::string* out) const {
    out->append("{\"bakaze\":\"");
    out->push_back(kWindNames[start->bakaze & 3]);
    out->push_back('"');
    KeyInt("kyoku", start->kyoku, out);
    KeyInt("honba", start->honba, out);
    KeyInt("kyotaku", start->kyotaku, out);
    KeyInt("oya", start->oya, out);
    KeyString("result", result, out);
    if (!reason.empty()) {
      KeyString("reason", reason, out);
    }
    if (has_winners) {
      KeyInt("target", target, out);
      Key("winners", out);
      out->push_back('[');
      for (size_t i = 0; i < winners.size(); ++i) {
        if (i) out->push_back(',');
        Int(winners[i], out);
      }
      out->push_back(']');
    }
    Key("deltas", out);
    Ints(deltas, out);
    Key("scores", out);
    Ints(scores, out);
    out->push_back('}');
  }
};

std::vector<HandSummary> Hands(const std::vector<Event>& events, const Ruleset& rules) {
  std::vector<HandSummary> hands;
  std::array<int, 4> running{};
  for (const Event& e : events) {
    HandSummary* hand = hands.empty() ? nullptr : &hands.back();
    switch (e.type) {
      case EventType::kStartKyoku:
        if (!e.start) break;
        running = e.start->scores;
        hands.emplace_back();
        hands.back().start = e.start.get();
        hands.back().scores = running;
        break;
      case EventType::kReachAccepted:
        if (!hand || e.actor < 0 || e.actor > 3) break;
        running[e.actor] -= rules.riichi_deposit;
        hand->scores = running;
        break;
      case EventType::kHora:
        if (!hand || !e.hora) break;
        if (hand->result != "hora") {
          hand->result = "hora";
          hand->has_winners = true;
          hand->winners.clear();
          hand->target = e.target;
        }
        hand->winners.push_back(e.actor);
        for (int p = 0; p < 4; ++p) hand->deltas[p] += e.hora->deltas[p];
        running = e.hora->scores;
        hand->scores = running;
        break;
      case EventType::kRyukyoku:
        if (!hand || !e.ryukyoku) break;
        hand->result = "ryukyoku";
        hand->reason = RyukyokuReason(*e.ryukyoku);
        hand->deltas = e.ryukyoku->deltas;
        running = e.ryukyoku->scores;
        hand->scores = running;
        break;
      default: break;
    }
  }
  return hands;
}

}  // namespace

void AppendJsonString(std::string_view s, std::string* out) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) {  // UTF-8 (or not): nlohmann decides
      // Text from outside (a bot's answer quoted in a fault, a player's name) may not be valid
      // UTF-8: such bytes are written as U+FFFD rather than aborting the whole replay.
      out->append(nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      return;
    }
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (const char c : s) {
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\b': out->append("\\b"); break;
      case '\f': out->append("\\f"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out->append("\\u00");
          out->push_back(kHex[(c >> 4) & 0xF]);
          out->push_back(kHex[c & 0xF]);
        } else {
          out->push_back(c);
        }
    }
  }
  out->push_back('"');
}

const RulesetText& CachedRulesetText(const Ruleset& rules) {
  thread_local std::unique_ptr<RulesetText> cache;
  if (!cache || !(cache->rules == rules)) {
    auto fresh = std::make_unique<RulesetText>();
    fresh->rules = rules;
    fresh->json = RulesetToJson(rules).dump();
    for (int t = 0; t < kNumTiles; ++t) fresh->tile_names[t] = MjaiTile(static_cast<mj::Tile>(t), rules);
    cache = std::move(fresh);
  }
  return *cache;
}

EventTextWriter::EventTextWriter(const Ruleset& rules, const std::array<std::string, 4>& names)
    : rules_(rules), names_(names), tile_names_(&CachedRulesetText(rules).tile_names) {}

void EventTextWriter::AppendTile(mj::Tile t, std::string* out) const {
  out->push_back('"');
  out->append(t < kNumTiles ? std::string_view((*tile_names_)[t]) : std::string_view("?"));
  out->push_back('"');
}

void EventTextWriter::AppendTiles(const mj::Tile* tiles, size_t n, std::string* out) const {
  out->push_back('[');
  for (size_t i = 0; i < n; ++i) {
    if (i) out->push_back(',');
    AppendTile(tiles[i], out);
  }
  out->push_back(']');
}

void EventTextWriter::Append(const Event& e, std::string* out) {
  out->append("{\"type\":\"");
  out->append(EventTypeName(e.type));
  out->push_back('"');
  auto actor = [&] {
    KeyInt("actor", e.actor, out);
  };
  auto target = [&] {
    KeyInt("target", e.target, out);
  };
  auto pai = [&] {
    Key("pai", out);
    AppendTile(e.pai, out);
  };
  auto consumed = [&] {
    Key("consumed", out);
    AppendTiles(e.consumed.data(), e.num_consumed, out);
  };
  switch (e.type) {
    case EventType::kStartGame:
      scores_.fill(rules_.starting_points);
      Key("names", out);
      out->push_back('[');
      for (int i = 0; i < 4; ++i) {
        if (i) out->push_back(',');
        AppendJsonString(names_[i], out);
      }
      out->push_back(']');
      KeyInt("kyoku_first", rules_.length == GameLength::kEast ? 4 : 0, out);
      Key("aka_flag", out);
      Bool(std::any_of(rules_.red_fives.begin(), rules_.red_fives.end(), [](uint8_t n) { return n > 0; }), out);
      break;
    case EventType::kStartKyoku:
      if (const StartKyokuInfo* s = e.start.get()) {
        scores_ = s->scores;
        Key("bakaze", out);
        out->push_back('"');
        out->push_back(kWindNames[s->bakaze & 3]);
        out->push_back('"');
        KeyInt("kyoku", s->kyoku, out);
        KeyInt("honba", s->honba, out);
        KeyInt("kyotaku", s->kyotaku, out);
        KeyInt("oya", s->oya, out);
        Key("dora_marker", out);
        if (s->dora_marker == kNoTile) {
          out->append("null");
        } else {
          AppendTile(s->dora_marker, out);
        }
        Key("scores", out);
        Ints(s->scores, out);
        Key("tehais", out);
        out->push_back('[');
        for (int p = 0; p < 4; ++p) {
          if (p) out->push_back(',');
          AppendTiles(s->tehais[p].data(), s->tehais[p].size(), out);
        }
        out->push_back(']');
        if (rules_.shields.enabled) {
          Key("shields_carried", out);
          Ints(s->shields_carried, out);
        }
      }
      break;
    case EventType::kTsumo:
    case EventType::kShieldSet:
      actor();
      pai();
      break;
    case EventType::kDahai:
      actor();
      pai();
      Key("tsumogiri", out);
      Bool(e.tsumogiri, out);
      break;
    case EventType::kChi:
    case EventType::kPon:
    case EventType::kDaiminkan:
      actor();
      target();
      pai();
      consumed();
      break;
    case EventType::kKakan:
      actor();
      pai();
      consumed();
      break;
    case EventType::kAnkan:
      actor();
      consumed();
      break;
    case EventType::kDora:
      Key("dora_marker", out);
      AppendTile(e.pai, out);
      break;
    case EventType::kReach:
      actor();
      if (e.open) out->append(",\"open\":true");
      break;
    case EventType::kReachAccepted: {
      actor();
      std::array<int, 4> deltas{};
      if (e.actor >= 0 && e.actor < 4) {
        deltas[e.actor] = -rules_.riichi_deposit;
        scores_[e.actor] -= rules_.riichi_deposit;
      }
      Key("deltas", out);
      Ints(deltas, out);
      Key("scores", out);
      Ints(scores_, out);
      break;
    }
    case EventType::kExchange:
      actor();
      pai();
      Key("shield", out);
      AppendTile(e.consumed[0], out);
      break;
    case EventType::kProtection:
      actor();
      target();
      pai();
      break;
    case EventType::kShieldsLost:
      actor();
      KeyInt("count", e.count, out);
      Key("tiles", out);
      AppendTiles(e.tiles.data(), e.tiles.size(), out);
      KeyString("cause", ShieldLossCauseName(e.cause), out);
      break;
    case EventType::kHora:
      actor();
      target();
      pai();
      if (const HoraInfo* h = e.hora.get()) {
        scores_ = h->scores;
        Key("hora_tehais", out);
        AppendTiles(h->hand.data(), h->hand.size(), out);
        Key("ura_markers", out);
        AppendTiles(h->ura_markers.data(), h->ura_markers.size(), out);
        KeyInt("pao", h->pao, out);
        Key("score", out);
        Score(h->score, out);
        Key("deltas", out);
        Ints(h->deltas, out);
        Key("scores", out);
        Ints(h->scores, out);
        if (h->side) {
          Key("side_settlement", out);
          out->append("{\"deltas\":");
          Ints(h->side_deltas, out);
          Key("values", out);
          Ints(h->side_values, out);
          out->push_back('}');
        }
      }
      break;
    case EventType::kRyukyoku:
      if (const RyukyokuInfo* r = e.ryukyoku.get()) {
        scores_ = r->scores;
        KeyString("reason", RyukyokuReason(*r), out);
        Key("tenpais", out);
        Bools(r->tenpai, out);
        Key("tehais", out);
        out->push_back('[');
        for (int p = 0; p < 4; ++p) {
          if (p) out->push_back(',');
          if (r->hands[p].empty()) {
            out->append("null");
          } else {
            AppendTiles(r->hands[p].data(), r->hands[p].size(), out);
          }
        }
        out->push_back(']');
        Key("nagashi", out);
        Bools(r->nagashi, out);
        Key("deltas", out);
        Ints(r->deltas, out);
        Key("scores", out);
        Ints(r->scores, out);
      }
      break;
    case EventType::kEndKyoku: break;
    case EventType::kEndGame:
      if (const EndGameInfo* g = e.end.get()) {
        Key("scores", out);
        Ints(g->scores, out);
        Key("ranks", out);
        Ints(g->ranks, out);
        Key("results", out);
        Doubles(g->results, out);
      }
      break;
    case EventType::kCount: break;
  }
  out->push_back('}');
}

void AppendReplayText(const GameRecord& record, std::string* out) {
  out->append("{\"format\":\"mahjong-replay\",\"version\":");
  Int(kReplayFormatVersion, out);
  out->append(",\"seed\":\"");
  char buf[24];
  out->append(buf, std::to_chars(buf, buf + sizeof buf, record.seed).ptr);
  out->append("\",\"agents\":[");
  for (int i = 0; i < 4; ++i) {
    if (i) out->push_back(',');
    AppendJsonString(record.agents[i], out);
  }
  out->append("],\"complete\":");
  Bool(record.complete, out);
  if (!record.complete) {
    KeyString("error", record.error, out);
  }
  if (record.match) {  // once per game: the reference formatting
    Key("match", out);
    out->append(DumpOrdered(MatchInfoToJson(*record.match)));
  }
  if (!record.faults.empty()) {  // rare: the reference formatting (ReplayToJson's "faults")
    Key("faults", out);
    out->append(DumpOrdered(FaultsToJson(record.faults)));
  }
  if (record.imported) {
    Key("imported", out);
    out->append(DumpOrdered(nlohmann::json{{"format", record.imported->format}, {"file", record.imported->file}}));
  }
  out->append(",\n\"ruleset\":");
  out->append(CachedRulesetText(record.rules).json);
  out->append(",\n\"final\":");
  if (record.complete) {
    out->append("{\"scores\":");
    Ints(record.end.scores, out);
    Key("ranks", out);
    Ints(record.end.ranks, out);
    Key("results", out);
    Doubles(record.end.results, out);
    out->push_back('}');
  } else {
    out->append("null");
  }
  out->append(",\n\"hands\":[");
  const std::vector<HandSummary> hands = Hands(record.events, record.rules);
  for (size_t i = 0; i < hands.size(); ++i) {
    out->append(i ? ",\n" : "\n");
    hands[i].Append(out);
  }
  out->append("\n],\n\"events\":[");
  EventTextWriter events(record.rules, record.agents);
  for (size_t i = 0; i < record.events.size(); ++i) {
    out->append(i ? ",\n" : "\n");
    events.Append(record.events[i], out);
  }
  out->append("\n]");
  if (!record.walls.empty()) {
    out->append(",\n\"walls\":[");
    for (size_t i = 0; i < record.walls.size(); ++i) {
      out->append(i ? ",\n" : "\n");
      out->append(WallToJson(record.walls[i], record.rules).dump());
    }
    out->append("\n]");
  }
  out->append("}\n");
}

std::string ReplayText(const GameRecord& record) {
  std::string out;
  out.reserve(1024 + 120 * record.events.size());
  AppendReplayText(record, &out);
  return out;
}

}  // namespace mj
