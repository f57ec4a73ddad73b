// Dunpai's peach tiles on the mjai wire (docs/MJAI.md "Extensions"): peach tiles are marked on
// their backs, "so every player sees how many peach tiles each other player holds (in hand and in
// shields)" (../shared/RULES.md, dunpai). The server sends every seat "peach_counts" on
// start_kyoku and on each event after which a count changed.
//
// Expected counts are kept here from the full events alone, by the rules: a seat's count is the
// peach copies (the tiles named "3m*", "7m*", ...) it holds in its hand and its shields. Dealt
// tiles (carried shields included) start it; a draw adds; a discard (from the hand, or the
// face-down shield an exchange sends to the river) takes away; the own tiles of a call or kan leave
// for a meld; setting a shield or exchanging a hand tile face up moves a tile within hand and
// shields; lost shields leave: the face-up tiles named, and of the face-down ones the last set
// (all of them but in an overflow, docs/DUNPAI.md).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/wire_events.h"
#include "mjai/wire_writer.h"
#include "replays/replay.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_peach_counts_test {
namespace {

using json = nlohmann::json;

class PeachTracker {
 public:
  explicit PeachTracker(const Ruleset& rules) : rules_(rules) {}

  void Apply(const Event& e) {
    const int a = e.actor;
    switch (e.type) {
      case EventType::kStartKyoku:
        for (int p = 0; p < 4; ++p) {
          count_[p] = 0;
          for (Tile t : e.start->tehais[p]) count_[p] += Peach(t);
          down_[p].clear();
          from_shield_[p] = false;
        }
        break;
      case EventType::kTsumo: count_[a] += Peach(e.pai); break;
      case EventType::kDahai:
        count_[a] -= Peach(e.pai);
        if (from_shield_[a]) {
          auto it = std::find(down_[a].begin(), down_[a].end(), e.pai);
          EXPECT_NE(it, down_[a].end());
          if (it != down_[a].end()) down_[a].erase(it);
          from_shield_[a] = false;
        }
        break;
      case EventType::kChi:
      case EventType::kPon:
      case EventType::kDaiminkan:
      case EventType::kAnkan:
        for (int i = 0; i < e.num_consumed; ++i) count_[a] -= Peach(e.consumed[i]);
        if (e.type == EventType::kAnkan && Peach(e.consumed[0]) + Peach(e.consumed[1]) + Peach(e.consumed[2]) +
                                                   Peach(e.consumed[3]) > 0)
          ++seen_["ankan"];
        break;
      case EventType::kKakan: count_[a] -= Peach(e.pai); break;
      case EventType::kShieldSet: down_[a].push_back(e.pai); break;
      case EventType::kExchange: from_shield_[a] = true; break;
      case EventType::kShieldsLost:
        for (Tile t : e.tiles) count_[a] -= Peach(t);
        for (int k = 0; k < e.count && !down_[a].empty(); ++k) {
          if (Peach(down_[a].back())) ++seen_["face-down peach lost"];
          count_[a] -= Peach(down_[a].back());
          down_[a].pop_back();
        }
        break;
      default: break;
    }
    if (e.type == EventType::kTsumo && Peach(e.pai)) ++seen_["tsumo"];
  }
  [[nodiscard]] const std::array<int, 4>& counts() const { return count_; }
  std::map<std::string, int>& seen() { return seen_; }

 private:
  int Peach(Tile t) const { return t != kNoTile && MjaiTile(t, rules_).ends_with("*") ? 1 : 0; }

  const Ruleset& rules_;
  std::array<int, 4> count_{};
  std::array<std::vector<Tile>, 4> down_;
  std::array<bool, 4> from_shield_{};
  std::map<std::string, int> seen_;
};

// Plays `preset` games; at every event each seat's view carries the counts when they change, and
// the last counts a seat received equal the rules' counts.
void ExpectCountsFollowTheRules(const std::string& preset, uint64_t seed, const std::array<std::string, 4>& specs,
                                std::map<std::string, int>* seen) {
  auto rules = LoadRuleset(preset);
  ASSERT_TRUE(rules.ok()) << rules.error();
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int p = 0; p < 4; ++p) {
    owned[p] = std::move(MakeAgent(specs[p])).value();
    agents[p] = owned[p].get();
  }
  MjaiEventWriter tree(*rules, MjaiDialect::kGimite, {"a", "b", "c", "d"});
  MjaiWireWriter wire(*rules, MjaiDialect::kMortal, {"a", "b", "c", "d"});
  PeachTracker tracker(*rules);
  std::array<std::array<int, 4>, 4> received{};
  int index = 0;
  bool failed = false;
  GameOptions options;
  options.observer = [&](const RoundState& s, const Event& e) {
    ++index;
    const std::array<int, 4> peach = PeachCountsAt(s);
    tree.Next(e, ShownHandAt(s, e), &peach);
    wire.Next(e, ShownHandAt(s, e), &peach);
    tracker.Apply(e);
    for (int seat = 0; seat < 4; ++seat) {
      const json view = tree.ForSeat(seat);
      std::string text;
      wire.AppendForSeat(seat, &text);
      const json wire_view = json::parse(text);
      EXPECT_EQ(view.contains("peach_counts"), wire_view.contains("peach_counts"));
      if (!rules->peach_tiles) {
        EXPECT_FALSE(view.contains("peach_counts")) << preset << ": " << view.dump();
        continue;
      }
      if (e.type == EventType::kStartKyoku) {
        EXPECT_TRUE(view.contains("peach_counts"));
      }
      if (view.contains("peach_counts")) {
        received[seat] = view["peach_counts"].get<std::array<int, 4>>();
        EXPECT_EQ(wire_view["peach_counts"], view["peach_counts"]);
        if (seat == 0 && e.type != EventType::kStartKyoku) ++(*seen)["sent on " + std::string(EventTypeName(e.type))];
      }
      if (!failed && received[seat] != tracker.counts()) {
        failed = true;
        ADD_FAILURE() << preset << " seed " << seed << " event " << index << " (" << EventToJson(e, *rules).dump()
                      << ") seat " << seat << " holds " << json(received[seat]).dump() << ", the rules give "
                      << json(tracker.counts()).dump();
      }
    }
  };
  const GameRecord rec = PlayGame(*rules, seed, agents, options);
  ASSERT_TRUE(rec.complete) << rec.error;
  for (const auto& [k, v] : tracker.seen()) (*seen)[k] += v;
}

TEST(MjaiPeachCounts, DunpaiCountsFollowTheRules) {
  std::map<std::string, int> seen;
  for (uint64_t seed = 1; seed <= 4; ++seed)
    ExpectCountsFollowTheRules("dunpai", seed, {"greedy", "defensive", "random", "greedy"}, &seen);
  // The games hold the cases: peach draws, discards, calls, face-down peach shields lost.
  EXPECT_GT(seen["tsumo"], 0);
  EXPECT_GT(seen["sent on tsumo"], 0);
  EXPECT_GT(seen["sent on dahai"], 0);
  EXPECT_GT(seen["sent on shields_lost"], 0);
  EXPECT_GT(seen["face-down peach lost"], 0);
  for (const auto& [k, v] : seen) std::cout << "  " << k << ": " << v << "\n";
}

TEST(MjaiPeachCounts, NotSentWithoutPeachTiles) {
  std::map<std::string, int> seen;
  for (const char* preset : {"riichi", "ningbo"})
    ExpectCountsFollowTheRules(preset, 1, {"greedy", "defensive", "random", "greedy"}, &seen);
}

}  // namespace
}  // namespace mjai_peach_counts_test
}  // namespace mj
