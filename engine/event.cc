#include "engine/event.h"

namespace mj {

std::string_view EventTypeName(EventType t) {
  static constexpr std::string_view kNames[] = {"start_game", "start_kyoku", "tsumo",      "dahai",   "chi",
                                                "pon",        "daiminkan",   "kakan",      "ankan",   "dora",
                                                "reach",      "reach_accepted", "hora",    "ryukyoku", "end_kyoku",
                                                "end_game", "shield_set", "exchange", "protection", "shields_lost"};
  return kNames[static_cast<int>(t)];
}

std::string_view ShieldLossCauseName(ShieldLossCause c) {
  static constexpr std::string_view kNames[] = {"won", "dealt_in", "noten", "tenpai_face_up", "overflow",
                                                "face_up_not_carried"};
  return kNames[static_cast<int>(c)];
}

std::string_view DrawReasonName(DrawReason r) {
  static constexpr std::string_view kNames[] = {"fanpai", "kyushukyuhai", "suchareach", "sanchaho", "sukaikan",
                                                "sufonrenta"};
  return kNames[static_cast<int>(r)];
}

}  // namespace mj
