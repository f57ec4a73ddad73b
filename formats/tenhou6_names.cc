// Tenhou's tile codes (11..47, red fives 51..53) and yaku names, both ways.
#include "formats/tenhou6.h"

#include <map>
#include <string>

namespace mj::tenhou {

bool IsTileCode(int c) {
  return (c >= 11 && c <= 19) || (c >= 21 && c <= 29) || (c >= 31 && c <= 39) || (c >= 41 && c <= 47) ||
         (c >= 51 && c <= 53);
}

Kind CodeKind(int c) {
  if (c >= 51) return static_cast<Kind>((c - 51) * 9 + 4);
  return static_cast<Kind>((c / 10 - 1) * 9 + c % 10 - 1);
}

bool CodeIsRed(int c) { return c >= 51 && c <= 53; }

int KindCode(Kind k, bool red) {
  if (red) return 51 + k / 9;
  if (k >= 27) return 41 + (k - 27);
  return (k / 9 + 1) * 10 + k % 9 + 1;
}

std::string CodeText(int c) {
  if (c == kTsumogiri) return "tsumogiri";
  if (!IsTileCode(c)) {
    std::string text(1, '?');
    text += std::to_string(c);
    return text;
  }
  const Kind k = CodeKind(c);
  if (k >= 27) return std::to_string(k - 26) + "z";
  return {static_cast<char>(CodeIsRed(c) ? '0' : '1' + k % 9), "mps"[k / 9]};
}

std::optional<YakuId> YakuFromTenhouName(const std::string& name, int seat_wind, int round_wind) {
  static const std::map<std::string, YakuId> kNames = {
      // Tenhou (yaku ids 0..54, as the official records write them) and common variants.
      {"門前清自摸和", YakuId::kMenzenTsumo}, {"立直", YakuId::kRiichi}, {"一発", YakuId::kIppatsu},
      {"槍槓", YakuId::kChankan}, {"搶槓", YakuId::kChankan}, {"嶺上開花", YakuId::kRinshan},
      {"海底摸月", YakuId::kHaitei}, {"海底撈月", YakuId::kHaitei}, {"河底撈魚", YakuId::kHoutei},
      {"平和", YakuId::kPinfu}, {"断幺九", YakuId::kTanyao}, {"断么九", YakuId::kTanyao},
      {"一盃口", YakuId::kIipeikou},
      {"自風 東", YakuId::kYakuhaiSeatEast}, {"自風 南", YakuId::kYakuhaiSeatSouth},
      {"自風 西", YakuId::kYakuhaiSeatWest}, {"自風 北", YakuId::kYakuhaiSeatNorth},
      {"場風 東", YakuId::kYakuhaiRoundEast}, {"場風 南", YakuId::kYakuhaiRoundSouth},
      {"場風 西", YakuId::kYakuhaiRoundWest}, {"場風 北", YakuId::kYakuhaiRoundNorth},
      {"役牌 白", YakuId::kYakuhaiHaku}, {"役牌 發", YakuId::kYakuhaiHatsu}, {"役牌 中", YakuId::kYakuhaiChun},
      {"役牌白", YakuId::kYakuhaiHaku}, {"役牌發", YakuId::kYakuhaiHatsu}, {"役牌中", YakuId::kYakuhaiChun},
      {"両立直", YakuId::kDoubleRiichi}, {"ダブル立直", YakuId::kDoubleRiichi},
      {"七対子", YakuId::kChiitoitsu}, {"混全帯幺九", YakuId::kChanta}, {"混全帯么九", YakuId::kChanta},
      {"一気通貫", YakuId::kIttsu}, {"三色同順", YakuId::kSanshoku}, {"三色同刻", YakuId::kSanshokuDoukou},
      {"三槓子", YakuId::kSankantsu}, {"対々和", YakuId::kToitoi}, {"対々", YakuId::kToitoi},
      {"三暗刻", YakuId::kSanankou}, {"小三元", YakuId::kShousangen}, {"混老頭", YakuId::kHonroutou},
      {"二盃口", YakuId::kRyanpeikou}, {"純全帯幺九", YakuId::kJunchan}, {"純全帯么九", YakuId::kJunchan},
      {"混一色", YakuId::kHonitsu}, {"清一色", YakuId::kChinitsu},
      {"天和", YakuId::kTenhou}, {"地和", YakuId::kChiihou}, {"大三元", YakuId::kDaisangen},
      {"四暗刻", YakuId::kSuuankou}, {"四暗刻単騎", YakuId::kSuuankouTanki}, {"字一色", YakuId::kTsuuiisou},
      {"緑一色", YakuId::kRyuuiisou}, {"清老頭", YakuId::kChinroutou}, {"九蓮宝燈", YakuId::kChuuren},
      {"純正九蓮宝燈", YakuId::kJunseiChuuren}, {"国士無双", YakuId::kKokushi},
      {"国士無双１３面", YakuId::kKokushi13}, {"国士無双13面", YakuId::kKokushi13},
      {"大四喜", YakuId::kDaisuushii}, {"小四喜", YakuId::kShousuushii}, {"四槓子", YakuId::kSuukantsu},
      {"ドラ", YakuId::kDora}, {"裏ドラ", YakuId::kUraDora}, {"赤ドラ", YakuId::kAkaDora},
      // English names written by tenhou-format converters of other sites.
      {"Fully Concealed Hand", YakuId::kMenzenTsumo}, {"Menzen Tsumo", YakuId::kMenzenTsumo},
      {"Tsumo", YakuId::kMenzenTsumo}, {"Riichi", YakuId::kRiichi}, {"Ippatsu", YakuId::kIppatsu},
      {"Robbing a Kan", YakuId::kChankan}, {"Chankan", YakuId::kChankan},
      {"After a Kan", YakuId::kRinshan}, {"Rinshan Kaihou", YakuId::kRinshan},
      {"Under the Sea", YakuId::kHaitei}, {"Haitei Raoyue", YakuId::kHaitei},
      {"Under the River", YakuId::kHoutei}, {"Houtei Raoyui", YakuId::kHoutei},
      {"Pinfu", YakuId::kPinfu}, {"All Simples", YakuId::kTanyao}, {"Tanyao", YakuId::kTanyao},
      {"Pure Double Sequence", YakuId::kIipeikou}, {"Iipeikou", YakuId::kIipeikou},
      {"White Dragon", YakuId::kYakuhaiHaku}, {"Green Dragon", YakuId::kYakuhaiHatsu},
      {"Red Dragon", YakuId::kYakuhaiChun}, {"Double Riichi", YakuId::kDoubleRiichi},
      {"Seven Pairs", YakuId::kChiitoitsu}, {"Chiitoitsu", YakuId::kChiitoitsu},
      {"Half Outside Hand", YakuId::kChanta}, {"Chanta", YakuId::kChanta},
      {"Pure Straight", YakuId::kIttsu}, {"Ittsu", YakuId::kIttsu},
      {"Mixed Triple Sequence", YakuId::kSanshoku}, {"Sanshoku Doujun", YakuId::kSanshoku},
      {"Triple Triplets", YakuId::kSanshokuDoukou}, {"Sanshoku Doukou", YakuId::kSanshokuDoukou},
      {"Three Quads", YakuId::kSankantsu}, {"Sankantsu", YakuId::kSankantsu},
      {"All Triplets", YakuId::kToitoi}, {"Toitoi", YakuId::kToitoi},
      {"Three Concealed Triplets", YakuId::kSanankou}, {"Sanankou", YakuId::kSanankou},
      {"Little Three Dragons", YakuId::kShousangen}, {"Shousangen", YakuId::kShousangen},
      {"All Terminals and Honors", YakuId::kHonroutou}, {"Honroutou", YakuId::kHonroutou},
      {"Twice Pure Double Sequence", YakuId::kRyanpeikou}, {"Ryanpeikou", YakuId::kRyanpeikou},
      {"Fully Outside Hand", YakuId::kJunchan}, {"Junchan", YakuId::kJunchan},
      {"Half Flush", YakuId::kHonitsu}, {"Honitsu", YakuId::kHonitsu},
      {"Full Flush", YakuId::kChinitsu}, {"Chinitsu", YakuId::kChinitsu},
      {"Blessing of Heaven", YakuId::kTenhou}, {"Tenhou", YakuId::kTenhou},
      {"Blessing of Earth", YakuId::kChiihou}, {"Chiihou", YakuId::kChiihou},
      {"Big Three Dragons", YakuId::kDaisangen}, {"Daisangen", YakuId::kDaisangen},
      {"Four Concealed Triplets", YakuId::kSuuankou}, {"Suuankou", YakuId::kSuuankou},
      {"Single-wait Four Concealed Triplets", YakuId::kSuuankouTanki}, {"Suuankou Tanki", YakuId::kSuuankouTanki},
      {"All Honors", YakuId::kTsuuiisou}, {"Tsuuiisou", YakuId::kTsuuiisou},
      {"All Green", YakuId::kRyuuiisou}, {"Ryuuiisou", YakuId::kRyuuiisou},
      {"All Terminals", YakuId::kChinroutou}, {"Chinroutou", YakuId::kChinroutou},
      {"Nine Gates", YakuId::kChuuren}, {"Chuuren Poutou", YakuId::kChuuren},
      {"True Nine Gates", YakuId::kJunseiChuuren}, {"Junsei Chuuren Poutou", YakuId::kJunseiChuuren},
      {"Thirteen Orphans", YakuId::kKokushi}, {"Kokushi Musou", YakuId::kKokushi},
      {"Thirteen-wait Thirteen Orphans", YakuId::kKokushi13}, {"Kokushi Musou 13-sided Wait", YakuId::kKokushi13},
      {"Big Four Winds", YakuId::kDaisuushii}, {"Daisuushii", YakuId::kDaisuushii},
      {"Little Four Winds", YakuId::kShousuushii}, {"Shousuushii", YakuId::kShousuushii},
      {"Four Quads", YakuId::kSuukantsu}, {"Suukantsu", YakuId::kSuukantsu},
      {"Dora", YakuId::kDora}, {"Ura Dora", YakuId::kUraDora}, {"Red Five", YakuId::kAkaDora},
      {"Red Fives", YakuId::kAkaDora}, {"Aka Dora", YakuId::kAkaDora}};
  const auto it = kNames.find(name);
  if (it != kNames.end()) return it->second;
  static const char* kWindWords[] = {"East", "South", "West", "North"};
  for (int w = 0; w < 4; ++w) {
    const std::string wind = kWindWords[w];
    if (name == "Seat Wind " + wind || name == "Seat Wind: " + wind) return static_cast<YakuId>(static_cast<int>(YakuId::kYakuhaiSeatEast) + w);
    if (name == "Prevalent Wind " + wind || name == "Round Wind " + wind || name == "Round Wind: " + wind)
      return static_cast<YakuId>(static_cast<int>(YakuId::kYakuhaiRoundEast) + w);
  }
  if (name == "Seat Wind") return static_cast<YakuId>(static_cast<int>(YakuId::kYakuhaiSeatEast) + seat_wind);
  if (name == "Prevalent Wind" || name == "Round Wind")
    return static_cast<YakuId>(static_cast<int>(YakuId::kYakuhaiRoundEast) + round_wind);
  return std::nullopt;
}

std::string TenhouYakuName(YakuId id) {
  switch (id) {
    case YakuId::kMenzenTsumo: return "門前清自摸和";
    case YakuId::kRiichi: return "立直";
    case YakuId::kIppatsu: return "一発";
    case YakuId::kChankan: return "槍槓";
    case YakuId::kRinshan: return "嶺上開花";
    case YakuId::kHaitei: return "海底摸月";
    case YakuId::kHoutei: return "河底撈魚";
    case YakuId::kPinfu: return "平和";
    case YakuId::kTanyao: return "断幺九";
    case YakuId::kIipeikou: return "一盃口";
    case YakuId::kYakuhaiSeatEast: return "自風 東";
    case YakuId::kYakuhaiSeatSouth: return "自風 南";
    case YakuId::kYakuhaiSeatWest: return "自風 西";
    case YakuId::kYakuhaiSeatNorth: return "自風 北";
    case YakuId::kYakuhaiRoundEast: return "場風 東";
    case YakuId::kYakuhaiRoundSouth: return "場風 南";
    case YakuId::kYakuhaiRoundWest: return "場風 西";
    case YakuId::kYakuhaiRoundNorth: return "場風 北";
    case YakuId::kYakuhaiHaku: return "役牌 白";
    case YakuId::kYakuhaiHatsu: return "役牌 發";
    case YakuId::kYakuhaiChun: return "役牌 中";
    case YakuId::kDoubleRiichi: return "両立直";
    case YakuId::kChiitoitsu: return "七対子";
    case YakuId::kChanta: return "混全帯幺九";
    case YakuId::kIttsu: return "一気通貫";
    case YakuId::kSanshoku: return "三色同順";
    case YakuId::kSanshokuDoukou: return "三色同刻";
    case YakuId::kSankantsu: return "三槓子";
    case YakuId::kToitoi: return "対々和";
    case YakuId::kSanankou: return "三暗刻";
    case YakuId::kShousangen: return "小三元";
    case YakuId::kHonroutou: return "混老頭";
    case YakuId::kRyanpeikou: return "二盃口";
    case YakuId::kJunchan: return "純全帯幺九";
    case YakuId::kHonitsu: return "混一色";
    case YakuId::kChinitsu: return "清一色";
    case YakuId::kTenhou: return "天和";
    case YakuId::kChiihou: return "地和";
    case YakuId::kDaisangen: return "大三元";
    case YakuId::kSuuankou: return "四暗刻";
    case YakuId::kSuuankouTanki: return "四暗刻単騎";
    case YakuId::kTsuuiisou: return "字一色";
    case YakuId::kRyuuiisou: return "緑一色";
    case YakuId::kChinroutou: return "清老頭";
    case YakuId::kChuuren: return "九蓮宝燈";
    case YakuId::kJunseiChuuren: return "純正九蓮宝燈";
    case YakuId::kKokushi: return "国士無双";
    case YakuId::kKokushi13: return "国士無双１３面";
    case YakuId::kDaisuushii: return "大四喜";
    case YakuId::kShousuushii: return "小四喜";
    case YakuId::kSuukantsu: return "四槓子";
    case YakuId::kDora: return "ドラ";
    case YakuId::kUraDora: return "裏ドラ";
    case YakuId::kAkaDora: return "赤ドラ";
    default: return std::string(YakuName(id));
  }
}

}  // namespace mj::tenhou
