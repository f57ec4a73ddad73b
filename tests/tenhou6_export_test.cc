// `replay export --format tenhou6`: engine games written as tenhou.net/6 records verify against
// the engine with 0 mismatches (tenhou verify), over games chosen because every rare ending
// happens in them (four kans, triple ron, four riichi, four winds, nine terminals, double ron,
// pao, nagashi mangan) and ordinary ones under each ruleset variation the format can hold; games
// it cannot hold are refused with the reason.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "formats/tenhou6.h"
#include "formats/tenhou6_refusal.h"
#include "formats/tenhou_verify.h"
#include "rules/ruleset.h"
#include "tests/scenario.h"

namespace mj::tenhou {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace tenhou6_export_test {
namespace {

Ruleset Riichi(const nlohmann::json& overrides = nlohmann::json::object()) {
  nlohmann::json j = overrides;
  j["base"] = "riichi";
  auto r = RulesetFromJson(j);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

GameRecord Play(const Ruleset& rules, uint64_t seed, const std::array<const char*, 4>& specs) {
  std::vector<std::unique_ptr<Agent>> owned;
  std::array<Agent*, 4> agents{};
  for (int p = 0; p < 4; ++p) {
    auto a = MakeAgent(specs[p]);
    EXPECT_TRUE(a.ok()) << a.error();
    owned.push_back(std::move(a).value());
    agents[p] = owned.back().get();
  }
  return PlayGame(rules, seed, agents);
}

// The "kind" of each rare event in `rec`: draw reasons, double ron, pao, kans.
std::map<std::string, int> Kinds(const GameRecord& rec) {
  std::map<std::string, int> kinds;
  for (size_t i = 0; i < rec.events.size(); ++i) {
    const Event& e = rec.events[i];
    if (e.type == EventType::kRyukyoku) {
      const bool nagashi = e.ryukyoku->nagashi[0] || e.ryukyoku->nagashi[1] || e.ryukyoku->nagashi[2] || e.ryukyoku->nagashi[3];
      ++kinds[nagashi ? "nagashimangan" : std::string(DrawReasonName(e.ryukyoku->reason))];
    }
    if (e.type == EventType::kHora && i > 0 && rec.events[i - 1].type == EventType::kHora) ++kinds["double_ron"];
    if (e.type == EventType::kHora && e.hora->pao >= 0) ++kinds["pao"];
    if (e.type == EventType::kDaiminkan || e.type == EventType::kKakan || e.type == EventType::kAnkan)
      ++kinds[std::string(EventTypeName(e.type))];
  }
  return kinds;
}

// Exports `rec`, reads the record back and verifies it; the mismatches as text ("" = none).
std::string RoundTrip(const GameRecord& rec, const std::string& name, bool whole_game = true) {
  EXPECT_FALSE(Tenhou6ExportRefusal(rec).has_value()) << name << ": " << Tenhou6ExportRefusal(rec).value_or("");
  nlohmann::json doc = ExportGame(rec);
  if (!whole_game) doc.erase("sc");  // a one-hand scenario: the record is part of a game
  auto game = ParseGame(doc);
  if (!game) return name + ": the record does not read back: " + game.error();
  const GameReport report = VerifyGame(*game, name);
  std::string out;
  if (report.hands == 0) out += name + ": no hand verified\n";
  for (const Mismatch& m : report.mismatches) out += FormatMismatch(report.file, m) + "\n";
  return out;
}

// Seeds (with their agents, as `mahjong match` seated them) found by playing thousands of games,
// each for the rare ending it holds.
struct SeededGame {
  const char* ending;
  uint64_t seed;
  std::array<const char*, 4> agents;
};
const SeededGame kRareGames[] = {
    {"sukaikan", 3160022271660470477ULL, {"greedy", "defensive", "greedy", "greedy"}},
    {"sanchaho", 12425815728774841224ULL, {"greedy", "defensive", "greedy", "greedy"}},
    {"pao", 1750261092080899439ULL, {"greedy", "greedy", "greedy", "greedy"}},
    {"suchareach", 7983132463724685211ULL, {"greedy", "greedy", "greedy", "greedy"}},
    {"sufonrenta", 13287391329127214295ULL, {"greedy", "greedy", "greedy", "greedy"}},
    {"kyushukyuhai", 16024335101144766405ULL, {"greedy", "greedy", "greedy", "greedy"}},
    {"double_ron", 831189533550260492ULL, {"random", "greedy", "defensive", "random"}},
};

TEST(Tenhou6Export, RareEndingsRoundTrip) {
  std::map<std::string, int> seen;
  for (const SeededGame& g : kRareGames) {
    const GameRecord rec = Play(Riichi(), g.seed, g.agents);
    ASSERT_TRUE(rec.complete) << rec.error;
    const auto kinds = Kinds(rec);
    EXPECT_GT(kinds.count(g.ending), 0u) << "seed " << g.seed << " no longer has " << g.ending;
    for (const auto& [k, n] : kinds) seen[k] += n;
    EXPECT_EQ(RoundTrip(rec, g.ending), "");
  }
  for (const char* k : {"daiminkan", "kakan", "ankan", "fanpai"}) EXPECT_GT(seen[k], 0) << k;
}

// The nagashi scenario of game_options_test: seat 1 draws only terminals and honours and
// discards each; nobody calls or wins.
TEST(Tenhou6Export, NagashiManganRoundTrips) {
  const std::array<std::string, 4> hands{"13579m2468p135s1z", "2468m1357p2468s2z", "159m159p159s1234z", "1199m1199p11s567z"};
  std::string draws;
  std::array<int, kNumKinds> used{};
  for (const std::string& h : hands) {
    const std::vector<TileSpec> tiles = ParseTiles(h).value();
    for (const TileSpec& t : tiles) ++used[t.kind];
  }
  std::vector<Kind> orphans, simples;
  for (int k = 0; k < kNumKinds; ++k) (IsTerminalOrHonor(static_cast<Kind>(k)) ? orphans : simples).push_back(static_cast<Kind>(k));
  size_t oi = 0, si = 0;
  for (int i = 0; i < 70; ++i) {  // the live draws after the deal, seat 1 draws every fourth from the second
    auto& pool = i % 4 == 1 ? orphans : simples;
    size_t& at = i % 4 == 1 ? oi : si;
    for (size_t tries = 0; used[pool[at % pool.size()]] >= 4; ++at)
      ASSERT_LT(++tries, pool.size()) << "the scenario ran out of tiles at draw " << i;
    const Kind k = pool[at++ % pool.size()];
    ++used[k];
    draws += FormatKind(k);
  }
  const Wall wall = test::ScenarioWall(hands, draws);
  test::PolicyAgent a0({}), a1({}), a2({}), a3({});
  GameOptions options;
  options.wall_for_hand = [&](int) { return std::optional<Wall>(wall); };
  options.max_hands = 1;
  const GameRecord rec = PlayGame(Riichi(), 1, {&a0, &a1, &a2, &a3}, options);
  ASSERT_TRUE(rec.complete) << rec.error;
  EXPECT_EQ(Kinds(rec)["nagashimangan"], 1);
  EXPECT_EQ(RoundTrip(rec, "nagashi", /*whole_game=*/false), "");
}

// Ordinary games under every variation the format holds: east-only, no red fives, no open tanyao.
TEST(Tenhou6Export, RulesetVariationsRoundTrip) {
  const nlohmann::json variations[] = {
      nlohmann::json::object(), {{"length", "east"}}, {{"red_fives", {0, 0, 0}}}, {{"kuitan", false}},
      {{"length", "east"}, {"red_fives", {1, 0, 1}}, {"kuitan", false}}};
  const std::array<const char*, 4> agents[] = {{"greedy", "defensive", "random", "greedy"},
                                               {"defensive", "greedy", "greedy", "random"},
                                               {"greedy", "greedy", "greedy", "greedy"},
                                               {"random", "defensive", "greedy", "defensive"}};
  int games = 0;
  std::map<std::string, int> seen;
  for (const auto& v : variations) {
    for (uint64_t seed = 1; seed <= 16; ++seed) {
      const uint64_t game_seed = seed * 7919 + static_cast<uint64_t>(games);
      const GameRecord rec = Play(Riichi(v), game_seed, agents[seed % 4]);
      ASSERT_TRUE(rec.complete) << rec.error;
      for (const auto& [k, n] : Kinds(rec)) seen[k] += n;
      EXPECT_EQ(RoundTrip(rec, v.dump() + " seed " + std::to_string(game_seed)), "");
      ++games;
    }
  }
  EXPECT_EQ(games, 80);
  for (const char* k : {"daiminkan", "kakan", "ankan", "fanpai", "double_ron"}) EXPECT_GT(seen[k], 0) << k;
}

TEST(Tenhou6Export, RefusesWhatTheFormatCannotHold) {
  for (const char* preset : {"fuless", "ayame-blend", "ayame-competition", "dunpai", "ningbo"}) {
    auto rules = LoadRuleset(preset);
    ASSERT_TRUE(rules.ok()) << rules.error();
    GameRecord rec;
    rec.rules = *rules;
    rec.complete = true;
    const auto why = Tenhou6ExportRefusal(rec);
    ASSERT_TRUE(why.has_value()) << preset;
    EXPECT_NE(why->find("ruleset \"" + std::string(preset) + "\" differs in "), std::string::npos) << *why;
  }
  // One key changed from Tenhou's rules is named.
  GameRecord rec;
  rec.rules = Riichi({{"double_ron", false}});
  rec.complete = true;
  EXPECT_NE(Tenhou6ExportRefusal(rec).value_or("").find("differs in double_ron;"), std::string::npos)
      << Tenhou6ExportRefusal(rec).value_or("(accepted)");
  rec.rules = Riichi({{"yaku", {{"ippatsu", {{"enabled", false}}}}}});
  EXPECT_NE(Tenhou6ExportRefusal(rec).value_or("").find("yaku.ippatsu.enabled"), std::string::npos)
      << Tenhou6ExportRefusal(rec).value_or("(accepted)");
  // A stopped game.
  rec.rules = Riichi();
  rec.complete = false;
  rec.error = "agent x answered y";
  EXPECT_NE(Tenhou6ExportRefusal(rec).value_or("").find("stopped before its end (agent x answered y)"), std::string::npos);
}

}  // namespace
}  // namespace tenhou6_export_test
}  // namespace mj::tenhou
