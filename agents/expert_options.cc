#include "agents/expert_options.h"

#include <charconv>

namespace mj {
namespace {

struct BoolKey {
  std::string_view key;
  bool ExpertOptions::*field;
};
constexpr BoolKey kBoolKeys[] = {
    {"riichi", &ExpertOptions::riichi},         {"calls", &ExpertOptions::calls},
    {"defence", &ExpertOptions::defence},       {"placement", &ExpertOptions::placement},
    {"exchange", &ExpertOptions::exchange},     {"open_riichi", &ExpertOptions::open_riichi},
    {"decline_wins", &ExpertOptions::decline_wins}, {"deal_shields", &ExpertOptions::deal_shields},
    {"greedy_calls", &ExpertOptions::greedy_calls}, {"lookahead", &ExpertOptions::lookahead},
    {"draw_tenpai", &ExpertOptions::draw_tenpai},
};

std::string Prefix(std::string_view key) { return "agent \"expert\": option \"" + std::string(key) + "\""; }

}  // namespace

std::string_view ExpertOptionKeys() {
  return "riichi, calls, defence, placement, exchange, open_riichi, decline_wins, deal_shields, greedy_calls, "
         "lookahead, draw_tenpai, shield_value, greedy_margin";
}

Result<ExpertOptions> ParseExpertOptions(const std::vector<std::pair<std::string_view, std::string_view>>& pairs) {
  ExpertOptions o;
  for (const auto& [key, value] : pairs) {
    bool done = false;
    for (const BoolKey& b : kBoolKeys) {
      if (key != b.key) continue;
      if (value == "true" || value == "1") {
        o.*b.field = true;
      } else if (value == "false" || value == "0") {
        o.*b.field = false;
      } else {
        return Error{Prefix(key) + " wants true or false, got \"" + std::string(value) + "\""};
      }
      done = true;
    }
    if (done) continue;
    if (key == "shield_value" || key == "greedy_margin") {
      int v = 0;
      const char* end = value.data() + value.size();
      const auto [ptr, ec] = std::from_chars(value.data(), end, v);
      if (value.empty() || ec != std::errc() || ptr != end || v < 0 || v > 20000)
        return Error{Prefix(key) + " wants an integer 0..20000, got \"" + std::string(value) + "\""};
      (key == "shield_value" ? o.shield_value : o.greedy_margin) = v;
      continue;
    }
    return Error{"agent \"expert\": unknown option \"" + std::string(key) + "\" (known: " +
                 std::string(ExpertOptionKeys()) + ")"};
  }
  return o;
}

std::string ExpertOptionText(const ExpertOptions& o) {
  const ExpertOptions d;
  std::string s;
  auto add = [&](const std::string& kv) { s += (s.empty() ? "" : ",") + kv; };
  for (const BoolKey& b : kBoolKeys)
    if (o.*b.field != d.*b.field) add(std::string(b.key) + "=" + (o.*b.field ? "true" : "false"));
  if (o.shield_value != d.shield_value) add("shield_value=" + std::to_string(o.shield_value));
  if (o.greedy_margin != d.greedy_margin) add("greedy_margin=" + std::to_string(o.greedy_margin));
  return s;
}

}  // namespace mj
