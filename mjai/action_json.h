#pragma once
// mjai action JSON <-> engine Action (docs/MJAI.md). Both directions, tile names as in
// replays/mjai_events.h ("5mr", "E", "3m*"). An answer read from a bot is matched against the
// decision's legal actions: a bot's wrong answer is an error value saying what was wrong.
//
// mjai declares riichi in two steps (a "reach" answer, then a "dahai" answer to the "reach"
// event); the engine's riichi is one action (kRiichi / kOpenRiichi with the discarded tile).
// ActionToMjai gives both messages; MjaiToAction reads a "reach" as MjaiAnswer::kReach and the
// dahai that follows (with `after_reach`) as the riichi discard.

#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/action.h"
#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj {

// What the message needs beyond the action: the seat whose tile a call / ron takes (the
// discarder or kan actor; for a tsumo, the actor itself) and the tile just drawn (tsumogiri).
struct MjaiActionContext {
  int target = -1;
  Tile drawn = kNoTile;
};

// The mjai messages of an action, in order: one message, two for (open) riichi ("reach", then
// the "dahai"). A pass is {"type":"none"}. Shield actions use our extension types
// ("shield_set", "exchange").
[[nodiscard]] std::vector<nlohmann::json> ActionToMjai(const Action& a, const MjaiActionContext& ctx,
                                                       const Ruleset& rules);

// The first of those messages as JSON text, appended to `out`: exactly
// ActionToMjai(a, ctx, rules).front().dump(), written without a JSON tree (the mjai client's
// answer at each decision).
void AppendMjaiAction(const Action& a, const MjaiActionContext& ctx, const Ruleset& rules, std::string* out);

// A bot's answer, read.
struct MjaiAnswer {
  enum Kind : uint8_t {
    kAction,  // `action` is one of the legal actions
    kReach,   // "reach" (open: "open":true): the riichi discard follows as a dahai
  };
  Kind kind = kAction;
  bool open = false;
  Action action;
};

// Reads `msg` as seat `seat`'s answer to a decision whose legal actions are `legal` (the list
// the engine offered; when it holds only kPass, "none" is the only right answer). `after_reach`:
// the answer to our own "reach" event, a dahai that becomes the riichi discard. Errors say what
// was wrong ("actor is 2, expected 1", "no legal pon of 5m with 5m5mr", ...).
[[nodiscard]] Result<MjaiAnswer> MjaiToAction(const nlohmann::json& msg, int seat, std::span<const Action> legal,
                                              const MjaiActionContext& ctx, const Ruleset& rules,
                                              bool after_reach = false, bool open_reach = false);

// The legal actions as mjai "possible_actions" hints (the reference server's form: what the
// seat may answer besides a discard; riichi as {"type":"reach"}, nine terminals as a ryukyoku),
// each listed once.
[[nodiscard]] nlohmann::json PossibleActionsJson(std::span<const Action> legal, const MjaiActionContext& ctx,
                                                 const Ruleset& rules);
// The same hints as JSON text, appended to `out`: exactly PossibleActionsJson(...).dump(),
// written without a JSON tree (the server does it at every decision).
void AppendPossibleActions(std::span<const Action> legal, const MjaiActionContext& ctx, const Ruleset& rules,
                           std::string* out);

}  // namespace mj
