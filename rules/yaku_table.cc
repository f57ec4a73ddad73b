#include "rules/yaku_table.h"

#include <string>

#include "rules/bounded_json.h"
#include "rules/han_text.h"
#include "rules/ruleset_reading.h"

namespace mj {
namespace ruleset_json {
namespace {

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

}  // namespace

using nlohmann::json;

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

}  // namespace ruleset_json

using ruleset_json::Han;
using ruleset_json::Yakuman;

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

}  // namespace mj
