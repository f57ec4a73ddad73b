#include "rules/score_json.h"

#include <array>
#include <string>

#include "rules/bounded_json.h"
#include "rules/scoring_module.h"

namespace mj {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 22> kKnownKeys = {
    "id", "concealed", "win_tile", "melds", "tsumo", "riichi", "double_riichi", "open_riichi", "ippatsu",
    "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "first_turn", "seat_wind", "round_wind",
    "dora_indicators", "ura_indicators", "honba", "riichi_sticks"};

std::string TypeName(const json& j) { return j.type_name(); }

// The longest tile text read: 18 tiles (four kongs and a pair) each written with its own suit
// letter and a marker take 54 characters; anything far longer is refused unread.
constexpr size_t kMaxTilesText = 200;

Result<bool> GetBool(const json& in, const char* key) {
  if (!in.contains(key)) return false;
  const json& v = in.at(key);
  if (!v.is_boolean()) return Error{"\"" + std::string(key) + "\" must be true or false, got " + TypeName(v)};
  return v.get<bool>();
}

Result<int> GetCount(const json& in, const char* key) {
  if (!in.contains(key)) return 0;
  const json& v = in.at(key);
  if (!v.is_number_integer()) return Error{"\"" + std::string(key) + "\" must be an integer, got " + TypeName(v)};
  const auto n = JsonIntIn(v, 0, 1000);
  if (!n) return Error{"\"" + std::string(key) + "\" must be between 0 and 1000, got " + DescribeJson(v)};
  return static_cast<int>(*n);
}

Result<Wind> GetWind(const json& in, const char* key) {
  if (!in.contains(key)) return Error{"missing key \"" + std::string(key) + "\" (E, S, W or N)"};
  const json& v = in.at(key);
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "E") return Wind::kEast;
    if (s == "S") return Wind::kSouth;
    if (s == "W") return Wind::kWest;
    if (s == "N") return Wind::kNorth;
    return Error{"\"" + std::string(key) + "\" must be E, S, W or N, got \"" + s + "\""};
  }
  return Error{"\"" + std::string(key) + "\" must be a string E, S, W or N, got " + TypeName(v)};
}

Result<std::vector<TileSpec>> GetTiles(const json& in, const std::string& key, bool required) {
  if (!in.contains(key)) {
    if (required) return Error{"missing key \"" + key + "\""};
    return std::vector<TileSpec>{};
  }
  const json& v = in.at(key);
  if (!v.is_string()) return Error{"\"" + key + "\" must be a string of tiles (mpsz), got " + TypeName(v)};
  if (v.get_ref<const std::string&>().size() > kMaxTilesText)
    return Error{"\"" + key + "\" is " + std::to_string(v.get_ref<const std::string&>().size()) +
                 " characters long; at most " + std::to_string(kMaxTilesText)};
  auto tiles = ParseTiles(v.get<std::string>());
  if (!tiles) return Error{"\"" + key + "\": " + tiles.error()};
  return std::move(tiles).value();
}

Result<MeldType> ParseMeldType(const std::string& s) {
  if (s == "chi") return MeldType::kChi;
  if (s == "pon") return MeldType::kPon;
  if (s == "minkan") return MeldType::kMinkan;
  if (s == "kakan") return MeldType::kKakan;
  if (s == "ankan") return MeldType::kAnkan;
  return Error{"unknown meld type \"" + s + "\" (chi, pon, minkan, kakan, ankan)"};
}

// Validates one meld's tiles against its type; returns the meld.
Result<Meld> MeldFromTiles(MeldType type, std::vector<TileSpec> tiles, const std::string& where) {
  SortTiles(tiles);
  Meld m;
  m.type = type;
  for (const TileSpec& t : tiles) {
    if (t.marked && NumberOf(t.kind) == 5) ++m.red;
    if (t.marked && NumberOf(t.kind) != 5) ++m.peach;
  }
  const size_t want = (type == MeldType::kChi || type == MeldType::kPon) ? 3 : 4;
  if (tiles.size() != want)
    return Error{where + ": a " + std::string(type == MeldType::kChi ? "chi" : type == MeldType::kPon ? "pon" : "kan") +
                 " has " + std::to_string(want) + " tiles, got " + std::to_string(tiles.size())};
  m.kind = tiles[0].kind;
  if (type == MeldType::kChi) {
    const Kind k = tiles[0].kind;
    if (IsHonor(k) || tiles[1].kind != k + 1 || tiles[2].kind != k + 2 || SuitOf(tiles[2].kind) != SuitOf(k))
      return Error{where + ": chi \"" + FormatTiles(tiles) + "\" is not a sequence of one suit"};
  } else {
    for (const TileSpec& t : tiles)
      if (t.kind != m.kind)
        return Error{where + ": \"" + FormatTiles(tiles) + "\" is not " + std::to_string(want) + " identical tiles"};
  }
  return m;
}

