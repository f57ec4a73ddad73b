#pragma once
// What a ruleset's yaku table (Ruleset::yaku) gives a yaku, as every scoring module reads it:
// values are kept in sixths of a han (ayame's half-han and fu-less thirds are whole sixths), a
// yakuman multiple counts 13 han, and three yakuman may count double
// (Ruleset::double_yakuman_special_waits).

#include "rules/ruleset.h"
#include "rules/yaku_id.h"

namespace mj {

inline constexpr int kSixthsPerHan = 6;
inline constexpr int kYakumanSixths = 13 * kSixthsPerHan;  // one yakuman multiple, as han

// `id`'s entry in Ruleset::yaku.
constexpr int YakuIndex(YakuId id) { return static_cast<int>(id); }

// Kokushi's thirteen-sided wait, suuankou tanki and junsei chuuren: the yakuman that count
// double under double_yakuman_special_waits.
constexpr bool IsSpecialWaitYakuman(YakuId id) {
  return id == YakuId::kKokushi13 || id == YakuId::kSuuankouTanki || id == YakuId::kJunseiChuuren;
}

// The table value of `id` in sixths for a closed or open hand; 0 = not awarded (disabled, or
// closed only and the hand is open). Yakuman entries hold 13 han per multiple; for a limit-hand
// entry (Ningbo) only "> 0" (enabled) is read.
inline int YakuTableValue(const Ruleset& rules, YakuId id, bool closed) {
  const YakuValue& v = rules.yaku[YakuIndex(id)];
  if (!v.enabled) return 0;
  return closed ? v.closed_sixths : v.open_sixths;
}

}  // namespace mj
