#include "rules/ruleset.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <sstream>
#include <vector>

#include "rules/bounded_json.h"
#include "rules/presets.h"

namespace mj {
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

constexpr int kSixthsPerHan = 6;
constexpr int kMaxHan = 100;  // a han value above this is a typo
constexpr int kMaxYakumanMultiple = 8;
constexpr int kYakumanHanEquivalent = 13;    // stored han of one yakuman multiple (see docs)
constexpr int64_t kMaxPoints = 100'000'000;  // bound for every point amount
// honba_value and riichi_deposit are paid once per stick; `score` accepts up to 1,000 of each, so
// either adds at most kMaxPoints to a hand and a total stays far inside a 32-bit int.
constexpr int64_t kMaxPerStick = 100'000;
// The most a hand may be worth before honba and deposits (CheckCombinations bounds the ayame
// unit by it): with two kMaxPoints of sticks a total stays below 2^31.
constexpr int64_t kMaxHandValue = 1'000'000'000;
constexpr size_t kMaxNameBytes = 200;         // a ruleset's "name"
constexpr int kMaxBaseDepth = 8;             // "base" chains longer than this are a cycle
constexpr int kMaxHands = 10000;             // bound for max_hands
constexpr size_t kMaxHanPoints = 100;        // entries of han_points
constexpr int kMinShields = 1, kMaxShields = 4;  // shields.per_hand and shields.extra_tiles

std::string Quote(std::string_view s) {
  std::string q;
  q += '"';
  q += PrintableText(s, 200);  // a huge or binary name is clipped, not echoed
  q += '"';
  return q;
}

// "string \"yes\"", "number 2.5", "array", ... for error messages.
std::string Describe(const json& v) {
  std::string s = v.type_name();
  if (v.is_primitive() && !v.is_null()) s += " " + DescribeJson(v);
  return s;
}

Error KeyError(std::string_view key, const std::string& what) {
  return Error{Quote(key) + " " + what};
}

std::string PresetNameList() {
  std::string names;
  for (const auto& [name, text] : EmbeddedPresets()) {
    if (!names.empty()) names += ", ";
    names += name;
  }
  return names;
}

// ---- Han values -----------------------------------------------------------------------------

// A non-negative decimal integer of at most 9 digits.
std::optional<int64_t> ParseDigits(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// w + n/d in sixths, if exact.
std::optional<int> RationalToSixths(int64_t whole, int64_t num, int64_t den) {
  if (den <= 0) return std::nullopt;
  const int64_t scaled = (whole * den + num) * kSixthsPerHan;
  if (scaled % den != 0) return std::nullopt;
  const int64_t sixths = scaled / den;
  if (sixths > kMaxHan * kSixthsPerHan) return std::nullopt;
  return static_cast<int>(sixths);
}

std::optional<int> DoubleToSixths(double x) {
  if (!std::isfinite(x) || x < 0 || x > kMaxHan) return std::nullopt;
  const double scaled = std::round(x * kSixthsPerHan);
  if (std::abs(x - scaled / kSixthsPerHan) > 1e-9) return std::nullopt;
  return static_cast<int>(scaled);
}

// "2", "2/3", "1 2/3", "2.5".
std::optional<int> HanTextToSixths(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) parts.push_back(text.substr(start, i - start));
  }
  auto fraction = [](std::string_view s, int64_t whole, bool proper) -> std::optional<int> {
    const size_t slash = s.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const auto num = ParseDigits(s.substr(0, slash));
    const auto den = ParseDigits(s.substr(slash + 1));
    if (!num || !den || *den == 0 || (proper && (*num == 0 || *num >= *den))) return std::nullopt;
    return RationalToSixths(whole, *num, *den);
  };
  if (parts.size() == 2) {
    const auto whole = ParseDigits(parts[0]);
    if (!whole) return std::nullopt;
    return fraction(parts[1], *whole, /*proper=*/true);
  }
  if (parts.size() != 1) return std::nullopt;
  const std::string_view p = parts[0];
  if (p.find('/') != std::string_view::npos) return fraction(p, 0, /*proper=*/false);
  if (const auto whole = ParseDigits(p)) return RationalToSixths(*whole, 0, 1);
  const size_t dot = p.find('.');
  if (dot == std::string_view::npos || !ParseDigits(p.substr(0, dot)) ||
      !ParseDigits(p.substr(dot + 1)))
    return std::nullopt;
  return DoubleToSixths(std::strtod(std::string(p).c_str(), nullptr));
}

