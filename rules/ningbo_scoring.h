#pragma once
// The Ningbo scoring module: the reconstructed 1850s Ningbo rules (想定寧波規則, seed 004,
// shared/RULES.md `ningbo`; every decision in docs/NINGBO.md). Numbers come from the ruleset's
// "ningbo" section (NingboRules), fan values and the limit hands from its yaku table.
//
// Contract of Score(ctx, rules):
// - A win is four sets and a pair (no seven pairs, no modern thirteen orphans), or a dealt-hand
//   limit hand: on the winner's first draw (ctx.first_turn or ctx.tenhou, with tsumo, no melds)
//   the 13 tiles `concealed - win_tile` are 十三ヤオ (the 13 terminal/honour kinds once each)
//   or 十三不搭 (no pair, no two tiles of a suit within two of each other).
//   Otherwise: error not_a_winning_hand. Riichi flags in a ruleset without riichi: invalid_input.
// - fu = base_fu + pung/kong fu as in riichi (2 open simple pung, doubled closed, doubled
//   terminal/honour, x4 kong; a pung completed by ron is open) + yakuhai_pair_fu for a dragon
//   or seat-wind pair + the additions: pure_wait_fu (only one tile kind completes the hand and
//   the win is read as tanki, kanchan or penchan), two_chance_shanpon_fu (a shanpon win with
//   exactly two winning kinds), tsumo_fu, toitoi_fu, rinshan_fu, haitei_fu,
//   robbing_pure_wait_fu (金鶏奪食: chankan on a pure kanchan/penchan, added to pure_wait_fu).
//   No rounding. "Winning kinds" (chances) are the kinds that complete the 13-tile hand as four
//   sets and a pair, less any kind whose four copies are all in the winner's hand and melds.
// - fan = the table values of the yakuhai pungs/kongs (dragons, seat wind; round wind only if
//   the ruleset has one and its entry is enabled) + honitsu + chinitsu; other table entries
//   are not read. Whole fan count (a fractional table value is rounded down in 2^fan).
// - Value per share v = fu x 2^fan, capped at ningbo.limit when > 0 (limit "mangan").
// - Limit hands (table entries, when enabled): tenhou, chiihou (ctx.chiihou as the ruleset's
//   chiihou_kind says), daisangen (三元和), four_happiness (四喜和: four wind sets, or three
//   and a wind pair, with a pung/kong of the seat wind), junsei_chuuren, and the two dealt-hand
//   wins. A limit hand is worth the limit (ningbo.half_limit for those in half_limit_hands;
//   with limit 0 the full limit is 2 x half_limit), or its ordinary value when that is more.
//   Limit hands do not stack; when the limit and the ordinary value are equal the limit hand
//   is kept. Paid as a limit hand: han 0, yakuman 0, limit "limit" (満貫) when any of its
//   entries is a full limit hand, else "half_limit" (半満貫); its yaku are the limit entries
//   only, each han 0 with its own "limit"/"half_limit"; fu is the reading's fu (not paid).
// - Payment (三家払い, also on a ron): a non-dealer winner gets v from each non-dealer and 2v
//   from the dealer ({"dealer": 2v, "non_dealer": v}); a dealer gets 2v from each ({"each": 2v}).
//   Exact, no rounding; honba and deposits as the ruleset says (none in the preset).
// - The reading that pays most is kept (then a limit hand, then more han, then more fu).
// - rules.minimum_sixths > 0 (not the preset) asks that many sixths of counting fan, or a
//   limit hand; else error no_yaku.
//
// LoserValue(hand, rules): the side-settlement value (サイド) of a losing hand: base_fu + fu
// of its declared melds + every kind held 3+ times concealed as a closed pung + yakuhai_pair_fu
// for one dragon/seat-wind pair held, x 2^(fan of its yakuhai pungs and kongs, concealed ones
// included), capped at ningbo.limit when > 0. No wait or win additions, no toitoi, no
// honitsu/chinitsu, no limit hands. nullopt when ningbo.side_settlement is false.

#include <cstdint>

#include "tiles/tile.h"
#include "rules/scoring_module.h"

namespace mj {

class NingboScoring final : public ScoringModule {
 public:
  [[nodiscard]] std::string_view Name() const override { return "ningbo"; }
  [[nodiscard]] ScoreResult Score(const WinContext& ctx, const Ruleset& rules) const override;
  [[nodiscard]] std::optional<int> LoserValue(const WinContext& hand,
                                              const Ruleset& rules) const override;
};

// fu x 2^fan, capped at rules.ningbo.limit when it is > 0 (and at 100,000,000 in any case).
[[nodiscard]] int NingboShareValue(int fu, int fan, const Ruleset& rules);

// 三家払い of a share value: a non-dealer winner {dealer: 2v, non_dealer: v}; a dealer winner
// {each: 2v}.
[[nodiscard]] Payment NingboPayment(int value, bool dealer);

// The dealt-hand shapes on 13 tiles (counts summing to 13).
// 十三ヤオ: each of the 13 terminal and honour kinds exactly once.
[[nodiscard]] bool IsThirteenSingleOrphans13(const KindCounts& counts);
// 十三不搭: no kind twice, and no two kinds of one suit whose numbers differ by 1 or 2.
[[nodiscard]] bool IsThirteenUnconnected13(const KindCounts& counts);

}  // namespace mj
