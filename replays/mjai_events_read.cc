// mjai JSON -> engine events: EventsFromJson with tile ids resolved (TileResolver).
#include "replays/mjai_events.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <utility>

#include "engine/win_check.h"
#include "replays/mjai_names.h"
#include "replays/replay.h"
#include "replays/score_codec.h"
#include "replays/simd_json_value.h"

namespace mj {
namespace {

using mjai_names::kNagashiReason;
using mjai_names::kWindNames;
using mjai_names::Quote;
using nlohmann::json;

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

}  // namespace

Result<ScoreResult> ReadScoreOf(const json& j, const std::string& pointer) { return ScoreFromJson(j, pointer); }
Result<ScoreResult> ReadScoreOf(const SimdJsonValue& j, const std::string& pointer) {
  return ScoreFromSimdJson(j, pointer);
}

// One reader for nlohmann::json and SimdJsonValue (replays/simd_json_value.h).
template <class J>
Result<std::vector<Event>> ReadEvents(const J& events, const Ruleset& rules, const std::string& pointer) {
  std::vector<Event> out;
  TileResolver tiles(rules);
  std::string at = pointer;  // the value being read, for errors
  try {
    // A tile name at `at` + `suffix` (+ "/index"), checked against the ruleset's red fives. The
    // pointer is spelled out only for an error.
    auto name = [&](const auto& v, std::string_view suffix, size_t index = SIZE_MAX) -> Result<MjaiTileName> {
      auto where = [&] {
        std::string w = at + std::string(suffix);
        if (index != SIZE_MAX) {
          w += '/';
          w += std::to_string(index);
        }
        return w;
      };
      const std::string s = v.template get<std::string>();
      auto n = ParseMjaiTile(s);
      if (!n) return Error{where() + ": " + Quote(s) + " is not one of the tile names"};
      if (n->red && rules.red_fives[n->kind / 9] == 0)
        return Error{where() + ": " + Quote(s) + " is a red five but ruleset " + Quote(rules.name) +
                     " has no red fives in that suit"};
      if (n->peach && !rules.peach_tiles)
        return Error{where() + ": " + Quote(s) + " is a peach tile but ruleset " + Quote(rules.name) +
                     " has no peach tiles"};
      return *n;
    };
    auto names = [&](const auto& arr, std::string_view suffix) -> Result<std::vector<MjaiTileName>> {
      std::vector<MjaiTileName> v;
      size_t i = 0;
      for (auto it = arr.begin(); it != arr.end(); ++it, ++i) {
        auto n = name(*it, suffix, i);
        if (!n) return Error{n.error()};
        v.push_back(*n);
      }
      return v;
    };
    auto points = [](const auto& v) { return v.template get<std::array<int, 4>>(); };
    // At most four tiles go into an event's consumed (a schema-valid document has 1 to 4).
    auto fits = [](const std::vector<MjaiTileName>& c, const std::string& where) -> std::optional<std::string> {
      if (c.size() <= 4) return std::nullopt;
      return where + ": " + std::to_string(c.size()) + " tiles; at most 4";
    };

    size_t i = 0;
    for (auto event = events.begin(); event != events.end(); ++event, ++i) {
      const auto& ej = *event;
      at.assign(pointer);
      at += '/';
      at += std::to_string(i);
      const std::string& base = at;
      Event e;
      const std::string type = ej.at("type").template get<std::string>();
      bool known = false;
      for (int t = 0; t < static_cast<int>(EventType::kCount); ++t)
        if (EventTypeName(static_cast<EventType>(t)) == type) {
          e.type = static_cast<EventType>(t);
          known = true;
        }
      if (!known) return Error{base + "/type: " + Quote(type) + " is not one of the event types"};
      if (ej.contains("actor")) e.actor = static_cast<int8_t>(ej.at("actor").template get<int>());
      if (ej.contains("target")) e.target = static_cast<int8_t>(ej.at("target").template get<int>());
      const int actor = std::clamp<int>(e.actor, 0, 3);

      switch (e.type) {
        case EventType::kStartGame:
        case EventType::kEndKyoku:
        case EventType::kReachAccepted: break;
        case EventType::kReach: e.open = ej.contains("open") && ej.at("open").template get<bool>(); break;
        case EventType::kShieldSet: {
          auto n = name(ej.at("pai"), "/pai");
          if (!n) return Error{n.error()};
          e.pai = tiles.FromHand(actor, *n);
          tiles.shields_down_[actor].push_back(e.pai);
          break;
        }
        case EventType::kExchange: {
          auto n = name(ej.at("pai"), "/pai");
          if (!n) return Error{n.error()};
          auto shield = name(ej.at("shield"), "/shield");
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
          auto n = name(ej.at("pai"), "/pai");
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
          auto lost = names(ej.at("tiles"), "/tiles");
          if (!lost) return Error{lost.error()};
          for (MjaiTileName c : *lost) e.tiles.push_back(tiles.Take(tiles.shields_up_[actor], c));
          e.count = static_cast<uint8_t>(ej.at("count").template get<int>());
          const std::string cause = ej.at("cause").template get<std::string>();
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
          const std::string wind = ej.at("bakaze").template get<std::string>();
          info->bakaze = static_cast<int>(kWindNames.find(wind[0]));
          info->kyoku = ej.at("kyoku").template get<int>();
          info->honba = ej.at("honba").template get<int>();
          info->kyotaku = ej.at("kyotaku").template get<int>();
          info->oya = ej.at("oya").template get<int>();
          info->scores = points(ej.at("scores"));
          if (ej.contains("shields_carried")) info->shields_carried = points(ej.at("shields_carried"));
          tiles.NewHand();
          for (int p = 0; p < 4; ++p) {
            auto hand = names(ej.at("tehais")[p], "/tehais/" + std::to_string(p));
            if (!hand) return Error{hand.error()};
            for (MjaiTileName n : *hand) info->tehais[p].push_back(tiles.Fresh(n));
            tiles.hands_[p] = info->tehais[p];
          }
          if (!ej.at("dora_marker").is_null()) {
            auto dora = name(ej.at("dora_marker"), "/dora_marker");
            if (!dora) return Error{dora.error()};
            info->dora_marker = tiles.Fresh(*dora);
          }
          e.start = std::move(info);
          break;
        }
        case EventType::kTsumo: {
          auto n = name(ej.at("pai"), "/pai");
          if (!n) return Error{n.error()};
          e.pai = tiles.Fresh(*n);
          tiles.hands_[actor].push_back(e.pai);
          tiles.drawn_[actor] = e.pai;
          break;
        }
        case EventType::kDahai: {
          auto n = name(ej.at("pai"), "/pai");
          if (!n) return Error{n.error()};
          e.tsumogiri = ej.at("tsumogiri").template get<bool>();
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
          auto n = name(ej.at("pai"), "/pai");
          if (!n) return Error{n.error()};
          auto consumed = names(ej.at("consumed"), "/consumed");
          if (!consumed) return Error{consumed.error()};
          if (auto bad = fits(*consumed, base + "/consumed")) return Error{*bad};
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
          auto n = name(ej.at("pai"), "/pai");
          if (!n) return Error{n.error()};
          auto consumed = names(ej.at("consumed"), "/consumed");
          if (!consumed) return Error{consumed.error()};
          if (auto bad = fits(*consumed, base + "/consumed")) return Error{*bad};
          e.pai = tiles.FromHand(actor, *n, tiles.drawn_[actor]);
          std::vector<Tile> taken;
          for (MjaiTileName c : *consumed) e.consumed[e.num_consumed++] = tiles.FromMelds(actor, c, &taken);
          tiles.melds_[actor].push_back(e.pai);
          tiles.drawn_[actor] = kNoTile;
          tiles.last_exposed_ = e.pai;
          break;
        }
        case EventType::kAnkan: {
          auto consumed = names(ej.at("consumed"), "/consumed");
          if (!consumed) return Error{consumed.error()};
          if (auto bad = fits(*consumed, base + "/consumed")) return Error{*bad};
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
          auto n = name(ej.at("dora_marker"), "/dora_marker");
          if (!n) return Error{n.error()};
          e.pai = tiles.Fresh(*n);
          break;
        }
        case EventType::kHora: {
          auto n = name(ej.at("pai"), "/pai");
          if (!n) return Error{n.error()};
          auto info = std::make_shared<HoraInfo>();
          const bool tsumo = e.actor == e.target;
          e.pai = tsumo ? tiles.FromHand(actor, *n, tiles.drawn_[actor]) : tiles.Exposed(*n);
          auto hand = names(ej.at("hora_tehais"), "/hora_tehais");
          if (!hand) return Error{hand.error()};
          for (MjaiTileName c : *hand) info->hand.push_back(tiles.FromHand(actor, c));
          auto ura = names(ej.at("ura_markers"), "/ura_markers");
          if (!ura) return Error{ura.error()};
          for (MjaiTileName c : *ura) info->ura_markers.push_back(tiles.Fresh(c));
          info->pao = ej.at("pao").template get<int>();
          auto score = ReadScoreOf(ej.at("score"), base + "/score");
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
          const std::string reason = ej.at("reason").template get<std::string>();
          bool found = reason == kNagashiReason;
          info->reason = DrawReason::kExhaustive;
          for (int r = 0; r < static_cast<int>(DrawReason::kCount) && !found; ++r)
            if (DrawReasonName(static_cast<DrawReason>(r)) == reason) {
              info->reason = static_cast<DrawReason>(r);
              found = true;
            }
          if (!found) return Error{base + "/reason: " + Quote(reason) + " is not one of the draw reasons"};
          info->tenpai = ej.at("tenpais").template get<std::array<bool, 4>>();
          info->nagashi = ej.at("nagashi").template get<std::array<bool, 4>>();
          for (int p = 0; p < 4; ++p) {
            const auto& shown = ej.at("tehais")[p];
            if (shown.is_null()) continue;
            auto hand = names(shown, "/tehais/" + std::to_string(p));
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
          info->results = ej.at("results").template get<std::array<double, 4>>();
          e.end = std::move(info);
          break;
        }
        case EventType::kCount: break;
      }
      out.push_back(std::move(e));
    }
  } catch (const std::exception& ex) {
    // The schema rules this out; kept so that a schema gap is an error, never a crash.
    return Error{at + ": malformed event: " + ex.what()};
  }
  return out;
}

Result<std::vector<Event>> EventsFromJson(const json& events, const Ruleset& rules, const std::string& pointer) {
  return ReadEvents(events, rules, pointer);
}

Result<std::vector<Event>> EventsFromSimdJson(const SimdJsonValue& events, const Ruleset& rules,
                                              const std::string& pointer) {
  return ReadEvents(events, rules, pointer);
}

}  // namespace mj
