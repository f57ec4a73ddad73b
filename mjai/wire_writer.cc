// The wire text of events, streamed (see wire_writer.h). Every object's keys are written in byte
// order, as nlohmann::json (a std::map) dumps them; every value as nlohmann formats it.
#include "mjai/wire_writer.h"

#include <algorithm>
#include <charconv>

#include <nlohmann/json.hpp>

#include "replays/json_text.h"
#include "replays/replay_writer.h"
#include "replays/score_codec.h"

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
using json_text::SeatArray;
// `["?","?",...]`, n of them.
void Hidden(int n, std::string* out) {
  out->push_back('[');
  for (int i = 0; i < n; ++i) out->append(i ? ",\"?\"" : "\"?\"");
  out->push_back(']');
}
void Type(EventType t, std::string* out) {
  Key("type", out);
  out->push_back('"');
  out->append(EventTypeName(t));
  out->append("\"}");
}

// Skips the JSON value at `at` in `s` (our own output: strings, numbers, literals, arrays,
// objects); returns the position after it.
size_t SkipValue(const std::string& s, size_t at) {
  int depth = 0;
  bool in_string = false;
  for (; at < s.size(); ++at) {
    const char c = s[at];
    if (in_string) {
      if (c == '\\') {
        ++at;
      } else if (c == '"') {
        in_string = false;
        if (depth == 0) return at + 1;
      }
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '[':
      case '{': ++depth; break;
      case ']':
      case '}':
        if (depth == 0) return at;  // the end of the enclosing object
        if (--depth == 0) return at + 1;
        break;
      case ',':
        if (depth == 0) return at;
        break;
      default: break;
    }
  }
  return at;
}

}  // namespace

long InsertMember(std::string* text, size_t begin, size_t end, std::string_view key, std::string_view value) {
  std::string& s = *text;
  size_t at = begin + 1;  // after '{'
  bool first = true;
  while (at < end && s[at] != '}') {
    // A member: "name":value
    const size_t name_end = s.find('"', at + 1);
    const std::string_view name(s.data() + at + 1, name_end - at - 1);
    if (name >= key) {
      if (name == key) {  // replace the value
        const size_t value_at = name_end + 2;
        const size_t value_end = SkipValue(s, value_at);
        s.replace(value_at, value_end - value_at, value);
        return static_cast<long>(value.size()) - static_cast<long>(value_end - value_at);
      }
      break;
    }
    at = SkipValue(s, name_end + 2);
    if (at < end && s[at] == ',') ++at;
    first = false;
  }
  std::string member;
  member.reserve(key.size() + value.size() + 4);
  const bool before_another = at < end && s[at] != '}';
  if (!first && !before_another) member.push_back(',');
  member.push_back('"');
  member.append(key);
  member.append("\":");
  member.append(value);
  if (before_another) member.push_back(',');
  s.insert(at, member);
  return static_cast<long>(member.size());
}

MjaiWireWriter::MjaiWireWriter(const Ruleset& rules, MjaiDialect dialect, const std::array<std::string, 4>& names)
    : rules_(rules), dialect_(dialect), names_(names), tile_names_(&CachedRulesetText(rules).tile_names) {}

void MjaiWireWriter::AppendTile(Tile t, std::string* out) const {
  out->push_back('"');
  out->append(t < kNumTiles ? std::string_view((*tile_names_)[t]) : std::string_view("?"));
  out->push_back('"');
}

void MjaiWireWriter::AppendTiles(const Tile* tiles, size_t n, std::string* out) const {
  out->push_back('[');
  for (size_t i = 0; i < n; ++i) {
    if (i) out->push_back(',');
    AppendTile(tiles[i], out);
  }
  out->push_back(']');
}

