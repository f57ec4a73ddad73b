// mahjong_rl: the encodings' sizes, versions and layout constants, action names.
#include "python/bindings.h"
#include "rl/action_encoding.h"
#include "rl/observation.h"
#include "rl/vec_env.h"
#include "rules/ruleset_presets.h"

namespace mjpy {

void BindEncoding(py::module_& m) {
  namespace rl = mj::rl;
  m.attr("OBSERVATION_VERSION") = rl::kObservationVersion;
  m.attr("ACTION_VERSION") = rl::kActionEncodingVersion;
  m.attr("NUM_ACTIONS") = rl::kNumActions;
  m.attr("NUM_PLANES") = rl::kNumPlanes;
  m.attr("NUM_SCALARS") = rl::kNumScalars;
  m.attr("NUM_FULL_PLANES") = rl::kNumFullPlanes;
  m.attr("NUM_KINDS") = static_cast<int>(mj::kNumKinds);
  m.attr("MAX_LEGAL") = rl::kMaxLegal;
  py::dict actions;
  actions["DISCARD"] = rl::kDiscardBase;
  actions["TSUMOGIRI"] = rl::kTsumogiri;
  actions["RIICHI"] = rl::kRiichiBase;
  actions["OPEN_RIICHI"] = rl::kOpenRiichiBase;
  actions["ANKAN"] = rl::kAnkanBase;
  actions["KAKAN"] = rl::kKakanBase;
  actions["TSUMO"] = rl::kTsumo;
  actions["NINE_TERMINALS"] = rl::kNineTerminals;
  actions["RON"] = rl::kRon;
  actions["CHI"] = rl::kChiBase;
  actions["PON"] = rl::kPonBase;
  actions["DAIMINKAN"] = rl::kDaiminkan;
  actions["PASS"] = rl::kPass;
  actions["SET_SHIELD"] = rl::kSetShieldBase;
  actions["EXCHANGE"] = rl::kExchangeBase;
  m.attr("ACTION_BASE") = actions;
  py::dict planes;
  planes["HAND"] = rl::kPlaneHand;
  planes["DRAWN"] = rl::kPlaneDrawn;
  planes["HAND_MARKED"] = rl::kPlaneHandMarked;
  planes["SHIELDS_DOWN"] = rl::kPlaneShieldsDown;
  planes["SHIELDS_MARKED"] = rl::kPlaneShieldsMarked;
  planes["SEAT_BASE"] = rl::kPlaneSeatBase;
  planes["PER_SEAT"] = rl::kPlanesPerSeat;
  planes["DORA_INDICATORS"] = rl::kPlaneDoraIndicators;
  planes["DORA"] = rl::kPlaneDora;
  planes["UNSEEN"] = rl::kPlaneUnseen;
  planes["TARGET"] = rl::kPlaneTarget;
  m.attr("PLANE") = planes;
  m.def("action_name", &rl::ActionIndexName, py::arg("index"), "A short name of an action index: \"discard 5m\", ...");
  m.def("presets", [] { return mj::ruleset_json::PresetNameList(); }, "The ruleset presets, as a comma-separated list");
}

}  // namespace mjpy
