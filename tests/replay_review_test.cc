// replay review (replays/replay_review.h): a game reviewed by the agent that played it agrees
// with every one of that seat's decisions, under every preset (Dunpai's shield and exchange
// decisions, Ningbo's, ...); each seat gets exactly the decisions the engine asked it (counted
// while the game was played); an imported real game is reviewed too.

#include <array>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "agents/registry.h"
#include "engine/game.h"
#include "replays/replay_import.h"
#include "replays/replay_review.h"
#include "rules/ruleset.h"

namespace mj {
namespace {

// Counts the decisions the engine asks its seat (the engine asks only when there is a choice).
class Counting final : public Agent {
 public:
  explicit Counting(std::unique_ptr<Agent> inner) : inner_(std::move(inner)) {}
  [[nodiscard]] std::string Name() const override { return inner_->Name(); }
  void BeginGame(int seat, uint64_t seed) override { inner_->BeginGame(seat, seed); }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    ++asked;
    return inner_->Choose(view, legal);
  }
  int asked = 0;

 private:
  std::unique_ptr<Agent> inner_;
};

struct Played {
  GameRecord record;
  std::array<int, 4> asked{};
};

Played Play(const std::string& preset, uint64_t seed, const std::array<std::string, 4>& specs) {
  auto rules = LoadRuleset(preset);
  EXPECT_TRUE(rules.ok()) << preset;
  std::array<std::unique_ptr<Counting>, 4> agents;
  for (int p = 0; p < 4; ++p) agents[p] = std::make_unique<Counting>(std::move(MakeAgent(specs[p])).value());
  Played out;
  out.record = PlayGame(*rules, seed, {agents[0].get(), agents[1].get(), agents[2].get(), agents[3].get()});
  for (int p = 0; p < 4; ++p) out.asked[p] = agents[p]->asked;
  return out;
}

TEST(ReplayReview, TheAgentThatPlayedAgreesWithItselfUnderEveryPreset) {
  for (const std::string preset : {"riichi", "fuless", "ayame-competition", "dunpai", "ningbo"}) {
    const Played g = Play(preset, 5, {"greedy", "defensive", "random", "greedy"});
    ASSERT_TRUE(g.record.complete) << preset;
    ReviewOptions options;
    options.agent = "greedy";
    auto review = ReviewGame(g.record, options);
    ASSERT_TRUE(review.ok()) << preset << ": " << review.error();
    std::array<int, 4> n{}, agree{};
    for (const ReviewedDecision& d : review->decisions) {
      ++n[d.seat];
      agree[d.seat] += d.match ? 1 : 0;
      EXPECT_GE(d.legal, 2) << preset;
      EXPECT_FALSE(d.loss.has_value()) << "greedy gives no estimates";
    }
    EXPECT_EQ(n, g.asked) << preset << ": one reviewed decision per decision the engine asked";
    EXPECT_EQ(agree[0], n[0]) << preset << ": greedy reviewing its own seat 0";
    EXPECT_EQ(agree[3], n[3]) << preset << ": greedy reviewing its own seat 3";
    EXPECT_LT(agree[2], n[2]) << preset << ": greedy agrees with every random choice";
    const nlohmann::json doc = ReviewToJson(*review, g.record, options, "g.json");
    EXPECT_EQ(doc["summary"][0]["agreement"], 1.0) << preset;
    EXPECT_EQ(doc["summary"][2]["mismatches"].size(), static_cast<size_t>(n[2] - agree[2])) << preset;
  }
}

TEST(ReplayReview, OneSeatOfAnImportedRealGame) {
  auto rec = ImportFile(std::string(MJ_SHARED_DIR) + "/realgames/tenhou6/2017040900gm-00a9-0000-af5434e3.json");
  ASSERT_TRUE(rec.ok()) << rec.error();
  ReviewOptions options;
  options.agent = "defensive";
  options.seats = {false, true, false, false};
  auto review = ReviewGame(*rec, options);
  ASSERT_TRUE(review.ok()) << review.error();
  ASSERT_FALSE(review->decisions.empty());
  // Seat 1's discards in the log are its taken discard decisions (those with a choice).
  int dahai = 0;
  for (const Event& e : rec->events) dahai += e.type == EventType::kDahai && e.actor == 1 ? 1 : 0;
  int discards = 0;
  for (const ReviewedDecision& d : review->decisions) {
    EXPECT_EQ(d.seat, 1);
    discards += d.taken.type == ActionType::kDiscard || d.taken.type == ActionType::kRiichi ? 1 : 0;
  }
  EXPECT_GT(discards, 0);
  EXPECT_LE(discards, dahai);
  auto bad = ReviewGame(*rec, ReviewOptions{"no-such-agent", {true, true, true, true}, 5});
  EXPECT_FALSE(bad.ok());
}

}  // namespace
}  // namespace mj
