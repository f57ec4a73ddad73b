#include "rules/standard_fu.h"

#include "rules/standard_yaku.h"

namespace mj {

int StandardFu(const Reading& r, const WinContext& ctx, const Ruleset& rules, bool closed, bool pinfu,
               SmallVector<FuEntry, 12>* breakdown) {
  breakdown->clear();
  if (r.form == HandForm::kSevenPairs) {
    breakdown->push_back({FuReason::kChiitoitsu, 25, 0, 0});
    return 25;
  }
  if (r.form == HandForm::kThirteenOrphans) return 0;
  if (pinfu && ctx.tsumo) {
    breakdown->push_back({FuReason::kPinfuTsumo, 20, 0, 0});
    return 20;
  }
  int fu = 20;
  breakdown->push_back({FuReason::kBase, 20, 0, 0});
  if (closed && !ctx.tsumo) {
    fu += 10;
    breakdown->push_back({FuReason::kClosedRon, 10, 0, 0});
  }
  if (ctx.tsumo) {
    fu += 2;
    breakdown->push_back({FuReason::kTsumo, 2, 0, 0});
  }
  for (const HandSet& s : r.sets) {
    const int f = SetFu(s);
    if (f == 0) continue;
    fu += f;
    const uint8_t detail = static_cast<uint8_t>((s.type == SetType::kKan ? 2 : 0) + (s.open ? 0 : 1));
    breakdown->push_back({FuReason::kMeld, static_cast<int16_t>(f), s.kind, detail});
  }
  int pair_fu = 0;
  const Kind seat = static_cast<Kind>(kEast + static_cast<int>(ctx.seat_wind));
  const Kind round = static_cast<Kind>(kEast + static_cast<int>(ctx.round_wind));
  if (IsDragon(r.pair)) pair_fu = 2;
  if (r.pair == seat && ctx.has_round_wind && r.pair == round) {
    pair_fu = rules.double_wind_pair_fu;
  } else if (r.pair == seat || (ctx.has_round_wind && r.pair == round)) {
    pair_fu = 2;
  }
  if (pair_fu) {
    fu += pair_fu;
    breakdown->push_back({FuReason::kPair, static_cast<int16_t>(pair_fu), r.pair, 0});
  }
  if (r.wait == WaitShape::kKanchan || r.wait == WaitShape::kPenchan || r.wait == WaitShape::kTanki) {
    fu += 2;
    const uint8_t detail = r.wait == WaitShape::kKanchan ? 1 : r.wait == WaitShape::kPenchan ? 2 : 3;
    breakdown->push_back({FuReason::kWait, 2, ctx.win_tile, detail});
  }
  if (fu == 20 && !closed && rules.open_no_fu_30) {
    breakdown->push_back({FuReason::kOpenPinfu, 10, 0, 0});
    return 30;
  }
  const int rounded = (fu + 9) / 10 * 10;
  if (rounded != fu) breakdown->push_back({FuReason::kRoundUp, static_cast<int16_t>(rounded - fu), 0, 0});
  return rounded;
}

}  // namespace mj
