// The `dunpai` preset's game changes beyond the shields (RULES.md, `dunpai`, "Also in the dunpai
// preset"): everyone starts at 0, riichi costs nothing, no renchan and no honba, riichi with open
// melds, kuikae allowed, and payments by han alone (ron: the discarder pays all; tsumo: thirds
// rounded up to 100, no dealer difference). Scripted games on explicit walls (tests/scenario.h);
// every expected value comes from RULES.md.

#include <gtest/gtest.h>

#include <memory>
#include <optional>

#include "engine/game.h"
#include "engine/invariants.h"
#include "rules/ruleset.h"
#include "tests/scenario.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace dunpai_preset_test {
namespace {

using test::Policy;
using test::PolicyAgent;
using test::ShieldScenario;
using test::ShieldScenarioWall;

const Ruleset& Dunpai() {
  static const Ruleset rules = [] {
    auto r = LoadRuleset("dunpai");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
    return r.ok() ? r.value() : Ruleset{};
  }();
  return rules;
}

Kind K(const std::string& text) { return ParseTile(text)->kind; }

std::vector<const Event*> OfType(const std::vector<Event>& events, EventType t) {
  std::vector<const Event*> out;
  for (const Event& e : events)
    if (e.type == t) out.push_back(&e);
  return out;
}

// A PolicyAgent that also takes one call (`call` of a discard of kind `call_kind`) and records
// the legal actions it is offered from then on.
class CallAgent final : public Agent {
 public:
  CallAgent(Policy p, ActionType call = ActionType::kPass, std::string call_kind = "")
      : inner_(std::move(p)), call_(call), call_kind_(std::move(call_kind)) {}
  [[nodiscard]] std::string Name() const override { return "call"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    if (called_) after_call_.emplace_back(legal.begin(), legal.end());
    if (!called_ && call_ != ActionType::kPass)
      for (const Action& a : legal)
        if (a.type == call_ && KindOf(a.tile) == K(call_kind_)) {
          called_ = true;
          return a;
        }
    return inner_.Choose(view, legal);
  }
  // Every legal-action list offered after the call, in order.
  std::vector<std::vector<Action>> after_call_;

