#include "mjai/action_json.h"

#include <algorithm>
#include <string_view>

#include "replays/mjai_events.h"
#include "replays/replay.h"

namespace mj {
namespace {

using nlohmann::json;

json Tiles(const Action& a, const Ruleset& rules) {
  json out = json::array();
  for (int i = 0; i < a.num_consumed; ++i) out.push_back(MjaiTile(a.consumed[i], rules));
  return out;
}

std::string Quote(std::string_view s) {
  std::string out(1, '"');
  out.append(s);
  out += '"';
  return out;
}

// The names of `a`'s consumed tiles, sorted (a multiset to compare with the answer's).
std::vector<std::string> SortedNames(const Action& a, const Ruleset& rules) {
  std::vector<std::string> out;
  for (int i = 0; i < a.num_consumed; ++i) out.push_back(MjaiTile(a.consumed[i], rules));
  std::sort(out.begin(), out.end());
  return out;
}

// Reads field `key` of `msg` as a string / a tile name / a list of tile names / an int / a bool.
Result<std::string> StringField(const json& msg, const char* key) {
  const auto it = msg.find(key);
  if (it == msg.end()) return Error{std::string(key) + " missing"};
  if (!it->is_string()) return Error{std::string(key) + " must be a string, got " + it->dump()};
  return it->get<std::string>();
}

Result<std::string> TileField(const json& msg, const char* key, const Ruleset& rules) {
  auto s = StringField(msg, key);
  if (!s) return s;
  const auto n = ParseMjaiTile(*s);
  if (!n) return Error{std::string(key) + " " + Quote(*s) + " is not a tile name"};
  if (n->red && rules.red_fives[n->kind / 9] == 0)
    return Error{std::string(key) + " " + Quote(*s) + " is a red five but the ruleset has none in that suit"};
  return s;
}

Result<std::vector<std::string>> TilesField(const json& msg, const char* key, const Ruleset& rules) {
  const auto it = msg.find(key);
  if (it == msg.end()) return Error{std::string(key) + " missing"};
  if (!it->is_array()) return Error{std::string(key) + " must be a list of tiles, got " + it->dump()};
  std::vector<std::string> out;
  for (const json& v : *it) {
    json one = {{"t", v}};
    auto t = TileField(one, "t", rules);
    if (!t) return Error{std::string(key) + ": " + it->dump() + " holds " + v.dump() + ", not a tile name"};
    out.push_back(*t);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Result<int> IntField(const json& msg, const char* key) {
  const auto it = msg.find(key);
  if (it == msg.end()) return Error{std::string(key) + " missing"};
  if (!it->is_number_integer()) return Error{std::string(key) + " must be a seat number, got " + it->dump()};
  return it->get<int>();
}

bool Has(std::span<const Action> legal, ActionType t) {
  return std::any_of(legal.begin(), legal.end(), [t](const Action& a) { return a.type == t; });
}

// "dahai, reach, hora" style summary of what may be answered.
std::string Answerable(std::span<const Action> legal, bool after_reach) {
  if (after_reach) return "a dahai of a tile that keeps the hand tenpai";
  std::vector<std::string> names;
  for (const Action& a : legal) {
    std::string n;
    switch (a.type) {
      case ActionType::kDiscard: n = "dahai"; break;
      case ActionType::kRiichi: n = "reach"; break;
      case ActionType::kOpenRiichi: n = "reach (open)"; break;
      case ActionType::kTsumo:
      case ActionType::kRon: n = "hora"; break;
      case ActionType::kNineTerminals: n = "ryukyoku"; break;
      case ActionType::kPass: n = "none"; break;
      case ActionType::kSetShield: n = "shield_set"; break;
      default: n = std::string(ActionTypeName(a.type)); break;
    }
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

namespace {

// An object built member by member (nlohmann's initializer lists copy every value twice).
json Message(const char* type, int actor) {
  json j(json::value_t::object);
  j["type"] = type;
  j["actor"] = actor;
  return j;
}

json Dahai(const Action& a, const MjaiActionContext& ctx, const Ruleset& rules) {
  json j = Message("dahai", a.actor);
  j["pai"] = MjaiTile(a.tile, rules);
  j["tsumogiri"] = a.tile == ctx.drawn;
  return j;
}

}  // namespace

std::vector<json> ActionToMjai(const Action& a, const MjaiActionContext& ctx, const Ruleset& rules) {
  std::vector<json> out;
  out.reserve(2);
  switch (a.type) {
    case ActionType::kDiscard: out.push_back(Dahai(a, ctx, rules)); return out;
    case ActionType::kRiichi:
    case ActionType::kOpenRiichi: {
      json reach = Message("reach", a.actor);
      if (a.type == ActionType::kOpenRiichi) reach["open"] = true;
      out.push_back(std::move(reach));
      out.push_back(Dahai(a, ctx, rules));
      return out;
    }
    case ActionType::kTsumo:
    case ActionType::kRon: {
      json j = Message("hora", a.actor);
      j["target"] = a.type == ActionType::kTsumo ? static_cast<int>(a.actor) : ctx.target;
      j["pai"] = MjaiTile(a.type == ActionType::kTsumo && a.tile == kNoTile ? ctx.drawn : a.tile, rules);
      out.push_back(std::move(j));
      return out;
    }
    case ActionType::kNineTerminals: {
      json j = Message("ryukyoku", a.actor);
      j["reason"] = "kyushukyuhai";
      out.push_back(std::move(j));
      return out;
    }
    case ActionType::kChi:
    case ActionType::kPon:
    case ActionType::kDaiminkan:
    case ActionType::kKakan:
    case ActionType::kAnkan: {
      json j = Message(a.type == ActionType::kChi         ? "chi"
                       : a.type == ActionType::kPon       ? "pon"
                       : a.type == ActionType::kDaiminkan ? "daiminkan"
                       : a.type == ActionType::kKakan     ? "kakan"
                                                          : "ankan",
                       a.actor);
      if (a.type == ActionType::kChi || a.type == ActionType::kPon || a.type == ActionType::kDaiminkan)
        j["target"] = ctx.target;
      if (a.type != ActionType::kAnkan) j["pai"] = MjaiTile(a.tile, rules);
      j["consumed"] = Tiles(a, rules);
      out.push_back(std::move(j));
      return out;
    }
    case ActionType::kSetShield: {
      json j = Message("shield_set", a.actor);
      j["pai"] = MjaiTile(a.tile, rules);
      out.push_back(std::move(j));
      return out;
    }
    case ActionType::kExchange: {
      json j = Message("exchange", a.actor);
      j["pai"] = MjaiTile(a.tile, rules);
      j["shield"] = MjaiTile(a.consumed[0], rules);
      out.push_back(std::move(j));
      return out;
    }
    case ActionType::kPass:
    case ActionType::kCount: break;
  }
  json none(json::value_t::object);
  none["type"] = "none";
  out.push_back(std::move(none));
  return out;
}

Result<MjaiAnswer> MjaiToAction(const json& msg, int seat, std::span<const Action> legal, const MjaiActionContext& ctx,
                                const Ruleset& rules, bool after_reach, bool open_reach) {
  if (!msg.is_object()) return Error{"an answer must be a JSON object, got " + msg.dump()};
  auto type_field = StringField(msg, "type");
  if (!type_field) return Error{type_field.error()};
  const std::string type = *type_field;
  MjaiAnswer out;
  const auto fail = [&](const std::string& what) -> Result<MjaiAnswer> {
    return Error{what + " (may answer here: " + Answerable(legal, after_reach) + ")"};
  };
  if (type == "none") {
    if (after_reach) return fail("none after our own reach: the riichi discard (a dahai) is due");
    const auto it = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.type == ActionType::kPass; });
    if (it == legal.end()) return fail("none is not an answer to this event: an action is due");
    out.action = *it;
    return out;
  }
  auto actor = IntField(msg, "actor");
  if (!actor) return fail(actor.error());
  if (*actor != seat) return fail("actor is " + std::to_string(*actor) + ", expected " + std::to_string(seat) + " (this seat)");

  // Finds the one legal action of `types` that `match` accepts.
  const auto find = [&](std::initializer_list<ActionType> types, auto match) -> const Action* {
    for (const Action& a : legal)
      if (std::find(types.begin(), types.end(), a.type) != types.end() && match(a)) return &a;
    return nullptr;
  };

  if (type == "dahai") {
    auto pai = TileField(msg, "pai", rules);
    if (!pai) return fail(pai.error());
    const auto ts = msg.find("tsumogiri");
    if (ts == msg.end()) return fail("tsumogiri missing");
    if (!ts->is_boolean()) return fail("tsumogiri must be true or false, got " + ts->dump());
    const bool tsumogiri = ts->get<bool>();
    const ActionType kind = !after_reach ? ActionType::kDiscard
                            : open_reach ? ActionType::kOpenRiichi
                                         : ActionType::kRiichi;
    if (tsumogiri && ctx.drawn == kNoTile) return fail("tsumogiri is true but no tile was drawn (after a call)");
    if (tsumogiri && MjaiTile(ctx.drawn, rules) != *pai)
      return fail("tsumogiri is true but the drawn tile is " + MjaiTile(ctx.drawn, rules) + ", not " + *pai);
    const Action* a = find({kind}, [&](const Action& x) {
      return MjaiTile(x.tile, rules) == *pai && (tsumogiri ? x.tile == ctx.drawn : x.tile != ctx.drawn);
    });
    if (a == nullptr) {
      if (!tsumogiri && find({kind}, [&](const Action& x) { return x.tile == ctx.drawn && MjaiTile(x.tile, rules) == *pai; }))
        return fail("tsumogiri is false but the only " + *pai + " in the hand is the drawn tile");
      return fail("cannot discard " + *pai + (after_reach ? " with riichi" : "") +
                  ": not in the hand, forbidden after the call (kuikae), or not tenpai after it");
    }
    out.action = *a;
    return out;
  }
  if (after_reach) return fail(type + " after our own reach: the riichi discard (a dahai) is due");
  if (type == "reach") {
    bool open = false;
    if (const auto it = msg.find("open"); it != msg.end()) {
      if (!it->is_boolean()) return fail("open must be true or false, got " + it->dump());
      open = it->get<bool>();
    }
    if (!Has(legal, open ? ActionType::kOpenRiichi : ActionType::kRiichi))
      return fail(std::string(open ? "open riichi" : "riichi") + " is not possible here");
    out.kind = MjaiAnswer::kReach;
    out.open = open;
    return out;
  }
  if (type == "hora") {
    auto target = IntField(msg, "target");
    if (!target) return fail(target.error());
    auto pai = TileField(msg, "pai", rules);
    if (!pai) return fail(pai.error());
    if (Has(legal, ActionType::kTsumo)) {
      if (*target != seat) return fail("target must be " + std::to_string(seat) + " for a tsumo win");
      const Action* a = find({ActionType::kTsumo}, [](const Action&) { return true; });
      const Tile won = a->tile == kNoTile ? ctx.drawn : a->tile;
      if (MjaiTile(won, rules) != *pai) return fail("pai is not the drawn tile: " + *pai + " != " + MjaiTile(won, rules));
      out.action = *a;
      return out;
    }
    const Action* a = find({ActionType::kRon}, [](const Action&) { return true; });
    if (a == nullptr) return fail("cannot hora: the hand does not win here (no yaku, furiten, or not a winning tile)");
    if (*target != ctx.target) return fail("target must be " + std::to_string(ctx.target));
    if (MjaiTile(a->tile, rules) != *pai) return fail("pai is not the tile won on: " + *pai + " != " + MjaiTile(a->tile, rules));
    out.action = *a;
    return out;
  }
  if (type == "ryukyoku") {
    auto reason = StringField(msg, "reason");
    if (!reason) return fail(reason.error());
    if (*reason != "kyushukyuhai") return fail("reason must be kyushukyuhai, got " + Quote(*reason));
    const Action* a = find({ActionType::kNineTerminals}, [](const Action&) { return true; });
    if (a == nullptr) return fail("cannot declare nine terminals here");
    out.action = *a;
    return out;
  }
  if (type == "chi" || type == "pon" || type == "daiminkan" || type == "kakan" || type == "ankan") {
    const ActionType at = type == "chi"         ? ActionType::kChi
                          : type == "pon"       ? ActionType::kPon
                          : type == "daiminkan" ? ActionType::kDaiminkan
                          : type == "kakan"     ? ActionType::kKakan
                                                : ActionType::kAnkan;
    auto consumed = TilesField(msg, "consumed", rules);
    if (!consumed) return fail(consumed.error());
    std::string pai;
    if (at != ActionType::kAnkan) {
      auto p = TileField(msg, "pai", rules);
      if (!p) return fail(p.error());
      pai = *p;
    }
    if (at == ActionType::kChi || at == ActionType::kPon || at == ActionType::kDaiminkan) {
      auto target = IntField(msg, "target");
      if (!target) return fail(target.error());
      if (*target != ctx.target) return fail("target must be " + std::to_string(ctx.target));
    }
    const Action* a = find({at}, [&](const Action& x) {
      return (at == ActionType::kAnkan || MjaiTile(x.tile, rules) == pai) && SortedNames(x, rules) == *consumed;
    });
    if (a == nullptr) {
      std::string with;
      for (const auto& c : *consumed) with += c;
      return fail("the " + type + (pai.empty() ? "" : " of " + pai) + " with " + with + " is not allowed here");
    }
    out.action = *a;
    return out;
  }
  if (type == "shield_set") {
    auto pai = TileField(msg, "pai", rules);
    if (!pai) return fail(pai.error());
    const Action* a = find({ActionType::kSetShield}, [&](const Action& x) { return MjaiTile(x.tile, rules) == *pai; });
    if (a == nullptr) return fail("cannot set " + *pai + " as a shield here");
    out.action = *a;
    return out;
  }
  if (type == "exchange") {
    auto pai = TileField(msg, "pai", rules);
    if (!pai) return fail(pai.error());
    auto shield = TileField(msg, "shield", rules);
    if (!shield) return fail(shield.error());
    const Action* a = find({ActionType::kExchange}, [&](const Action& x) {
      return MjaiTile(x.tile, rules) == *pai && MjaiTile(x.consumed[0], rules) == *shield;
    });
    if (a == nullptr) return fail("cannot exchange " + *pai + " for the shield " + *shield + " here");
    out.action = *a;
    return out;
  }
  return fail("unknown answer type " + Quote(type));
}

json PossibleActionsJson(std::span<const Action> legal, const MjaiActionContext& ctx, const Ruleset& rules) {
  json out = json::array();
  for (const Action& a : legal) {
    if (a.type == ActionType::kDiscard || a.type == ActionType::kPass || a.type == ActionType::kSetShield ||
        a.type == ActionType::kExchange)
      continue;
    json j = ActionToMjai(a, ctx, rules).front();
    if (std::find(out.begin(), out.end(), j) == out.end()) out.push_back(std::move(j));
  }
  return out;
}

namespace {

// One hint as ActionToMjai(a).front().dump() gives it (keys in byte order); false for the
// actions that are not hints.
bool AppendHint(const Action& a, const MjaiActionContext& ctx, const Ruleset& rules, std::string* out) {
  const auto tile = [&](Tile t) {
    out->push_back('"');
    out->append(MjaiTile(t, rules));
    out->push_back('"');
  };
  const auto consumed = [&] {
    out->append(",\"consumed\":[");
    for (int i = 0; i < a.num_consumed; ++i) {
      if (i) out->push_back(',');
      tile(a.consumed[i]);
    }
    out->push_back(']');
  };
  out->append("{\"actor\":");
  out->append(std::to_string(a.actor));
  switch (a.type) {
    case ActionType::kRiichi: out->append(",\"type\":\"reach\"}"); return true;
    case ActionType::kOpenRiichi: out->append(",\"open\":true,\"type\":\"reach\"}"); return true;
    case ActionType::kTsumo:
    case ActionType::kRon:
      out->append(",\"pai\":");
      tile(a.type == ActionType::kTsumo && a.tile == kNoTile ? ctx.drawn : a.tile);
      out->append(",\"target\":");
      out->append(std::to_string(a.type == ActionType::kTsumo ? static_cast<int>(a.actor) : ctx.target));
      out->append(",\"type\":\"hora\"}");
      return true;
    case ActionType::kNineTerminals: out->append(",\"reason\":\"kyushukyuhai\",\"type\":\"ryukyoku\"}"); return true;
    case ActionType::kChi:
    case ActionType::kPon:
    case ActionType::kDaiminkan:
    case ActionType::kKakan:
      consumed();
      out->append(",\"pai\":");
      tile(a.tile);
      if (a.type != ActionType::kKakan) {
        out->append(",\"target\":");
        out->append(std::to_string(ctx.target));
      }
      out->append(",\"type\":\"");
      out->append(ActionTypeName(a.type));
      out->append("\"}");
      return true;
    case ActionType::kAnkan:
      consumed();
      out->append(",\"type\":\"ankan\"}");
      return true;
    default: return false;
  }
}

}  // namespace

void AppendMjaiAction(const Action& a, const MjaiActionContext& ctx, const Ruleset& rules, std::string* out) {
  const auto tile = [&](const char* key, Tile t) {
    out->append(key);
    out->append(MjaiTile(t, rules));
    out->push_back('"');
  };
  const auto actor = [&] {
    out->append("{\"actor\":");
    out->append(std::to_string(a.actor));
  };
  switch (a.type) {
    case ActionType::kDiscard:
      actor();
      tile(",\"pai\":\"", a.tile);
      out->append(a.tile == ctx.drawn ? ",\"tsumogiri\":true" : ",\"tsumogiri\":false");
      out->append(",\"type\":\"dahai\"}");
      return;
    case ActionType::kSetShield:
      actor();
      tile(",\"pai\":\"", a.tile);
      out->append(",\"type\":\"shield_set\"}");
      return;
    case ActionType::kExchange:
      actor();
      tile(",\"pai\":\"", a.tile);
      tile(",\"shield\":\"", a.consumed[0]);
      out->append(",\"type\":\"exchange\"}");
      return;
    default: {
      const size_t mark = out->size();
      if (AppendHint(a, ctx, rules, out)) return;
      out->resize(mark);  // a pass
      out->append("{\"type\":\"none\"}");
      return;
    }
  }
}

void AppendPossibleActions(std::span<const Action> legal, const MjaiActionContext& ctx, const Ruleset& rules,
                           std::string* out) {
  out->push_back('[');
  std::vector<std::pair<size_t, size_t>> written;  // each hint's text, to list it once
  std::string hint;
  for (const Action& a : legal) {
    hint.clear();
    if (!AppendHint(a, ctx, rules, &hint)) continue;
    const std::string_view text(hint);
    if (std::any_of(written.begin(), written.end(),
                    [&](const auto& w) { return std::string_view(*out).substr(w.first, w.second) == text; }))
      continue;
    if (!written.empty()) out->push_back(',');
    written.emplace_back(out->size(), hint.size());
    out->append(hint);
  }
  out->push_back(']');
}

}  // namespace mj