// A JSON han value (number or fraction string) in sixths; null means 0 when allowed.
std::optional<int> JsonToSixths(const json& v, bool null_is_zero) {
  if (v.is_null()) return null_is_zero ? std::optional<int>(0) : std::nullopt;
  if (v.is_number()) return DoubleToSixths(v.get<double>());
  if (v.is_string()) return HanTextToSixths(v.get<std::string>());
  return std::nullopt;
}

// Whole and half han as JSON numbers, other values as fraction text ("1 2/3", "1/6").
json SixthsToJson(int sixths) {
  if (sixths % kSixthsPerHan == 0) return sixths / kSixthsPerHan;
  if (sixths % 3 == 0) return sixths / static_cast<double>(kSixthsPerHan);
  const int whole = sixths / kSixthsPerHan;
  int num = sixths % kSixthsPerHan;
  int den = kSixthsPerHan;
  if (num % 2 == 0) num /= 2, den /= 2;
  std::string text = std::to_string(num) + "/" + std::to_string(den);
  return whole > 0 ? std::to_string(whole) + " " + text : text;
}

// ---- Yaku table -----------------------------------------------------------------------------

YakuValue Han(int closed, int open) {
  YakuValue v;
  v.closed_sixths = static_cast<int16_t>(closed * kSixthsPerHan);
  v.open_sixths = static_cast<int16_t>(open * kSixthsPerHan);
  return v;
}

// A yakuman entry: `multiple` yakuman; stored han = 13 per multiple, open 0 if closed only.
YakuValue Yakuman(int multiple, bool open_allowed) {
  YakuValue v;
  v.yakuman = static_cast<uint8_t>(multiple);
  const int sixths = multiple * kYakumanHanEquivalent * kSixthsPerHan;
  v.closed_sixths = static_cast<int16_t>(sixths);
  v.open_sixths = static_cast<int16_t>(open_allowed ? sixths : 0);
  return v;
}

json YakuValueToJson(YakuId id, const YakuValue& v) {
  json e = json::object();
  if (IsYakumanYaku(id)) {
    e["yakuman"] = v.yakuman;
    e["open"] = v.open_sixths != 0;
  } else {
    e["closed"] = SixthsToJson(v.closed_sixths);
    e["open"] = SixthsToJson(v.open_sixths);
  }
  e["counts_for_minimum"] = v.counts_for_minimum;
  e["enabled"] = v.enabled;
  return e;
}