Result<WinContext> BuildContext(const json& in, const Ruleset& rules) {
  if (!in.is_object()) return Error{"each line must be a JSON object, got " + TypeName(in)};
  for (const auto& [key, value] : in.items()) {
    bool known = false;
    for (std::string_view k : kKnownKeys) known = known || k == key;
    if (!known) return Error{"unknown key \"" + PrintableText(key) + "\""};
  }
  WinContext ctx;
  std::vector<TileSpec> all;  // every tile of the hand, for the physical limits

  auto concealed = GetTiles(in, "concealed", true);
  if (!concealed) return Error{concealed.error()};
  for (const TileSpec& t : *concealed) {
    ++ctx.concealed[t.kind];
    all.push_back(t);
  }
  auto win = GetTiles(in, "win_tile", true);
  if (!win) return Error{win.error()};
  if (win->size() != 1) return Error{"\"win_tile\" must be exactly one tile, got " + std::to_string(win->size())};
  const TileSpec win_tile = win->front();
  ctx.win_tile = win_tile.kind;
  bool win_found = false;
  for (const TileSpec& t : *concealed) win_found = win_found || (t == win_tile);
  if (!win_found)
    return Error{"\"win_tile\" " + FormatTile(win_tile) + " is not among the concealed tiles \"" +
                 FormatTiles(*concealed) + "\""};

  if (in.contains("melds")) {
    const json& melds = in.at("melds");
    if (!melds.is_array()) return Error{"\"melds\" must be an array, got " + TypeName(melds)};
    if (melds.size() > 4) return Error{"\"melds\" has " + std::to_string(melds.size()) + " melds; at most 4"};
    for (size_t i = 0; i < melds.size(); ++i) {
      const std::string where = "melds[" + std::to_string(i) + "]";
      const json& mj = melds[i];
      if (!mj.is_object()) return Error{where + " must be an object {\"type\", \"tiles\"}"};
      for (const auto& [key, value] : mj.items())
        if (key != "type" && key != "tiles") return Error{where + ": unknown key \"" + key + "\""};
      if (!mj.contains("type") || !mj.at("type").is_string()) return Error{where + ": \"type\" must be a string"};
      auto type = ParseMeldType(mj.at("type").get<std::string>());
      if (!type) return Error{where + ": " + type.error()};
      auto tiles = GetTiles(mj, "tiles", true);
      if (!tiles) return Error{where + ": " + tiles.error()};
      auto meld = MeldFromTiles(*type, *tiles, where);
      if (!meld) return Error{meld.error()};
      ctx.melds.push_back(*meld);
      for (const TileSpec& t : *tiles) all.push_back(t);
    }
  }
  const size_t expected = 14 - 3 * ctx.melds.size();
  if (concealed->size() != expected)
    return Error{"\"concealed\" has " + std::to_string(concealed->size()) + " tiles; with " +
                 std::to_string(ctx.melds.size()) + " meld(s) it must have " + std::to_string(expected) +
                 " (the winning tile included)"};
  // Physical limits across hand and melds.
  KindCounts counts{};
  std::array<int, kNumKinds> marked{};
  for (const TileSpec& t : all) {
    ++counts[t.kind];
    if (t.marked) ++marked[t.kind];
  }
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] > 4)
      return Error{"\"" + FormatKind(static_cast<Kind>(k)) + "\" appears " + std::to_string(counts[k]) +
                   " times in the hand and melds"};
    if (marked[k] > 1)
      return Error{"\"" + FormatTile({static_cast<Kind>(k), true}) + "\" appears " + std::to_string(marked[k]) +
                   " times in the hand and melds (there is one)"};
    if (marked[k] && NumberOf(static_cast<Kind>(k)) == 5 && rules.red_fives[k / 9] == 0)
      return Error{"red five \"" + FormatTile({static_cast<Kind>(k), true}) + "\" given but ruleset \"" + rules.name +
                   "\" has no red " + FormatKind(static_cast<Kind>(k))};
    if (marked[k] && NumberOf(static_cast<Kind>(k)) != 5 && !rules.peach_tiles)
      return Error{"peach tile \"" + FormatTile({static_cast<Kind>(k), true}) + "\" given but ruleset \"" +
                   rules.name + "\" has no peach tiles"};
    if (NumberOf(static_cast<Kind>(k)) == 5) {
      ctx.red_fives = static_cast<uint8_t>(ctx.red_fives + marked[k]);
    } else {
      ctx.peach_tiles = static_cast<uint8_t>(ctx.peach_tiles + marked[k]);
    }
  }

  struct Flag {
    const char* key;
    bool* field;
  };
  const Flag flags[] = {{"tsumo", &ctx.tsumo},     {"riichi", &ctx.riichi},   {"double_riichi", &ctx.double_riichi},
                        {"open_riichi", &ctx.open_riichi},
                        {"ippatsu", &ctx.ippatsu}, {"rinshan", &ctx.rinshan}, {"chankan", &ctx.chankan},
                        {"haitei", &ctx.haitei},   {"houtei", &ctx.houtei},   {"tenhou", &ctx.tenhou},
                        {"chiihou", &ctx.chiihou}, {"first_turn", &ctx.first_turn}};
  for (const Flag& f : flags) {
    auto v = GetBool(in, f.key);
    if (!v) return Error{v.error()};
    *f.field = *v;
  }
  // Flags that claim a yaku the ruleset does not have (Dunpai: no double riichi, tenhou or
  // chiihou; riichi: no open riichi).
  const struct {
    const char* key;
    bool value;
    YakuId yaku;
  } claims[] = {{"double_riichi", ctx.double_riichi, YakuId::kDoubleRiichi},
                {"open_riichi", ctx.open_riichi, YakuId::kOpenRiichi},
                {"tenhou", ctx.tenhou, YakuId::kTenhou},
                {"chiihou", ctx.chiihou, YakuId::kChiihou}};
  for (const auto& c : claims) {
    if (c.value && !rules.yaku[static_cast<int>(c.yaku)].enabled)
      return Error{"\"" + std::string(c.key) + "\" given but ruleset \"" + rules.name + "\" has no " +
                   std::string(YakuName(c.yaku)) + " (its yaku entry is disabled)"};
  }
  auto seat = GetWind(in, "seat_wind");
  if (!seat) return Error{seat.error()};
  ctx.seat_wind = *seat;
  // Without a round wind (Dunpai) "round_wind" is optional and, when given, only checked.
  ctx.has_round_wind = rules.round_wind;
  if (rules.round_wind || in.contains("round_wind")) {
    auto round = GetWind(in, "round_wind");
    if (!round) return Error{round.error()};
    ctx.round_wind = *round;
  }
  for (const char* key : {"dora_indicators", "ura_indicators"}) {
    auto tiles = GetTiles(in, key, false);
    if (!tiles) return Error{tiles.error()};
    if (tiles->size() > 5)
      return Error{"\"" + std::string(key) + "\" has " + std::to_string(tiles->size()) + " tiles; at most 5"};
    if (!tiles->empty() && !rules.dora)
      return Error{"\"" + std::string(key) + "\" given but ruleset \"" + rules.name + "\" has no dora"};
    auto& dest = std::string_view(key) == "dora_indicators" ? ctx.dora_indicators : ctx.ura_indicators;
    for (const TileSpec& t : *tiles) dest.push_back(t.kind);
  }
  auto honba = GetCount(in, "honba");
  if (!honba) return Error{honba.error()};
  ctx.honba = *honba;
  if (ctx.honba > 0 && rules.honba_value == 0)
    return Error{"\"honba\" is " + std::to_string(ctx.honba) + " but ruleset \"" + rules.name +
                 "\" has no honba (\"honba_value\" 0)"};
  auto sticks = GetCount(in, "riichi_sticks");
  if (!sticks) return Error{sticks.error()};
  ctx.riichi_sticks = *sticks;
  if (ctx.riichi_sticks > 0 && rules.riichi_deposit == 0)
    return Error{"\"riichi_sticks\" is " + std::to_string(ctx.riichi_sticks) + " but ruleset \"" + rules.name +
                 "\" has no riichi deposits (\"riichi_deposit\" 0)"};

  // Situations that cannot happen together.
  const bool any_riichi = ctx.riichi || ctx.double_riichi || ctx.open_riichi;
  bool has_kan = false;
  for (const Meld& m : ctx.melds) has_kan = has_kan || m.IsKan();
  if (any_riichi && !ctx.IsClosed() && !rules.riichi_open_hand)
    return Error{"riichi with an open meld: riichi needs a closed hand"};
  if (ctx.ippatsu && !any_riichi) return Error{"ippatsu without riichi"};
  if (ctx.tsumo && ctx.houtei) return Error{"houtei is a win on a discard; it cannot be tsumo"};
  if (ctx.tsumo && ctx.chankan) return Error{"chankan is a win on a robbed kan tile; it cannot be tsumo"};
  if (!ctx.tsumo && ctx.haitei) return Error{"haitei is a win on the last drawn tile; it needs tsumo"};
  if (!ctx.tsumo && ctx.rinshan) return Error{"rinshan is a win on the kan replacement draw; it needs tsumo"};
  if (ctx.rinshan && !has_kan) return Error{"rinshan without a kan among the melds"};
  if (ctx.haitei && ctx.rinshan) return Error{"haitei and rinshan together: a replacement draw is not the last tile"};
  if (ctx.houtei && ctx.chankan) return Error{"houtei and chankan together"};
  if (ctx.tenhou && ctx.chiihou) return Error{"tenhou and chiihou together"};
  const bool chiihou_on_discard = rules.chiihou_kind == ChiihouKind::kDealerFirstDiscard;
  if (ctx.tenhou && !ctx.tsumo) return Error{"tenhou is a win by tsumo"};
  if (ctx.chiihou && !chiihou_on_discard && !ctx.tsumo) return Error{"chiihou is a win by tsumo"};
  if (ctx.chiihou && chiihou_on_discard && ctx.tsumo)
    return Error{"chiihou in ruleset \"" + rules.name +
                 "\" is a win on the dealer's first discard; it cannot be tsumo"};
  if (ctx.first_turn && !ctx.tsumo) return Error{"first_turn is a win on the first draw; it needs tsumo"};
  if (ctx.first_turn && (!ctx.melds.empty() || any_riichi))
    return Error{"first_turn: the first draw comes before any meld or riichi"};
  if ((ctx.tenhou || ctx.chiihou) && !ctx.melds.empty()) return Error{"tenhou and chiihou cannot have melds"};
  if ((ctx.tenhou || ctx.chiihou) && any_riichi) return Error{"tenhou and chiihou cannot follow riichi"};
  if (ctx.tenhou && !ctx.IsDealer()) return Error{"tenhou is the dealer's win: seat_wind must be E"};
  if (ctx.chiihou && ctx.IsDealer()) return Error{"chiihou is a non-dealer's win: seat_wind must not be E"};
  return ctx;
}


}  // namespace

