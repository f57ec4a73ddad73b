#include "agents/registry.h"

#include <charconv>

#include "agents/defensive_agent.h"
#include "agents/expert_agent.h"
#include "agents/expert_options.h"
#include "agents/greedy_agent.h"
#include "agents/random_agent.h"

namespace mj {
namespace {

struct Option {
  std::string_view key;
  std::string_view value;
};

Result<bool> ParseBool(std::string_view agent, const Option& o) {
  if (o.value == "true" || o.value == "1") return true;
  if (o.value == "false" || o.value == "0") return false;
  return Error{"agent \"" + std::string(agent) + "\": option \"" + std::string(o.key) +
               "\" wants true or false, got \"" + std::string(o.value) + "\""};
}

Result<int> ParseInt(std::string_view agent, const Option& o, int lo, int hi) {
  int v = 0;
  const char* end = o.value.data() + o.value.size();
  const auto [ptr, ec] = std::from_chars(o.value.data(), end, v);
  if (o.value.empty() || ec != std::errc() || ptr != end || v < lo || v > hi)
    return Error{"agent \"" + std::string(agent) + "\": option \"" + std::string(o.key) + "\" wants an integer " +
                 std::to_string(lo) + ".." + std::to_string(hi) + ", got \"" + std::string(o.value) + "\""};
  return v;
}

// Applies a greedy option; false if `o.key` is not one.
Result<bool> ApplyGreedy(std::string_view agent, const Option& o, GreedyOptions* g) {
  bool* flag = o.key == "riichi"       ? &g->riichi
               : o.key == "calls"      ? &g->calls
               : o.key == "kans"       ? &g->kans
               : o.key == "exchange"   ? &g->exchange
               : o.key == "bank_pairs" ? &g->bank_pairs
                                       : nullptr;
  if (flag != nullptr) {
    auto b = ParseBool(agent, o);
    if (!b) return Error{b.error()};
    *flag = *b;
    return true;
  }
  struct IntKey {
    std::string_view key;
    int* value;
    int lo, hi;
  };
  for (const IntKey& k : {IntKey{"nine_terminals_shanten", &g->nine_terminals_shanten, 0, 14},
                          IntKey{"exchange_min_danger", &g->exchange_min_danger, 0, 11},
                          IntKey{"shield_max_danger", &g->shield_max_danger, 0, 11},
                          IntKey{"open_riichi_wait", &g->open_riichi_wait, 0, 136},
                          IntKey{"min_win_han_per_shield", &g->min_win_han_per_shield, 0, 26}}) {
    if (o.key != k.key) continue;
    auto v = ParseInt(agent, o, k.lo, k.hi);
    if (!v) return Error{v.error()};
    *k.value = *v;
    return true;
  }
  return false;
}

constexpr const char* kGreedyKeys =
    "riichi, calls, kans, nine_terminals_shanten, exchange, exchange_min_danger, shield_max_danger, bank_pairs, "
    "open_riichi_wait, min_win_han_per_shield";

}  // namespace

std::vector<std::string> AgentNames() { return {"random", "greedy", "defensive", "expert"}; }

Result<std::unique_ptr<Agent>> MakeAgent(std::string_view spec) {
  const size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  std::vector<Option> options;
  if (colon != std::string_view::npos) {
    std::string_view rest = spec.substr(colon + 1);
    while (true) {
      const size_t comma = rest.find(',');
      const std::string_view item = rest.substr(0, comma);
      const size_t eq = item.find('=');
      if (item.empty() || eq == std::string_view::npos || eq == 0)
        return Error{"agent \"" + std::string(name) + "\": option \"" + std::string(item) +
                     "\" is not key=value (options look like \"" + std::string(name) + ":key=value,key=value\")"};
      options.push_back({item.substr(0, eq), item.substr(eq + 1)});
      if (comma == std::string_view::npos) break;
      rest = rest.substr(comma + 1);
    }
  }
  auto unknown = [&](const Option& o, const std::string& known) {
    return Error{"agent \"" + std::string(name) + "\": unknown option \"" + std::string(o.key) + "\"" +
                 (known.empty() ? " (it takes no options)" : " (known: " + known + ")")};
  };
  if (name == "random") {
    if (!options.empty()) return unknown(options.front(), "");
    return std::unique_ptr<Agent>(std::make_unique<RandomAgent>());
  }
  if (name == "greedy") {
    GreedyOptions g;
    for (const Option& o : options) {
      auto applied = ApplyGreedy(name, o, &g);
      if (!applied) return Error{applied.error()};
      if (!*applied) return unknown(o, kGreedyKeys);
    }
    return std::unique_ptr<Agent>(std::make_unique<GreedyAgent>(g));
  }
  if (name == "defensive") {
    DefensiveOptions d;
    for (const Option& o : options) {
      auto applied = ApplyGreedy(name, o, &d.greedy);
      if (!applied) return Error{applied.error()};
      if (*applied) continue;
      if (o.key == "fold_shanten" || o.key == "fold_threshold") {
        auto v = ParseInt(name, o, 1, 8);
        if (!v) return Error{v.error()};
        d.fold_shanten = *v;
      } else if (o.key == "push_when_tenpai") {
        auto b = ParseBool(name, o);
        if (!b) return Error{b.error()};
        d.push_when_tenpai = *b;
      } else {
        return unknown(o, std::string(kGreedyKeys) + ", fold_shanten, push_when_tenpai");
      }
    }
    return std::unique_ptr<Agent>(std::make_unique<DefensiveAgent>(d));
  }
  if (name == "expert") {
    std::vector<std::pair<std::string_view, std::string_view>> pairs;
    for (const Option& o : options) pairs.emplace_back(o.key, o.value);
    auto parsed = ParseExpertOptions(pairs);
    if (!parsed) return Error{parsed.error()};
    return std::unique_ptr<Agent>(std::make_unique<ExpertAgent>(*parsed));
  }
  std::string known;
  for (const std::string& n : AgentNames()) known += (known.empty() ? "" : ", ") + n;
  return Error{"unknown agent \"" + std::string(name) + "\" (known: " + known + ")"};
}

}  // namespace mj