// Applies one yaku entry on top of `v` (the base value); fields not given keep v's. Yakuman
// (IsYakumanYaku) take the form {"yakuman": N, "open": bool}, the others {"closed": H, "open": H}.
std::optional<Error> ApplyYakuEntry(YakuId id, const json& e, YakuValue& v) {
  const std::string where = "yaku " + Quote(YakuName(id));
  auto fail = [&](const std::string& what) { return Error{where + ": " + what}; };
  if (!e.is_object()) return Error{where + " must be an object, got " + Describe(e)};
  const bool yakuman = IsYakumanYaku(id);
  const char* value_key = yakuman ? "yakuman" : "closed";
  for (const auto& [key, value] : e.items()) {
    if (key == value_key || key == "open" || key == "counts_for_minimum" || key == "enabled")
      continue;
    if (key == "yakuman")
      return fail("is not a yakuman: give its han as \"closed\", not \"yakuman\"");
    if (key == "closed")
      return fail("is a yakuman: give \"yakuman\": N (multiples), not \"closed\"");
    return fail("unknown key " + Quote(key) + " (allowed: " + value_key +
                ", open, counts_for_minimum, enabled)");
  }
  for (const char* key : {"enabled", "counts_for_minimum"}) {
    if (e.contains(key) && !e[key].is_boolean())
      return fail(Quote(key) + " must be a boolean, got " + Describe(e[key]));
  }
  const bool enabled = e.value("enabled", v.enabled);
  const bool counts = e.value("counts_for_minimum", v.counts_for_minimum);

  if (yakuman) {
    int multiple = v.yakuman;
    if (e.contains("yakuman")) {
      const json& y = e["yakuman"];
      if (!JsonIntIn(y, 1, kMaxYakumanMultiple))
        return fail("\"yakuman\" must be an integer from 1 to " +
                    std::to_string(kMaxYakumanMultiple) + ", got " + Describe(y));
      multiple = y.get<int>();
    }
    if (multiple == 0) return fail("needs \"yakuman\": N (multiples)");
    bool open_allowed = v.open_sixths != 0;
    if (e.contains("open")) {
      const json& o = e["open"];
      if (o.is_boolean()) {
        open_allowed = o.get<bool>();
      } else if (o.is_null() || (o.is_number() && o.get<double>() == 0)) {
        open_allowed = false;
      } else {
        return fail("\"open\" of a yakuman must be a boolean (allowed with an open hand), got " +
                    Describe(o));
      }
    }
    v = Yakuman(multiple, open_allowed);
  } else {
    const std::string han_form =
        " must be a han value: a number or a fraction text like \"1 2/3\", a multiple of 1/6 "
        "from 0 to " + std::to_string(kMaxHan) + ", got ";
    if (e.contains("closed")) {
      const auto s = JsonToSixths(e["closed"], /*null_is_zero=*/false);
      if (!s) return fail("\"closed\"" + han_form + Describe(e["closed"]));
      v.closed_sixths = static_cast<int16_t>(*s);
    }
    if (e.contains("open")) {
      const auto s = JsonToSixths(e["open"], /*null_is_zero=*/true);
      if (!s)
        return fail("\"open\"" + han_form + Describe(e["open"]) + " (0 or null: closed only)");
      v.open_sixths = static_cast<int16_t>(*s);
    }
  }
  v.enabled = enabled;
  v.counts_for_minimum = counts;
  if (IsDoraYaku(id) && v.counts_for_minimum)
    return fail(
        "dora never count toward the one-han minimum: \"counts_for_minimum\" must be false");
  if (v.enabled && !yakuman && v.closed_sixths == 0 && v.open_sixths == 0)
    return fail("is enabled but worth 0 han closed and open (use \"enabled\": false)");
  return std::nullopt;
}

std::optional<Error> ApplyYakuTable(const json& table, std::array<YakuValue, kNumYaku>& yaku) {
  if (!table.is_object()) return KeyError("yaku", "must be an object, got " + Describe(table));
  for (const auto& [name, entry] : table.items()) {
    const auto id = YakuFromName(name);
    if (!id) return Error{"unknown yaku " + Quote(name) + " in \"yaku\""};
    if (auto err = ApplyYakuEntry(*id, entry, yaku[static_cast<int>(*id)])) return err;
  }
  return std::nullopt;
}

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

std::optional<Error> GetInt(const json& j, std::string_view key, int64_t lo, int64_t hi, int& out) {
  const json& v = j.at(std::string(key));
  if (!v.is_number_integer()) return KeyError(key, "must be an integer, got " + Describe(v));
  const auto x = JsonIntIn(v, lo, hi);
  if (!x)
    return KeyError(key, "must be an integer from " + std::to_string(lo) + " to " +
                             std::to_string(hi) + ", got " + DescribeJson(v));
  out = static_cast<int>(*x);
  return std::nullopt;
}

Result<Ruleset> PresetByName(std::string_view name, int depth);

