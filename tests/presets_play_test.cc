// Every shipped preset plays full games with the built-in agents, and what a playtester looks at
// afterwards works for it: `replay show` tells every hand, the match table counts every hand and
// win, replays round-trip and re-simulate. (Scoring details are the score-case files' job; the
// rules of each preset's game are the scenario tests'.)

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/match_plan.h"
#include "playtest/match_stats.h"
#include "replays/replay.h"
#include "replays/replay_show.h"
#include "replays/replay_verify.h"
#include "rules/presets.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace presets_play_test {
namespace {

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::vector<std::string> PresetNames() {
  std::vector<std::string> names;
  for (const auto& [name, text] : EmbeddedPresets()) names.emplace_back(name);
  return names;
}

class PresetPlay : public ::testing::TestWithParam<std::string> {};

TEST_P(PresetPlay, AgentsPlayAndReplaysShowAndCount) {
  auto rules = LoadRuleset(GetParam());
  ASSERT_TRUE(rules.ok()) << rules.error();
  const std::array<std::string, 4> labels{"greedy", "defensive", "random", "greedy:riichi=false"};
  MatchStats stats(labels);
  int hands = 0, wins = 0, shown_results = 0, draws = 0;
  for (int g = 0; g < 4; ++g) {
    std::array<std::unique_ptr<Agent>, 4> agents;
    std::array<Agent*, 4> seats{};
    for (int i = 0; i < 4; ++i) {
      auto a = MakeAgent(labels[i]);
      ASSERT_TRUE(a.ok()) << a.error();
      agents[i] = std::move(a).value();
      seats[i] = agents[i].get();
    }
    const GameRecord rec = PlayGame(rules.value(), MatchGameSeed(42, g), seats, {});
    ASSERT_TRUE(rec.complete) << GetParam() << " game " << g << ": " << rec.error;
    stats.AddGame(rec, labels);
    const int game_hands = HandCount(rec);
    hands += game_hands;
    for (const Event& e : rec.events) {
      wins += e.type == EventType::kHora;
      draws += e.type == EventType::kRyukyoku;
    }
    // replay show: a title per hand and a result line per win or draw.
    const std::string shown = ShowReplay(rec, -1);
    EXPECT_GE(Count(shown, "  Result: "), static_cast<size_t>(game_hands)) << shown.substr(0, 2000);
    shown_results += static_cast<int>(Count(shown, "  Result: "));
    EXPECT_EQ(Count(shown, "scoring error"), 0u);
    // The replay round-trips and re-simulates.
    const nlohmann::json doc = ReplayToJson(rec);
    auto back = ReplayFromJson(doc);
    ASSERT_TRUE(back.ok()) << back.error();
    auto verified = VerifyReplay(back.value());
    ASSERT_TRUE(verified.ok()) << verified.error();
    EXPECT_TRUE(verified.value().ok());
  }
  EXPECT_GT(wins, 0) << GetParam() << ": greedy agents should win some hands in 4 games";
  EXPECT_EQ(shown_results, wins + draws);
  // The match table counts every hand of every seat and every win.
  int table_hands = 0, table_wins = 0;
  for (const AgentStats& row : stats.rows()) {
    table_hands += row.totals.hands;
    table_wins += row.totals.wins;
  }
  EXPECT_EQ(table_hands, 4 * hands);
  EXPECT_EQ(table_wins, wins);
  const std::string table = FormatMatchTable(stats);
  for (const std::string& label : labels) EXPECT_NE(table.find(label), std::string::npos) << table;
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, PresetPlay, ::testing::ValuesIn(PresetNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace presets_play_test
}  // namespace mj
