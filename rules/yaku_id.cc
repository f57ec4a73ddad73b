#include "rules/yaku_id.h"

#include <array>

namespace mj {
namespace {

constexpr std::array<std::string_view, kNumYaku> kNames = {
    "riichi", "double_riichi", "open_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao",
    "iipeikou", "yakuhai_seat_east", "yakuhai_seat_south", "yakuhai_seat_west",
    "yakuhai_seat_north", "yakuhai_round_east", "yakuhai_round_south", "yakuhai_round_west",
    "yakuhai_round_north", "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "chankan", "rinshan",
    "haitei", "houtei", "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou",
    "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan",
    "honitsu", "chinitsu", "tenhou", "chiihou", "kokushi", "kokushi_13_wait", "suuankou",
    "suuankou_tanki", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou",
    "chinroutou", "chuuren", "junsei_chuuren", "suukantsu", "four_happiness",
    "thirteen_single_orphans", "thirteen_unconnected", "two_concealed_pungs", "kongs",
    "renroku", "three_identical_sequences", "four_identical_sequences", "closed_ron",
    "four_sequences", "open_kong", "closed_kong", "dora", "aka_dora", "ura_dora", "peach_dora"};

}  // namespace

std::string_view YakuName(YakuId id) { return kNames[static_cast<int>(id)]; }

std::optional<YakuId> YakuFromName(std::string_view name) {
  for (int i = 0; i < kNumYaku; ++i)
    if (kNames[i] == name) return static_cast<YakuId>(i);
  return std::nullopt;
}

bool IsYakumanYaku(YakuId id) { return id >= YakuId::kTenhou && id <= YakuId::kThirteenUnconnected; }
bool IsDoraYaku(YakuId id) { return id >= YakuId::kDora && id <= YakuId::kPeachDora; }

}  // namespace mj
