#pragma once
// Detection of the standard yaku patterns in one reading. Detection says which patterns the
// hand shows; their values (and whether an open hand may have them) come from the ruleset's
// yaku table, so rulesets that value or redefine yaku reuse the same detectors.

#include <bitset>

#include "rules/hand_reading.h"
#include "rules/ruleset.h"
#include "rules/win_context.h"

namespace mj {

using YakuSet = std::bitset<kNumYaku>;

// Ordinary (non-yakuman, non-dora) yaku of the reading, with Tenhou's precedences applied
// (ryanpeikou over iipeikou, junchan over chanta, chinitsu over honitsu, double riichi over
// riichi; open riichi replaces riichi). Pinfu here is the standard one (closed, four
// sequences, no-fu pair, ryanmen).
[[nodiscard]] YakuSet DetectStandardYaku(const Reading& r, const WinContext& ctx, const HandSummary& sum);

// Yakuman patterns of the reading (both the plain and the special-wait name are never set
// together: suuankou_tanki replaces suuankou, kokushi_13_wait kokushi, junsei_chuuren chuuren).
[[nodiscard]] YakuSet DetectYakuman(const Reading& r, const WinContext& ctx, const HandSummary& sum);

// Number of dora (indicators), red fives and ura dora in the whole hand.
[[nodiscard]] int CountDora(const HandSummary& sum, const SmallVector<Kind, 5>& indicators);

// Sequence facts of a reading for rulesets that redefine pinfu or let identical sequences be
// open: every sequence counts, called ones included. Zero for seven pairs / thirteen orphans.
struct SequenceFacts {
  int sequences = 0;        // sequences among the four sets
  int most_identical = 0;   // copies of the most repeated sequence (4: 123m 123m 123m 123m)
  int identical_pairs = 0;  // disjoint pairs of identical sequences (ryanpeikou shape: 2)
  bool run_of_six = false;  // 連六: sequences starting at k and k+3 of one suit (123m 456m)
};
[[nodiscard]] SequenceFacts DetectSequenceFacts(const Reading& r);

// True if the pair kind is a yakuhai for this context (dragon, seat wind, round wind).
[[nodiscard]] bool IsValuePair(Kind pair, const WinContext& ctx);

}  // namespace mj
