#pragma once
// Identifiers of every yaku (and dora kind) any scoring module can award. The snake_case names
// are the `score` command's output names and the keys of a ruleset's yaku table; the romaji
// and Japanese names are mapped in docs/GLOSSARY.md. Order = output order (Tenhou's yaku ids
// first, then the other rulesets' own yaku, dora last).

#include <cstdint>
#include <optional>
#include <string_view>

namespace mj {

enum class YakuId : uint8_t {
  kRiichi,
  kDoubleRiichi,
  kOpenRiichi,
  kIppatsu,
  kMenzenTsumo,
  kPinfu,
  kTanyao,
  kIipeikou,
  kYakuhaiSeatEast,
  kYakuhaiSeatSouth,
  kYakuhaiSeatWest,
  kYakuhaiSeatNorth,
  kYakuhaiRoundEast,
  kYakuhaiRoundSouth,
  kYakuhaiRoundWest,
  kYakuhaiRoundNorth,
  kYakuhaiHaku,
  kYakuhaiHatsu,
  kYakuhaiChun,
  kChankan,
  kRinshan,
  kHaitei,
  kHoutei,
  kChiitoitsu,
  kChanta,
  kIttsu,
  kSanshoku,
  kSanshokuDoukou,
  kSankantsu,
  kToitoi,
  kSanankou,
  kShousangen,
  kHonroutou,
  kRyanpeikou,
  kJunchan,
  kHonitsu,
  kChinitsu,
  // Yakuman.
  kTenhou,
  kChiihou,
  kKokushi,
  kKokushi13,
  kSuuankou,
  kSuuankouTanki,
  kDaisangen,
  kShousuushii,
  kDaisuushii,
  kTsuuiisou,
  kRyuuiisou,
  kChinroutou,
  kChuuren,
  kJunseiChuuren,
  kSuukantsu,
  // Limit hands of other rulesets (Ningbo, seed 004); disabled in the riichi table.
  kFourHappiness,             // 四喜和: four wind sets (the seat wind's a pung), small four winds included
  kThirteenSingleOrphans,     // 十三ヤオ: the 13 terminal and honour kinds once each, on the dealt 13 tiles
  kThirteenUnconnected,       // 十三不搭: 13 dealt tiles with no pair, no two within two of a suit
  // Yaku of other rulesets (Dunpai seed 003, fuless seed 000, ayame seed 002); disabled in the
  // riichi table.
  kTwoConcealedPungs,         // 二暗刻: exactly two concealed pungs/kongs
  kKongs,                     // 槓子: han per kong (1, 2, 3 kongs), like dora a per-count entry
  kRenroku,                   // 連六: two sequences k and k+3 of one suit (123456m)
  kThreeIdenticalSequences,   // 一色三同順
  kFourIdenticalSequences,    // 一色四同順
  kClosedRon,                 // 門前ロン (fuless): a closed hand winning by ron
  kFourSequences,             // 四順子 (ayame): four sequences and any pair, closed, any wait
  kOpenKong,                  // 明槓 (fuless): han per open kong, like dora a per-count entry
  kClosedKong,                // 暗槓 (fuless): han per closed kong
  // Dora (han per tile, never toward the one-han minimum).
  kDora,
  kAkaDora,
  kUraDora,
  kPeachDora,                 // Dunpai's peach 3 and 7 (桃ドラ)
  kCount
};

inline constexpr int kNumYaku = static_cast<int>(YakuId::kCount);

[[nodiscard]] std::string_view YakuName(YakuId id);
[[nodiscard]] std::optional<YakuId> YakuFromName(std::string_view name);
[[nodiscard]] bool IsYakumanYaku(YakuId id);
[[nodiscard]] bool IsDoraYaku(YakuId id);

}  // namespace mj
