#pragma once
// ScoreResult: a scored hand (han in sixths, fu, yaku, fu breakdown, payments) or the reason it
// cannot be scored. Produced by a ScoringModule; printed by rules/score_json.h.

#include <cstdint>
#include <string>

#include "tiles/small_vector.h"
#include "rules/yaku_id.h"

namespace mj {

// The limit a hand was paid at. kMangan..kYakuman: riichi's limits (kMangan also for a counted
// value cut at a ruleset's cap, Ningbo's 300 included). kLimit / kHalfLimit: a limit hand of
// Ningbo's table paid its fixed value, 満貫 / 半満貫 (seed 004: "(G)満貫", "(F)半満貫"); such a
// hand is no yakuman and counts no han.
enum class Limit : uint8_t { kNone, kMangan, kHaneman, kBaiman, kSanbaiman, kYakuman, kLimit, kHalfLimit, kCount };
[[nodiscard]] std::string_view LimitName(Limit l);  // "none", "mangan", ..., "yakuman", "limit", "half_limit"

struct YakuEntry {
  YakuId id = YakuId::kCount;
  int16_t sixths = 0;     // han value in sixths of a han (0 for a yakuman or limit-hand entry)
  uint8_t yakuman = 0;    // yakuman multiples of this entry (0 for ordinary yaku)
  Limit limit = Limit::kNone;  // kLimit / kHalfLimit: a Ningbo limit hand (sixths and yakuman 0)
};

enum class FuReason : uint8_t {
  kBase,            // 副底 20 (other bases in other rulesets)
  kClosedRon,       // 門前加符 +10
  kTsumo,           // ツモ符 +2
  kMeld,            // a pung or kong (see FuEntry::kind)
  kPair,            // yakuhai pair
  kWait,            // kanchan / penchan / tanki
  kChiitoitsu,      // 25 flat
  kPinfuTsumo,      // pinfu tsumo: 20 flat
  kOpenPinfu,       // open hand with no fu: raised to 30
  kRoundUp,         // rounding up to the next 10
  // Ningbo (seed 004) additions to its 10-fu base.
  kPureWait,        // only one tile kind completes the hand (detail: 1 kanchan 2 penchan 3 tanki)
  kTwoChanceShanpon,// 雙ポン和: a shanpon with exactly two winning kinds
  kToitoi,          // 対々和
  kRinshan,         // 嶺上開花
  kHaitei,          // 海底撈月
  kRobbingPureWait, // 金鶏奪食: robbing a kong on a pure kanchan or penchan
  kCount
};

struct FuEntry {
  FuReason reason = FuReason::kBase;
  int16_t fu = 0;
  uint8_t kind = 0;   // the tile kind the entry is about (meld, pair), else 0
  uint8_t detail = 0; // kMeld: 0 open pung, 1 closed pung, 2 open kong, 3 closed kong; kWait: 1 kanchan 2 penchan 3 tanki
};

enum class PaymentKind : uint8_t { kRon, kTsumoNonDealer, kTsumoDealer };

struct Payment {
  PaymentKind kind = PaymentKind::kRon;
  int ron = 0;          // kRon: the discarder pays this
  int dealer = 0;       // kTsumoNonDealer: the dealer pays this
  int non_dealer = 0;   // kTsumoNonDealer: each non-dealer pays this
  int each = 0;         // kTsumoDealer: each of the three pays this
  [[nodiscard]] int Total() const {
    switch (kind) {
      case PaymentKind::kRon: return ron;
      case PaymentKind::kTsumoNonDealer: return dealer + 2 * non_dealer;
      case PaymentKind::kTsumoDealer: return 3 * each;
    }
    return 0;
  }
};

enum class ScoreError : uint8_t { kNone, kNoYaku, kNotWinningHand, kInvalidInput };
[[nodiscard]] std::string_view ScoreErrorName(ScoreError e);  // "no_yaku", ...

struct ScoreResult {
  ScoreError error = ScoreError::kNone;
  std::string message;           // what exactly is wrong, when error != kNone
  int han_sixths = 0;            // total han in sixths (yakuman hands: 13 * 6 per multiple; 0 for
                                 // a Ningbo limit hand, limit kLimit / kHalfLimit)
  int fu = 0;
  int yakuman = 0;               // yakuman multiples paid (kazoe yakuman counts 1)
  Limit limit = Limit::kNone;
  SmallVector<YakuEntry, 24> yaku;
  SmallVector<FuEntry, 12> fu_breakdown;
  Payment payment;               // the hand's value without honba or deposits
  int honba_bonus = 0;
  int deposits = 0;
  int total = 0;                 // everything the winner receives

  [[nodiscard]] bool ok() const { return error == ScoreError::kNone; }
};

}  // namespace mj
