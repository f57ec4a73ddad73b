#include "replays/mjai_events.h"

#include <algorithm>
#include <array>
#include <utility>

#include "engine/win_check.h"
#include "replays/replay.h"
#include "replays/score_codec.h"

namespace mj {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 7> kHonorNames = {"E", "S", "W", "N", "P", "F", "C"};
constexpr std::string_view kWindNames = "ESWN";
constexpr std::string_view kNagashiReason = "nagashimangan";

json TilesJson(const Tile* tiles, size_t n, const Ruleset& rules) {
  json out = json::array();
  for (size_t i = 0; i < n; ++i) out.push_back(MjaiTile(tiles[i], rules));
  return out;
}
json TilesJson(const std::vector<Tile>& tiles, const Ruleset& rules) {
  return TilesJson(tiles.data(), tiles.size(), rules);
}

json Array4(const std::array<int, 4>& a) { return json(a); }

std::string Quote(const std::string& s) { return "\"" + s + "\""; }

// Tile ids for a document read back (see EventsFromJson).
class TileResolver {
 public:
  explicit TileResolver(const Ruleset& rules) : rules_(rules) { NewHand(); }

  void NewHand() {
    used_.fill(false);
    for (int p = 0; p < 4; ++p) {
      hands_[p].clear();
      melds_[p].clear();
      drawn_[p] = kNoTile;
      shields_down_[p].clear();
      shields_up_[p].clear();
      exchanged_[p] = kNoTile;
    }
    last_exposed_ = kNoTile;
  }

  // A tile taken from `area` by name (the lowest id with it); Fresh if there is none.
  Tile Take(std::vector<Tile>& area, MjaiTileName n) {
    auto best = area.end();
    for (auto it = area.begin(); it != area.end(); ++it)
      if (MjaiNameOf(*it, rules_) == n && (best == area.end() || *it < *best)) best = it;
    if (best == area.end()) return Fresh(n);
    const Tile t = *best;
    area.erase(best);
    return t;
  }

  // A tile seen for the first time in this hand.
  Tile Fresh(MjaiTileName n) {
    if (n.marked()) {
      const Tile t = TileOf(n.kind, 0);
      used_[t] = true;
      return t;
    }
    const Tile copy0 = TileOf(n.kind, 0);
    const int first = MjaiNameOf(copy0, rules_).marked() ? 1 : 0;
    for (int c = first; c < 4; ++c) {
      const Tile t = TileOf(n.kind, c);
      if (!used_[t]) {
        used_[t] = true;
        return t;
      }
    }
    return TileOf(n.kind, first);  // a fifth copy: the document is not a real game
  }

  // A tile leaving `seat`'s hand: `prefer` if it has the name, else the lowest other held copy.
  Tile FromHand(int seat, MjaiTileName n, Tile prefer = kNoTile, Tile avoid = kNoTile) {
    auto& hand = hands_[seat];
    auto best = hand.end(), avoided = hand.end();
    for (auto it = hand.begin(); it != hand.end(); ++it) {
      if (MjaiNameOf(*it, rules_) != n) continue;
      if (*it == prefer) {
        best = it;
        break;
      }
      if (*it == avoid) {
        avoided = it;
      } else if (best == hand.end() || *it < *best) {
        best = it;
      }
    }
    const auto pick = best != hand.end() ? best : avoided;
    if (pick == hand.end()) return Fresh(n);
    const Tile t = *pick;
    hand.erase(pick);
    return t;
  }

  // A tile from `seat`'s melds (an added kan's pon), each one used once per call.
  Tile FromMelds(int seat, MjaiTileName n, std::vector<Tile>* taken) {
    for (Tile t : melds_[seat])
      if (MjaiNameOf(t, rules_) == n && std::find(taken->begin(), taken->end(), t) == taken->end()) {
        taken->push_back(t);
        return t;
      }
    return Fresh(n);
  }

  // The tile just discarded (or added / declared as kan) if it has the name.
  Tile Exposed(MjaiTileName n) {
    if (last_exposed_ != kNoTile && MjaiNameOf(last_exposed_, rules_) == n) return last_exposed_;
    return Fresh(n);
  }

  std::array<std::vector<Tile>, 4> hands_;
  std::array<std::vector<Tile>, 4> melds_;
  std::array<Tile, 4> drawn_{};
  std::array<std::vector<Tile>, 4> shields_down_;
  std::array<std::vector<Tile>, 4> shields_up_;
  std::array<Tile, 4> exchanged_{};  // the face-down shield an exchange sends to the river next
  Tile last_exposed_ = kNoTile;