void MjaiWireWriter::Next(const Event& e, std::span<const Tile> shown, const std::array<int, 4>* peach) {
  type_ = e.type;
  actor_ = e.actor;
  const int a = e.actor;
  const bool seat_ok = a >= 0 && a < 4;
  // The state the views depend on, as MjaiEventWriter::Next keeps it.
  switch (e.type) {
    case EventType::kStartGame: scores_.fill(rules_.starting_points); break;
    case EventType::kStartKyoku:
      if (e.start) {
        scores_ = e.start->scores;
        for (int p = 0; p < 4; ++p) hand_size_[p] = static_cast<int>(e.start->tehais[p].size());
      }
      discard_from_shield_.fill(false);
      break;
    case EventType::kTsumo:
      if (seat_ok) ++hand_size_[a];
      last_tsumo_actor_ = a;
      break;
    case EventType::kDahai:
      if (seat_ok && !discard_from_shield_[a]) --hand_size_[a];
      if (seat_ok) discard_from_shield_[a] = false;
      break;
    case EventType::kChi:
    case EventType::kPon:
    case EventType::kDaiminkan:
    case EventType::kAnkan:
    case EventType::kKakan:
      if (seat_ok) hand_size_[a] -= e.type == EventType::kKakan ? 1 : e.num_consumed;
      break;
    case EventType::kShieldSet:
      if (seat_ok) --hand_size_[a];
      break;
    case EventType::kExchange:
      if (seat_ok) {
        --hand_size_[a];
        discard_from_shield_[a] = true;
      }
      break;
    case EventType::kReachAccepted:
      if (seat_ok) scores_[a] -= rules_.riichi_deposit;
      break;
    case EventType::kHora:
      if (e.hora) scores_ = e.hora->scores;
      break;
    case EventType::kRyukyoku:
      if (e.ryukyoku) scores_ = e.ryukyoku->scores;
      break;
    default: break;
  }
  Render(e, shown);
  if (PeachCountsDue(rules_, e.type, peach, &last_peach_)) {
    std::string value = "[";
    for (int p = 0; p < 4; ++p) {
      if (p) value.push_back(',');
      value.append(std::to_string(last_peach_[p]));
    }
    value.push_back(']');
    // "peach_counts" sorts after "pai" and before "possible_actions": a hint goes after it.
    const auto insert = [&](std::string* text, size_t* hint_at) {
      const long grown = InsertMember(text, 0, text->size(), "peach_counts", value);
      if (hint_at != nullptr && *hint_at > 0) *hint_at += static_cast<size_t>(grown);
    };
    insert(&full_, &hint_at_);
    if (!hidden_.empty()) insert(&hidden_, &hidden_hint_at_);
    if (e.type == EventType::kStartKyoku)
      for (std::string& text : seat_text_) insert(&text, nullptr);
  }
}

