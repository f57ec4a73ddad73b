#include "rl/observation.h"

#include <algorithm>
#include <cstring>

#include "rl/action_encoding.h"

namespace mj::rl {
namespace {

inline void Add(uint8_t* row, Tile t) { ++row[KindOf(t)]; }

}  // namespace

void EncodeObservation(const PlayerView& v, uint8_t* planes, float* scalars) {
  std::memset(planes, 0, static_cast<size_t>(kNumPlanes) * kNumKinds);
  std::fill(scalars, scalars + kNumScalars, 0.0f);
  const Ruleset& rules = v.rules();
  const int me = v.seat();
  auto row = [&](int r) { return planes + static_cast<size_t>(r) * kNumKinds; };

  std::memcpy(row(kPlaneHand), v.counts().data(), kNumKinds);
  if (v.drawn() != kNoTile) Add(row(kPlaneDrawn), v.drawn());
  for (Tile t : v.hand())
    if (IsMarkedFace(t, rules)) Add(row(kPlaneHandMarked), t);
  for (Tile t : v.own_shields()) {
    Add(row(kPlaneShieldsDown), t);
    if (IsMarkedFace(t, rules)) Add(row(kPlaneShieldsMarked), t);
  }

  for (int r = 0; r < 4; ++r) {
    const int seat = (me + r) % 4;
    uint8_t* base = row(kPlaneSeatBase + kPlanesPerSeat * r);
    auto seat_row = [&](int f) { return base + static_cast<size_t>(f) * kNumKinds; };
    const auto& river = v.river(seat);
    for (size_t i = 0; i < river.size(); ++i) {
      const RiverTile& rt = river[i];
      const Kind k = KindOf(rt.tile);
      const uint8_t position = static_cast<uint8_t>(std::min<size_t>(i + 1, 255));
      ++seat_row(kSeatRiver)[k];
      if (rt.tsumogiri) ++seat_row(kSeatTsumogiri)[k];
      if (seat_row(kSeatFirstIndex)[k] == 0) seat_row(kSeatFirstIndex)[k] = position;
      seat_row(kSeatLastIndex)[k] = position;
      if (rt.riichi) seat_row(kSeatRiichiTile)[k] = 1;
      if (rt.called) ++seat_row(kSeatCalledAway)[k];
      if (IsMarkedFace(rt.tile, rules)) ++seat_row(kSeatMarked)[k];
    }
    if (!river.empty()) seat_row(kSeatLastDiscard)[KindOf(river.back().tile)] = 1;
    const uint64_t after = v.kinds_after_riichi(seat);
    for (int k = 0; k < kNumKinds; ++k) seat_row(kSeatAfterRiichi)[k] = (after >> k) & 1;
    const auto melds = v.melds(seat);
    for (int mi = 0; mi < static_cast<int>(melds.size()); ++mi) {
      if (v.meld_hidden(seat, mi)) continue;
      const EngineMeld& m = melds[mi];
      for (int i = 0; i < m.num_tiles; ++i) {
        Add(seat_row(kSeatMelds), m.tiles[i]);
        if (IsMarkedFace(m.tiles[i], rules)) Add(seat_row(kSeatMarked), m.tiles[i]);
      }
    }
    for (Tile t : v.shields_up(seat)) {
      Add(seat_row(kSeatShieldsUp), t);
      if (IsMarkedFace(t, rules)) Add(seat_row(kSeatMarked), t);
    }
    if (seat != me)
      for (Tile t : v.shown_hand(seat)) {
        Add(seat_row(kSeatShownHand), t);
        if (IsMarkedFace(t, rules)) Add(seat_row(kSeatMarked), t);
      }
    scalars[kScalarScores + r] = static_cast<float>(v.score(seat)) / 1000.0f;
    scalars[kScalarRiichi + r] = v.in_riichi(seat) ? 1.0f : 0.0f;
    scalars[kScalarOpenRiichi + r] = v.open_riichi(seat) ? 1.0f : 0.0f;
    scalars[kScalarShieldCounts + r] = static_cast<float>(v.shields_down(seat));
    scalars[kScalarPeachCounts + r] = static_cast<float>(v.peach_count(seat));
    scalars[kScalarHandSizes + r] = static_cast<float>(v.hand_size(seat));
    if (seat == v.dealer()) scalars[kScalarDealer + r] = 1.0f;
  }

  for (Tile t : v.dora_indicators()) {
    Add(row(kPlaneDoraIndicators), t);
    ++row(kPlaneDora)[DoraFromIndicator(KindOf(t))];
  }
  // Copies seen, from the rows written (what PlayerView::VisibleCounts counts): own hand and
  // face-down shields, every river tile not called away (a called one sits in a meld), every
  // meld shown, face-up shields, hands shown by open riichi, dora indicators.
  uint8_t* unseen = row(kPlaneUnseen);
  for (int k = 0; k < kNumKinds; ++k) {
    int seen = row(kPlaneHand)[k] + row(kPlaneShieldsDown)[k] + row(kPlaneDoraIndicators)[k];
    for (int r = 0; r < 4; ++r) {
      const uint8_t* base = row(kPlaneSeatBase + kPlanesPerSeat * r);
      auto at = [&](int f) { return base[static_cast<size_t>(f) * kNumKinds + static_cast<size_t>(k)]; };
      seen += at(kSeatRiver) - at(kSeatCalledAway) + at(kSeatMelds) + at(kSeatShieldsUp) + at(kSeatShownHand);
    }
    unseen[k] = static_cast<uint8_t>(4 - std::min(seen, 4));
  }

  Tile target = kNoTile;
  int from = -1;
  int phase = -1;
  switch (v.phase()) {
    case Phase::kSetShield: phase = 0; break;
    case Phase::kAfterDraw: phase = 1; break;
    case Phase::kAfterCall: phase = 2; break;
    case Phase::kOnDiscard:
      phase = 3;
      target = v.last_discard();
      from = v.last_discarder();
      break;
    case Phase::kOnKakan:
    case Phase::kOnAnkan:
      phase = v.phase() == Phase::kOnKakan ? 4 : 5;
      target = v.kan_tile();
      from = v.kan_actor();
      break;
    default: break;
  }
  if (phase >= 0) scalars[kScalarPhase + phase] = 1.0f;
  if (target != kNoTile) Add(row(kPlaneTarget), target);
  if (from >= 0) scalars[kScalarTargetFrom + (from - me + 4) % 4] = 1.0f;

  scalars[kScalarRoundWind + std::clamp(v.round_wind(), 0, 3)] = 1.0f;
  scalars[kScalarSeatWind + static_cast<int>(v.seat_wind(me))] = 1.0f;
  scalars[kScalarKyoku] = static_cast<float>(v.kyoku());
  scalars[kScalarHonba] = static_cast<float>(v.honba());
  scalars[kScalarRiichiSticks] = static_cast<float>(v.riichi_sticks());
  scalars[kScalarTilesLeft] = static_cast<float>(v.tiles_left());
  const bool red = rules.red_fives[0] || rules.red_fives[1] || rules.red_fives[2];
  scalars[kScalarRules + 0] = red ? 1.0f : 0.0f;
  scalars[kScalarRules + 1] = rules.shields.enabled ? 1.0f : 0.0f;
  scalars[kScalarRules + 2] = rules.riichi_allowed ? 1.0f : 0.0f;
  scalars[kScalarRules + 3] = rules.kans ? 1.0f : 0.0f;
}

void EncodeFullState(const RoundState& s, int seat, uint8_t* planes) {
  std::memset(planes, 0, static_cast<size_t>(kNumFullPlanes) * kNumKinds);
  const Ruleset& rules = *s.rules;
  auto row = [&](int r) { return planes + static_cast<size_t>(r) * kNumKinds; };
  for (int r = 0; r < 4; ++r) {
    const SeatState& p = s.seats[(seat + r) % 4];
    uint8_t* marked = row(kFullPlanesPerSeat * r + 2);
    for (Tile t : p.hand) {
      Add(row(kFullPlanesPerSeat * r), t);
      if (IsMarkedFace(t, rules)) Add(marked, t);
    }
    for (Tile t : p.shields_down) {
      Add(row(kFullPlanesPerSeat * r + 1), t);
      if (IsMarkedFace(t, rules)) Add(marked, t);
    }
  }
  for (int i = s.live_next; i < s.live_end && i < s.wall.size; ++i) Add(row(kFullPlaneWall), s.wall.tiles[i]);
  if (rules.dora)
    for (int i = 0; i < s.dora_revealed; ++i) Add(row(kFullPlaneUra), s.wall.UraIndicator(i));
}

}  // namespace mj::rl
