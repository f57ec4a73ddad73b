// Engine events -> mjai JSON: EventToJson, EventsToJson and the ordered one-line dump.
#include "replays/mjai_events.h"

#include <algorithm>
#include <array>
#include <utility>

#include "engine/win_check.h"
#include "replays/mjai_names.h"
#include "replays/replay.h"
#include "replays/score_codec.h"

namespace mj {
namespace {

using mjai_names::kNagashiReason;
using mjai_names::kWindNames;
using mjai_names::Quote;
using nlohmann::json;

json TilesJson(const Tile* tiles, size_t n, const Ruleset& rules) {
  json out = json::array();
  for (size_t i = 0; i < n; ++i) out.push_back(MjaiTile(tiles[i], rules));
  return out;
}
json TilesJson(const std::vector<Tile>& tiles, const Ruleset& rules) {
  return TilesJson(tiles.data(), tiles.size(), rules);
}

json Array4(const std::array<int, 4>& a) { return json(a); }

// Global key order of DumpOrdered (earlier = first); keys not listed come after, alphabetically.
constexpr std::array<std::string_view, 60> kKeyOrder = {
    "format", "version", "seed", "agents", "complete", "error",
    "type", "name", "names", "kyoku_first", "aka_flag",
    "bakaze", "kyoku", "honba", "kyotaku", "oya", "result", "reason",
    "actor", "target", "winners", "pai", "shield", "consumed", "tsumogiri", "open", "count", "tiles", "cause",
    "dora_marker",
    "hora_tehais", "ura_markers", "pao",
    "ok", "han", "han_sixths", "fu", "yakuman", "limit", "yaku", "fu_breakdown", "payment",
    "ron", "dealer", "non_dealer", "each", "honba_bonus", "deposits", "total", "score",
    "tenpais", "tehais", "nagashi", "deltas", "scores", "ranks", "results",
    "ruleset", "final"};

int KeyRank(const std::string& key, bool start_kyoku) {
  if (start_kyoku && key == "tehais") return KeyRank("scores", false) + 1;  // mjai: scores, tehais
  if (start_kyoku && key == "shields_carried") return KeyRank("scores", false) + 2;  // then ours
  for (size_t i = 0; i < kKeyOrder.size(); ++i)
    if (kKeyOrder[i] == key) return static_cast<int>(i) * 2;
  return static_cast<int>(kKeyOrder.size()) * 2;
}

void DumpTo(const json& j, std::string* out) {
  if (j.is_object()) {
    std::vector<std::pair<int, const std::string*>> keys;
    const auto type = j.find("type");
    const bool start_kyoku = type != j.end() && *type == "start_kyoku";
    for (auto it = j.begin(); it != j.end(); ++it) keys.emplace_back(KeyRank(it.key(), start_kyoku), &it.key());
    std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : *a.second < *b.second;
    });
    *out += '{';
    bool first = true;
    for (const auto& [rank, key] : keys) {
      if (!first) *out += ',';
      first = false;
      *out += json(*key).dump(-1, ' ', false, json::error_handler_t::replace);
      *out += ':';
      DumpTo(j.at(*key), out);
    }
    *out += '}';
  } else if (j.is_array()) {
    *out += '[';
    for (size_t i = 0; i < j.size(); ++i) {
      if (i) *out += ',';
      DumpTo(j[i], out);
    }
    *out += ']';
  } else {  // a string from outside (a name, a fault) never aborts the writer: U+FFFD
    *out += j.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

}  // namespace

// ---- Events to JSON --------------------------------------------------------------------------

json EventToJson(const Event& e, const Ruleset& rules) {
  json j = json::object();
  j["type"] = std::string(EventTypeName(e.type));
  switch (e.type) {
    case EventType::kStartGame:
      j["kyoku_first"] = rules.length == GameLength::kEast ? 4 : 0;
      j["aka_flag"] = std::any_of(rules.red_fives.begin(), rules.red_fives.end(), [](uint8_t n) { return n > 0; });
      break;
    case EventType::kStartKyoku:
      if (const StartKyokuInfo* s = e.start.get()) {
        j["bakaze"] = std::string(1, kWindNames[s->bakaze & 3]);
        j["kyoku"] = s->kyoku;
        j["honba"] = s->honba;
        j["kyotaku"] = s->kyotaku;
        j["oya"] = s->oya;
        j["dora_marker"] = s->dora_marker == kNoTile ? json(nullptr) : json(MjaiTile(s->dora_marker, rules));
        j["scores"] = Array4(s->scores);
        json tehais = json::array();
        for (const auto& hand : s->tehais) tehais.push_back(TilesJson(hand, rules));
        j["tehais"] = std::move(tehais);
        // Only under a ruleset with shields, so riichi replays keep their bytes.
        if (rules.shields.enabled) j["shields_carried"] = Array4(s->shields_carried);
      }
      break;
    case EventType::kTsumo:
      j["actor"] = e.actor;
      j["pai"] = MjaiTile(e.pai, rules);
      break;
    case EventType::kDahai:
      j["actor"] = e.actor;
      j["pai"] = MjaiTile(e.pai, rules);
      j["tsumogiri"] = e.tsumogiri;
      break;
    case EventType::kChi:
    case EventType::kPon:
    case EventType::kDaiminkan:
      j["actor"] = e.actor;
      j["target"] = e.target;
      j["pai"] = MjaiTile(e.pai, rules);
      j["consumed"] = TilesJson(e.consumed.data(), e.num_consumed, rules);
      break;
    case EventType::kKakan:
      j["actor"] = e.actor;
      j["pai"] = MjaiTile(e.pai, rules);
      j["consumed"] = TilesJson(e.consumed.data(), e.num_consumed, rules);
      break;
    case EventType::kAnkan:
      j["actor"] = e.actor;
      j["consumed"] = TilesJson(e.consumed.data(), e.num_consumed, rules);
      break;
    case EventType::kDora: j["dora_marker"] = MjaiTile(e.pai, rules); break;
    case EventType::kReach:
      j["actor"] = e.actor;
      if (e.open) j["open"] = true;  // open riichi; absent = a closed riichi
      break;
    case EventType::kReachAccepted: j["actor"] = e.actor; break;
    case EventType::kShieldSet:
      j["actor"] = e.actor;
      j["pai"] = MjaiTile(e.pai, rules);
      break;
    case EventType::kExchange:
      j["actor"] = e.actor;
      j["pai"] = MjaiTile(e.pai, rules);
      j["shield"] = MjaiTile(e.consumed[0], rules);
      break;
    case EventType::kProtection:
      j["actor"] = e.actor;
      j["target"] = e.target;
      j["pai"] = MjaiTile(e.pai, rules);
      break;
    case EventType::kShieldsLost:
      j["actor"] = e.actor;
      j["count"] = e.count;
      j["tiles"] = TilesJson(e.tiles, rules);
      j["cause"] = std::string(ShieldLossCauseName(e.cause));
      break;
    case EventType::kHora:
      j["actor"] = e.actor;
      j["target"] = e.target;
      j["pai"] = MjaiTile(e.pai, rules);
      if (const HoraInfo* h = e.hora.get()) {
        j["hora_tehais"] = TilesJson(h->hand, rules);
        j["ura_markers"] = TilesJson(h->ura_markers, rules);
        j["pao"] = h->pao;
        j["score"] = ScoreToJson(h->score);
        j["deltas"] = Array4(h->deltas);
        j["scores"] = Array4(h->scores);
        if (h->side)
          j["side_settlement"] = {{"values", Array4(h->side_values)}, {"deltas", Array4(h->side_deltas)}};
      }
      break;
    case EventType::kRyukyoku:
      if (const RyukyokuInfo* r = e.ryukyoku.get()) {
        const bool nagashi = std::any_of(r->nagashi.begin(), r->nagashi.end(), [](bool b) { return b; });
        j["reason"] = r->reason == DrawReason::kExhaustive && nagashi ? std::string(kNagashiReason)
                                                                      : std::string(DrawReasonName(r->reason));
        j["tenpais"] = r->tenpai;
        json tehais = json::array();
        for (const auto& hand : r->hands) tehais.push_back(hand.empty() ? json(nullptr) : TilesJson(hand, rules));
        j["tehais"] = std::move(tehais);
        j["nagashi"] = r->nagashi;
        j["deltas"] = Array4(r->deltas);
        j["scores"] = Array4(r->scores);
      }
      break;
    case EventType::kEndKyoku: break;
    case EventType::kEndGame:
      if (const EndGameInfo* g = e.end.get()) {
        j["scores"] = Array4(g->scores);
        j["ranks"] = Array4(g->ranks);
        j["results"] = g->results;
      }
      break;
    case EventType::kCount: break;
  }
  return j;
}

std::vector<json> EventsToJson(const std::vector<Event>& events, const Ruleset& rules,
                               const std::array<std::string, 4>& names) {
  std::vector<json> out;
  out.reserve(events.size());
  std::array<int, 4> scores{};
  for (const Event& e : events) {
    json j = EventToJson(e, rules);
    switch (e.type) {
      case EventType::kStartGame:
        j["names"] = names;
        scores.fill(rules.starting_points);
        break;
      case EventType::kStartKyoku:
        if (e.start) scores = e.start->scores;
        break;
      case EventType::kReachAccepted: {
        std::array<int, 4> deltas{};
        if (e.actor >= 0 && e.actor < 4) {
          deltas[e.actor] = -rules.riichi_deposit;
          scores[e.actor] -= rules.riichi_deposit;
        }
        j["deltas"] = Array4(deltas);
        j["scores"] = Array4(scores);
        break;
      }
      case EventType::kHora:
        if (e.hora) scores = e.hora->scores;
        break;
      case EventType::kRyukyoku:
        if (e.ryukyoku) scores = e.ryukyoku->scores;
        break;
      default: break;
    }
    out.push_back(std::move(j));
  }
  return out;
}

std::optional<std::string> MjaiExportRefusal(const Ruleset& rules) {
  if (!rules.shields.enabled) return std::nullopt;
  return "ruleset " + Quote(rules.name) +
         " has shields (盾牌): mjai has no shield_set, exchange, protection or shields_lost events and "
         "no 15/16-tile deals, so the game cannot be exported as mjai; the replay file itself keeps every "
         "event (docs/REPLAY.md)";
}

std::string ExportMjaiLines(const std::vector<Event>& events, const Ruleset& rules,
                            const std::array<std::string, 4>& names) {
  std::string out;
  for (const json& j : EventsToJson(events, rules, names)) {
    DumpTo(j, &out);
    out += '\n';
  }
  return out;
}

std::string DumpOrdered(const json& j) {
  std::string out;
  DumpTo(j, &out);
  return out;
}

}  // namespace mj
