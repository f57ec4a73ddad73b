// Forged replays never verify: a replay whose recorded decisions, tiles, scores, seed or stopping
// reason were changed must fail to load or fail `replay verify`. The games are played here by
// the engine's own agents; each mutation is checked against the unchanged original.

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/greedy_agent.h"
#include "agents/random_agent.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "rules/ruleset.h"
#include "tests/stopping_agent.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace replay_mutation_test {
namespace {

using nlohmann::json;

Ruleset Preset(const std::string& name, bool east_only) {
  auto r = LoadRuleset(name);
  EXPECT_TRUE(r.ok()) << r.error();
  Ruleset rules = r.ok() ? r.value() : Ruleset{};
  if (east_only) rules.length = GameLength::kEast;
  return rules;
}

GameRecord PlayRandom(const Ruleset& rules, uint64_t seed) {
  std::array<RandomAgent, 4> a;
  GameRecord g = PlayGame(rules, seed, {&a[0], &a[1], &a[2], &a[3]});
  g.agents = {"random", "random", "random", "random"};
  return g;
}

// Loads and verifies a replay document: true only when it loads and re-simulates exactly.
bool Verifies(const json& doc) {
  auto rec = ReplayFromJson(doc);
  if (!rec) return false;
  auto v = VerifyReplay(*rec);
  return v.ok() && v->ok();
}

using test::StoppingAgent;

// ---- stopped games: why a game stopped is re-derived ------------------------------------------------

TEST(ReplayStop, CompleteGameCutAfterAnyDrawNeverVerifies) {
  const GameRecord full = PlayRandom(Preset("riichi", true), 11);
  ASSERT_TRUE(full.complete) << full.error;
  int cuts = 0;
  for (size_t i = 1; i < full.events.size(); ++i) {
    if (full.events[i].type != EventType::kTsumo || i % 7 != 0) continue;
    for (const char* error : {"x", "timeout", "agent \"random\" (seat 0) answered \"pass\""}) {
      GameRecord cut = full;
      cut.events.resize(i + 1);  // up to and including the draw
      cut.complete = false;
      cut.error = error;
      const json doc = ReplayToJson(cut);
      EXPECT_FALSE(Verifies(doc)) << "cut after event " << i << " with error \"" << error << "\"";
      ++cuts;
    }
  }
  EXPECT_GT(cuts, 30);
}

TEST(ReplayStop, AStoppedGameVerifiesOnlyWithItsOwnReason) {
  const Ruleset rules = Preset("riichi", true);
  std::array<RandomAgent, 3> r;
  StoppingAgent s(60);
  GameRecord g = PlayGame(rules, 7, {&r[0], &s, &r[1], &r[2]});
  g.agents = {"random", "stopping", "random", "random"};
  ASSERT_FALSE(g.complete);
  ASSERT_NE(g.error.find("agent \"stopping\" (seat 1) answered \"seat 1 tsumo"), std::string::npos) << g.error;
  EXPECT_TRUE(Verifies(ReplayToJson(g))) << g.error;

  const std::string original = g.error;
  const auto with_error = [&](const std::string& e) {
    GameRecord f = g;
    f.error = e;
    return Verifies(ReplayToJson(f));
  };
  EXPECT_FALSE(with_error(""));
  EXPECT_FALSE(with_error("the bot timed out"));
  std::string other_seat = original;
  other_seat.replace(other_seat.find("(seat 1)"), 8, "(seat 2)");
  EXPECT_FALSE(with_error(other_seat));
  std::string other_time = original;
  other_time.replace(other_time.find(" events"), 0, "0");  // "after N0 events"
  EXPECT_FALSE(with_error(other_time));
  // The answer named must be one that is not legal there.
  const size_t legal = original.find("; legal: ") + 9;
  const std::string first_legal = original.substr(legal, original.find("; ", legal) - legal);
  const size_t answered = original.find("answered \"") + 10;
  std::string legal_answer = original;
  legal_answer.replace(answered, original.find('"', answered) - answered, first_legal);
  EXPECT_FALSE(with_error(legal_answer)) << legal_answer;
  // One event fewer or more than where the game stopped.
  GameRecord shorter = g;
  shorter.events.pop_back();
  EXPECT_FALSE(Verifies(ReplayToJson(shorter)));
}

// ---- the property: thousands of single mutations, none verifies -----------------------------------

constexpr std::array<const char*, 40> kTileNames = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
    "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E",
    "S",  "W",  "N",  "P",  "F",  "C",  "5mr", "5pr", "5sr", "?", "3s*", "7p*"};

// Every path to a leaf (or small array) in `j` under `at`, as JSON pointers.
void Leaves(const json& j, const json::json_pointer& at, std::vector<json::json_pointer>* out) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) Leaves(v, at / k, out);
  } else if (j.is_array()) {
    out->push_back(at);  // the array itself: reorder or drop an element
    for (size_t i = 0; i < j.size(); ++i) Leaves(j[i], at / i, out);
  } else {
    out->push_back(at);
  }
}

