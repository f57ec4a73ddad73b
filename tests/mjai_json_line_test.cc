// JsonLineParser (mjai/json_line.h) against nlohmann::json::parse, the parser it stands in for:
// the same tree (value, type of every number, dump) for every line a bot receives in whole games
// of every preset, and for lines at the edges of JSON; the same refusals, and within the bounds of
// a message (nesting at most 32 deep) the same acceptance.

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/json_line.h"
#include "mjai/wire_writer.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_json_line_test {
namespace {

using json = nlohmann::json;

// Same value, same kinds of numbers, same text.
void ExpectSameTree(const json& a, const json& b, const std::string& line) {
  ASSERT_EQ(a.type(), b.type()) << line;
  ASSERT_EQ(a, b) << line;
  ASSERT_EQ(a.dump(), b.dump()) << line;
  if (a.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) ExpectSameTree(it.value(), b.at(it.key()), line);
  } else if (a.is_array()) {
    for (size_t i = 0; i < a.size(); ++i) ExpectSameTree(a[i], b[i], line);
  }
}

void ExpectAsNlohmann(JsonLineParser& parser, const std::string& line) {
  const json ours = parser.Parse(line);
  const json theirs = json::parse(line, nullptr, false);
  ASSERT_EQ(ours.is_discarded(), theirs.is_discarded()) << line;
  if (!theirs.is_discarded()) ExpectSameTree(ours, theirs, line);
}

TEST(JsonLineParser, SameTreesAsNlohmannForWholeGamesOnTheWire) {
  JsonLineParser parser;
  long lines = 0;
  for (const char* preset : {"riichi", "ningbo", "dunpai"}) {
    const Ruleset rules = LoadRuleset(preset).value();
    std::array<std::unique_ptr<Agent>, 4> owned;
    std::array<Agent*, 4> agents{};
    for (int s = 0; s < 4; ++s) {
      owned[s] = MakeAgent(s % 2 ? "random" : "greedy").value();
      agents[s] = owned[s].get();
    }
    const GameRecord rec = PlayGame(rules, 3, agents);
    const std::array<std::string, 4> names = {"a", "b\"", "c\\u", "盾"};
    MjaiWireWriter writer(rules, MjaiDialect::kGimite, names);
    // Each seat's events one by one (lock-step lines), and batched in arrays of up to 7.
    std::array<std::string, 4> batch;
    for (size_t i = 0; i < rec.events.size(); ++i) {
      writer.Next(rec.events[i]);
      for (int seat = 0; seat < 4; ++seat) {
        std::string line;
        writer.AppendForSeat(seat, &line, true);
        ExpectAsNlohmann(parser, line);
        batch[seat] += batch[seat].empty() ? "[" : ",";
        batch[seat] += line;
        if (i % 7 == 6 || i + 1 == rec.events.size()) {
          ExpectAsNlohmann(parser, batch[seat] + "]");
          batch[seat].clear();
        }
        if (HasFatalFailure()) return;
        ++lines;
      }
    }
  }
  EXPECT_GT(lines, 3000);
}

TEST(JsonLineParser, EdgesOfJsonAsNlohmann) {
  JsonLineParser parser;
  for (const std::string& line : std::vector<std::string>{
           "{}", "[]", "null", "true", "false", "0", "-1", "5", "1.5", "-2.5e-3", "1E2", "1e400", "-1e400",
           "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
           "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "0.1", "1e-400",
           R"({"a":1,"a":2})", R"({"b":[1,{"c":null}],"a":"x"})", R"("\u00e9\ud83c\udc04\n\t\"\\\/")",
           R"({"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false})", R"({"type":"none"})",
           " {\"type\" : \"none\"} ", "\t[1,\t2]",
           // refused by both
           "", " ", "{", "[1,]", "{} x", R"({"a":1,})", "{'a':1}", "nul", "01", "1.", ".5", "+1", "-",
           "\"\x01\"", "\"a\tb\"", R"("\ud800")", R"("\x")", "[1 2]", "{\"a\" 1}", "\xff", "\"\xc3\x28\"",
           // nesting up to the bound of a message (rules/bounded_json.h, kMessageLimits: 32)
           std::string(32, '[') + std::string(32, ']')}) {
    ExpectAsNlohmann(parser, line);
    if (HasFatalFailure()) return;
  }
  // Deeper than a message may nest: refused, where nlohmann would build (and dump, recursively)
  // the tree (issue 23: 100,000 levels overflowed the stack).
  for (const int depth : {33, 2000, 100000}) {
    const std::string deep = std::string(static_cast<size_t>(depth), '[') + std::string(static_cast<size_t>(depth), ']');
    EXPECT_TRUE(parser.Parse(deep).is_discarded()) << depth;
  }
  // "-0": nlohmann's is a signed 0, ours an unsigned one; the values are equal.
  EXPECT_EQ(parser.Parse("-0"), json::parse("-0"));
  EXPECT_EQ(parser.Parse("-0").dump(), "0");
}

}  // namespace
}  // namespace mjai_json_line_test
}  // namespace mj
