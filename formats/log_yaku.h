#pragma once
// How outside logs name a win's yaku, and comparing a log's yaku list with the engine's scoring of
// the same win (formats/tenhou_verify.cc does it for every win of every imported or verified log).
// Three namings (shared/realgames/FORMATS.md):
//   tenhou.net/6  Tenhou's Japanese names ("立直", "役牌 白", "ドラ") or English converter names,
//                 one entry per yaku, dora kinds with their count;
//   mjlog         Tenhou's numeric yaku ids 0..54 (`<AGARI yaku="id,han,..." yakuman="id,...">`);
//   mjai          gimite's romanised names ("reach", "tanyaochu", "akadora"): the winds are
//                 "jikaze" / "bakaze" without the wind, the dragons "sangenpai" (one entry with
//                 the number of dragon sets, or one entry per set), the yakuman variants share a
//                 name ("suanko" for both four-concealed-triplet yakuman), a yakuman's han is 100.
// A comparison tallies both sides in the log's naming (han summed per name; yakuman entries by
// name only: no format states a yakuman's multiple per entry) and lists the names whose han
// differ.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/score_result.h"
#include "rules/yaku_id.h"
#include "tiles/result.h"

namespace mj::tenhou {

enum class YakuNaming : uint8_t { kTenhouName, kTenhouId, kMjai };

// One yaku entry as a log writes it.
struct YakuText {
  std::string name;     // as written, e.g. "立直", "役牌 白", "Riichi"; mjlog: the id ("7"); mjai "pinfu"
  int han = 0;          // 0 for a yakuman entry
  bool yakuman = false; // "(役満)", mjlog's `yakuman` list, mjai han >= 100
};

// Tenhou's yaku id (0..54, FORMATS.md section 1.5) -> ours; nullopt for 36 (人和, renhou: Tenhou
// does not play it) and ids out of range.
[[nodiscard]] std::optional<YakuId> YakuFromTenhouId(int id);
// Our yaku -> gimite's mjai name ("" for a yaku mjai does not name: other rulesets' yaku).
[[nodiscard]] std::string_view MjaiYakuName(YakuId id);

// One side of a comparison: (name, han) in first-appearance order, one entry per name; han 0 for
// a yakuman. Names: ours (`YakuName`, "pinfu", "yakuhai_haku") for the Tenhou namings, the mjai
// name for mjai.
using YakuTally = std::vector<std::pair<std::string, int>>;

// The log's entries tallied; 0-han entries (Tenhou's "裏ドラ 0") dropped. Errors name the entry
// the naming does not know ("yaku id 36 (renhou, not played by Tenhou's rules)").
// `seat_wind`, `round_wind` (0..3) resolve English converter names without the wind.
[[nodiscard]] Result<YakuTally> TallyLogYaku(const std::vector<YakuText>& yaku, YakuNaming naming, int seat_wind,
                                             int round_wind);
// The engine's scoring of the win tallied in the same naming.
[[nodiscard]] YakuTally TallyEngineYaku(const ScoreResult& score, YakuNaming naming);

// "riichi 1, pinfu 1" ("none" when empty).
[[nodiscard]] std::string YakuTallyText(const YakuTally& t);

// What differs: the log's entries and the engine's entries whose han (or presence) differ, e.g.
// {"pinfu 1", "none"} or {"tanyaochu 2", "tanyaochu 1"}; nullopt when the tallies agree.
[[nodiscard]] std::optional<std::pair<std::string, std::string>> YakuDifference(const YakuTally& log,
                                                                                const YakuTally& engine);

}  // namespace mj::tenhou
