#include "mjai/wire_events.h"

#include "replays/mjai_events.h"
#include "replays/replay.h"

namespace mj {

using nlohmann::json;

bool ParseMjaiDialect(std::string_view name, MjaiDialect* out) {
  if (name == "gimite" || name == "reference") {
    *out = MjaiDialect::kGimite;
    return true;
  }
  if (name == "mortal" || name == "mjai.app") {
    *out = MjaiDialect::kMortal;
    return true;
  }
  return false;
}

MjaiEventWriter::MjaiEventWriter(const Ruleset& rules, MjaiDialect dialect, const std::array<std::string, 4>& names)
    : rules_(rules), dialect_(dialect), names_(names) {}

std::array<int, 4> PeachCountsAt(const RoundState& state) {
  std::array<int, 4> n{};
  if (state.rules == nullptr || !state.rules->peach_tiles) return n;
  for (int p = 0; p < 4; ++p) {
    const SeatState& seat = state.seats[p];
    for (const auto* tiles : {&seat.hand, &seat.shields_down, &seat.shields_up})
      for (Tile t : *tiles) n[p] += IsPeachCopy(t);
  }
  return n;
}

bool PeachCountsDue(const Ruleset& rules, EventType type, const std::array<int, 4>* peach, std::array<int, 4>* last) {
  if (peach == nullptr || !rules.peach_tiles || type == EventType::kStartGame) return false;
  if (type != EventType::kStartKyoku && *peach == *last) return false;
  *last = *peach;
  return true;
}

std::span<const Tile> ShownHandAt(const RoundState& state, const Event& e) {
  if (e.type != EventType::kReach || !e.open || e.actor < 0 || e.actor > 3) return {};
  return state.seats[e.actor].hand;
}

const json& MjaiEventWriter::Next(const Event& e, std::span<const Tile> shown, const std::array<int, 4>* peach) {
  full_ = EventToJson(e, rules_);
  type_ = e.type;
  actor_ = e.actor;
  const int a = e.actor;
  const bool seat_ok = a >= 0 && a < 4;
  switch (e.type) {
    case EventType::kStartGame:
      full_["names"] = names_;
      scores_.fill(rules_.starting_points);
      break;
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
    case EventType::kReach:
      if (e.open && !shown.empty()) {
        json tehai = json::array();
        for (Tile t : shown) tehai.push_back(MjaiTile(t, rules_));
        full_["tehai"] = std::move(tehai);
      }
      break;
    case EventType::kReachAccepted: {
      std::array<int, 4> deltas{};
      if (seat_ok) {
        deltas[a] = -rules_.riichi_deposit;
        scores_[a] -= rules_.riichi_deposit;
      }
      full_["deltas"] = deltas;
      full_["scores"] = scores_;
      break;
    }
    case EventType::kHora:
      if (e.hora) scores_ = e.hora->scores;
      if (dialect_ == MjaiDialect::kGimite) {
        full_["uradora_markers"] = std::move(full_["ura_markers"]);
        full_.erase("ura_markers");
        if (full_.contains("pao") && full_["pao"] == -1) full_.erase("pao");
      }
      break;
    case EventType::kRyukyoku:
      if (e.ryukyoku) {
        scores_ = e.ryukyoku->scores;
        if (e.ryukyoku->reason == DrawReason::kNineTerminals && last_tsumo_actor_ >= 0) {
          full_["actor"] = last_tsumo_actor_;
          // gimite shows the declarer's hand and marks it (not tenpai).
        }
        if (dialect_ == MjaiDialect::kGimite) {
          json& tehais = full_["tehais"];
          for (int p = 0; p < 4; ++p)
            if (tehais[p].is_null()) tehais[p] = json(std::vector<std::string>(std::max(0, hand_size_[p]), "?"));
        }
      }
      break;
    default: break;
  }
  if (PeachCountsDue(rules_, e.type, peach, &last_peach_)) full_["peach_counts"] = last_peach_;
  return full_;
}

json MjaiEventWriter::ForSeat(int seat) const {
  if (seat < 0) return full_;
  switch (type_) {
    case EventType::kStartGame: {
      json j = full_;
      j["id"] = seat;
      return j;
    }
    case EventType::kStartKyoku: {
      json j = full_;
      json& tehais = j["tehais"];
      for (int p = 0; p < 4; ++p)
        if (p != seat) tehais[p] = json(std::vector<std::string>(tehais[p].size(), "?"));
      return j;
    }
    case EventType::kTsumo:
    case EventType::kShieldSet:
      if (actor_ != seat) {
        json j = full_;
        j["pai"] = "?";
        return j;
      }
      return full_;
    case EventType::kAnkan:
      if (actor_ != seat && rules_.closed_kan_hidden) {
        json j = full_;
        j["consumed"] = json(std::vector<std::string>(j["consumed"].size(), "?"));
        return j;
      }
      return full_;
    default: return full_;
  }
}

std::string ExportMjaiLog(const std::vector<Event>& events, const Ruleset& rules,
                          const std::array<std::string, 4>& names, MjaiDialect dialect) {
  MjaiEventWriter writer(rules, dialect, names);
  std::string out;
  for (const Event& e : events) {
    out += DumpOrdered(writer.Next(e));
    out += '\n';
  }
  return out;
}

}  // namespace mj