// "shields": {"enabled", "per_hand", "extra_tiles", "tsumo_protection", "open_riichi"}; fields
// not given keep the base's. Errors name the field as "shields.FIELD".
std::optional<Error> ApplyShields(const json& v, ShieldRules& s) {
  if (!v.is_object()) return KeyError("shields", "must be an object, got " + Describe(v));
  struct BoolField {
    const char* key;
    bool ShieldRules::*member;
  };
  struct IntField {
    const char* key;
    int ShieldRules::*member;
  };
  constexpr BoolField kBools[] = {{"enabled", &ShieldRules::enabled},
                                  {"tsumo_protection", &ShieldRules::tsumo_protection},
                                  {"open_riichi", &ShieldRules::open_riichi}};
  constexpr IntField kInts[] = {{"per_hand", &ShieldRules::per_hand},
                                {"extra_tiles", &ShieldRules::extra_tiles}};
  for (const auto& [key, value] : v.items()) {
    bool known = false;
    for (const auto& f : kBools) known = known || key == f.key;
    for (const auto& f : kInts) known = known || key == f.key;
    if (!known)
      return Error{"unknown key " + Quote(key) +
                   " in \"shields\" (allowed: enabled, per_hand, extra_tiles, tsumo_protection, "
                   "open_riichi)"};
  }
  for (const auto& f : kBools) {
    if (!v.contains(f.key)) continue;
    const json& b = v[f.key];
    if (!b.is_boolean())
      return KeyError(std::string("shields.") + f.key, "must be a boolean, got " + Describe(b));
    s.*f.member = b.get<bool>();
  }
  for (const auto& f : kInts) {
    if (!v.contains(f.key)) continue;
    if (auto err = GetInt(v, f.key, kMinShields, kMaxShields, s.*f.member))
      return Error{"\"shields." + err->message.substr(1)};
  }
  return std::nullopt;
}

// One integer or boolean field of a module's section ("fuless", "ayame", "ningbo").
template <class Section>
struct SectionField {
  const char* key;
  int Section::*int_member = nullptr;
  bool Section::*bool_member = nullptr;
  int64_t lo = 0, hi = kMaxPoints;
};

// Applies the fields of section `name` given in `v` (an object); fields not given keep the
// base's. `extra` handles keys the table does not list (returns false if it does not know the
// key either). Errors name the field as "name.FIELD".
template <class Section, class Extra>
std::optional<Error> ApplySection(const json& v, std::string_view name, Section& s,
                                  std::span<const SectionField<Section>> fields,
                                  std::string_view extra_keys, Extra&& extra) {
  if (!v.is_object()) return KeyError(name, "must be an object, got " + Describe(v));
  for (const auto& item : v.items()) {
    const std::string key = item.key();
    const json& value = item.value();
    const std::string where = std::string(name) + "." + key;
    const SectionField<Section>* f = nullptr;
    for (const auto& x : fields)
      if (key == x.key) f = &x;
    if (f == nullptr) {
      std::optional<Error> err;
      if (extra(key, value, where, err)) {
        if (err) return err;
        continue;
      }
      std::string allowed;
      for (const auto& x : fields) allowed += std::string(allowed.empty() ? "" : ", ") + x.key;
      if (!extra_keys.empty()) allowed += ", " + std::string(extra_keys);
      return Error{"unknown key " + Quote(key) + " in " + Quote(name) + " (allowed: " + allowed + ")"};
    }
    if (f->bool_member != nullptr) {
      if (!value.is_boolean()) return KeyError(where, "must be a boolean, got " + Describe(value));
      s.*(f->bool_member) = value.get<bool>();
    } else {
      if (!JsonIntIn(value, f->lo, f->hi))
        return KeyError(where, "must be an integer from " + std::to_string(f->lo) + " to " +
                                   std::to_string(f->hi) + ", got " + Describe(value));
      s.*(f->int_member) = value.get<int>();
    }
  }
  return std::nullopt;
}

// An array of `n` integers from lo to hi into out.
template <size_t N>
std::optional<Error> GetIntArray(const json& v, const std::string& where, int64_t lo, int64_t hi,
                                 const char* meaning, std::array<int, N>& out) {
  const std::string expected = "must be an array of " + std::to_string(N) + " integers from " +
                               std::to_string(lo) + " to " + std::to_string(hi) + " (" + meaning +
                               "), got ";
  if (!v.is_array() || v.size() != N) return KeyError(where, expected + Describe(v));
  for (size_t i = 0; i < N; ++i) {
    if (!JsonIntIn(v[i], lo, hi))
      return KeyError(where, expected + DescribeJson(v));
    out[i] = v[i].get<int>();
  }
  return std::nullopt;
}

