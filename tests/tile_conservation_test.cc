// Tile conservation in every game (engine/invariants.h): the ledger PlayGame keeps gives the full
// count's answer after every event of played games (every preset, shields returned on overflow),
// without once needing the full count between a hand's boundaries; on states broken on purpose at
// the event that broke them (a tile drawn but left in the wall, discarded but kept in the hand, a
// called tile left in the river, a place without a valid tile id) it names the same tile as the
// full count; and a game dealt a wall with a tile twice stops at that hand's first event.

#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/invariants.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace tile_conservation_test {
namespace {

struct Agents {
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> seats{};
  explicit Agents(const std::array<const char*, 4>& specs) {
    for (int p = 0; p < 4; ++p) {
      owned[p] = std::move(MakeAgent(specs[p])).value();
      seats[p] = owned[p].get();
    }
  }
};

TEST(TileConservation, LedgerAgreesWithTheFullCountAfterEveryEvent) {
  std::vector<std::pair<std::string, Ruleset>> rulesets;
  for (const char* preset : {"riichi", "dunpai", "ningbo", "fuless", "ayame-blend"})
    rulesets.emplace_back(preset, LoadRuleset(preset).value());
  // Four shields a hand: carried shields overflow and go back to the wall (shields_lost, overflow).
  rulesets.emplace_back("dunpai 4 shields", RulesetFromJson({{"base", "dunpai"},
                                                             {"shields", {{"per_hand", 4}, {"extra_tiles", 4}}}})
                                                .value());
  long events = 0, exchanges = 0, calls = 0, lost = 0;
  for (const auto& [ruleset_name, rules] : rulesets) {
    // A copy for the observer: clang (before 16) cannot capture a structured binding.
    const std::string name = ruleset_name;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      Agents agents(seed % 2 == 0 ? std::array<const char*, 4>{"greedy", "defensive", "greedy", "defensive"}
                                  : std::array<const char*, 4>{"random", "greedy", "random", "defensive"});
      TileLedger ledger;
      GameOptions options;
      options.observer = [&](const RoundState& s, const Event& e) {
        ++events;
        exchanges += e.type == EventType::kExchange;
        calls += e.type == EventType::kChi || e.type == EventType::kPon || e.type == EventType::kDaiminkan ||
                 e.type == EventType::kAnkan || e.type == EventType::kKakan;
        lost += e.type == EventType::kShieldsLost;
        const std::string full = CheckTileConservation(s);
        ASSERT_EQ(full, "") << name << " seed " << seed << " " << EventTypeName(e.type);
        ASSERT_EQ(ledger.Check(s, e), full) << name << " seed " << seed << " " << EventTypeName(e.type);
      };
      const GameRecord rec = PlayGame(rules, seed, agents.seats, options);
      ASSERT_TRUE(rec.complete) << name << " seed " << seed << ": " << rec.error;
      // Every event between a deal and a hand's end followed in O(1), none by the full count.
      EXPECT_EQ(ledger.fallbacks(), 0) << name << " seed " << seed;
    }
  }
  EXPECT_GT(events, 20000);
  EXPECT_GT(exchanges, 50);
  EXPECT_GT(calls, 200);
  EXPECT_GT(lost, 50);
}

// The states and events of one riichi hand of greedy agents (calls happen), in order.
std::vector<std::pair<RoundState, Event>> PlayedHand(uint64_t seed) {
  const Ruleset rules = LoadRuleset("riichi").value();
  Agents agents({"greedy", "greedy", "greedy", "greedy"});
  std::vector<std::pair<RoundState, Event>> out;
  GameOptions options;
  options.max_hands = 1;
  options.observer = [&](const RoundState& s, const Event& e) { out.emplace_back(s, e); };
  const GameRecord rec = PlayGame(rules, seed, agents.seats, options);
  EXPECT_EQ(rec.error, "");
  return out;
}

// The ledger of `hand` up to (not including) event i.
TileLedger LedgerBefore(const std::vector<std::pair<RoundState, Event>>& hand, size_t i) {
  TileLedger ledger;
  for (size_t j = 0; j < i; ++j) EXPECT_EQ(ledger.Check(hand[j].first, hand[j].second), "") << j;
  return ledger;
}

size_t First(const std::vector<std::pair<RoundState, Event>>& hand, EventType type, size_t from = 0) {
  for (size_t i = from; i < hand.size(); ++i)
    if (hand[i].second.type == type) return i;
  return hand.size();
}