 private:
  const Ruleset& rules_;
  std::array<bool, kNumTiles> used_{};
};

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
      *out += json(*key).dump();
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
  } else {
    *out += j.dump();
  }
}

}  // namespace

// ---- Tile names ------------------------------------------------------------------------------

std::optional<MjaiTileName> ParseMjaiTile(std::string_view name) {
  for (size_t i = 0; i < kHonorNames.size(); ++i)
    if (name == kHonorNames[i]) return MjaiTileName{static_cast<Kind>(27 + i), false, false};
  if (name.size() < 2 || name.size() > 3 || name[0] < '1' || name[0] > '9') return std::nullopt;
  const size_t suit = std::string_view("mps").find(name[1]);
  if (suit == std::string_view::npos) return std::nullopt;
  const Kind kind = static_cast<Kind>(suit * 9 + (name[0] - '1'));
  if (name.size() == 2) return MjaiTileName{kind, false, false};
  if (name[2] == 'r' && name[0] == '5') return MjaiTileName{kind, true, false};
  if (name[2] == '*' && (name[0] == '3' || name[0] == '7')) return MjaiTileName{kind, false, true};
  return std::nullopt;
}

MjaiTileName MjaiNameOf(Tile t, const Ruleset& rules) {
  return {KindOf(t), IsRedFive(t, rules), rules.peach_tiles && IsPeachCopy(t)};
}

std::string MjaiTile(Tile t, const Ruleset& rules) {
  if (t >= kNumTiles) return "?";
  const Kind k = KindOf(t);
  if (IsHonor(k)) return std::string(kHonorNames[k - 27]);
  const MjaiTileName n = MjaiNameOf(t, rules);
  std::string s;
  s += static_cast<char>('0' + NumberOf(k));
  s += "mps"[k / 9];
  if (n.red) s += 'r';
  if (n.peach) s += '*';
  return s;
}

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

// ---- Events from JSON ------------------------------------------------------------------------

