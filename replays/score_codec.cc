#include "replays/score_codec.h"

#include <cmath>
#include <optional>
#include <string_view>

#include "tiles/tile.h"
#include "replays/json_schema.h"
#include "replays/simd_json_value.h"
#include "rules/score_json.h"

namespace mj {
namespace {

using nlohmann::json;

std::string Quote(const std::string& s) { return "\"" + s + "\""; }

// A fu breakdown entry's text (rules/score_json.cc's FuReasonText) back to the entry.
std::optional<FuEntry> ParseFuReason(const std::string& text) {
  FuEntry e;
  struct Fixed {
    std::string_view text;
    FuReason reason;
    uint8_t detail;
  };
  static constexpr Fixed kFixed[] = {
      {"base", FuReason::kBase, 0},           {"closed ron", FuReason::kClosedRon, 0},
      {"tsumo", FuReason::kTsumo, 0},         {"", FuReason::kWait, 0},
      {"kanchan wait", FuReason::kWait, 1},   {"penchan wait", FuReason::kWait, 2},
      {"tanki wait", FuReason::kWait, 3},     {"chiitoitsu", FuReason::kChiitoitsu, 0},
      {"pinfu tsumo", FuReason::kPinfuTsumo, 0}, {"open hand without fu", FuReason::kOpenPinfu, 0},
      {"round up", FuReason::kRoundUp, 0}};
  for (const Fixed& f : kFixed)
    if (text == f.text) {
      e.reason = f.reason;
      e.detail = f.detail;
      return e;
    }
  // Ningbo's additions: their texts come from FuReasonText itself.
  for (int r = static_cast<int>(FuReason::kPureWait); r < static_cast<int>(FuReason::kCount); ++r)
    for (uint8_t d = 0; d < 4; ++d) {
      FuEntry x;
      x.reason = static_cast<FuReason>(r);
      x.detail = d;
      if (FuReasonText(x) == text) return x;
    }
  static constexpr std::string_view kMelds[4] = {"open pung ", "closed pung ", "open kong ", "closed kong "};
  static constexpr std::string_view kPair = "value pair ";
  auto kind_of = [](std::string_view rest) -> std::optional<Kind> {
    for (int k = 0; k < kNumKinds; ++k)
      if (FormatKind(static_cast<Kind>(k)) == rest) return static_cast<Kind>(k);
    return std::nullopt;
  };
  for (uint8_t d = 0; d < 4; ++d) {
    if (text.rfind(kMelds[d], 0) != 0) continue;
    auto k = kind_of(std::string_view(text).substr(kMelds[d].size()));
    if (!k) return std::nullopt;
    e.reason = FuReason::kMeld;
    e.kind = *k;
    e.detail = d;
    return e;
  }
  if (text.rfind(kPair, 0) == 0) {
    auto k = kind_of(std::string_view(text).substr(kPair.size()));
    if (!k) return std::nullopt;
    e.reason = FuReason::kPair;
    e.kind = *k;
    return e;
  }
  return std::nullopt;
}

}  // namespace

json ScoreToJson(const ScoreResult& score) {
  json j = ScoreResultToJson(nullptr, score);
  j.erase("id");
  return j;
}

namespace {

// One reader for nlohmann::json and SimdJsonValue.
template <class J>
Result<ScoreResult> ReadScore(const J& j, const std::string& pointer) {
  ScoreResult r;
  r.han_sixths = j.at("han_sixths").template get<int>();
  r.fu = j.at("fu").template get<int>();
  r.yakuman = j.at("yakuman").template get<int>();
  const std::string limit = j.at("limit").template get<std::string>();
  auto limit_of = [](const std::string& name) -> std::optional<Limit> {
    for (int i = 0; i < static_cast<int>(Limit::kCount); ++i)
      if (LimitName(static_cast<Limit>(i)) == name) return static_cast<Limit>(i);
    return std::nullopt;
  };
  if (auto l = limit_of(limit)) {
    r.limit = *l;
  } else {
    return Error{pointer + "/limit: unknown limit " + Quote(limit)};
  }
  const auto& yaku = j.at("yaku");
  if (yaku.size() > r.yaku.capacity())
    return Error{pointer + "/yaku: " + std::to_string(yaku.size()) + " entries; at most " +
                 std::to_string(r.yaku.capacity())};
  size_t i = 0;
  for (auto it = yaku.begin(); it != yaku.end(); ++it, ++i) {
    const auto& entry = *it;
    const std::string name = entry.at("name").template get<std::string>();
    auto id = YakuFromName(name);
    if (!id) return Error{PointerAppend(pointer + "/yaku", std::to_string(i)) + "/name: unknown yaku " + Quote(name)};
    YakuEntry e;
    e.id = *id;
    if (entry.contains("yakuman")) {
      e.yakuman = static_cast<uint8_t>(entry.at("yakuman").template get<int>());
    } else {
      e.sixths = static_cast<int16_t>(std::lround(entry.at("han").template get<double>() * 6));
    }
    if (entry.contains("limit")) {  // a Ningbo limit hand: "limit" (満貫) or "half_limit" (半満貫)
      const std::string entry_limit = entry.at("limit").template get<std::string>();
      const auto l = limit_of(entry_limit);
      if (l != Limit::kLimit && l != Limit::kHalfLimit)
        return Error{PointerAppend(pointer + "/yaku", std::to_string(i)) + "/limit: " + Quote(entry_limit) +
                     " is no limit hand's value (\"limit\" or \"half_limit\")"};
      e.limit = *l;
    }
    r.yaku.push_back(e);
  }
  const auto& fu = j.at("fu_breakdown");
  if (fu.size() > r.fu_breakdown.capacity())
    return Error{pointer + "/fu_breakdown: " + std::to_string(fu.size()) + " entries; at most " +
                 std::to_string(r.fu_breakdown.capacity())};
  i = 0;
  for (auto it = fu.begin(); it != fu.end(); ++it, ++i) {
    const auto& entry = *it;
    const std::string reason = entry.at("reason").template get<std::string>();
    auto e = ParseFuReason(reason);
    if (!e)
      return Error{pointer + "/fu_breakdown/" + std::to_string(i) + "/reason: unknown fu reason " + Quote(reason)};
    e->fu = static_cast<int16_t>(entry.at("fu").template get<int>());
    r.fu_breakdown.push_back(*e);
  }
  const auto& pay = j.at("payment");
  if (pay.contains("ron")) {
    r.payment.kind = PaymentKind::kRon;
    r.payment.ron = pay.at("ron").template get<int>();
  } else if (pay.contains("each")) {
    r.payment.kind = PaymentKind::kTsumoDealer;
    r.payment.each = pay.at("each").template get<int>();
  } else {
    r.payment.kind = PaymentKind::kTsumoNonDealer;
    r.payment.dealer = pay.at("dealer").template get<int>();
    r.payment.non_dealer = pay.at("non_dealer").template get<int>();
  }
  r.honba_bonus = j.at("honba_bonus").template get<int>();
  r.deposits = j.at("deposits").template get<int>();
  r.total = j.at("total").template get<int>();
  return r;
}

}  // namespace

Result<ScoreResult> ScoreFromJson(const json& j, const std::string& pointer) { return ReadScore(j, pointer); }
Result<ScoreResult> ScoreFromSimdJson(const SimdJsonValue& j, const std::string& pointer) { return ReadScore(j, pointer); }

}  // namespace mj