std::string FuReasonText(const FuEntry& e) {
  switch (e.reason) {
    case FuReason::kBase: return "base";
    case FuReason::kClosedRon: return "closed ron";
    case FuReason::kTsumo: return "tsumo";
    case FuReason::kMeld: {
      static constexpr const char* kWhat[4] = {"open pung", "closed pung", "open kong", "closed kong"};
      return std::string(kWhat[e.detail & 3]) + " " + FormatKind(e.kind);
    }
    case FuReason::kPair: return "value pair " + FormatKind(e.kind);
    case FuReason::kWait: {
      static constexpr const char* kWhat[4] = {"", "kanchan wait", "penchan wait", "tanki wait"};
      return kWhat[e.detail & 3];
    }
    case FuReason::kChiitoitsu: return "chiitoitsu";
    case FuReason::kPinfuTsumo: return "pinfu tsumo";
    case FuReason::kOpenPinfu: return "open hand without fu";
    case FuReason::kRoundUp: return "round up";
    case FuReason::kPureWait: {
      static constexpr const char* kShapes[] = {"single wait", "single wait (kanchan)",
                                                "single wait (penchan)", "single wait (tanki)"};
      return kShapes[e.detail < 4 ? e.detail : 0];
    }
    case FuReason::kTwoChanceShanpon: return "two-chance shanpon";
    case FuReason::kToitoi: return "toitoi";
    case FuReason::kRinshan: return "rinshan";
    case FuReason::kHaitei: return "haitei";
    case FuReason::kRobbingPureWait: return "robbing a kong on a single wait (kinkei dasshoku)";
    default: return "?";
  }
}

