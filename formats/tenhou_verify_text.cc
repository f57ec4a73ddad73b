#include "formats/tenhou_verify_text.h"

#include "engine/win_check.h"

namespace mj::tenhou::verify {

std::string Seat(int p) { return "seat " + std::to_string(p); }

std::string Join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (const std::string& p : parts) {
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

std::string Scores(const std::array<int, 4>& s) {
  std::string out(1, '[');
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(s[i]);
  }
  out += ']';
  return out;
}

std::string KyokuName(int index, int honba) {
  static constexpr const char* kWinds = "ESWN";
  std::string name(1, kWinds[(index / 4) % 4]);
  name.append(std::to_string(index % 4 + 1)).append("-").append(std::to_string(honba));
  return name;
}

std::string OutcomeName(const HandResult& r) { return r.reason; }

std::string DrawReasonText(DrawReason r) {
  switch (r) {
    case DrawReason::kExhaustive: return "exhaustive draw";
    case DrawReason::kNineTerminals: return "九種九牌";
    case DrawReason::kFourRiichi: return "四家立直";
    case DrawReason::kTripleRon: return "三家和了";
    case DrawReason::kFourKans: return "四槓散了";
    case DrawReason::kFourWinds: return "四風連打";
    case DrawReason::kCount: break;
  }
  return "?";
}

std::string LimitText(Limit l) {
  switch (l) {
    case Limit::kNone: return "";
    case Limit::kMangan: return "満貫";
    case Limit::kHaneman: return "跳満";
    case Limit::kBaiman: return "倍満";
    case Limit::kSanbaiman: return "三倍満";
    case Limit::kYakuman: return "役満";
    case Limit::kLimit: return "満貫";  // Ningbo's limit hands; no Tenhou record has them
    case Limit::kHalfLimit: return "半満貫";
    case Limit::kCount: break;
  }
  return "?";
}

// The record's tile code of an engine tile (51..53 for a red five under the ruleset).
int Face(Tile t, const Ruleset& rules) { return KindCode(KindOf(t), IsRedFive(t, rules)); }

std::string ItemText(const Item& it) {
  if (it.type == ItemType::kDraw) return "draw " + CodeText(it.tile);
  if (it.type == ItemType::kDiscard) return it.tile == kTsumogiri ? "tsumogiri" : "discard " + CodeText(it.tile);
  if (it.type == ItemType::kRiichi) return "riichi " + (it.tile == kTsumogiri ? std::string("tsumogiri") : CodeText(it.tile));
  return "\"" + it.text + "\"";
}

}  // namespace mj::tenhou::verify
