// `mahjong mjai-client --stdio` (the real program, as mjai-stdio bots) must play exactly as the
// built-in agent it wraps: the same game, event for event, as the same agents in-process, because
// the client's fold (mjai/seat_state.h) gives the agent the observation the engine gives it.
//
// What the wire cannot carry is the order of the own hand: the engine keeps a hand in dealing
// order (the wall's secret order), start_kyoku (the replay's and the wire's) lists it sorted, and
// the agents break ties between equal tiles by hand order (docs/MJAI.md, "Known limits"). So the
// games are played on walls whose deal gives each seat its tiles in sorted order: the seed's
// shuffle, each seat's dealt tiles (the same tiles) put in ascending order over its own deal
// positions, the shields carried from the last hand taken out first as the engine does. On such a
// wall the engine's hand order is the wire's, and the client is told the agent's seed the engine
// gives that seat (--game-seed). Both exchanges, Dunpai (shields, hidden closed kans, open
// riichi), Ningbo, ayame and riichi.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/round.h"
#include "engine/shields.h"
#include "mjai/bot_pool.h"
#include "mjai/stdio_bots.h"
#include "engine/match_plan.h"
#include "replays/replay.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_client_identity_test {
namespace {

using json = nlohmann::json;

const std::string kClient = MJ_PROGRAM;

// The walls: the seed's shuffle with the carried shields out, each seat's dealt tiles sorted over
// its deal positions. The deal's positions fall into four classes (the seat relative to the
// dealer), whatever the dealer, so the classes are those of dealer 0.
class SortedDealWalls {
 public:
  SortedDealWalls(const Ruleset& rules, uint64_t seed) : rules_(rules), seed_(seed) {}

  std::optional<Wall> ForHand(int hand) const {
    std::vector<Tile> out;
    for (const auto& c : carried_) out.insert(out.end(), c.begin(), c.end());
    Wall w = Wall::Shuffled(HandSeed(seed_, static_cast<uint64_t>(hand))).Without(out);
    const bool shields = rules_.shields.enabled;
    const int extra = rules_.shields.extra_tiles;
    const int dealt = shields ? ShieldDealSize(extra) : 52;
    for (int c = 0; c < 4; ++c) {
      std::vector<int> at;
      std::vector<Tile> tiles;
      for (int i = 0; i < dealt; ++i)
        if ((shields ? ShieldDealSeat(i, 0, extra) : DealSeat(i, 0)) == c) {
          at.push_back(i);
          tiles.push_back(w.tiles[i]);
        }
      std::sort(tiles.begin(), tiles.end());
      for (size_t k = 0; k < at.size(); ++k) w.tiles[at[k]] = tiles[k];
    }
    // Copies with the same name take their ids in wall order: where the engine takes the lowest id
    // of several same-name tiles (the consumed tiles of a call) it takes the one it got first,
    // which is the one the client takes (the first it holds). The game's names are unchanged.
    std::map<std::string, std::vector<int>> at_of;
    for (int i = 0; i < w.size; ++i) at_of[MjaiTile(w.tiles[i], rules_)].push_back(i);
    for (const auto& [name, at] : at_of) {
      std::vector<Tile> ids;
      for (int i : at) ids.push_back(w.tiles[i]);
      std::sort(ids.begin(), ids.end());
      for (size_t k = 0; k < at.size(); ++k) w.tiles[at[k]] = ids[k];
    }
    return w;
  }
  // Follows the game: the shields carried into the next hand.
  void Observe(const RoundState& s, const Event& e) {
    if (e.type == EventType::kEndKyoku) carried_ = KeptShields(s);
  }