std::string_view LimitName(Limit l) {
  static constexpr std::string_view kNames[] = {"none",      "mangan",  "haneman", "baiman",
                                                "sanbaiman", "yakuman", "limit",   "half_limit"};
  static_assert(std::size(kNames) == static_cast<size_t>(Limit::kCount));
  return kNames[static_cast<int>(l)];
}

std::string_view ScoreErrorName(ScoreError e) {
  static constexpr std::string_view kNames[] = {"none", "no_yaku", "not_a_winning_hand", "invalid_input"};
  return kNames[static_cast<int>(e)];
}

json HanToJson(int sixths) {
  if (sixths % 6 == 0) return sixths / 6;
  return sixths / 6.0;
}

std::string HanToText(int sixths) {
  const int whole = sixths / 6, rest = sixths % 6;
  if (rest == 0) return std::to_string(whole);
  if (rest == 3) return std::to_string(whole) + ".5";
  const int num = (rest % 2 == 0) ? rest / 2 : rest;
  const int den = (rest % 2 == 0) ? 3 : 6;
  return (whole ? std::to_string(whole) + " " : "") + std::to_string(num) + "/" + std::to_string(den);
}

Result<WinContext> WinContextFromJson(const json& input, const Ruleset& rules) { return BuildContext(input, rules); }