TEST(TileConservation, LedgerStopsAtTheEventThatBreaksATileAndNamesItAsTheFullCount) {
  // A hand with a call in it.
  std::vector<std::pair<RoundState, Event>> hand;
  size_t pon = 0;
  for (uint64_t seed = 1; seed < 40; ++seed) {
    hand = PlayedHand(seed);
    pon = First(hand, EventType::kPon);
    if (pon < hand.size()) break;
  }
  ASSERT_LT(pon, hand.size());
  const size_t tsumo = First(hand, EventType::kTsumo, 5);
  const size_t dahai = First(hand, EventType::kDahai, 5);
  ASSERT_LT(dahai, hand.size());

  const auto expect_caught = [&](size_t i, RoundState broken, const std::string& what) {
    TileLedger ledger = LedgerBefore(hand, i);
    const std::string full = CheckTileConservation(broken);
    ASSERT_NE(full, "") << what;
    EXPECT_EQ(ledger.Check(broken, hand[i].second), full) << what;
  };
  {  // 1. A tile drawn but left in the wall (the wall position not advanced): in two places.
    RoundState s = hand[tsumo].first;
    --s.live_next;
    expect_caught(tsumo, s, "drawn, still in the wall");
    const Tile t = hand[tsumo].second.pai;
    EXPECT_NE(CheckTileConservation(s).find("(id " + std::to_string(t) + ") counted 2 times"), std::string::npos)
        << CheckTileConservation(s);
  }
  {  // 2. A tile discarded but kept in the hand (another tile of the hand lost instead).
    RoundState s = hand[dahai].first;
    const int seat = hand[dahai].second.actor;
    s.seats[seat].hand[0] = hand[dahai].second.pai;
    expect_caught(dahai, s, "discarded, still in the hand");
  }
  {  // 3. A discard put in the river twice.
    RoundState s = hand[dahai].first;
    const int seat = hand[dahai].second.actor;
    s.seats[seat].river.push_back(s.seats[seat].river.back());
    expect_caught(dahai, s, "discarded twice");
  }
  {  // 4. A called tile left in the river too (not marked called).
    RoundState s = hand[pon].first;
    s.seats[hand[pon].second.target].river.back().called = false;
    expect_caught(pon, s, "called, still in the river");
  }
  {  // 5. A drawn tile that holds no valid tile id.
    RoundState s = hand[tsumo].first;
    s.seats[hand[tsumo].second.actor].hand.back() = kNoTile;
    TileLedger ledger = LedgerBefore(hand, tsumo);
    EXPECT_EQ(ledger.Check(s, hand[tsumo].second), "1 places hold no valid tile id");
  }
  {  // 6. A tile overwritten in a place the event does not touch: the ledger leaves it to the
     // full count at the hand's end, which names it there (tests, soak and debug builds run the
     // full count after every event).
    RoundState s = hand[dahai].first;
    const int other = (hand[dahai].second.actor + 1) % 4;
    s.seats[other].hand[0] = s.wall.tiles[static_cast<size_t>(s.live_next)];
    TileLedger ledger = LedgerBefore(hand, dahai);
    EXPECT_EQ(ledger.Check(s, hand[dahai].second), "");
    Event end;
    end.type = EventType::kEndKyoku;
    const std::string full = CheckTileConservation(s);
    EXPECT_NE(full.find("counted 2 times"), std::string::npos) << full;
    EXPECT_EQ(ledger.Check(s, end), full);
  }
}

TEST(TileConservation, AGameDealtATileTwiceStopsAtThatHandsDeal) {
  const Ruleset rules = LoadRuleset("riichi").value();
  Agents agents({"random", "random", "random", "random"});
  GameOptions options;
  options.wall_for_hand = [](int hand_index) -> std::optional<Wall> {
    if (hand_index != 1) return std::nullopt;
    Wall w = Wall::Shuffled(99);
    w.tiles[0] = w.tiles[1];  // dealt to the dealer twice; the tile it replaced is nowhere
    return w;
  };
  const GameRecord rec = PlayGame(rules, 5, agents.seats, options);
  EXPECT_FALSE(rec.complete);
  // The second hand's deal is the first broken event, and the game ends with it.
  size_t deal = 0;
  for (size_t i = 0, seen = 0; i < rec.events.size(); ++i)
    if (rec.events[i].type == EventType::kStartKyoku && ++seen == 2) deal = i;
  ASSERT_GT(deal, 0u);
  EXPECT_EQ(rec.error.rfind("invariant broken after event " + std::to_string(deal) + " (start_kyoku, hand 2): tile ", 0),
            0u)
      << rec.error;
  EXPECT_NE(rec.error.find("136 tiles in all"), std::string::npos) << rec.error;
}

}  // namespace
}  // namespace tile_conservation_test
}  // namespace mj