std::optional<Error> ApplyFuless(const json& v, FulessRules& f) {
  using F = SectionField<FulessRules>;
  static const F kFields[] = {{"base_points", &FulessRules::base_points, nullptr, 1, kMaxPoints},
                              {"base_cap", &FulessRules::base_cap, nullptr, 1, kMaxPoints}};
  auto extra = [&](const std::string& key, const json& value, const std::string& where,
                   std::optional<Error>& err) {
    if (key == "third_percent") {
      err = GetIntArray(value, where, 1, 1000, "percent of the base for +0, +1/3, +2/3 han",
                        f.third_percent);
      return true;
    }
    if (key == "limit_han") {
      err = GetIntArray(value, where, 0, kMaxHan,
                        "whole han for mangan, haneman, baiman, sanbaiman, yakuman; 0 = never",
                        f.limit_han);
      if (!err) {
        int last = 0;
        for (int h : f.limit_han) {
          if (h == 0) continue;
          if (h <= last) {
            err = KeyError(where, "must increase (mangan first), got " + DescribeJson(value));
            break;
          }
          last = h;
        }
      }
      return true;
    }
    return false;
  };
  return ApplySection<FulessRules>(v, "fuless", f, kFields, "third_percent, limit_han", extra);
}

std::optional<Error> ApplyAyame(const json& v, AyameRules& a) {
  using F = SectionField<AyameRules>;
  static const F kFields[] = {{"unit", &AyameRules::unit, nullptr, 1, kMaxPoints},
                              {"dealer_percent", &AyameRules::dealer_percent, nullptr, 1, 1000}};
  auto extra = [&](const std::string& key, const json& value, const std::string& where,
                   std::optional<Error>& err) {
    if (key != "cap_han") return false;
    const auto sixths = JsonToSixths(value, /*null_is_zero=*/false);
    if (!sixths || *sixths == 0)
      err = KeyError(where, "must be a han value above 0 (a number or a fraction text like "
                            "\"12.5\"), got " + Describe(value));
    else
      a.cap_sixths = *sixths;
    return true;
  };
  return ApplySection<AyameRules>(v, "ayame", a, kFields, "cap_han", extra);
}

std::optional<Error> ApplyNingbo(const json& v, NingboRules& n) {
  using F = SectionField<NingboRules>;
  static const F kFields[] = {
      {"base_fu", &NingboRules::base_fu, nullptr, 0, 1000},
      {"limit", &NingboRules::limit, nullptr, 0, kMaxPoints},
      {"half_limit", &NingboRules::half_limit, nullptr, 0, kMaxPoints},
      {"pure_wait_fu", &NingboRules::pure_wait_fu, nullptr, 0, 1000},
      {"two_chance_shanpon_fu", &NingboRules::two_chance_shanpon_fu, nullptr, 0, 1000},
      {"tsumo_fu", &NingboRules::tsumo_fu, nullptr, 0, 1000},
      {"yakuhai_pair_fu", &NingboRules::yakuhai_pair_fu, nullptr, 0, 1000},
      {"toitoi_fu", &NingboRules::toitoi_fu, nullptr, 0, 1000},
      {"rinshan_fu", &NingboRules::rinshan_fu, nullptr, 0, 1000},
      {"haitei_fu", &NingboRules::haitei_fu, nullptr, 0, 1000},
      {"robbing_pure_wait_fu", &NingboRules::robbing_pure_wait_fu, nullptr, 0, 1000},
      {"side_settlement", nullptr, &NingboRules::side_settlement}};
  auto extra = [&](const std::string& key, const json& value, const std::string& where,
                   std::optional<Error>& err) {
    if (key != "half_limit_hands") return false;
    if (!value.is_array()) {
      err = KeyError(where, "must be an array of limit-hand yaku names, got " + Describe(value));
      return true;
    }
    std::vector<YakuId> ids;
    for (const json& x : value) {
      const auto id = x.is_string() ? YakuFromName(x.get<std::string>()) : std::nullopt;
      if (!id || !IsYakumanYaku(*id)) {
        err = KeyError(where, "lists " + Describe(x) + ", which is not a limit hand (yakuman) name");
        return true;
      }
      ids.push_back(*id);
    }
    n.half_limit_hands = std::move(ids);
    return true;
  };
  return ApplySection<NingboRules>(v, "ningbo", n, kFields, "half_limit_hands", extra);
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
  return std::nullopt;
}