 private:
  const Ruleset& rules_;
  uint64_t seed_;
  std::array<std::vector<Tile>, 4> carried_;
};

std::vector<std::string> EventLines(const GameRecord& rec) {
  std::vector<std::string> out;
  for (size_t i = 1; i < rec.events.size(); ++i) out.push_back(EventToJson(rec.events[i], rec.rules).dump());
  return out;
}

// Game `seed` as the built-in `agents` play it in-process on sorted-deal walls: what the clients
// must repeat. An agent spec that does not parse fails the test (the record is then incomplete).
GameRecord PlayReference(const Ruleset& rules, uint64_t seed, const std::array<std::string, 4>& agents) {
  SortedDealWalls walls(rules, seed);
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> players{};
  for (int p = 0; p < 4; ++p) {
    auto a = MakeAgent(agents[p]);
    if (!a.ok()) {
      ADD_FAILURE() << agents[p] << ": " << a.error();
      return {};
    }
    owned[p] = std::move(a).value();
    players[p] = owned[p].get();
  }
  GameOptions go;
  go.wall_for_hand = [&](int h) { return walls.ForHand(h); };
  go.observer = [&](const RoundState& s, const Event& e) { walls.Observe(s, e); };
  return PlayGame(rules, seed, players, go);
}

// Plays `preset` game `seed` with built-in `agents`, then with the seats in `client_seats` played
// by mjai-client --stdio wrapping the same agent, and compares the games.
void ExpectSameGame(const std::string& preset, uint64_t seed, const std::array<std::string, 4>& agents,
                    const std::vector<int>& client_seats, MjaiExchange exchange) {
  const std::string what = preset + " seed " + std::to_string(seed);
  auto rules = LoadRuleset(preset);
  ASSERT_TRUE(rules.ok()) << rules.error();

  const GameRecord reference = PlayReference(*rules, seed, agents);
  ASSERT_TRUE(reference.complete) << what << ": " << reference.error;

  SortedDealWalls bot_walls(*rules, seed);
  std::array<std::string, 4> specs = agents;
  const char* dialect = exchange == MjaiExchange::kBatched ? "batched" : "lockstep";
  for (int p : client_seats)
    specs[p] = "mjai-stdio:" + kClient + " mjai-client --stdio --rules " + preset + " --dialect " + dialect +
               " --agent " + agents[p] + " --game-seed " + std::to_string(seed);
  BotOptions options;
  options.exchange = exchange;
  options.timeout = std::chrono::milliseconds(30000);
  options.wall_for_hand = [&](int h) { return bot_walls.ForHand(h); };
  options.observer = [&](const RoundState& s, const Event& e) { bot_walls.Observe(s, e); };
  const GameRecord played = PlayWithStdioBots(*rules, seed, specs, options);
  ASSERT_TRUE(played.complete) << what << ": " << played.error;
  EXPECT_TRUE(played.faults.empty()) << what << ": " << played.faults.front().error;

  const auto want = EventLines(reference);
  const auto got = EventLines(played);
  size_t same = 0;
  while (same < want.size() && same < got.size() && want[same] == got[same]) ++same;
  EXPECT_EQ(same, want.size()) << what << " (" << dialect << "): the games part at event " << same + 1 << ":\n  built-in "
                               << (same < want.size() ? want[same] : "(end)") << "\n  client   "
                               << (same < got.size() ? got[same] : "(end)");
  EXPECT_EQ(got.size(), want.size()) << what;
  EXPECT_EQ(played.end.scores, reference.end.scores) << what;
}

TEST(MjaiClientIdentity, DunpaiAsTheBuiltInAgents) {
  ExpectSameGame("dunpai", 1, {"greedy", "greedy", "defensive", "greedy"}, {1, 3}, MjaiExchange::kBatched);
  ExpectSameGame("dunpai", 2, {"greedy", "greedy", "defensive", "greedy"}, {0, 2}, MjaiExchange::kLockStep);
}

TEST(MjaiClientIdentity, NingboAyameRiichiAsTheBuiltInAgents) {
  ExpectSameGame("ningbo", 3, {"greedy", "defensive", "greedy", "greedy"}, {0, 1}, MjaiExchange::kBatched);
  ExpectSameGame("ayame-blend", 4, {"greedy", "greedy", "defensive", "greedy"}, {1, 2}, MjaiExchange::kBatched);
  ExpectSameGame("riichi", 5, {"greedy", "defensive", "greedy", "random"}, {1, 3}, MjaiExchange::kLockStep);
  ExpectSameGame("riichi", 6, {"greedy", "defensive", "greedy", "random"}, {3}, MjaiExchange::kBatched);
}

// --match-seed with kept processes (`match --bot-lifetime match`): each client process plays the
// games of a match of seed `match_seed` in order, and game k must be the in-process agents' game k
// (the agents' seeds of game k, not of game 1, as --game-seed would give every game).
void ExpectSameMatch(const std::string& preset, uint64_t match_seed, int games, const std::array<std::string, 4>& agents,
                     const std::vector<int>& client_seats) {
  auto rules = LoadRuleset(preset);
  ASSERT_TRUE(rules.ok()) << rules.error();
  std::array<std::string, 4> specs = agents;
  for (int p : client_seats)
    specs[p] = "mjai-stdio:" + kClient + " mjai-client --stdio --rules " + preset +
               " --dialect batched --agent " + agents[p] + " --match-seed " + std::to_string(match_seed) +
               " --games " + std::to_string(games);
  BotPool pool;
  for (int g = 1; g <= games; ++g) {
    const uint64_t seed = PlanMatchGame(match_seed, g, 0).seed;
    const std::string what = preset + " match seed " + std::to_string(match_seed) + " game " + std::to_string(g);
    const GameRecord reference = PlayReference(*rules, seed, agents);
    ASSERT_TRUE(reference.complete) << what << ": " << reference.error;

    SortedDealWalls bot_walls(*rules, seed);
    BotOptions options;
    options.exchange = MjaiExchange::kBatched;
    options.timeout = std::chrono::milliseconds(30000);
    options.wall_for_hand = [&](int h) { return bot_walls.ForHand(h); };
    options.observer = [&](const RoundState& s, const Event& e) { bot_walls.Observe(s, e); };
    const GameRecord played = PlayWithStdioBots(*rules, seed, specs, options, &pool);
    ASSERT_TRUE(played.complete) << what << ": " << played.error;
    const auto want = EventLines(reference);
    const auto got = EventLines(played);
    size_t same = 0;
    while (same < want.size() && same < got.size() && want[same] == got[same]) ++same;
    EXPECT_EQ(same, want.size()) << what << ": the games part at event " << same + 1;
    EXPECT_EQ(got.size(), want.size()) << what;
  }
  // One process per client seat played every game.
  EXPECT_EQ(pool.started(), static_cast<long>(client_seats.size()));
}

TEST(MjaiClientIdentity, MatchSeedKeptProcessesPlayEachGameAsTheBuiltInAgents) {
  ExpectSameMatch("riichi", 11, 3, {"random", "greedy", "random", "defensive"}, {0, 2});
}

}  // namespace
}  // namespace mjai_client_identity_test
}  // namespace mj