// A different value for `v` (the same when no change applies).
json Mutate(const json& v, Rng& rng) {
  if (v.is_boolean()) return !v.get<bool>();
  if (v.is_number_integer()) {
    static constexpr int64_t kDeltas[] = {1, -1, 100, -100, 1000, 8000, -25000};
    return v.get<int64_t>() + kDeltas[rng.Below(std::size(kDeltas))];
  }
  if (v.is_number_float()) return v.get<double>() + 0.1;
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (!s.empty() && std::isdigit(static_cast<unsigned char>(s[0]))  && s.size() > 5) {  // a seed
      std::string t = s;
      const size_t i = rng.Below(t.size());
      t[i] = t[i] == '9' ? '0' : static_cast<char>(t[i] + 1);
      return t;
    }
    return kTileNames[rng.Below(kTileNames.size())];
  }
  if (v.is_array() && v.size() >= 2) {
    json a = v;
    const size_t i = rng.Below(a.size());
    switch (rng.Below(3)) {
      case 0: std::swap(a[i], a[(i + 1) % a.size()]); break;
      case 1: a.erase(a.begin() + static_cast<std::ptrdiff_t>(i)); break;
      default: a.insert(a.begin() + static_cast<std::ptrdiff_t>(i), a[i]); break;
    }
    return a;
  }
  return v;
}

// The events around a mutated place, for the failure message.
std::string Around(const json& doc, const json::json_pointer& at) {
  const std::string path = at.to_string();
  if (path.rfind("/events/", 0) != 0) return "";
  const size_t i = std::stoul(path.substr(8));
  std::string s;
  for (size_t k = i > 2 ? i - 2 : 0; k < std::min(i + 3, doc["events"].size()); ++k)
    s += "\n  " + std::to_string(k) + ": " + doc["events"][k].dump();
  return s;
}

// About 2,000 forged replays in all (8 games x (220 + 40)); each costs a load (schema, derived
// fields) and, when it loads, a re-simulation: about 35 s of one core.
constexpr int kMutationsPerGame = 220;

TEST(ReplayMutation, NoSingleChangeToEventsScoresOrSeedVerifies) {
  struct Game {
    std::string preset;
    uint64_t seed;
  };
  // Random agents visit many kinds of events; one greedy seat wins hands with yaku.
  const Game games[] = {{"riichi", 1},      {"riichi", 2},       {"fuless", 3}, {"ayame-blend", 4},
                        {"dunpai", 5},      {"dunpai", 6},       {"ningbo", 7}, {"ayame-competition", 8}};
  Rng rng(2024);
  int tried = 0, loaded = 0;
  for (const Game& game : games) {
    const Ruleset rules = Preset(game.preset, true);
    std::array<RandomAgent, 3> r;
    GreedyAgent gr;
    GameRecord rec = PlayGame(rules, game.seed, {&r[0], &gr, &r[1], &r[2]});
    rec.agents = {"random", "greedy", "random", "random"};
    ASSERT_TRUE(rec.complete) << rec.error;
    const json doc = ReplayToJson(rec);
    ASSERT_TRUE(Verifies(doc)) << game.preset;
    // What may be forged: the seed, the final result, the hand summaries and every event.
    std::vector<json::json_pointer> leaves;
    for (const char* top : {"seed", "final", "hands", "events"}) Leaves(doc[top], json::json_pointer("/" + std::string(top)), &leaves);
    for (int k = 0; k < kMutationsPerGame; ++k) {
      const json::json_pointer& at = leaves[rng.Below(leaves.size())];
      json forged = doc;
      const json changed = Mutate(doc[at], rng);
      if (changed == doc[at]) continue;
      forged[at] = changed;
      ++tried;
      auto back = ReplayFromJson(forged);
      if (!back) continue;
      ++loaded;
      auto v = VerifyReplay(*back);
      EXPECT_FALSE(v.ok() && v->ok()) << game.preset << " seed " << game.seed << ": " << at.to_string() << " "
                                     << doc[at].dump() << " -> " << changed.dump() << Around(doc, at);
    }
    // Whole events dropped, duplicated or swapped with the next.
    for (int k = 0; k < 40; ++k) {
      json forged = doc;
      json& events = forged["events"];
      const size_t i = 1 + rng.Below(events.size() - 2);
      if (k % 3 == 0) events.erase(events.begin() + static_cast<std::ptrdiff_t>(i));
      else if (k % 3 == 1) events.insert(events.begin() + static_cast<std::ptrdiff_t>(i), events[i]);
      else std::swap(events[i], events[i + 1]);
      if (forged == doc) continue;
      ++tried;
      EXPECT_FALSE(Verifies(forged)) << game.preset << ": event " << i << " (" << k % 3 << ")"
                                     << Around(doc, json::json_pointer("/events/" + std::to_string(i)));
    }
  }
  EXPECT_GT(tried, 1900);
  std::printf("%d forged replays, %d of them loaded, none verified\n", tried, loaded);
}

}  // namespace
}  // namespace replay_mutation_test
}  // namespace mj