Result<Ruleset> FromJson(const json& j, int depth) {
  if (!j.is_object()) return Error{"a ruleset must be a JSON object, got " + Describe(j)};
  for (const auto& [key, value] : j.items()) {
    if (!IsKnownKey(key)) return Error{"unknown key " + Quote(key) + " in ruleset"};
  }

  Ruleset r;
  r.yaku = RiichiYakuTable();
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

// ---- Presets and files ----------------------------------------------------------------------

Result<Ruleset> ParseText(std::string_view text, int depth) {
  try {
    auto doc = ParseBoundedJson(text, kRulesetLimits);
    if (!doc) return Error{doc.error()};
    return FromJson(*doc, depth);
  } catch (const std::exception& e) {
    return Error{e.what()};
  }
}

Result<Ruleset> PresetByName(std::string_view name, int depth) {
  // Parsed presets, filled on first use. Parsing runs outside the lock: a preset's "base"
  // comes back here.
  static std::mutex mutex;
  static std::map<std::string, Ruleset, std::less<>> cache;
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(name); it != cache.end()) return it->second;
  }
  for (const auto& [preset, text] : EmbeddedPresets()) {
    if (preset != name) continue;
    auto r = ParseText(text, depth);
    if (!r.ok()) return Error{"preset " + Quote(name) + ": " + r.error()};
    std::lock_guard lock(mutex);
    cache.emplace(std::string(name), r.value());
    return r;
  }
  return Error{"unknown preset " + Quote(name) + " (presets: " + PresetNameList() + ")"};
}

bool IsPreset(std::string_view name) {
  for (const auto& [preset, text] : EmbeddedPresets())
    if (preset == name) return true;
  return false;
}

}  // namespace