void MjaiWireWriter::Render(const Event& e, std::span<const Tile> shown) {
  std::string* out = &full_;
  out->clear();
  hidden_.clear();
  hint_at_ = hidden_hint_at_ = 0;
  const auto actor = [&](std::string* o) {
    Key("actor", o, true);
    Int(e.actor, o);
  };
  switch (e.type) {
    case EventType::kStartGame:
    case EventType::kStartKyoku:
      for (int s = -1; s < 4; ++s) {
        std::string& text = s < 0 ? full_ : seat_text_[s];
        text.clear();
        if (e.type == EventType::kStartGame) {
          AppendStartGame(s, &text);
        } else {
          AppendStartKyoku(e, s, &text);
        }
      }
      return;
    case EventType::kTsumo:
    case EventType::kShieldSet:
      out->push_back('{');
      actor(out);
      hidden_ = *out;
      Key("pai", out);
      AppendTile(e.pai, out);
      Key("pai", &hidden_);
      hidden_.append("\"?\"");
      hint_at_ = out->size();
      hidden_hint_at_ = hidden_.size();
      Type(e.type, out);
      Type(e.type, &hidden_);
      return;
    case EventType::kDahai:
      out->push_back('{');
      actor(out);
      Key("pai", out);
      AppendTile(e.pai, out);
      hint_at_ = out->size();
      Key("tsumogiri", out);
      Bool(e.tsumogiri, out);
      break;
    case EventType::kChi:
    case EventType::kPon:
    case EventType::kDaiminkan:
    case EventType::kKakan:
      out->push_back('{');
      actor(out);
      Key("consumed", out);
      AppendTiles(e.consumed.data(), e.num_consumed, out);
      Key("pai", out);
      AppendTile(e.pai, out);
      if (e.type == EventType::kKakan) hint_at_ = out->size();
      if (e.type != EventType::kKakan) {
        Key("target", out);
        Int(e.target, out);
      }
      break;
    case EventType::kAnkan:
      out->push_back('{');
      actor(out);
      if (rules_.closed_kan_hidden) {
        hidden_ = *out;
        Key("consumed", &hidden_);
        Hidden(e.num_consumed, &hidden_);
        Type(e.type, &hidden_);
      }
      Key("consumed", out);
      AppendTiles(e.consumed.data(), e.num_consumed, out);
      break;
    case EventType::kDora:
      Key("dora_marker", (out->push_back('{'), out), true);
      AppendTile(e.pai, out);
      break;
    case EventType::kReach:
      out->push_back('{');
      actor(out);
      if (e.open) out->append(",\"open\":true");
      if (e.open && !shown.empty()) {
        Key("tehai", out);
        AppendTiles(shown.data(), shown.size(), out);
      }
      break;
    case EventType::kReachAccepted: {
      out->push_back('{');
      actor(out);
      std::array<int, 4> deltas{};
      if (e.actor >= 0 && e.actor < 4) deltas[e.actor] = -rules_.riichi_deposit;
      Key("deltas", out);
      Ints(deltas, out);
      Key("scores", out);
      Ints(scores_, out);
      break;
    }
    case EventType::kExchange:
      out->push_back('{');
      actor(out);
      Key("pai", out);
      AppendTile(e.pai, out);
      Key("shield", out);
      AppendTile(e.consumed[0], out);
      break;
    case EventType::kProtection:
      out->push_back('{');
      actor(out);
      Key("pai", out);
      AppendTile(e.pai, out);
      Key("target", out);
      Int(e.target, out);
      break;
    case EventType::kShieldsLost:
      out->push_back('{');
      actor(out);
      Key("cause", out);
      out->push_back('"');
      out->append(ShieldLossCauseName(e.cause));
      out->push_back('"');
      Key("count", out);
      Int(e.count, out);
      Key("tiles", out);
      AppendTiles(e.tiles.data(), e.tiles.size(), out);
      break;
    case EventType::kHora: {
      out->push_back('{');
      actor(out);
      const HoraInfo* h = e.hora.get();
      const bool gimite = dialect_ == MjaiDialect::kGimite;
      if (h) {
        Key("deltas", out);
        Ints(h->deltas, out);
        Key("hora_tehais", out);
        AppendTiles(h->hand.data(), h->hand.size(), out);
      }
      Key("pai", out);
      AppendTile(e.pai, out);
      if (h) {
        if (!gimite || h->pao != -1) {
          Key("pao", out);
          Int(h->pao, out);
        }
        Key("score", out);
        out->append(ScoreToJson(h->score).dump());  // once per win: the reference formatting
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
      Key("target", out);
      Int(e.target, out);
      Type(e.type, out);
      if (h) {
        out->pop_back();
        Key(gimite ? "uradora_markers" : "ura_markers", out);
        AppendTiles(h->ura_markers.data(), h->ura_markers.size(), out);
        out->push_back('}');
      } else if (gimite) {  // the reference form moves a missing "ura_markers" (null) over
        out->pop_back();
        out->append(",\"uradora_markers\":null}");
      }
      return;
    }
    case EventType::kRyukyoku:
      out->push_back('{');
      if (const RyukyokuInfo* r = e.ryukyoku.get()) {
        if (r->reason == DrawReason::kNineTerminals && last_tsumo_actor_ >= 0) {
          Key("actor", out, true);
          Int(last_tsumo_actor_, out);
          out->push_back(',');
        }
        Key("deltas", out, true);
        Ints(r->deltas, out);
        Key("nagashi", out);
        Bools(r->nagashi, out);
        Key("reason", out);
        out->push_back('"');
        out->append(RyukyokuReason(*r));
        out->push_back('"');
        Key("scores", out);
        Ints(r->scores, out);
        Key("tehais", out);
        out->push_back('[');
        for (int p = 0; p < 4; ++p) {
          if (p) out->push_back(',');
          if (!r->hands[p].empty()) {
            AppendTiles(r->hands[p].data(), r->hands[p].size(), out);
          } else if (dialect_ == MjaiDialect::kGimite) {
            Hidden(std::max(0, hand_size_[p]), out);
          } else {
            out->append("null");
          }
        }
        out->push_back(']');
        Key("tenpais", out);
        Bools(r->tenpai, out);
      } else {
        out->append("\"type\":\"ryukyoku\"}");
        return;
      }
      break;
    case EventType::kEndGame:
      out->push_back('{');
      if (const EndGameInfo* g = e.end.get()) {
        Key("ranks", out, true);
        Ints(g->ranks, out);
        Key("results", out);
        SeatArray(g->results, Double, out);
        Key("scores", out);
        Ints(g->scores, out);
      } else {
        out->append("\"type\":\"end_game\"}");
        return;
      }
      break;
    case EventType::kEndKyoku:
    case EventType::kCount:
      out->append("{\"type\":\"");
      out->append(EventTypeName(e.type));
      out->append("\"}");
      return;
  }
  Type(e.type, out);
}

void MjaiWireWriter::AppendStartGame(int seat, std::string* out) const {
  out->append("{\"aka_flag\":");
  Bool(std::any_of(rules_.red_fives.begin(), rules_.red_fives.end(), [](uint8_t n) { return n > 0; }), out);
  if (seat >= 0) {
    Key("id", out);
    Int(seat, out);
  }
  Key("kyoku_first", out);
  Int(rules_.length == GameLength::kEast ? 4 : 0, out);
  Key("names", out);
  out->push_back('[');
  for (int i = 0; i < 4; ++i) {
    if (i) out->push_back(',');
    AppendJsonString(names_[i], out);
  }
  out->push_back(']');
  Type(EventType::kStartGame, out);
}

void MjaiWireWriter::AppendStartKyoku(const Event& e, int seat, std::string* out) const {
  out->push_back('{');
  const StartKyokuInfo* s = e.start.get();
  if (!s) {
    // The reference form masks a missing "tehais" (null) into a list that has [] for every
    // other seat and null for the own one.
    if (seat >= 0) {
      Key("tehais", out, true);
      out->push_back('[');
      const int size = seat == 3 ? 3 : 4;
      for (int p = 0; p < size; ++p) {
        if (p) out->push_back(',');
        out->append(p == seat ? "null" : "[]");
      }
      out->push_back(']');
      out->push_back(',');
    }
    out->append("\"type\":\"start_kyoku\"}");
    return;
  }
  Key("bakaze", out, true);
  out->push_back('"');
  out->push_back(kWindNames[s->bakaze & 3]);
  out->push_back('"');
  Key("dora_marker", out);
  if (s->dora_marker == kNoTile) {
    out->append("null");
  } else {
    AppendTile(s->dora_marker, out);
  }
  Key("honba", out);
  Int(s->honba, out);
  Key("kyoku", out);
  Int(s->kyoku, out);
  Key("kyotaku", out);
  Int(s->kyotaku, out);
  Key("oya", out);
  Int(s->oya, out);
  Key("scores", out);
  Ints(s->scores, out);
  if (rules_.shields.enabled) {
    Key("shields_carried", out);
    Ints(s->shields_carried, out);
  }
  Key("tehais", out);
  out->push_back('[');
  for (int p = 0; p < 4; ++p) {
    if (p) out->push_back(',');
    if (seat < 0 || p == seat) {
      AppendTiles(s->tehais[p].data(), s->tehais[p].size(), out);
    } else {
      Hidden(static_cast<int>(s->tehais[p].size()), out);
    }
  }
  out->push_back(']');
  Type(EventType::kStartKyoku, out);
}

void MjaiWireWriter::AppendForSeat(int seat, std::string* out, bool empty_hints) const {
  if (type_ == EventType::kStartGame || type_ == EventType::kStartKyoku) {
    out->append(seat < 0 ? full_ : seat_text_[seat]);
    return;
  }
  const bool hidden = seat >= 0 && seat != actor_ && !hidden_.empty();
  const std::string& text = hidden ? hidden_ : full_;
  const size_t at = hidden ? hidden_hint_at_ : hint_at_;
  if (empty_hints && at > 0) {
    out->append(text, 0, at);
    out->append(",\"possible_actions\":[]");
    out->append(text, at);
  } else {
    out->append(text);
  }
}

}  // namespace mj
