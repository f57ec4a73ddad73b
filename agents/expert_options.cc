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
    {"lookahead2", &ExpertOptions::lookahead2},
    {"draw_tenpai", &ExpertOptions::draw_tenpai},
    {"river_reading", &ExpertOptions::river_reading},
    {"wait_reader", &ExpertOptions::wait_reader},
};

struct IntKey {
  std::string_view key;
  int ExpertOptions::*field;
};
constexpr IntKey kIntKeys[] = {
    {"shield_value", &ExpertOptions::shield_value},
    {"greedy_margin", &ExpertOptions::greedy_margin},
    {"rank_points", &ExpertOptions::rank_points},
};

std::string Prefix(std::string_view key) { return "agent \"expert\": option \"" + std::string(key) + "\""; }

}  // namespace

std::string_view ExpertOptionKeys() {
  return "riichi, calls, defence, placement, exchange, open_riichi, decline_wins, deal_shields, greedy_calls, "
         "lookahead, lookahead2, draw_tenpai, river_reading, wait_reader, shield_value, greedy_margin, rank_points";
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
    for (const IntKey& n : kIntKeys) {
      if (key != n.key) continue;
      int v = 0;
      const char* end = value.data() + value.size();
      const auto [ptr, ec] = std::from_chars(value.data(), end, v);
      if (value.empty() || ec != std::errc() || ptr != end || v < 0 || v > 20000)
        return Error{Prefix(key) + " wants an integer 0..20000, got \"" + std::string(value) + "\""};
      o.*n.field = v;
      done = true;
    }
    if (done) continue;
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
  for (const IntKey& n : kIntKeys)
    if (o.*n.field != d.*n.field) add(std::string(n.key) + "=" + std::to_string(o.*n.field));
  return s;
}

}  // namespace mj