std::array<YakuValue, kNumYaku> RiichiYakuTable() {
  std::array<YakuValue, kNumYaku> t{};
  auto set = [&t](YakuId id, YakuValue v) { t[static_cast<int>(id)] = v; };
  using Y = YakuId;
  set(Y::kRiichi, Han(1, 0));
  set(Y::kDoubleRiichi, Han(2, 0));
  YakuValue open_riichi = Han(2, 0);  // not a Tenhou yaku (Dunpai has it)
  open_riichi.enabled = false;
  set(Y::kOpenRiichi, open_riichi);
  set(Y::kIppatsu, Han(1, 0));
  set(Y::kMenzenTsumo, Han(1, 0));
  set(Y::kPinfu, Han(1, 0));
  set(Y::kTanyao, Han(1, 1));  // the open value applies only with kuitan
  set(Y::kIipeikou, Han(1, 0));
  for (int id = static_cast<int>(Y::kYakuhaiSeatEast); id <= static_cast<int>(Y::kYakuhaiChun);
       ++id)
    t[id] = Han(1, 1);
  set(Y::kChankan, Han(1, 1));
  set(Y::kRinshan, Han(1, 1));
  set(Y::kHaitei, Han(1, 1));
  set(Y::kHoutei, Han(1, 1));
  set(Y::kChiitoitsu, Han(2, 0));
  set(Y::kChanta, Han(2, 1));
  set(Y::kIttsu, Han(2, 1));
  set(Y::kSanshoku, Han(2, 1));
  set(Y::kSanshokuDoukou, Han(2, 2));
  set(Y::kSankantsu, Han(2, 2));
  set(Y::kToitoi, Han(2, 2));
  set(Y::kSanankou, Han(2, 2));
  set(Y::kShousangen, Han(2, 2));
  set(Y::kHonroutou, Han(2, 2));
  set(Y::kRyanpeikou, Han(3, 0));
  set(Y::kJunchan, Han(3, 2));
  set(Y::kHonitsu, Han(3, 2));
  set(Y::kChinitsu, Han(6, 5));
  for (Y id : {Y::kTenhou, Y::kChiihou, Y::kKokushi, Y::kKokushi13, Y::kSuuankou, Y::kSuuankouTanki,
               Y::kChuuren, Y::kJunseiChuuren})
    set(id, Yakuman(1, /*open_allowed=*/false));
  for (Y id : {Y::kDaisangen, Y::kShousuushii, Y::kDaisuushii, Y::kTsuuiisou, Y::kRyuuiisou,
               Y::kChinroutou, Y::kSuukantsu})
    set(id, Yakuman(1, /*open_allowed=*/true));
  for (Y id : {Y::kDora, Y::kAkaDora, Y::kUraDora, Y::kPeachDora}) {
    YakuValue v = Han(1, 1);  // per tile
    v.counts_for_minimum = false;
    set(id, v);
  }
  // Dunpai's own yaku, off in riichi (the values are Dunpai's, so enabling one is enough).
  set(Y::kTwoConcealedPungs, Han(2, 2));
  set(Y::kKongs, Han(1, 1));  // per kong
  set(Y::kRenroku, Han(1, 1));
  set(Y::kThreeIdenticalSequences, Han(4, 4));
  set(Y::kFourIdenticalSequences, Han(12, 12));
  // Ningbo's limit hands and the fuless / ayame yaku, off in riichi, at their rulesets' values.
  for (Y id : {Y::kFourHappiness, Y::kThirteenSingleOrphans, Y::kThirteenUnconnected})
    set(id, Yakuman(1, /*open_allowed=*/id == Y::kFourHappiness));
  set(Y::kClosedRon, YakuValue{true, 2, 0, 0, true});      // 1/3 han, closed only
  set(Y::kFourSequences, YakuValue{true, 3, 0, 0, true});  // 1/2 han, closed only
  set(Y::kOpenKong, YakuValue{true, 4, 4, 0, false});      // 2/3 han per open kong
  set(Y::kClosedKong, YakuValue{true, 6, 6, 0, false});    // 1 han per closed kong
  for (Y id : {Y::kTwoConcealedPungs, Y::kKongs, Y::kRenroku, Y::kThreeIdenticalSequences,
               Y::kFourIdenticalSequences, Y::kPeachDora, Y::kFourHappiness,
               Y::kThirteenSingleOrphans, Y::kThirteenUnconnected, Y::kClosedRon,
               Y::kFourSequences, Y::kOpenKong, Y::kClosedKong})
    t[static_cast<int>(id)].enabled = false;
  return t;
}

Result<Ruleset> RulesetFromJson(const nlohmann::json& j) {
  try {
    return FromJson(j, 0);
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
                 {"half_limit_hands", std::move(half)}};
  j["shields"] = {{"enabled", r.shields.enabled},
                  {"per_hand", r.shields.per_hand},
                  {"extra_tiles", r.shields.extra_tiles},
                  {"tsumo_protection", r.shields.tsumo_protection},
                  {"open_riichi", r.shields.open_riichi}};
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

Result<Ruleset> LoadRuleset(std::string_view name_or_path) {
  try {
    if (IsPreset(name_or_path)) return PresetByName(name_or_path, 0);
    const std::string path(name_or_path);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) || !std::ifstream(path, std::ios::binary).is_open())
      return Error{"unknown ruleset " + Quote(name_or_path) + ": not a preset (" +
                   PresetNameList() + ") nor a readable file"};
    auto text = ReadBoundedFile(path, kRulesetLimits.max_bytes);
    if (!text) return Error{"ruleset file " + Quote(path) + ": " + text.error()};
    auto r = ParseText(*text, 0);
    if (!r.ok()) return Error{"ruleset file " + Quote(path) + ": " + r.error()};
    return r;
  } catch (const std::exception& e) {
    return Error{"ruleset " + Quote(name_or_path) + ": " + e.what()};
  }
}

}  // namespace mj
