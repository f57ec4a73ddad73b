// The sections of a ruleset's JSON that belong to one rule family: "shields" (Dunpai) and the
// scoring modules' own "fuless", "ayame", "ningbo". Each applies the fields given on top of the
// base's values and names a bad field as "section.FIELD". Internal to rules/.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj::ruleset_json {

// "shields": {"enabled", "per_hand", "extra_tiles", "tsumo_protection", "open_riichi", "overflow",
// "carry_face_up", "abortive_keeps_all"}; a per_hand without extra_tiles sets both, per_hand 0
// turns "enabled" off (and refuses an "enabled": true beside it).
std::optional<Error> ApplyShields(const nlohmann::json& v, ShieldRules& s);
std::optional<Error> ApplyFuless(const nlohmann::json& v, FulessRules& f);
std::optional<Error> ApplyAyame(const nlohmann::json& v, AyameRules& a);
std::optional<Error> ApplyNingbo(const nlohmann::json& v, NingboRules& n);

}  // namespace mj::ruleset_json
