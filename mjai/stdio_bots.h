#pragma once
// Bots as child processes: the agent spec "mjai-stdio:CMD" (docs/MJAI.md) in `match --agents`
// and `serve --seats`. One process per bot seat per game, started with /bin/sh -c CMD; it
// reads the events on stdin and writes one action per line on stdout.

#include <array>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "mjai/bot_pool.h"
#include "mjai/mjai_table.h"
#include "tiles/result.h"

namespace mj {

inline constexpr std::string_view kStdioBotPrefix = "mjai-stdio:";

[[nodiscard]] inline bool IsStdioBotSpec(std::string_view spec) { return spec.starts_with(kStdioBotPrefix); }

// Checks an agent spec: a built-in agent (agents/registry.h) or "mjai-stdio:" with a command.
[[nodiscard]] Result<bool> CheckAgentSpec(std::string_view spec);

// Plays one game with `specs` seated 0..3: built-in agents made from their specs, a process
// started for each "mjai-stdio:" seat (stopped after the game), or with `pool`, taken from the
// pool and given back after a game the bot finished without a fault. A bot that cannot be
// started is a fault of its seat (the record says so); the record's agents are the specs.
// A seat with an agent in `given` is played by that agent (owned by the caller; its spec is only
// its name): how a match of the Python module seats its Python agents beside bot processes.
[[nodiscard]] GameRecord PlayWithStdioBots(const Ruleset& rules, uint64_t seed, const std::array<std::string, 4>& specs,
                                           const BotOptions& options, BotPool* pool = nullptr,
                                           const std::array<Agent*, 4>& given = {});

// Parses the shared bot options' values: exchange "lockstep"/"batched", fault policy
// "end"/"substitute", lifetime "game"/"match" (*keep = true for "match"); false when unknown.
[[nodiscard]] bool ParseExchange(std::string_view name, MjaiExchange* out);
[[nodiscard]] bool ParseFaultPolicy(std::string_view name, FaultPolicy* out);
[[nodiscard]] bool ParseBotLifetime(std::string_view name, bool* keep);

}  // namespace mj
