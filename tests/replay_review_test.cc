// replay review (replays/replay_review.h): a game reviewed by the agent that played it agrees
// with every one of that seat's decisions, under every preset (Dunpai's shield and exchange
// decisions, Ningbo's, ...); each seat gets exactly the decisions the engine asked it (counted
// while the game was played); an imported real game is reviewed too.

#include <algorithm>
#include <array>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "agents/registry.h"
#include "engine/game.h"
#include "formats/replay_import.h"
#include "review/replay_review.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace replay_review_test {
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
  ReviewOptions unknown;
  unknown.agent = "no-such-agent";
  EXPECT_FALSE(ReviewGame(*rec, unknown).ok());
}

// An agent with estimates: a discard is worth its tile's kind number (0 = 1m ... 33 = red dragon),
// anything else -1; it plays the best. The review's losses must be what these values give.
class KindValue final : public Agent {
 public:
  [[nodiscard]] std::string Name() const override { return "kind-value"; }
  static double Value(const Action& a) { return a.type == ActionType::kDiscard ? KindOf(a.tile) : -1.0; }
  [[nodiscard]] Action Choose(const PlayerView&, std::span<const Action> legal) override {
    return *std::max_element(legal.begin(), legal.end(), [](const Action& x, const Action& y) { return Value(x) < Value(y); });
  }
  [[nodiscard]] std::vector<ActionEstimate> Evaluate(const PlayerView&, std::span<const Action> legal) override {
    std::vector<ActionEstimate> out;
    for (const Action& a : legal) out.push_back({a, Value(a), 0.25, 0.125, a.type == ActionType::kDiscard ? "" : "other"});
    return out;
  }
};

TEST(ReplayReview, LossesAreTheEstimatesOfTheBestAndTheTakenAction) {
  const Played g = Play("riichi", 9, {"greedy", "greedy", "greedy", "greedy"});
  ReviewOptions options;
  options.make_agent = [] { return std::make_unique<KindValue>(); };
  options.top = 3;
  auto review = ReviewGame(g.record, options);
  ASSERT_TRUE(review.ok()) << review.error();
  EXPECT_TRUE(review->estimates);
  int checked = 0;
  for (const ReviewedDecision& d : review->decisions) {
    ASSERT_TRUE(d.loss.has_value());
    ASSERT_FALSE(d.estimates.empty());
    // Best first; the top 3 plus the taken and the chosen action when they are not among them.
    for (size_t i = 1; i < d.estimates.size(); ++i) EXPECT_GE(d.estimates[i - 1].value, d.estimates[i].value);
    EXPECT_LE(d.estimates.size(), 5u);
    const double best = d.estimates.front().value;
    EXPECT_DOUBLE_EQ(*d.loss, best - KindValue::Value(d.taken));
    if (d.match) {
      EXPECT_EQ(KindValue::Value(d.choice), KindValue::Value(d.taken));
    }
    if (KindValue::Value(d.choice) != KindValue::Value(d.taken)) {
      EXPECT_FALSE(d.match);
    }
    if (d.taken.type == ActionType::kDiscard) ++checked;
  }
  EXPECT_GT(checked, 100);
  const nlohmann::json doc = ReviewToJson(*review, g.record, options, "g.json");
  EXPECT_TRUE(doc["estimates"].get<bool>());
  EXPECT_EQ(doc["decisions"][0]["estimates"][0]["win"], 0.25);
  EXPECT_FALSE(doc["summary"][0]["largest_losses"].empty());
}

}  // namespace
}  // namespace replay_review_test
}  // namespace mj
