// The mjai client's tree-free paths against the nlohmann forms they stand in for: answers written
// as text (AppendMjaiAction, mjai/action_json.h) are ActionToMjai's dump at every decision of whole
// games of every preset, riichi's second message included; events read from simdjson
// (mjai/event_json.h) mean what nlohmann's tree means (repeated keys, numbers), and bad lines are
// errors.

#include "mjai/event_json.h"

#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/player_view.h"
#include "mjai/action_json.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_event_json_test {
namespace {

using nlohmann::json;

// Plays an inner agent and, at every decision, compares every legal action's message as text
// with its JSON form.
class MessageChecker : public Agent {
 public:
  MessageChecker(std::unique_ptr<Agent> inner, const Ruleset& rules) : inner_(std::move(inner)), rules_(rules) {}
  [[nodiscard]] std::string Name() const override { return inner_->Name(); }
  void BeginGame(int seat, uint64_t seed) override { inner_->BeginGame(seat, seed); }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    MjaiActionContext ctx;  // as the client builds it (mjai/client_bot.cc)
    ctx.drawn = view.drawn();
    const Phase phase = view.phase();
    ctx.target = phase == Phase::kOnDiscard                              ? view.last_discarder()
                 : phase == Phase::kOnKakan || phase == Phase::kOnAnkan ? view.kan_actor()
                                                                        : legal.front().actor;
    for (const Action& a : legal) {
      const auto messages = ActionToMjai(a, ctx, rules_);
      std::string text = "x";  // appended after what is there
      AppendMjaiAction(a, ctx, rules_, &text);
      std::string expected = "x";
      expected += messages.front().dump();
      EXPECT_EQ(text, expected);
      if (a.type == ActionType::kRiichi || a.type == ActionType::kOpenRiichi) {
        Action discard = a;
        discard.type = ActionType::kDiscard;
        text.clear();
        AppendMjaiAction(discard, ctx, rules_, &text);
        EXPECT_EQ(text, messages.back().dump());
        ++riichis;
      }
      ++kinds[static_cast<int>(a.type)];
    }
    return inner_->Choose(view, legal);
  }
  std::array<long, static_cast<int>(ActionType::kCount)> kinds{};
  long riichis = 0;

 private:
  std::unique_ptr<Agent> inner_;
  const Ruleset& rules_;
};

TEST(MjaiAnswerText, TextIsTheJsonDumpOfEveryLegalActionOfWholeGames) {
  for (const char* preset : {"riichi", "ningbo", "dunpai", "ayame-blend"}) {
    const Ruleset rules = LoadRuleset(preset).value();
    std::array<std::unique_ptr<MessageChecker>, 4> seats;
    std::array<Agent*, 4> agents{};
    for (int s = 0; s < 4; ++s) {
      seats[s] = std::make_unique<MessageChecker>(MakeAgent(s % 2 ? "random" : "greedy").value(), rules);
      agents[s] = seats[s].get();
    }
    for (uint64_t seed = 1; seed <= 3; ++seed) (void)PlayGame(rules, seed, agents);
    std::array<long, static_cast<int>(ActionType::kCount)> kinds{};
    long riichis = 0;
    for (const auto& s : seats) {
      for (size_t k = 0; k < kinds.size(); ++k) kinds[k] += s->kinds[k];
      riichis += s->riichis;
    }
    EXPECT_GT(kinds[static_cast<int>(ActionType::kDiscard)], 100) << preset;
    EXPECT_GT(kinds[static_cast<int>(ActionType::kPass)], 10) << preset;
    EXPECT_GT(kinds[static_cast<int>(ActionType::kPon)], 0) << preset;
    if (std::string(preset) == "dunpai") {
      EXPECT_GT(kinds[static_cast<int>(ActionType::kSetShield)], 0);
      EXPECT_GT(kinds[static_cast<int>(ActionType::kExchange)], 0);
    }
    if (std::string(preset) == "riichi") {
      EXPECT_GT(riichis, 0);
    }
    if (HasFailure()) return;
  }
}

TEST(MjaiEventJson, FieldsMeanWhatTheTreeMeans) {
  JsonLineDocument doc;
  // Repeated keys: the last, as nlohmann keeps.
  auto v = doc.Parse(R"({"type":"dahai","pai":"1m","pai":"2m","actor":1})");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(JsonString(*JsonFind(*v, "pai")), json::parse(R"({"pai":"1m","pai":"2m"})")["pai"].get<std::string>());
  EXPECT_TRUE(JsonIsType(*v, "dahai"));
  EXPECT_FALSE(JsonFind(*v, "target").has_value());
  // Whole numbers: what nlohmann calls is_number_integer, and nothing else.
  for (const char* number : {"0", "-0", "3", "-7", "18446744073709551615", "1.0", "1e2", "-1.5", "123456789012345678901234567890"}) {
    const std::string line = std::string(R"({"actor":)") + number + "}";
    auto e = doc.Parse(line);
    ASSERT_TRUE(e.ok()) << line;
    EXPECT_EQ(JsonIsInteger(*JsonFind(*e, "actor")), json::parse(line)["actor"].is_number_integer()) << line;
  }
  auto big = doc.Parse(R"({"actor":18446744073709551615})");
  EXPECT_EQ(JsonInteger(*JsonFind(*big, "actor")), std::numeric_limits<long long>::max());
  // Not JSON, and nesting beyond simdjson's depth: errors, never a crash.
  for (const std::string& line : {std::string("{"), std::string("[1,]"), std::string("{'a':1}"), std::string("\xff"),
                                  std::string(2000, '[') + std::string(2000, ']')})
    EXPECT_FALSE(doc.Parse(line).ok()) << line.substr(0, 20);
  // A tree's value through its text.
  auto t = doc.ParseTree(json{{"type", "tsumo"}, {"actor", 2}, {"pai", "5mr"}});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(JsonString(*JsonFind(*t, "pai")), "5mr");
  EXPECT_EQ(JsonInteger(*JsonFind(*t, "actor")), 2);
  EXPECT_EQ(JsonDump(*JsonFind(*t, "pai")), "\"5mr\"");
}

}  // namespace
}  // namespace mjai_event_json_test
}  // namespace mj