json ScoreResultToJson(const json& id, const ScoreResult& r) {
  json out = json::object();
  out["id"] = id;
  if (!r.ok()) {
    out["ok"] = false;
    out["error"] = std::string(ScoreErrorName(r.error));
    out["message"] = r.message;
    return out;
  }
  out["ok"] = true;
  out["han"] = HanToJson(r.han_sixths);
  out["han_sixths"] = r.han_sixths;
  out["fu"] = r.fu;
  out["yakuman"] = r.yakuman;
  out["limit"] = std::string(LimitName(r.limit));
  json yaku = json::array();
  for (const YakuEntry& e : r.yaku) {
    json y = {{"name", std::string(YakuName(e.id))}};
    if (e.yakuman) {
      y["han"] = 13 * e.yakuman;
      y["yakuman"] = e.yakuman;
    } else {
      y["han"] = HanToJson(e.sixths);
    }
    if (e.limit != Limit::kNone) y["limit"] = std::string(LimitName(e.limit));
    yaku.push_back(std::move(y));
  }
  out["yaku"] = std::move(yaku);
  json fu = json::array();
  for (const FuEntry& e : r.fu_breakdown) fu.push_back({{"reason", FuReasonText(e)}, {"fu", e.fu}});
  out["fu_breakdown"] = std::move(fu);
  switch (r.payment.kind) {
    case PaymentKind::kRon: out["payment"] = {{"ron", r.payment.ron}}; break;
    case PaymentKind::kTsumoNonDealer:
      out["payment"] = {{"dealer", r.payment.dealer}, {"non_dealer", r.payment.non_dealer}};
      break;
    case PaymentKind::kTsumoDealer: out["payment"] = {{"each", r.payment.each}}; break;
  }
  out["honba_bonus"] = r.honba_bonus;
  out["deposits"] = r.deposits;
  out["total"] = r.total;
  return out;
}

json ScoreInputJson(const json& input, const Ruleset& rules) {
  const json id = (input.is_object() && input.contains("id")) ? input.at("id") : json(nullptr);
  ScoreResult result;
  auto ctx = BuildContext(input, rules);
  if (!ctx) {
    result.error = ScoreError::kInvalidInput;
    result.message = ctx.error();
    return ScoreResultToJson(id, result);
  }
  const ScoringModule* module = FindScoringModule(rules.scoring);
  if (module == nullptr) {
    result.error = ScoreError::kInvalidInput;
    result.message = "ruleset \"" + rules.name + "\" names an unknown scoring module \"" + rules.scoring + "\"";
    return ScoreResultToJson(id, result);
  }
  return ScoreResultToJson(id, module->Score(*ctx, rules));
}

std::string DumpScoreOutput(const json& output) {
  static constexpr std::string_view kOrder[] = {"id", "ok", "error", "message", "han", "han_sixths", "fu",
                                                "yakuman", "limit", "yaku", "fu_breakdown", "payment",
                                                "honba_bonus", "deposits", "total"};
  nlohmann::ordered_json ordered = nlohmann::ordered_json::object();
  for (std::string_view key : kOrder) {
    auto it = output.find(std::string(key));
    if (it != output.end()) ordered[std::string(key)] = *it;
  }
  for (const auto& [key, value] : output.items())
    if (!ordered.contains(key)) ordered[key] = value;
  // Parsed input holds valid UTF-8 only; replacing keeps any other text from throwing.
  return ordered.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string ScoreInputLine(std::string_view line, const Ruleset& rules) {
  auto input = ParseBoundedJson(line, kScoreLineLimits);
  if (!input) {
    ScoreResult r;
    r.error = ScoreError::kInvalidInput;
    r.message = "invalid JSON: " + input.error();
    return DumpScoreOutput(ScoreResultToJson(nullptr, r));
  }
  return DumpScoreOutput(ScoreInputJson(*input, rules));
}

}  // namespace mj
