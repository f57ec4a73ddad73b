#pragma once
// Built-in agents by name: "random", "greedy", "defensive", "expert" (options after a colon, e.g.
// "defensive:fold_threshold=2"; see docs/AGENTS.md).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/agent.h"
#include "tiles/result.h"

namespace mj {

[[nodiscard]] Result<std::unique_ptr<Agent>> MakeAgent(std::string_view spec);
[[nodiscard]] std::vector<std::string> AgentNames();

}  // namespace mj