 private:
  PolicyAgent inner_;
  ActionType call_;
  std::string call_kind_;
  bool called_ = false;
};

// Plays `hands` hands, the first on `sc`'s wall (the rest shuffled), checking the 136-tile and
// zero-sum invariants after every event; `extra` runs after every event too.
GameRecord PlayScripted(const ShieldScenario& sc, const std::array<Agent*, 4>& agents, int hands,
                        const EventObserver& extra = nullptr) {
  GameOptions options;
  options.wall_for_hand = [&](int hand) { return hand == 0 ? std::optional<Wall>(sc.wall) : std::nullopt; };
  options.max_hands = hands;
  options.observer = [&](const RoundState& s, const Event& e) {
    const std::string broken = CheckInvariants(s, 0);
    ASSERT_EQ(broken, "") << "after " << EventTypeName(e.type);
    if (extra) extra(s, e);
  };
  GameRecord rec = PlayGame(Dunpai(), 7, agents, options);
  EXPECT_TRUE(rec.complete) << rec.error;
  return rec;
}

// The common deal: tests/scenario.h (kShieldDeal, ShieldDealPolicies).
const std::array<std::string, 4>& kHands = test::kShieldDeal;
std::array<Policy, 4> BasePolicies() { return test::ShieldDealPolicies(); }

TEST(DunpaiPreset, EveryoneStartsAtZeroAndRiichiCostsNothing) {
  // Seat 1 (tenpai, with 0 points) declares riichi on its first draw; nobody wins; exhaustive draw.
  const ShieldScenario sc = ShieldScenarioWall(kHands, "1z6s3z4z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[1].riichi = true;
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  int accepted_checks = 0;
  const GameRecord rec = PlayScripted(sc, {&a0, &a1, &a2, &a3}, 2, [&](const RoundState& s, const Event& e) {
    if (e.type == EventType::kReachAccepted) {
      ++accepted_checks;
      EXPECT_EQ(s.scores, (std::array<int, 4>{0, 0, 0, 0}));  // no deposit taken
      EXPECT_EQ(s.riichi_sticks, 0);                          // no stick on the table
    }
  });
  const auto starts = OfType(rec.events, EventType::kStartKyoku);
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_EQ(starts[0]->start->scores, (std::array<int, 4>{0, 0, 0, 0}));
  EXPECT_EQ(starts[0]->start->kyotaku, 0);
  const auto reach = OfType(rec.events, EventType::kReach);
  ASSERT_EQ(reach.size(), 1u) << "a riichi at 0 points must be legal: no deposit to pay";
  EXPECT_EQ(reach[0]->actor, 1);
  EXPECT_EQ(accepted_checks, 1);
  // Exhaustive draw, seat 1 alone tenpai: 3000 noten payment (1000 from each noten seat), and
  // no riichi stick went anywhere.
  const auto draws = OfType(rec.events, EventType::kRyukyoku);
  ASSERT_GE(draws.size(), 1u);
  EXPECT_EQ(draws[0]->ryukyoku->reason, DrawReason::kExhaustive);
  EXPECT_EQ(starts[1]->start->kyotaku, 0);
  EXPECT_EQ(starts[1]->start->scores, (std::array<int, 4>{-1000, 3000, -1000, -1000}));
}

// The dealer keeps 123m456m789m45p11s (ittsu + pinfu shape, waits 3p 6p) with 7z7z as shields and
// discards 7z first; seat 1 keeps 2468m23489p2468s with 5z5z.
const std::array<std::string, 4> kDealerTenpai{"123m456m789m45p11s777z", "2468m23489p2468s5z5z", "13579m13579s6666z5z",
                                               "1479m1479p1479s1z2z3z"};

TEST(DunpaiPreset, DealerRonIsPaidByTheDiscarderAndPassesTheDealWithoutHonba) {
  // Seat 1 discards 3p on its first turn; the dealer rons: ittsu 2 + pinfu 1 = 3 han = 4000
  // (renroku is not counted with ittsu: docs/DUNPAI.md),
  // all from the discarder. Then the deal passes to seat 1 with honba 0.
  const ShieldScenario sc = ShieldScenarioWall(kDealerTenpai, "1z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[0].win = true;
  policy[1].discards = "3p";
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  const GameRecord rec = PlayScripted(sc, {&a0, &a1, &a2, &a3}, 2);
  const auto horas = OfType(rec.events, EventType::kHora);
  ASSERT_GE(horas.size(), 1u);
  const Event& h = *horas[0];
  EXPECT_EQ(h.actor, 0);
  EXPECT_EQ(h.target, 1);
  EXPECT_EQ(KindOf(h.pai), K("3p"));
  EXPECT_EQ(h.hora->deltas, (std::array<int, 4>{4000, -4000, 0, 0}));
  const auto starts = OfType(rec.events, EventType::kStartKyoku);
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_EQ(starts[1]->start->oya, 1);  // no renchan
  EXPECT_EQ(starts[1]->start->honba, 0);
  EXPECT_EQ(starts[1]->start->kyotaku, 0);
  EXPECT_EQ(starts[1]->start->scores, (std::array<int, 4>{4000, -4000, 0, 0}));
}

TEST(DunpaiPreset, DealerTsumoIsPaidInThirdsWithNoDealerDifferenceAndPassesTheDeal) {
  // Seats 1-3 draw and discard 1z 6s 3z; the dealer draws 3p: ittsu 2 + pinfu 1 + menzen tsumo 1
  // = 4 han = 8000, a third each rounded up to 100: 2700 from every other seat (dealer or not
  // makes no difference). Then the deal passes to seat 1 with honba 0.
  const ShieldScenario sc = ShieldScenarioWall(kDealerTenpai, "1z6s3z3p");
  std::array<Policy, 4> policy = BasePolicies();
  policy[0].win = true;
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  const GameRecord rec = PlayScripted(sc, {&a0, &a1, &a2, &a3}, 2);
  const auto horas = OfType(rec.events, EventType::kHora);
  ASSERT_GE(horas.size(), 1u);
  const Event& h = *horas[0];
  EXPECT_EQ(h.actor, 0);
  EXPECT_EQ(h.target, 0);
  EXPECT_TRUE(OfType(rec.events, EventType::kProtection).empty());
  EXPECT_EQ(h.hora->deltas, (std::array<int, 4>{8100, -2700, -2700, -2700}));
  const auto starts = OfType(rec.events, EventType::kStartKyoku);
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_EQ(starts[1]->start->oya, 1);
  EXPECT_EQ(starts[1]->start->honba, 0);
}

TEST(DunpaiPreset, OneHanTsumoPaysFourHundredEach) {
  // The dealer keeps 123m 678p 234s 555s 9m (no two sequences k, k+3 of a suit: no renroku; a
  // pung: no pinfu) and draws 9m: menzen tsumo alone, 1 han = 1000, a third is 333.3, rounded up
  // to 400 from each other seat.
  const ShieldScenario sc = ShieldScenarioWall(
      {"123m678p234555s9m777z", "2468m2489p2468s1z5z5z", "13579m13579s6666z5z", "1479m1479p1479s1z2z3z"},
      "1z6s3z9m");
  std::array<Policy, 4> policy = BasePolicies();
  policy[0].win = true;
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  const GameRecord rec = PlayScripted(sc, {&a0, &a1, &a2, &a3}, 1);
  const auto horas = OfType(rec.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  const Event& h = *horas[0];
  EXPECT_EQ(h.actor, 0);
  EXPECT_EQ(h.target, 0);
  EXPECT_EQ(h.hora->deltas, (std::array<int, 4>{1200, -400, -400, -400}));
}

TEST(DunpaiPreset, RiichiIsLegalWithAnOpenMeld) {
  // Seat 1 keeps 123m456m789m45p22s, pons the dealer's 2s, discards 5p (tenpai: ittsu, 4p tanki)
  // and on its next draw (4z) may declare riichi; it does.
  const ShieldScenario sc = ShieldScenarioWall(
      {"2468m2489p2468s7777z", "123m456m789m45p22s5z5z", "13579m13579s6666z5z", "1479m1479p1479s1z2z3z"},
      "1z6s3z4z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[0].discards = "2s";
  policy[1].discards = "5p";
  policy[1].riichi = true;
  PolicyAgent a0(policy[0]), a2(policy[2]), a3(policy[3]);
  CallAgent a1(policy[1], ActionType::kPon, "2s");
  bool reach_with_meld = false;
  const GameRecord rec = PlayScripted(sc, {&a0, &a1, &a2, &a3}, 1, [&](const RoundState& s, const Event& e) {
    if (e.type == EventType::kReach && e.actor == 1) reach_with_meld = !s.seats[1].melds.empty();
  });
  const auto pons = OfType(rec.events, EventType::kPon);
  ASSERT_EQ(pons.size(), 1u);
  EXPECT_EQ(pons[0]->actor, 1);
  // A later turn (the drawn 4z) offers riichi.
  bool offered = false;
  for (const auto& legal : a1.after_call_)
    for (const Action& a : legal) offered = offered || a.type == ActionType::kRiichi;
  EXPECT_TRUE(offered);
  const auto reach = OfType(rec.events, EventType::kReach);
  ASSERT_EQ(reach.size(), 1u);
  EXPECT_EQ(reach[0]->actor, 1);
  EXPECT_TRUE(reach_with_meld);
  EXPECT_EQ(OfType(rec.events, EventType::kReachAccepted).size(), 1u);
}

TEST(DunpaiPreset, KuikaeIsAllowed) {
  // Seat 1 keeps 123m456m789m345p1s, chis the dealer's 5p with 34p and discards its own 5p (the
  // same kind as the called tile): tenpai on 1s.
  const ShieldScenario sc = ShieldScenarioWall(
      {"2468m2489p2468s5p777z", "123m456m789m345p1s5z5z", "13579m13579s6666z5z", "1479m1479p1479s1z2z3z"}, "1z6s3z4z");
  std::array<Policy, 4> policy = BasePolicies();
  policy[0].discards = "5p";
  policy[1].discards = "5p";
  PolicyAgent a0(policy[0]), a2(policy[2]), a3(policy[3]);
  CallAgent a1(policy[1], ActionType::kChi, "5p");
  const GameRecord rec = PlayScripted(sc, {&a0, &a1, &a2, &a3}, 1);
  const auto chis = OfType(rec.events, EventType::kChi);
  ASSERT_EQ(chis.size(), 1u);
  EXPECT_EQ(chis[0]->actor, 1);
  EXPECT_EQ(KindOf(chis[0]->pai), K("5p"));
  // The discard right after the chi may be the same kind.
  ASSERT_GE(a1.after_call_.size(), 1u);
  bool legal = false;
  for (const Action& a : a1.after_call_[0]) legal = legal || (a.type == ActionType::kDiscard && KindOf(a.tile) == K("5p"));
  EXPECT_TRUE(legal);
  const Event& next = *(chis[0] + 1);
  EXPECT_EQ(next.type, EventType::kDahai);
  EXPECT_EQ(next.actor, 1);
  EXPECT_EQ(KindOf(next.pai), K("5p"));
}

// Nagashi mangan stays on in the dunpai preset (docs/DUNPAI.md): it is paid as a 4-han hand,
// 8000, by tsumo in thirds with no dealer difference: 8000 / 3 = 2666.7 -> 2700 from each.
TEST(DunpaiPreset, NagashiManganIsPaidAsAFourHanTsumoInThirds) {
  // The common deal; seat 1 then draws (and discards) only terminals and honours for the whole
  // hand, the others only simples first. 75 draws, seat 1 first (the dealer starts with 16).
  KindCounts left{};
  for (int k = 0; k < kNumKinds; ++k) left[k] = 4;
  for (const std::string& hand : kHands) {
    const auto tiles = ParseTiles(hand);
    for (const TileSpec& t : tiles.value()) --left[t.kind];
  }
  std::string draws;
  auto take = [&](bool orphan) {
    for (int pass = 0; pass < 2; ++pass) {  // the wanted sort first, then anything left
      for (int k = 0; k < kNumKinds; ++k) {
        if (left[k] == 0 || (pass == 0 && IsTerminalOrHonor(static_cast<Kind>(k)) != orphan)) continue;
        --left[k];
        draws += FormatKind(static_cast<Kind>(k));
        return;
      }
    }
  };
  for (int i = 0; i < 75; ++i) take(/*orphan=*/(1 + i) % 4 == 1);
  const ShieldScenario sc = ShieldScenarioWall(kHands, draws);
  std::array<Policy, 4> policy = BasePolicies();
  PolicyAgent a0(policy[0]), a1(policy[1]), a2(policy[2]), a3(policy[3]);
  const GameRecord rec = PlayScripted(sc, {&a0, &a1, &a2, &a3}, 1);
  const auto draws_ev = OfType(rec.events, EventType::kRyukyoku);
  ASSERT_EQ(draws_ev.size(), 1u);
  const RyukyokuInfo& r = *draws_ev[0]->ryukyoku;
  EXPECT_EQ(r.reason, DrawReason::kExhaustive);
  EXPECT_EQ(r.nagashi, (std::array<bool, 4>{false, true, false, false}));
  EXPECT_EQ(r.deltas, (std::array<int, 4>{-2700, 8100, -2700, -2700}));
}

}  // namespace
}  // namespace dunpai_preset_test
}  // namespace mj
