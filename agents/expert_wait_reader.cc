#include "agents/expert_wait_reader.h"

#include <algorithm>
#include <cmath>

#include "agents/expert_threat.h"

namespace mj {
namespace {

// The model: `bench/wait_fit.py --cpp` on the replays of `mahjong match --rules riichi --agents
// expert,defensive,defensive,defensive --duplicate --games 3000 --seed 31`, fitted on the first
// 2400 games (6890782 examples, 490733 waits); the inputs are WaitFeatures'.
constexpr double kBias = -0.74188;
constexpr float kWeights[kWaitFeatures] = {
    +0.86946f, -0.50187f, +0.54877f, -0.20800f, -0.44120f, -0.40143f, -0.49070f, +0.44990f,  // 0
    -0.00854f, +0.05692f, +0.01986f, +0.15128f, -0.13090f, +0.13834f, +0.05775f, -0.10064f,  // 8
    -0.20456f, -0.12040f, -0.13362f, -0.14558f, +0.15958f, +0.23344f, -0.33623f, +0.02669f,  // 16
    +0.18900f, +0.09950f, -0.20571f, +0.00000f, -0.18029f, +0.10903f, +0.22250f, +0.00305f,  // 24
    +0.04109f, -0.10000f, +0.08445f, +0.05387f, +0.00000f, +0.08425f, +0.08996f, -0.08323f,  // 32
    +0.10304f, -0.10861f, +0.04463f, +0.03695f, +0.00554f, +0.00000f, -0.05125f, -0.02794f,  // 40
    +0.07890f, +0.08919f, +0.02125f, -0.04253f, +0.02172f, -0.02111f, +0.00000f, -0.10979f,  // 48
    -0.01429f, +0.10771f, -0.05670f, +0.00000f, +0.00054f, +0.01620f, -0.01739f, +0.04635f,  // 56
    +0.10967f, +0.10003f, +0.05931f, +0.10524f, +0.08010f, +0.04503f, +0.16711f, +0.20336f,  // 64
    -0.15777f, -0.00022f, -0.08987f, +0.04393f, +0.09198f, +0.17013f, +0.18513f, +0.00000f,  // 72
    -0.29848f, -0.10465f, -0.37329f, -0.17616f, +0.13396f, -0.00040f, -0.41038f, -0.20338f,  // 80
    -0.17487f, -0.26840f, +0.09624f, +0.00000f, +0.00000f, +0.00000f, +0.00000f, +0.00000f,  // 88
    +0.00000f, +0.00000f, -0.40676f, -0.25885f, -0.24318f, -0.32506f, +0.13162f, -0.00118f,  // 96
    -0.31499f, -0.18030f, -0.28406f, -0.27219f, +0.13279f, -0.00278f, -0.07314f, -0.02782f,  // 104
    +0.05014f, -0.14174f, +0.15797f, -0.00005f, +0.09978f, +0.07490f, +0.11253f, +0.13814f,  // 112
    -0.04580f, +0.00000f, +0.03651f, +0.03101f, -0.04925f, +0.06553f, +0.10310f, -0.06975f,  // 120
};

constexpr int kEarly = 6;  // the first six discards

// When a river tile was thrown: 0 among the first six discards, 1 later before the riichi tile,
// 2 the riichi tile, 3 after it.
int RiverPhase(int j, int riichi_at) { return j < kEarly ? 0 : j < riichi_at ? 1 : j == riichi_at ? 2 : 3; }

int RiichiIndex(const std::vector<RiverTile>& river) {
  for (size_t j = 0; j < river.size(); ++j)
    if (river[j].riichi) return static_cast<int>(j);
  return -1;
}

// What the features read from the seat's river and seat once per seat, not once per kind.
struct RiverFacts {
  int riichi_at = -1;          // index of the riichi tile in the river
  KindMask early_outside = 0;  // EarlyOutsideKinds of the river
  KindMask yakuhai = 0;        // the seat's yakuhai
};

RiverFacts ReadRiverFacts(const PlayerView& view, int seat) {
  RiverFacts facts;
  facts.riichi_at = RiichiIndex(view.river(seat));
  facts.early_outside = EarlyOutsideKinds(view.river(seat));
  facts.yakuhai = YakuhaiKinds(view, seat);
  return facts;
}

std::array<float, kWaitFeatures> FeaturesOf(const PlayerView& view, int seat, const RiverFacts& facts, Kind k,
                                            double table, KindMask genbutsu, KindMask dora, const KindCounts& visible) {
  std::array<float, kWaitFeatures> f{};
  const auto& river = view.river(seat);
  const int riichi_at = facts.riichi_at;
  const double t = std::clamp(table, 1e-4, 1 - 1e-4);
  f[0] = static_cast<float>(std::log(t / (1 - t)));
  const int vis = std::min<int>(visible[k], 3);
  if (IsHonor(k)) {
    f[1] = 1;
    f[2 + vis] = 1;
    f[6] = HasKind(facts.yakuhai, k);
    f[7] = HasKind(dora, k);
    for (size_t j = 0; j < river.size(); ++j)
      if (IsHonor(KindOf(river[j].tile))) f[8 + RiverPhase(static_cast<int>(j), riichi_at)] += 1;
    return f;
  }
  const int r = k % 9, suit = k / 9;
  f[12 + std::min(r, 8 - r)] = 1;
  f[17 + vis] = 1;
  f[21] = HasKind(dora, k);
  f[22] = HasKind(facts.early_outside, k);
  for (int d = -4; d <= 4; ++d) {
    if (d == 0) continue;
    if (r + d >= 0 && r + d <= 8) {
      const Kind j = static_cast<Kind>(k + d);
      f[27 + d] = visible[j] / 4.0f;
      f[36 + d] = HasKind(genbutsu, j);
      f[45 + d] = HasKind(dora, j);
    } else {
      f[54 + d] = 1;  // off the end of the suit
    }
  }
  int tsumogiri_before = 0;
  for (size_t j = 0; j < river.size(); ++j) {
    const int ph = RiverPhase(static_cast<int>(j), riichi_at);
    const Kind e = KindOf(river[j].tile);
    if (static_cast<int>(j) < riichi_at) tsumogiri_before += river[j].tsumogiri;
    if (IsHonor(e)) {
      f[60 + ph] += 1;
    } else if (e / 9 != suit) {
      f[64 + ph] += 1;
    } else {
      const int d = static_cast<int>(e) - static_cast<int>(k);
      if (d >= -4 && d <= 4 && ph != 3) f[68 + (d + 4) * 6 + ph * 2 + (river[j].tsumogiri ? 1 : 0)] += 1;
      f[122 + ph] += 1;
    }
  }
  f[126] = static_cast<float>(riichi_at) / 10.0f;
  f[127] = static_cast<float>(tsumogiri_before) / static_cast<float>(std::max(1, riichi_at));
  return f;
}

}  // namespace

std::array<float, kWaitFeatures> WaitFeatures(const PlayerView& view, int seat, Kind k, double table,
                                              KindMask genbutsu, KindMask dora, const KindCounts& visible) {
  return FeaturesOf(view, seat, ReadRiverFacts(view, seat), k, table, genbutsu, dora, visible);
}

double WaitChance(const std::array<float, kWaitFeatures>& features) {
  double z = kBias;
  for (int i = 0; i < kWaitFeatures; ++i) z += static_cast<double>(kWeights[i]) * features[i];
  return 1 / (1 + std::exp(-z));
}

void ReadRiichiWaits(const PlayerView& view, int seat, const KindCounts& visible,
                     std::array<float, kNumKinds>* deal_in) {
  if (!view.in_riichi(seat) || view.open_riichi(seat)) return;
  const RiverFacts facts = ReadRiverFacts(view, seat);
  if (facts.riichi_at < 0) return;
  const KindMask genbutsu = GenbutsuKinds(view, seat);
  const KindMask dora = IndicatorDoraKinds(view);
  KindMask read = 0;  // kinds not genbutsu with an unseen copy
  std::array<double, kNumKinds> chance{};
  for (int i = 0; i < kNumKinds; ++i) {
    const Kind k = static_cast<Kind>(i);
    if (HasKind(genbutsu, k) || visible[k] >= 4) continue;
    read |= KindBit(k);
    chance[k] = WaitChance(FeaturesOf(view, seat, facts, k, (*deal_in)[k], genbutsu, dora, visible));
  }
  KeepTotal(visible, read, chance, deal_in);
}

}  // namespace mj
