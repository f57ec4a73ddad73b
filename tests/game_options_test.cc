// Every game option of the riichi ruleset changes play. Scenario walls make the situation
// happen; the same wall and agents are played with the option on and off. Game-length options
// are checked on seeded random games chosen because the situation arises in them.

#include <gtest/gtest.h>

#include <algorithm>

#include "agents/random_agent.h"
#include "agents/registry.h"
#include "engine/game.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"
#include "tests/scenario.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace game_options_test {
namespace {

using test::Policy;
using test::PolicyAgent;
using test::ScenarioWall;

Ruleset WithRules(const nlohmann::json& overrides) {
  nlohmann::json j = overrides;
  j["base"] = "riichi";
  auto r = RulesetFromJson(j);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : Ruleset{};
}

// Plays the first hand of a game on `wall` with four agents of `policy`; returns its events.
std::vector<Event> PlayOneHand(const Ruleset& rules, const Wall& wall, const std::array<Policy, 4>& policy) {
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  GameOptions options;
  options.wall_for_hand = [&](int) { return std::optional<Wall>(wall); };
  options.max_hands = 1;
  GameRecord rec = PlayGame(rules, 1, {&a0, &a1, &a2, &a3}, options);
  EXPECT_TRUE(rec.complete) << rec.error;
  return rec.events;
}

std::vector<const Event*> OfType(const std::vector<Event>& events, EventType t) {
  std::vector<const Event*> out;
  for (const Event& e : events)
    if (e.type == t) out.push_back(&e);
  return out;
}
// The pointers point into `events`: a temporary would be freed before they are read.
std::vector<const Event*> OfType(std::vector<Event>&&, EventType) = delete;

const std::array<Policy, 4> kAllWin{Policy{.win = true}, Policy{.win = true}, Policy{.win = true}, Policy{.win = true}};

// Seats 1, 2 (and 3) wait on 6p with tanyao; the dealer draws 6p first and discards it.
Wall RonWall(bool three_waiting) {
  const std::string seat3 = three_waiting ? "345m777p234s888s6p" : "19m19p19s1234567z";
  return ScenarioWall({"1199m1199p119s12z", "234m456m345s678s6p", "345p456s567s777m6p", seat3}, "6p");
}

TEST(GameOptions, DoubleRonAllowedOrHeadBump) {
  const auto both = PlayOneHand(WithRules({{"double_ron", true}}), RonWall(false), kAllWin);
  const auto horas = OfType(both, EventType::kHora);
  ASSERT_EQ(horas.size(), 2u);
  EXPECT_EQ(horas[0]->actor, 1);
  EXPECT_EQ(horas[1]->actor, 2);
  const auto bump_events = PlayOneHand(WithRules({{"double_ron", false}}), RonWall(false), kAllWin);
  const auto bump = OfType(bump_events, EventType::kHora);
  ASSERT_EQ(bump.size(), 1u);
  EXPECT_EQ(bump[0]->actor, 1);  // the first seat after the discarder
}

TEST(GameOptions, TripleRonAborts) {
  const auto aborted = PlayOneHand(WithRules({{"triple_ron_abort", true}}), RonWall(true), kAllWin);
  const auto draws = OfType(aborted, EventType::kRyukyoku);
  ASSERT_EQ(draws.size(), 1u);
  EXPECT_EQ(draws[0]->ryukyoku->reason, DrawReason::kTripleRon);
  EXPECT_TRUE(OfType(aborted, EventType::kHora).empty());
  const auto three = PlayOneHand(WithRules({{"triple_ron_abort", false}}), RonWall(true), kAllWin);
  EXPECT_EQ(OfType(three, EventType::kHora).size(), 3u);
}

TEST(GameOptions, KuitanDecidesWhetherAnOpenTanyaoMayWin) {
  // Seat 1 (non-dealer) pons 5m... instead: score the same open tanyao hand both ways.
  const nlohmann::json hand = {{"concealed", "234m567p23488s"}, {"win_tile", "8s"},
                               {"melds", {{{"type", "chi"}, {"tiles", "456m"}}}},
                               {"seat_wind", "S"}, {"round_wind", "E"}};
  const auto on = ScoreInputJson(hand, WithRules({{"kuitan", true}}));
  EXPECT_TRUE(on["ok"].get<bool>());
  EXPECT_EQ(on["total"], 1000);  // open tanyao 1 han, 20+2 (pair 88s no fu; shanpon ron 0)... 30 fu: 1000
  const auto off = ScoreInputJson(hand, WithRules({{"kuitan", false}}));
  EXPECT_EQ(off["error"], "no_yaku");
}

TEST(GameOptions, RedFivesPerSuit) {
  const nlohmann::json hand = {{"concealed", "234m406m234p22s456s"}, {"win_tile", "4s"}, {"riichi", true},
                               {"seat_wind", "S"}, {"round_wind", "E"}};
  // riichi + pinfu + tanyao + aka 1 = 4 han 30 fu ron = 7700 with red fives.
  EXPECT_EQ(ScoreInputJson(hand, WithRules({{"red_fives", {1, 1, 1}}}))["total"], 7700);
  const auto none = ScoreInputJson(hand, WithRules({{"red_fives", {0, 1, 1}}}));
  EXPECT_EQ(none["error"], "invalid_input");  // there is no red 5m in that game
}

TEST(GameOptions, KiriageMangan) {
  // 4 han 30 fu non-dealer ron: 7700, or 8000 with kiriage.
  const nlohmann::json hand = {{"concealed", "234m406m234p22s456s"}, {"win_tile", "4s"}, {"riichi", true},
                               {"seat_wind", "S"}, {"round_wind", "E"}};
  EXPECT_EQ(ScoreInputJson(hand, WithRules({{"kiriage_mangan", false}}))["total"], 7700);
  EXPECT_EQ(ScoreInputJson(hand, WithRules({{"kiriage_mangan", true}}))["total"], 8000);
}

// The 70 live draws for the nagashi scenario: seat 1 (second to draw) gets only terminals and
// honours, the others simples, within the four copies left after the deal.
std::string NagashiDraws(const std::array<std::string, 4>& hands) {
  KindCounts used{};
  for (const std::string& h : hands) {
    const std::vector<TileSpec> tiles = ParseTiles(h).value();
    for (const TileSpec& t : tiles) ++used[t.kind];
  }
  std::vector<Kind> orphans, simples;
  for (int k = 0; k < kNumKinds; ++k) (IsTerminalOrHonor(static_cast<Kind>(k)) ? orphans : simples).push_back(static_cast<Kind>(k));
  std::string out;
  size_t oi = 0, si = 0;
  for (int i = 0; i < 70; ++i) {
    auto& pool = (i % 4 == 1) ? orphans : simples;
    size_t& idx = (i % 4 == 1) ? oi : si;
    size_t tries = 0;
    while (used[pool[idx % pool.size()]] >= 4 && tries++ < pool.size()) ++idx;
    if (tries > pool.size()) {
      ADD_FAILURE() << "the nagashi scenario ran out of tiles at draw " << i;
      break;
    }
    const Kind k = pool[idx++ % pool.size()];
    ++used[k];
    out += FormatKind(k);
  }
  return out;
}

TEST(GameOptions, NagashiMangan) {
  // Seat 1 draws only terminals and honours and discards each at once; nobody calls.
  const std::array<std::string, 4> hands{"13579m2468p135s1z", "2468m1357p2468s2z", "159m159p159s1234z", "1199m1199p11s567z"};
  const Wall wall = ScenarioWall(hands, NagashiDraws(hands));
  const std::array<Policy, 4> quiet{};
  const auto on_events = PlayOneHand(WithRules({{"nagashi_mangan", true}}), wall, quiet);
  const auto on = OfType(on_events, EventType::kRyukyoku);
  ASSERT_EQ(on.size(), 1u);
  EXPECT_TRUE(on[0]->ryukyoku->nagashi[1]);
  // Non-dealer mangan by tsumo: the dealer pays 4000, the others 2000 each.
  EXPECT_EQ(on[0]->ryukyoku->deltas, (std::array<int, 4>{-4000, 8000, -2000, -2000}));
  const auto off_events = PlayOneHand(WithRules({{"nagashi_mangan", false}}), wall, quiet);
  const auto off = OfType(off_events, EventType::kRyukyoku);
  ASSERT_EQ(off.size(), 1u);
  EXPECT_FALSE(off[0]->ryukyoku->nagashi[1]);
  EXPECT_NE(off[0]->ryukyoku->deltas[1], 8000);
}

TEST(GameOptions, NineTerminalsAbort) {
  const Wall wall = ScenarioWall({"19m19p19s1234z258m", "2345m2345p2345s6z", "3456m3456p3456s6z", "6789m6789p6789s7z"}, "7z");
  const std::array<Policy, 4> nine{Policy{.nine = true}, Policy{}, Policy{}, Policy{}};
  const auto on_events = PlayOneHand(WithRules({{"abort_nine_terminals", true}}), wall, nine);
  const auto on = OfType(on_events, EventType::kRyukyoku);
  ASSERT_EQ(on.size(), 1u);
  EXPECT_EQ(on[0]->ryukyoku->reason, DrawReason::kNineTerminals);
  const auto events = PlayOneHand(WithRules({{"abort_nine_terminals", false}}), wall, nine);
  const auto off = OfType(events, EventType::kRyukyoku);
  ASSERT_EQ(off.size(), 1u);
  EXPECT_EQ(off[0]->ryukyoku->reason, DrawReason::kExhaustive);
}

TEST(GameOptions, FourWindsAbort) {
  const Wall wall = ScenarioWall({"2345m2345p2345s6z", "2345m2345p2345s6z", "6789m6789p6789s7z", "1m1p1s9m9p9s67m67p67s7z"},
                                 "1z1z1z1z");
  const std::array<Policy, 4> quiet{};
  const auto on_events = PlayOneHand(WithRules({{"abort_four_winds", true}}), wall, quiet);
  const auto on = OfType(on_events, EventType::kRyukyoku);
  ASSERT_EQ(on.size(), 1u);
  EXPECT_EQ(on[0]->ryukyoku->reason, DrawReason::kFourWinds);
  const auto off_events = PlayOneHand(WithRules({{"abort_four_winds", false}}), wall, quiet);
  const auto off = OfType(off_events, EventType::kRyukyoku);
  ASSERT_EQ(off.size(), 1u);
  EXPECT_EQ(off[0]->ryukyoku->reason, DrawReason::kExhaustive);
}

TEST(GameOptions, FourRiichiAbort) {
  // Every seat is tenpai on a single honour nobody draws; the first draws are dead tiles.
  const Wall wall = ScenarioWall({"123m456m789m123p5z", "123s456s789s456p6z", "234m567m789p111z7z", "234s567s678p222z3z"},
                                 "9s9s1p1p8m8m");
  const Policy riichi{.riichi = true};
  const std::array<Policy, 4> all{riichi, riichi, riichi, riichi};
  const auto on = PlayOneHand(WithRules({{"abort_four_riichi", true}}), wall, all);
  EXPECT_EQ(OfType(on, EventType::kReachAccepted).size(), 4u);
  const auto on_draw = OfType(on, EventType::kRyukyoku);
  ASSERT_EQ(on_draw.size(), 1u);
  EXPECT_EQ(on_draw[0]->ryukyoku->reason, DrawReason::kFourRiichi);
  const auto off_draw_events = PlayOneHand(WithRules({{"abort_four_riichi", false}}), wall, all);
  const auto off_draw = OfType(off_draw_events, EventType::kRyukyoku);
  ASSERT_EQ(off_draw.size(), 1u);
  EXPECT_EQ(off_draw[0]->ryukyoku->reason, DrawReason::kExhaustive);
}

TEST(GameOptions, FourKansByTwoPlayersAbort) {
  // Each seat holds a quad and makes a closed kan on its first turn.
  const Wall wall = ScenarioWall({"1111m258p369s123z", "2222m147p258s567z", "3333m369p147s125z", "4444m258p369s345z"},
                                 "9m9p9s8m", 0, "", "8p8s7m7p");
  const Policy kan{.kan = true};
  const std::array<Policy, 4> all{kan, kan, kan, kan};
  const auto on = PlayOneHand(WithRules({{"abort_four_kans", true}}), wall, all);
  EXPECT_EQ(OfType(on, EventType::kAnkan).size(), 4u);
  const auto on_draw = OfType(on, EventType::kRyukyoku);
  ASSERT_EQ(on_draw.size(), 1u);
  EXPECT_EQ(on_draw[0]->ryukyoku->reason, DrawReason::kFourKans);
  const auto off_draw_events = PlayOneHand(WithRules({{"abort_four_kans", false}}), wall, all);
  const auto off_draw = OfType(off_draw_events, EventType::kRyukyoku);
  ASSERT_EQ(off_draw.size(), 1u);
  EXPECT_EQ(off_draw[0]->ryukyoku->reason, DrawReason::kExhaustive);
}

// ---- whole games ---------------------------------------------------------------------------

GameRecord RandomGame(const Ruleset& rules, uint64_t seed) {
  RandomAgent a0, a1, a2, a3;
  return PlayGame(rules, seed, {&a0, &a1, &a2, &a3});
}

// Greedy players win hands, so bust and all-last dealer wins happen in a few games.
GameRecord GreedyGame(const Ruleset& rules, uint64_t seed) {
  std::array<std::unique_ptr<Agent>, 4> agents;
  for (auto& a : agents) a = std::move(MakeAgent("greedy")).value();
  return PlayGame(rules, seed, {agents[0].get(), agents[1].get(), agents[2].get(), agents[3].get()});
}

std::vector<const StartKyokuInfo*> Hands(const GameRecord& rec) {
  std::vector<const StartKyokuInfo*> out;
  for (const Event& e : rec.events)
    if (e.type == EventType::kStartKyoku) out.push_back(e.start.get());
  return out;
}

TEST(GameOptions, StartingPointsAndLength) {
  const GameRecord east = RandomGame(WithRules({{"length", "east"}, {"starting_points", 30000}, {"return_points", 30000},
                                                {"west_extension", false}}), 7);
  ASSERT_TRUE(east.complete);
  EXPECT_EQ(Hands(east).front()->scores, (std::array<int, 4>{30000, 30000, 30000, 30000}));
  for (const auto* h : Hands(east)) EXPECT_EQ(h->bakaze, 0);
  const GameRecord hanchan = RandomGame(WithRules({{"bust_ends_game", false}}), 7);
  ASSERT_TRUE(hanchan.complete);
  EXPECT_GE(Hands(hanchan).back()->bakaze, 1);  // a hanchan without bust reaches South
}

TEST(GameOptions, UmaAndOka) {
  const Ruleset rules = WithRules({{"uma", {30000, 10000, -10000, -30000}}});
  const GameRecord rec = RandomGame(rules, 3);
  ASSERT_TRUE(rec.complete);
  double sum = 0;
  for (int p = 0; p < 4; ++p) {
    const int rank = rec.end.ranks[p];
    const double expected = (rec.end.scores[p] - 30000 + rules.uma[rank - 1] + (rank == 1 ? 20000 : 0)) / 1000.0;
    EXPECT_DOUBLE_EQ(rec.end.results[p], expected);
    sum += rec.end.results[p];
  }
  EXPECT_NEAR(sum, 0.0, 1e-9);  // oka and uma redistribute, nothing is created
}

TEST(GameOptions, BustEndsTheGame) {
  // Find a seeded game where someone goes below zero before the last hand.
  // Low starting points make a bust likely within a few hands.
  const Ruleset bust = WithRules({{"bust_ends_game", true}, {"starting_points", 8000}, {"return_points", 8000}});
  const Ruleset no_bust = WithRules({{"bust_ends_game", false}, {"starting_points", 8000}, {"return_points", 8000}});
  bool found = false;
  for (uint64_t seed = 0; seed < 100 && !found; ++seed) {
    const GameRecord a = GreedyGame(bust, seed);
    ASSERT_TRUE(a.complete);
    if (*std::min_element(a.end.scores.begin(), a.end.scores.end()) >= 0) continue;
    const GameRecord b = GreedyGame(no_bust, seed);
    if (Hands(b).size() <= Hands(a).size()) continue;  // the bust came at the natural end anyway
    found = true;
    // The same hands are played until the bust; without the bust rule the game goes on.
    EXPECT_GT(Hands(b).size(), Hands(a).size());
  }
  EXPECT_TRUE(found) << "no seed in 0..99 produced a mid-game bust";
}

TEST(GameOptions, WestExtensionWhileNobodyHasReturnPoints) {
  const Ruleset west = WithRules({{"west_extension", true}, {"bust_ends_game", false}});
  const Ruleset no_west = WithRules({{"west_extension", false}, {"bust_ends_game", false}});
  bool found = false;
  for (uint64_t seed = 0; seed < 300 && !found; ++seed) {
    const GameRecord a = RandomGame(west, seed);
    ASSERT_TRUE(a.complete);
    if (Hands(a).back()->bakaze < 2) continue;
    found = true;
    const GameRecord b = RandomGame(no_west, seed);
    for (const auto* h : Hands(b)) EXPECT_LE(h->bakaze, 1);
  }
  EXPECT_TRUE(found) << "no seed in 0..299 reached the West round";
}

TEST(GameOptions, AgariYameStopsTheAllLastDealer) {
  const Ruleset yame = WithRules({{"agari_yame", true}, {"bust_ends_game", false}});
  const Ruleset no_yame = WithRules({{"agari_yame", false}, {"bust_ends_game", false}});
  bool found = false;
  for (uint64_t seed = 0; seed < 200 && !found; ++seed) {
    const GameRecord a = GreedyGame(yame, seed);
    ASSERT_TRUE(a.complete);
    const auto hands = Hands(a);
    const auto* last = hands.back();
    if (!(last->bakaze == 1 && last->kyoku == 4)) continue;
    // Did the all-last dealer win the final hand?
    bool dealer_won = false;
    for (auto it = a.events.rbegin(); it != a.events.rend() && it->type != EventType::kStartKyoku; ++it)
      if (it->type == EventType::kHora && it->actor == last->oya) dealer_won = true;
    if (!dealer_won) continue;
    found = true;
    const GameRecord b = GreedyGame(no_yame, seed);
    EXPECT_GT(Hands(b).size(), hands.size());  // without agari-yame the dealer plays on
  }
  EXPECT_TRUE(found) << "no seed in 0..199 ended with an all-last dealer win";
}

}  // namespace
}  // namespace game_options_test
}  // namespace mj
