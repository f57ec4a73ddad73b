#include "rl/action_encoding.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace mj::rl {
namespace {

// Strings are built with append: GCC 12 warns falsely (-Wrestrict, bugs 105329/105651) on
// "literal" + std::string temporaries.
std::string FaceName(int face) {
  if (face < kNumKinds) return FormatKind(static_cast<Kind>(face));
  std::string name;
  if (face < 37) {
    name.append("0").push_back("mps"[face - 34]);
    return name;
  }
  name.append((face - 37) % 2 ? "7*" : "3*").push_back("mps"[(face - 37) / 2]);
  return name;
}

std::string Named(const char* what, const std::string& face) {
  std::string out(what);
  out.append(" ").append(face);
  return out;
}

}  // namespace

int EncodeAction(const Action& a, Tile drawn, const Ruleset& rules) {
  const bool own_drawn = a.tile != kNoTile && a.tile == drawn;
  switch (a.type) {
    case ActionType::kDiscard: return own_drawn ? kTsumogiri : kDiscardBase + FaceOf(a.tile, rules);
    case ActionType::kRiichi: return kRiichiBase + (own_drawn ? kNumFaces : FaceOf(a.tile, rules));
    case ActionType::kOpenRiichi: return kOpenRiichiBase + (own_drawn ? kNumFaces : FaceOf(a.tile, rules));
    case ActionType::kAnkan: return kAnkanBase + KindOf(a.consumed[0]);
    case ActionType::kKakan: return kKakanBase + KindOf(a.tile);
    case ActionType::kTsumo: return kTsumo;
    case ActionType::kNineTerminals: return kNineTerminals;
    case ActionType::kRon: return kRon;
    case ActionType::kChi: {
      Tile lo = a.consumed[0], hi = a.consumed[1];
      if (KindOf(lo) > KindOf(hi)) std::swap(lo, hi);
      const Kind called = KindOf(a.tile);
      const int place = called < KindOf(lo) ? 0 : called < KindOf(hi) ? 1 : 2;
      return kChiBase + 4 * place + 2 * (IsMarkedFace(lo, rules) ? 1 : 0) + (IsMarkedFace(hi, rules) ? 1 : 0);
    }
    case ActionType::kPon: {
      const bool marked = IsMarkedFace(a.consumed[0], rules) || IsMarkedFace(a.consumed[1], rules);
      return kPonBase + (marked ? 1 : 0);
    }
    case ActionType::kDaiminkan: return kDaiminkan;
    case ActionType::kPass: return kPass;
    case ActionType::kSetShield: return kSetShieldBase + FaceOf(a.tile, rules);
    case ActionType::kExchange:
      return kExchangeBase + kNumFaces * FaceOf(a.tile, rules) + FaceOf(a.consumed[0], rules);
    case ActionType::kCount: break;
  }
  return -1;
}

const Action* DecodeAction(int index, std::span<const Action> legal, Tile drawn, const Ruleset& rules) {
  for (const Action& a : legal)
    if (EncodeAction(a, drawn, rules) == index) return &a;
  return nullptr;
}

void FillActionMask(std::span<const Action> legal, Tile drawn, const Ruleset& rules, uint8_t* mask,
                    int32_t* indices) {
  std::memset(mask, 0, kNumActions);
  for (size_t i = 0; i < legal.size(); ++i) {
    const int index = EncodeAction(legal[i], drawn, rules);
    mask[index] = 1;
    if (indices != nullptr) indices[i] = index;
  }
}

std::string ActionIndexName(int i) {
  if (i < 0 || i >= kNumActions) return Named("invalid", std::to_string(i));
  if (i < kTsumogiri) return Named("discard", FaceName(i - kDiscardBase));
  if (i == kTsumogiri) return "tsumogiri";
  if (i < kOpenRiichiBase)
    return i - kRiichiBase == kNumFaces ? "riichi tsumogiri" : Named("riichi", FaceName(i - kRiichiBase));
  if (i < kAnkanBase)
    return i - kOpenRiichiBase == kNumFaces ? "open-riichi tsumogiri" : Named("open-riichi", FaceName(i - kOpenRiichiBase));
  if (i < kKakanBase) return Named("ankan", FaceName(i - kAnkanBase));
  if (i < kTsumo) return Named("kakan", FaceName(i - kKakanBase));
  if (i == kTsumo) return "tsumo";
  if (i == kNineTerminals) return "nine-terminals";
  if (i == kRon) return "ron";
  if (i < kPonBase) {
    const int c = i - kChiBase;
    static constexpr const char* kPlace[] = {"low", "middle", "high"};
    std::string name = Named("chi", kPlace[c / 4]);
    if (c & 2) name.append(" lo-marked");
    if (c & 1) name.append(" hi-marked");
    return name;
  }
  if (i < kDaiminkan) return i == kPonBase ? "pon" : "pon marked";
  if (i == kDaiminkan) return "daiminkan";
  if (i == kPass) return "pass";
  if (i < kExchangeBase) return Named("set-shield", FaceName(i - kSetShieldBase));
  const int e = i - kExchangeBase;
  std::string name = Named("exchange", FaceName(e / kNumFaces));
  name.append(" for ").append(FaceName(e % kNumFaces));
  return name;
}

}  // namespace mj::rl
