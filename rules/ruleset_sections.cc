#include "rules/ruleset_sections.h"

#include <array>
#include <span>
#include <string>
#include <vector>

#include "rules/bounded_json.h"
#include "rules/han_text.h"
#include "rules/ruleset_reading.h"

namespace mj::ruleset_json {
namespace {

using nlohmann::json;

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

}  // namespace

// "shields": {"enabled", "per_hand", "extra_tiles", "tsumo_protection", "open_riichi",
// "overflow", "carry_face_up", "abortive_keeps_all"}; fields not given keep the base's, but
// extra_tiles follows a per_hand given without it and per_hand 0 turns "enabled" off. Errors
// name the field as "shields.FIELD".
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
                                  {"open_riichi", &ShieldRules::open_riichi},
                                  {"carry_face_up", &ShieldRules::carry_face_up},
                                  {"abortive_keeps_all", &ShieldRules::abortive_keeps_all}};
  constexpr IntField kInts[] = {{"per_hand", &ShieldRules::per_hand},
                                {"extra_tiles", &ShieldRules::extra_tiles}};
  for (const auto& [key, value] : v.items()) {
    bool known = false;
    for (const auto& f : kBools) known = known || key == f.key;
    for (const auto& f : kInts) known = known || key == f.key;
    known = known || key == "overflow";
    if (!known)
      return Error{"unknown key " + Quote(key) +
                   " in \"shields\" (allowed: enabled, per_hand, extra_tiles, tsumo_protection, "
                   "open_riichi, overflow, carry_face_up, abortive_keeps_all)"};
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
  // extra_tiles must equal per_hand (CheckCombinations): left out beside a per_hand, it follows it,
  // so {"shields": {"per_hand": 3}} (a file, a preset override, a sweep) means 3 and 3.
  if (v.contains("per_hand") && !v.contains("extra_tiles")) s.extra_tiles = s.per_hand;
  // per_hand 0 is a ruleset without shields: "enabled" becomes false when it is left out (kept from
  // the base), and an "enabled": true beside it is refused rather than ignored.
  if (s.per_hand == 0) {
    if (v.contains("enabled") && s.enabled)
      return KeyError("shields.enabled",
                      "is true but \"shields.per_hand\" is 0: no shields are ever dealt, so there are none "
                      "to enable (leave \"enabled\" out or set it false)");
    s.enabled = false;
  }
  if (v.contains("overflow")) {
    const json& o = v["overflow"];
    const std::string name = o.is_string() ? o.get<std::string>() : "";
    if (name == "return_to_wall") {
      s.overflow = ShieldOverflow::kReturnToWall;
    } else if (name == "refuse") {
      s.overflow = ShieldOverflow::kRefuse;
    } else {
      return KeyError("shields.overflow", "must be \"return_to_wall\" or \"refuse\", got " + Describe(o));
    }
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
      {"side_settlement", nullptr, &NingboRules::side_settlement},
      {"pao_on_ron", nullptr, &NingboRules::pao_on_ron}};
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

}  // namespace mj::ruleset_json