Result<std::vector<Event>> EventsFromJson(const json& events, const Ruleset& rules, const std::string& pointer) {
  std::vector<Event> out;
  TileResolver tiles(rules);
  std::string at = pointer;  // the value being read, for errors
  try {
    // A tile name, checked against the ruleset's red fives.
    auto name = [&](const json& v, const std::string& where) -> Result<MjaiTileName> {
      const std::string s = v.get<std::string>();
      auto n = ParseMjaiTile(s);
      if (!n) return Error{where + ": " + Quote(s) + " is not one of the tile names"};
      if (n->red && rules.red_fives[n->kind / 9] == 0)
        return Error{where + ": " + Quote(s) + " is a red five but ruleset " + Quote(rules.name) +
                     " has no red fives in that suit"};
      if (n->peach && !rules.peach_tiles)
        return Error{where + ": " + Quote(s) + " is a peach tile but ruleset " + Quote(rules.name) +
                     " has no peach tiles"};
      return *n;
    };
    auto names = [&](const json& arr, const std::string& where) -> Result<std::vector<MjaiTileName>> {
      std::vector<MjaiTileName> v;
      for (size_t i = 0; i < arr.size(); ++i) {
        auto n = name(arr[i], where + "/" + std::to_string(i));
        if (!n) return Error{n.error()};
        v.push_back(*n);
      }
      return v;
    };
    auto points = [](const json& v) { return v.get<std::array<int, 4>>(); };

    for (size_t i = 0; i < events.size(); ++i) {
      const json& ej = events[i];
      const std::string base = pointer + "/" + std::to_string(i);
      at = base;
      Event e;
      const std::string type = ej.at("type").get<std::string>();
      bool known = false;
      for (int t = 0; t < static_cast<int>(EventType::kCount); ++t)
        if (EventTypeName(static_cast<EventType>(t)) == type) {
          e.type = static_cast<EventType>(t);
          known = true;
        }
      if (!known) return Error{base + "/type: " + Quote(type) + " is not one of the event types"};
      if (ej.contains("actor")) e.actor = static_cast<int8_t>(ej.at("actor").get<int>());
      if (ej.contains("target")) e.target = static_cast<int8_t>(ej.at("target").get<int>());
      const int actor = std::clamp<int>(e.actor, 0, 3);

      switch (e.type) {
        case EventType::kStartGame:
        case EventType::kEndKyoku:
        case EventType::kReachAccepted: break;
        case EventType::kReach: e.open = ej.contains("open") && ej.at("open").get<bool>(); break;
        case EventType::kShieldSet: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          e.pai = tiles.FromHand(actor, *n);
          tiles.shields_down_[actor].push_back(e.pai);
          break;
        }
        case EventType::kExchange: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          auto shield = name(ej.at("shield"), base + "/shield");
          if (!shield) return Error{shield.error()};
          e.pai = tiles.FromHand(actor, *n, tiles.drawn_[actor]);
          tiles.shields_up_[actor].push_back(e.pai);
          const Tile down = tiles.Take(tiles.shields_down_[actor], *shield);
          e.consumed[0] = down;
          e.num_consumed = 1;
          // The dahai that follows discards this very tile.
          tiles.hands_[actor].push_back(down);
          tiles.exchanged_[actor] = down;
          break;
        }
        case EventType::kProtection: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          e.pai = kNoTile;
          for (Tile t : tiles.shields_up_[actor])
            if (MjaiNameOf(t, rules) == *n) {
              e.pai = t;
              break;
            }
          if (e.pai == kNoTile) e.pai = tiles.Fresh(*n);
          break;
        }
        case EventType::kShieldsLost: {
          auto lost = names(ej.at("tiles"), base + "/tiles");
          if (!lost) return Error{lost.error()};
          for (MjaiTileName c : *lost) e.tiles.push_back(tiles.Take(tiles.shields_up_[actor], c));
          e.count = static_cast<uint8_t>(ej.at("count").get<int>());
          const std::string cause = ej.at("cause").get<std::string>();
          bool found = false;
          for (int c = 0; c < static_cast<int>(ShieldLossCause::kCount) && !found; ++c)
            if (ShieldLossCauseName(static_cast<ShieldLossCause>(c)) == cause) {
              e.cause = static_cast<ShieldLossCause>(c);
              found = true;
            }
          if (!found) return Error{base + "/cause: " + Quote(cause) + " is not one of the shield loss causes"};
          break;
        }
        case EventType::kStartKyoku: {
          auto info = std::make_shared<StartKyokuInfo>();
          const std::string wind = ej.at("bakaze").get<std::string>();
          info->bakaze = static_cast<int>(kWindNames.find(wind[0]));
          info->kyoku = ej.at("kyoku").get<int>();
          info->honba = ej.at("honba").get<int>();
          info->kyotaku = ej.at("kyotaku").get<int>();
          info->oya = ej.at("oya").get<int>();
          info->scores = points(ej.at("scores"));
          if (ej.contains("shields_carried")) info->shields_carried = points(ej.at("shields_carried"));
          tiles.NewHand();
          for (int p = 0; p < 4; ++p) {
            auto hand = names(ej.at("tehais")[p], base + "/tehais/" + std::to_string(p));
            if (!hand) return Error{hand.error()};
            for (MjaiTileName n : *hand) info->tehais[p].push_back(tiles.Fresh(n));
            tiles.hands_[p] = info->tehais[p];
          }
          if (!ej.at("dora_marker").is_null()) {
            auto dora = name(ej.at("dora_marker"), base + "/dora_marker");
            if (!dora) return Error{dora.error()};
            info->dora_marker = tiles.Fresh(*dora);
          }
          e.start = std::move(info);
          break;
        }
        case EventType::kTsumo: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          e.pai = tiles.Fresh(*n);
          tiles.hands_[actor].push_back(e.pai);
          tiles.drawn_[actor] = e.pai;
          break;
        }
        case EventType::kDahai: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          e.tsumogiri = ej.at("tsumogiri").get<bool>();
          const Tile drawn = tiles.drawn_[actor];
          const Tile exchanged = std::exchange(tiles.exchanged_[actor], kNoTile);
          e.pai = exchanged != kNoTile ? tiles.FromHand(actor, *n, exchanged)
                  : e.tsumogiri        ? tiles.FromHand(actor, *n, drawn)
                                       : tiles.FromHand(actor, *n, kNoTile, drawn);
          tiles.drawn_[actor] = kNoTile;
          tiles.last_exposed_ = e.pai;
          break;
        }
        case EventType::kChi:
        case EventType::kPon:
        case EventType::kDaiminkan: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          auto consumed = names(ej.at("consumed"), base + "/consumed");
          if (!consumed) return Error{consumed.error()};
          e.pai = tiles.Exposed(*n);
          for (MjaiTileName c : *consumed) {
            const Tile t = tiles.FromHand(actor, c);
            e.consumed[e.num_consumed++] = t;
            tiles.melds_[actor].push_back(t);
          }
          tiles.melds_[actor].push_back(e.pai);
          tiles.drawn_[actor] = kNoTile;
          break;
        }
        case EventType::kKakan: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          auto consumed = names(ej.at("consumed"), base + "/consumed");
          if (!consumed) return Error{consumed.error()};
          e.pai = tiles.FromHand(actor, *n, tiles.drawn_[actor]);
          std::vector<Tile> taken;
          for (MjaiTileName c : *consumed) e.consumed[e.num_consumed++] = tiles.FromMelds(actor, c, &taken);
          tiles.melds_[actor].push_back(e.pai);
          tiles.drawn_[actor] = kNoTile;
          tiles.last_exposed_ = e.pai;
          break;
        }
        case EventType::kAnkan: {
          auto consumed = names(ej.at("consumed"), base + "/consumed");
          if (!consumed) return Error{consumed.error()};
          for (MjaiTileName c : *consumed) {
            const Tile t = tiles.FromHand(actor, c);
            e.consumed[e.num_consumed++] = t;
            tiles.melds_[actor].push_back(t);
          }
          tiles.drawn_[actor] = kNoTile;
          tiles.last_exposed_ = e.consumed[0];
          break;
        }
        case EventType::kDora: {
          auto n = name(ej.at("dora_marker"), base + "/dora_marker");
          if (!n) return Error{n.error()};
          e.pai = tiles.Fresh(*n);
          break;
        }
        case EventType::kHora: {
          auto n = name(ej.at("pai"), base + "/pai");
          if (!n) return Error{n.error()};
          auto info = std::make_shared<HoraInfo>();
          const bool tsumo = e.actor == e.target;
          e.pai = tsumo ? tiles.FromHand(actor, *n, tiles.drawn_[actor]) : tiles.Exposed(*n);
          auto hand = names(ej.at("hora_tehais"), base + "/hora_tehais");
          if (!hand) return Error{hand.error()};
          for (MjaiTileName c : *hand) info->hand.push_back(tiles.FromHand(actor, c));
          auto ura = names(ej.at("ura_markers"), base + "/ura_markers");
          if (!ura) return Error{ura.error()};
          for (MjaiTileName c : *ura) info->ura_markers.push_back(tiles.Fresh(c));
          info->pao = ej.at("pao").get<int>();
          auto score = ScoreFromJson(ej.at("score"), base + "/score");
          if (!score) return Error{score.error()};
          info->score = std::move(score).value();
          info->deltas = points(ej.at("deltas"));
          info->scores = points(ej.at("scores"));
          if (ej.contains("side_settlement")) {
            info->side = true;
            info->side_values = points(ej.at("side_settlement").at("values"));
            info->side_deltas = points(ej.at("side_settlement").at("deltas"));
          }
          e.hora = std::move(info);
          break;
        }
        case EventType::kRyukyoku: {
          auto info = std::make_shared<RyukyokuInfo>();
          const std::string reason = ej.at("reason").get<std::string>();
          bool found = reason == kNagashiReason;
          info->reason = DrawReason::kExhaustive;
          for (int r = 0; r < static_cast<int>(DrawReason::kCount) && !found; ++r)
            if (DrawReasonName(static_cast<DrawReason>(r)) == reason) {
              info->reason = static_cast<DrawReason>(r);
              found = true;
            }
          if (!found) return Error{base + "/reason: " + Quote(reason) + " is not one of the draw reasons"};
          info->tenpai = ej.at("tenpais").get<std::array<bool, 4>>();
          info->nagashi = ej.at("nagashi").get<std::array<bool, 4>>();
          for (int p = 0; p < 4; ++p) {
            const json& shown = ej.at("tehais")[p];
            if (shown.is_null()) continue;
            auto hand = names(shown, base + "/tehais/" + std::to_string(p));
            if (!hand) return Error{hand.error()};
            for (MjaiTileName c : *hand) info->hands[p].push_back(tiles.FromHand(p, c));
          }
          info->deltas = points(ej.at("deltas"));
          info->scores = points(ej.at("scores"));
          e.ryukyoku = std::move(info);
          break;
        }
        case EventType::kEndGame: {
          auto info = std::make_shared<EndGameInfo>();
          info->scores = points(ej.at("scores"));
          info->ranks = points(ej.at("ranks"));
          info->results = ej.at("results").get<std::array<double, 4>>();
          e.end = std::move(info);
          break;
        }
        case EventType::kCount: break;
      }
      out.push_back(std::move(e));
    }
  } catch (const json::exception& ex) {
    // The schema rules this out; kept so that a schema gap is an error, never a crash.
    return Error{at + ": malformed event: " + ex.what()};
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
