#include "rules/ruleset.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rules/bounded_json.h"
#include "rules/han_text.h"
#include "rules/ruleset_presets.h"
#include "rules/ruleset_reading.h"
#include "rules/ruleset_sections.h"
#include "rules/yaku_table.h"

namespace mj {
namespace ruleset_json {
namespace {

using nlohmann::json;

// Scoring modules a ruleset may name in "scoring". Add a module's name here when it is
// registered with FindScoringModule (rules/scoring_module.h).
constexpr std::array<std::string_view, 5> kScoringModules = {"riichi", "dunpai", "fuless", "ayame",
                                                            "ningbo"};

// Modules that value peach tiles and that pay without the dealer difference
// (dealer_pays_double: false); other modules refuse those settings.
constexpr std::array<std::string_view, 1> kPeachModules = {"dunpai"};
constexpr std::array<std::string_view, 1> kNoDealerModules = {"dunpai"};
// Modules that read "minimum_han" (the others ask for any yaku).
constexpr std::array<std::string_view, 3> kMinimumModules = {"fuless", "ayame", "ningbo"};

// ---- Top-level keys -------------------------------------------------------------------------

struct BoolKey {
  std::string_view key;
  bool Ruleset::*member;
};

constexpr BoolKey kBoolKeys[] = {
    {"kuitan", &Ruleset::kuitan},
    {"kiriage_mangan", &Ruleset::kiriage_mangan},
    {"kazoe_yakuman", &Ruleset::kazoe_yakuman},
    {"double_yakuman_special_waits", &Ruleset::double_yakuman_special_waits},
    {"yakuman_stacking", &Ruleset::yakuman_stacking},
    {"open_no_fu_30", &Ruleset::open_no_fu_30},
    {"bust_ends_game", &Ruleset::bust_ends_game},
    {"west_extension", &Ruleset::west_extension},
    {"agari_yame", &Ruleset::agari_yame},
    {"tenpai_yame", &Ruleset::tenpai_yame},
    {"double_ron", &Ruleset::double_ron},
    {"triple_ron_abort", &Ruleset::triple_ron_abort},
    {"nagashi_mangan", &Ruleset::nagashi_mangan},
    {"abort_nine_terminals", &Ruleset::abort_nine_terminals},
    {"abort_four_winds", &Ruleset::abort_four_winds},
    {"abort_four_riichi", &Ruleset::abort_four_riichi},
    {"abort_four_kans", &Ruleset::abort_four_kans},
    {"pao", &Ruleset::pao},
    {"riichi_needs_points", &Ruleset::riichi_needs_points},
    {"peach_tiles", &Ruleset::peach_tiles},
    {"dora", &Ruleset::dora},
    {"dead_wall", &Ruleset::dead_wall},
    {"round_wind", &Ruleset::round_wind},
    {"dealer_pays_double", &Ruleset::dealer_pays_double},
    {"renchan", &Ruleset::renchan},
    {"riichi_open_hand", &Ruleset::riichi_open_hand},
    {"kuikae", &Ruleset::kuikae},
    {"closed_kan_hidden", &Ruleset::closed_kan_hidden},
    {"riichi_allowed", &Ruleset::riichi_allowed},
    {"kans", &Ruleset::kans},
    {"nine_terminals_no_pair", &Ruleset::nine_terminals_no_pair},
    {"tenpai_renchan", &Ruleset::tenpai_renchan},
    {"pao_one_suit", &Ruleset::pao_one_suit},
};

// Point amounts: integers from 0 to their bound (kMaxPoints, or kMaxPerStick for the amounts
// multiplied by a count of honba or deposit sticks).
struct PointsKey {
  std::string_view key;
  int Ruleset::*member;
  int64_t max = kMaxPoints;
};

constexpr PointsKey kPointsKeys[] = {
    {"honba_value", &Ruleset::honba_value, kMaxPerStick},
    {"riichi_deposit", &Ruleset::riichi_deposit, kMaxPerStick},
    {"starting_points", &Ruleset::starting_points},
    {"return_points", &Ruleset::return_points},
    {"noten_payment", &Ruleset::noten_payment},
    {"end_point_gap", &Ruleset::end_point_gap},
    {"han_points_step", &Ruleset::han_points_step},
};

// Keys handled one by one below.
constexpr std::string_view kOtherKeys[] = {
    "base", "name", "scoring", "red_fives", "double_wind_pair_fu", "length",
    "uma",  "yaku", "han_points", "max_hands", "shields", "minimum_han", "chiihou_kind",
    "fuless", "ayame", "ningbo"};

bool Contains(std::span<const std::string_view> list, std::string_view s) {
  for (const auto x : list)
    if (x == s) return true;
  return false;
}

std::string JoinNames(std::span<const std::string_view> list) {
  std::string out;
  for (const auto x : list) {
    if (!out.empty()) out += ", ";
    out += x;
  }
  return out;
}

bool IsKnownKey(std::string_view key) {
  for (const auto& k : kBoolKeys)
    if (k.key == key) return true;
  for (const auto& k : kPointsKeys)
    if (k.key == key) return true;
  for (const auto k : kOtherKeys)
    if (k == key) return true;
  return false;
}

// Settings that cannot work together; the error names the key to change.
std::optional<Error> CheckCombinations(const Ruleset& r) {
  if (r.scoring == "ayame") {
    // The dealer's value at the cap: unit x floor(x+1) x ceil(x+1) x dealer_percent / 100 (AYAME.md).
    const int64_t s = std::max(r.ayame.cap_sixths, 0) + kSixthsPerHan;
    const int64_t points = (s / kSixthsPerHan) * ((s + kSixthsPerHan - 1) / kSixthsPerHan);
    const int64_t top = static_cast<int64_t>(r.ayame.unit) * points * std::max(r.ayame.dealer_percent, 100) / 100;
    if (top > kMaxHandValue)
      return KeyError("ayame", "\"unit\" " + std::to_string(r.ayame.unit) + " makes a hand at the cap worth " +
                                   std::to_string(top) + " points; at most " + std::to_string(kMaxHandValue));
  }
  if (r.return_points < r.starting_points)
    return KeyError("return_points", "(" + std::to_string(r.return_points) +
                                         ") must not be below \"starting_points\" (" +
                                         std::to_string(r.starting_points) + ")");
  if (r.scoring == "dunpai" && r.han_points.empty())
    return KeyError("han_points", "must list the points of 1, 2, ... han for \"scoring\": "
                                  "\"dunpai\" (it pays by han alone)");
  if (r.peach_tiles && !Contains(kPeachModules, r.scoring))
    return KeyError("peach_tiles", "is true but scoring module " + Quote(r.scoring) +
                                       " does not value peach tiles (modules that do: " +
                                       JoinNames(kPeachModules) + ")");
  if (!r.dealer_pays_double && !Contains(kNoDealerModules, r.scoring))
    return KeyError("dealer_pays_double",
                    "is false but scoring module " + Quote(r.scoring) +
                        " always pays the dealer double (modules that can pay without: " +
                        JoinNames(kNoDealerModules) + ")");
  if (r.dora && !r.dead_wall)
    return KeyError("dora", "is true but \"dead_wall\" is false: dora indicators are turned "
                            "in the dead wall");
  const YakuValue& riichi = r.yaku[static_cast<int>(YakuId::kRiichi)];
  if (r.riichi_open_hand && riichi.enabled && riichi.open_sixths == 0)
    return KeyError("riichi_open_hand", "is true but yaku \"riichi\" has no open value "
                                        "(give it one, e.g. \"riichi\": {\"open\": 1})");
  if (r.length == GameLength::kUnlimited && r.max_hands == 0 && r.end_point_gap == 0)
    return KeyError("length", "is \"unlimited\" but neither \"max_hands\" nor "
                              "\"end_point_gap\" ends the game");
  if (r.minimum_sixths != 6 && !Contains(kMinimumModules, r.scoring))
    return KeyError("minimum_han", "is not 1 but scoring module " + Quote(r.scoring) +
                                       " asks for any yaku (modules that read it: " +
                                       JoinNames(kMinimumModules) + ")");
  if (r.riichi_allowed && !r.yaku[static_cast<int>(YakuId::kRiichi)].enabled)
    return KeyError("riichi_allowed", "is true but yaku \"riichi\" is disabled (set "
                                      "\"riichi_allowed\": false to play without riichi)");
  if (r.ningbo.half_limit > r.ningbo.limit && r.ningbo.limit > 0)
    return KeyError("ningbo.half_limit", "(" + std::to_string(r.ningbo.half_limit) +
                                             ") must not exceed \"ningbo.limit\" (" +
                                             std::to_string(r.ningbo.limit) + ")");
  if (r.shields.extra_tiles != r.shields.per_hand)
    return KeyError("shields.extra_tiles",
                    "(" + std::to_string(r.shields.extra_tiles) +
                        ") must equal \"shields.per_hand\" (" +
                        std::to_string(r.shields.per_hand) +
                        "): the extra tiles dealt become the new shields, the hand stays 13");
  // shields.overflow "refuse": the carried shields must fit the wall in every hand the game can
  // have. At most every seat keeps all its shields every hand: 4 x per_hand more a hand.
  if (r.shields.enabled && r.shields.overflow == ShieldOverflow::kRefuse) {
    const int capacity = CarriedShieldCapacity(r);
    if (r.max_hands == 0)
      return KeyError("shields.overflow",
                      "is \"refuse\" but \"max_hands\" is 0: with no hand limit the carried shields have no "
                      "bound, and the wall holds at most " + std::to_string(capacity) +
                          " beside the deal (use \"return_to_wall\" or set \"max_hands\")");
    const int64_t most = int64_t{4} * r.shields.per_hand * (r.max_hands - 1);
    if (most > capacity)
      return KeyError("shields.overflow",
                      "is \"refuse\" but the carried shields can reach " + std::to_string(most) + " (4 seats x " +
                          std::to_string(r.shields.per_hand) + " per hand x " + std::to_string(r.max_hands - 1) +
                          " hands before the last of \"max_hands\" " + std::to_string(r.max_hands) +
                          "), more than the " + std::to_string(capacity) + " the wall holds beside the deal of " +
                          std::to_string(ShieldDealTiles(r.shields.extra_tiles)) +
                          " tiles: such a hand cannot be dealt (use \"return_to_wall\")");
  }
  return std::nullopt;
}

}  // namespace

Result<Ruleset> FromJson(const json& j, int depth, const Ruleset* start) {
  if (!j.is_object()) return Error{"a ruleset must be a JSON object, got " + Describe(j)};
  for (const auto& [key, value] : j.items()) {
    if (!IsKnownKey(key)) return Error{"unknown key " + Quote(key) + " in ruleset"};
  }

  Ruleset r;
  r.yaku = RiichiYakuTable();
  if (start != nullptr) {
    if (j.contains("base")) return KeyError("base", "cannot be given over a ruleset that is already the base");
    r = *start;
  }
  if (j.contains("base")) {
    const json& b = j["base"];
    if (!b.is_string())
      return KeyError("base", "must be a string (a preset name), got " + Describe(b));
    if (depth >= kMaxBaseDepth)
      return KeyError(
          "base", "chain is deeper than " + std::to_string(kMaxBaseDepth) + " presets (a cycle?)");
    auto base = PresetByName(b.get<std::string>(), depth + 1);
    if (!base.ok()) return Error{"\"base\": " + base.error()};
    r = std::move(base).value();
  }

  if (j.contains("name")) {
    const json& v = j["name"];
    if (!v.is_string()) return KeyError("name", "must be a string, got " + Describe(v));
    if (v.get<std::string>().empty()) return KeyError("name", "must not be empty");
    if (v.get_ref<const std::string&>().size() > kMaxNameBytes)
      return KeyError("name", "is " + std::to_string(v.get_ref<const std::string&>().size()) +
                                  " bytes long; at most " + std::to_string(kMaxNameBytes));
    r.name = v.get<std::string>();
  }
  if (j.contains("scoring")) {
    const json& v = j["scoring"];
    if (!v.is_string()) return KeyError("scoring", "must be a string, got " + Describe(v));
    const std::string s = v.get<std::string>();
    bool known = false;
    std::string list;
    for (const auto m : kScoringModules) {
      known = known || m == s;
      if (!list.empty()) list += ", ";
      list += m;
    }
    if (!known)
      return KeyError("scoring",
                      "names unknown scoring module " + Quote(s) + " (known: " + list + ")");
    r.scoring = s;
  }
  for (const auto& k : kBoolKeys) {
    const std::string key(k.key);
    if (!j.contains(key)) continue;
    if (!j[key].is_boolean()) return KeyError(k.key, "must be a boolean, got " + Describe(j[key]));
    r.*k.member = j[key].get<bool>();
  }
  for (const auto& k : kPointsKeys) {
    if (!j.contains(std::string(k.key))) continue;
    if (auto err = GetInt(j, k.key, 0, k.max, r.*k.member)) return *err;
  }
  if (j.contains("red_fives")) {
    const json& v = j["red_fives"];
    const std::string expected = "must be an array of 3 integers (m, p, s), each 0 or 1, got ";
    if (!v.is_array() || v.size() != 3) return KeyError("red_fives", expected + Describe(v));
    for (int i = 0; i < 3; ++i) {
      if (!JsonIntIn(v[i], 0, 1))
        return KeyError("red_fives", expected + DescribeJson(v));
      r.red_fives[i] = static_cast<uint8_t>(v[i].get<int>());
    }
  }
  if (j.contains("double_wind_pair_fu")) {
    int fu = 0;
    if (auto err = GetInt(j, "double_wind_pair_fu", 0, 100, fu)) return *err;
    if (fu != 2 && fu != 4)
      return KeyError("double_wind_pair_fu", "must be 2 or 4, got " + std::to_string(fu));
    r.double_wind_pair_fu = fu;
  }
  if (j.contains("length")) {
    const json& v = j["length"];
    if (!v.is_string())
      return KeyError("length",
                      "must be a string (\"east\", \"hanchan\" or \"unlimited\"), got " +
                          Describe(v));
    const std::string s = v.get<std::string>();
    if (s == "east") {
      r.length = GameLength::kEast;
    } else if (s == "hanchan") {
      r.length = GameLength::kHanchan;
    } else if (s == "unlimited") {
      r.length = GameLength::kUnlimited;
    } else {
      return KeyError("length",
                      "must be \"east\", \"hanchan\" or \"unlimited\", got " + Quote(s));
    }
  }
  if (j.contains("max_hands")) {
    if (auto err = GetInt(j, "max_hands", 0, kMaxHands, r.max_hands)) return *err;
  }
  if (j.contains("han_points")) {
    const json& v = j["han_points"];
    const std::string expected = "must be an array of at most " + std::to_string(kMaxHanPoints) +
                                 " integers from 0 to " + std::to_string(kMaxPoints) +
                                 " (points for 1, 2, ... han), got ";
    if (!v.is_array() || v.size() > kMaxHanPoints) return KeyError("han_points", expected + Describe(v));
    std::vector<int> table;
    for (const json& x : v) {
      if (!JsonIntIn(x, 0, kMaxPoints))
        return KeyError("han_points", expected + DescribeJson(v));
      table.push_back(x.get<int>());
    }
    r.han_points = std::move(table);
  }
  if (j.contains("shields")) {
    if (auto err = ApplyShields(j["shields"], r.shields)) return *err;
  }
  if (j.contains("fuless")) {
    if (auto err = ApplyFuless(j["fuless"], r.fuless)) return *err;
  }
  if (j.contains("ayame")) {
    if (auto err = ApplyAyame(j["ayame"], r.ayame)) return *err;
  }
  if (j.contains("ningbo")) {
    if (auto err = ApplyNingbo(j["ningbo"], r.ningbo)) return *err;
  }
  if (j.contains("minimum_han")) {
    const auto sixths = JsonToSixths(j["minimum_han"], /*null_is_zero=*/true);
    if (!sixths)
      return KeyError("minimum_han", "must be a han value (a number or a fraction text like "
                                     "\"1/3\"; 0 = no minimum), got " + Describe(j["minimum_han"]));
    r.minimum_sixths = *sixths;
  }
  if (j.contains("chiihou_kind")) {
    const json& v = j["chiihou_kind"];
    const std::string s = v.is_string() ? v.get<std::string>() : "";
    if (s == "first_draw") {
      r.chiihou_kind = ChiihouKind::kFirstDraw;
    } else if (s == "dealer_first_discard") {
      r.chiihou_kind = ChiihouKind::kDealerFirstDiscard;
    } else {
      return KeyError("chiihou_kind",
                      "must be \"first_draw\" or \"dealer_first_discard\", got " + Describe(v));
    }
  }
  if (j.contains("uma")) {
    const json& v = j["uma"];
    const std::string expected =
        "must be an array of 4 integers (1st to 4th place) that sum to 0, got ";
    if (!v.is_array() || v.size() != 4) return KeyError("uma", expected + Describe(v));
    int64_t sum = 0;
    for (int i = 0; i < 4; ++i) {
      if (!JsonIntIn(v[i], -kMaxPoints, kMaxPoints))
        return KeyError("uma", expected + DescribeJson(v));
      r.uma[i] = v[i].get<int>();
      sum += r.uma[i];
    }
    if (sum != 0)
      return KeyError("uma", expected + DescribeJson(v) + " (sum " + std::to_string(sum) + ")");
  }
  if (j.contains("yaku")) {
    if (auto err = ApplyYakuTable(j["yaku"], r.yaku)) return *err;
  }

  if (auto err = CheckCombinations(r)) return *err;
  return r;
}

}  // namespace ruleset_json

using nlohmann::json;
using namespace ruleset_json;

Result<Ruleset> RulesetFromJson(const nlohmann::json& j) {
  try {
    return FromJson(j, 0);
  } catch (const std::exception& e) {
    return Error{std::string("ruleset: ") + e.what()};
  }
}

Result<Ruleset> RulesetFromJson(const nlohmann::json& j, const Ruleset& base) {
  try {
    return FromJson(j, 0, &base);
  } catch (const std::exception& e) {
    return Error{std::string("ruleset: ") + e.what()};
  }
}

nlohmann::json RulesetToJson(const Ruleset& r) {
  json j = json::object();
  j["name"] = r.name;
  j["scoring"] = r.scoring;
  j["red_fives"] = r.red_fives;
  j["double_wind_pair_fu"] = r.double_wind_pair_fu;
  j["length"] = r.length == GameLength::kEast      ? "east"
                : r.length == GameLength::kHanchan ? "hanchan"
                                                   : "unlimited";
  j["uma"] = r.uma;
  j["max_hands"] = r.max_hands;
  j["han_points"] = r.han_points;
  j["minimum_han"] = SixthsToJson(r.minimum_sixths);
  j["chiihou_kind"] =
      r.chiihou_kind == ChiihouKind::kFirstDraw ? "first_draw" : "dealer_first_discard";
  j["fuless"] = {{"base_points", r.fuless.base_points},
                 {"third_percent", r.fuless.third_percent},
                 {"base_cap", r.fuless.base_cap},
                 {"limit_han", r.fuless.limit_han}};
  j["ayame"] = {{"unit", r.ayame.unit},
                {"dealer_percent", r.ayame.dealer_percent},
                {"cap_han", SixthsToJson(r.ayame.cap_sixths)}};
  json half = json::array();
  for (YakuId id : r.ningbo.half_limit_hands) half.push_back(YakuName(id));
  j["ningbo"] = {{"base_fu", r.ningbo.base_fu},
                 {"limit", r.ningbo.limit},
                 {"half_limit", r.ningbo.half_limit},
                 {"pure_wait_fu", r.ningbo.pure_wait_fu},
                 {"two_chance_shanpon_fu", r.ningbo.two_chance_shanpon_fu},
                 {"tsumo_fu", r.ningbo.tsumo_fu},
                 {"yakuhai_pair_fu", r.ningbo.yakuhai_pair_fu},
                 {"toitoi_fu", r.ningbo.toitoi_fu},
                 {"rinshan_fu", r.ningbo.rinshan_fu},
                 {"haitei_fu", r.ningbo.haitei_fu},
                 {"robbing_pure_wait_fu", r.ningbo.robbing_pure_wait_fu},
                 {"side_settlement", r.ningbo.side_settlement},
                 {"pao_on_ron", r.ningbo.pao_on_ron},
                 {"half_limit_hands", std::move(half)}};
  j["shields"] = {{"enabled", r.shields.enabled},
                  {"per_hand", r.shields.per_hand},
                  {"extra_tiles", r.shields.extra_tiles},
                  {"tsumo_protection", r.shields.tsumo_protection},
                  {"open_riichi", r.shields.open_riichi},
                  {"overflow", r.shields.overflow == ShieldOverflow::kRefuse ? "refuse" : "return_to_wall"},
                  {"carry_face_up", r.shields.carry_face_up},
                  {"abortive_keeps_all", r.shields.abortive_keeps_all}};
  for (const auto& k : kBoolKeys) j[std::string(k.key)] = r.*k.member;
  for (const auto& k : kPointsKeys) j[std::string(k.key)] = r.*k.member;
  json yaku = json::object();
  for (int i = 0; i < kNumYaku; ++i) {
    const auto id = static_cast<YakuId>(i);
    yaku[std::string(YakuName(id))] = YakuValueToJson(id, r.yaku[i]);
  }
  j["yaku"] = std::move(yaku);
  return j;
}

}  // namespace mj
