#include "formats/log_yaku.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <limits>
#include <iterator>

#include "formats/tenhou6.h"

namespace mj::tenhou {
namespace {

// gimite's mjai yaku names (lib/mjai/tenhou_archive.rb YAKU_ID_TO_NAME, hora.rb) for ours.
struct MjaiName {
  YakuId id;
  std::string_view name;
};
constexpr MjaiName kMjaiNames[] = {
    {YakuId::kMenzenTsumo, "menzenchin_tsumoho"}, {YakuId::kRiichi, "reach"},
    {YakuId::kIppatsu, "ippatsu"}, {YakuId::kChankan, "chankan"}, {YakuId::kRinshan, "rinshankaiho"},
    {YakuId::kHaitei, "haiteiraoyue"}, {YakuId::kHoutei, "hoteiraoyui"}, {YakuId::kPinfu, "pinfu"},
    {YakuId::kTanyao, "tanyaochu"}, {YakuId::kIipeikou, "ipeko"},
    {YakuId::kYakuhaiSeatEast, "jikaze"}, {YakuId::kYakuhaiSeatSouth, "jikaze"},
    {YakuId::kYakuhaiSeatWest, "jikaze"}, {YakuId::kYakuhaiSeatNorth, "jikaze"},
    {YakuId::kYakuhaiRoundEast, "bakaze"}, {YakuId::kYakuhaiRoundSouth, "bakaze"},
    {YakuId::kYakuhaiRoundWest, "bakaze"}, {YakuId::kYakuhaiRoundNorth, "bakaze"},
    {YakuId::kYakuhaiHaku, "sangenpai"}, {YakuId::kYakuhaiHatsu, "sangenpai"},
    {YakuId::kYakuhaiChun, "sangenpai"}, {YakuId::kDoubleRiichi, "double_reach"},
    {YakuId::kChiitoitsu, "chitoitsu"}, {YakuId::kChanta, "honchantaiyao"}, {YakuId::kIttsu, "ikkitsukan"},
    {YakuId::kSanshoku, "sanshokudojun"}, {YakuId::kSanshokuDoukou, "sanshokudoko"},
    {YakuId::kSankantsu, "sankantsu"}, {YakuId::kToitoi, "toitoiho"}, {YakuId::kSanankou, "sananko"},
    {YakuId::kShousangen, "shosangen"}, {YakuId::kHonroutou, "honroto"}, {YakuId::kRyanpeikou, "ryanpeko"},
    {YakuId::kJunchan, "junchantaiyao"}, {YakuId::kHonitsu, "honiso"}, {YakuId::kChinitsu, "chiniso"},
    {YakuId::kTenhou, "tenho"}, {YakuId::kChiihou, "chiho"}, {YakuId::kDaisangen, "daisangen"},
    {YakuId::kSuuankou, "suanko"}, {YakuId::kSuuankouTanki, "suanko"}, {YakuId::kTsuuiisou, "tsuiso"},
    {YakuId::kRyuuiisou, "ryuiso"}, {YakuId::kChinroutou, "chinroto"}, {YakuId::kChuuren, "churenpoton"},
    {YakuId::kJunseiChuuren, "churenpoton"}, {YakuId::kKokushi, "kokushimuso"},
    {YakuId::kKokushi13, "kokushimuso"}, {YakuId::kDaisuushii, "daisushi"}, {YakuId::kShousuushii, "shosushi"},
    {YakuId::kSuukantsu, "sukantsu"}, {YakuId::kDora, "dora"}, {YakuId::kUraDora, "uradora"},
    {YakuId::kAkaDora, "akadora"},
};

// Adds han to the name's entry (a log's han are not trusted to stay small: the sum saturates).
void Add(YakuTally* t, const std::string& name, int han) {
  for (auto& [n, h] : *t)
    if (n == name) {
      h = static_cast<int>(std::min<int64_t>(int64_t{h} + han, std::numeric_limits<int>::max()));
      return;
    }
  t->emplace_back(name, han);
}

std::string EntryText(const std::string& name, int han) {
  return han == 0 ? name + " (yakuman)" : name + " " + std::to_string(han);
}

}  // namespace

std::optional<YakuId> YakuFromTenhouId(int id) {
  static constexpr std::array<YakuId, 55> kIds{
      YakuId::kMenzenTsumo, YakuId::kRiichi, YakuId::kIppatsu, YakuId::kChankan, YakuId::kRinshan,
      YakuId::kHaitei, YakuId::kHoutei, YakuId::kPinfu, YakuId::kTanyao, YakuId::kIipeikou,
      YakuId::kYakuhaiSeatEast, YakuId::kYakuhaiSeatSouth, YakuId::kYakuhaiSeatWest, YakuId::kYakuhaiSeatNorth,
      YakuId::kYakuhaiRoundEast, YakuId::kYakuhaiRoundSouth, YakuId::kYakuhaiRoundWest, YakuId::kYakuhaiRoundNorth,
      YakuId::kYakuhaiHaku, YakuId::kYakuhaiHatsu, YakuId::kYakuhaiChun, YakuId::kDoubleRiichi,
      YakuId::kChiitoitsu, YakuId::kChanta, YakuId::kIttsu, YakuId::kSanshoku, YakuId::kSanshokuDoukou,
      YakuId::kSankantsu, YakuId::kToitoi, YakuId::kSanankou, YakuId::kShousangen, YakuId::kHonroutou,
      YakuId::kRyanpeikou, YakuId::kJunchan, YakuId::kHonitsu, YakuId::kChinitsu,
      YakuId::kCount,  // 36 人和 (renhou): not a yaku under Tenhou's rules
      YakuId::kTenhou, YakuId::kChiihou, YakuId::kDaisangen, YakuId::kSuuankou, YakuId::kSuuankouTanki,
      YakuId::kTsuuiisou, YakuId::kRyuuiisou, YakuId::kChinroutou, YakuId::kChuuren, YakuId::kJunseiChuuren,
      YakuId::kKokushi, YakuId::kKokushi13, YakuId::kDaisuushii, YakuId::kShousuushii, YakuId::kSuukantsu,
      YakuId::kDora, YakuId::kUraDora, YakuId::kAkaDora};
  if (id < 0 || id >= static_cast<int>(kIds.size()) || kIds[id] == YakuId::kCount) return std::nullopt;
  return kIds[id];
}

std::string_view MjaiYakuName(YakuId id) {
  for (const MjaiName& m : kMjaiNames)
    if (m.id == id) return m.name;
  return {};
}

Result<YakuTally> TallyLogYaku(const std::vector<YakuText>& yaku, YakuNaming naming, int seat_wind, int round_wind) {
  YakuTally out;
  for (const YakuText& y : yaku) {
    std::string key;
    switch (naming) {
      case YakuNaming::kTenhouName: {
        const auto id = YakuFromTenhouName(y.name, seat_wind, round_wind);
        if (!id) return Error{"yaku \"" + y.name + "\" is not one Tenhou's rules know"};
        key = YakuName(*id);
        break;
      }
      case YakuNaming::kTenhouId: {
        int n = -1;
        const auto [ptr, ec] = std::from_chars(y.name.data(), y.name.data() + y.name.size(), n);
        const bool number = ec == std::errc() && ptr == y.name.data() + y.name.size();
        const auto id = number ? YakuFromTenhouId(n) : std::nullopt;
        if (!id)
          return Error{"yaku id " + y.name + (n == 36 ? " (renhou, not a yaku under Tenhou's rules)" : " (not a Tenhou yaku id 0-54)")};
        key = YakuName(*id);
        break;
      }
      case YakuNaming::kMjai: {
        const bool known = std::any_of(std::begin(kMjaiNames), std::end(kMjaiNames),
                                       [&](const MjaiName& m) { return m.name == y.name; });
        if (!known) return Error{"yaku \"" + y.name + "\" is not an mjai yaku name the engine plays"};
        key = y.name;
        break;
      }
    }
    if (y.yakuman) {
      Add(&out, key, 0);
    } else if (y.han != 0) {
      Add(&out, key, y.han);
    }
  }
  return out;
}

YakuTally TallyEngineYaku(const ScoreResult& score, YakuNaming naming) {
  YakuTally out;
  for (const YakuEntry& y : score.yaku) {
    if (y.yakuman == 0 && y.sixths == 0) continue;
    std::string key(YakuName(y.id));
    if (naming == YakuNaming::kMjai && !MjaiYakuName(y.id).empty()) key = std::string(MjaiYakuName(y.id));
    Add(&out, key, y.yakuman > 0 ? 0 : y.sixths / 6);
  }
  return out;
}

std::string YakuTallyText(const YakuTally& t) {
  std::string out;
  for (const auto& [name, han] : t) {
    if (!out.empty()) out += ", ";
    out += EntryText(name, han);
  }
  return out.empty() ? "none" : out;
}

std::optional<std::pair<std::string, std::string>> YakuDifference(const YakuTally& log, const YakuTally& engine) {
  auto find = [](const YakuTally& t, const std::string& name) -> const int* {
    for (const auto& [n, h] : t)
      if (n == name) return &h;
    return nullptr;
  };
  YakuTally log_only, engine_only;
  for (const auto& [name, han] : log) {
    const int* other = find(engine, name);
    if (other == nullptr || *other != han) log_only.emplace_back(name, han);
  }
  for (const auto& [name, han] : engine) {
    const int* other = find(log, name);
    if (other == nullptr || *other != han) engine_only.emplace_back(name, han);
  }
  if (log_only.empty() && engine_only.empty()) return std::nullopt;
  return std::make_pair(YakuTallyText(log_only), YakuTallyText(engine_only));
}

}  // namespace mj::tenhou
