// The `ningbo` preset's game (RULES.md `ningbo`, seed 004): no riichi; all three others pay the
// winner even on a ron (三家払い), the dealer double; the losers settle among themselves by their
// own hands (サイド); 地和 = a non-dealer's ron on the dealer's first discard (half limit);
// 十三不搭 wins on the dealt 13 tiles; pao for a one-suit hand's fourth meld; the nine-terminal
// draw only without a terminal/honour pair; an exhaustive draw passes the deal even when the
// dealer is tenpai. Scripted hands on explicit walls (tests/scenario.h); every expected number
// is worked out by hand from RULES.md and written next to it.

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <utility>

#include "engine/game.h"
#include "engine/invariants.h"
#include "rules/ruleset.h"
#include "tests/scenario.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace ningbo_engine_test {
namespace {

using test::Policy;
using test::PolicyAgent;
using test::ScenarioWall;

const Ruleset& Preset(const std::string& name) {
  static std::map<std::string, Ruleset> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    auto r = LoadRuleset(name);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
    it = cache.emplace(name, r.ok() ? r.value() : Ruleset{}).first;
  }
  return it->second;
}

Kind K(const std::string& text) { return ParseTile(text)->kind; }

std::vector<const Event*> OfType(const std::vector<Event>& events, EventType t) {
  std::vector<const Event*> out;
  for (const Event& e : events)
    if (e.type == t) out.push_back(&e);
  return out;
}

// Plays `hands` hands under `rules`, the first on `wall`, checking the zero-sum and 136-tile
// invariants after every event.
GameRecord Play(const Ruleset& rules, const Wall& wall, const std::array<Agent*, 4>& agents, int hands) {
  GameOptions options;
  options.wall_for_hand = [&](int hand) { return hand == 0 ? std::optional<Wall>(wall) : std::nullopt; };
  options.max_hands = hands;
  options.observer = [&](const RoundState& s, const Event& e) {
    const std::string broken = CheckInvariants(s, 4 * rules.starting_points);
    ASSERT_EQ(broken, "") << "after " << EventTypeName(e.type);
  };
  GameRecord rec = PlayGame(rules, 11, agents, options);
  EXPECT_TRUE(rec.complete) << rec.error;
  return rec;
}

// Records every legal-action list it is offered, then plays as its policy says.
class RecordingAgent final : public Agent {
 public:
  explicit RecordingAgent(Policy p) : inner_(std::move(p)) {}
  [[nodiscard]] std::string Name() const override { return "recording"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    offered_.emplace_back(legal.begin(), legal.end());
    return inner_.Choose(view, legal);
  }
  [[nodiscard]] bool EverOffered(ActionType t) const {
    for (const auto& list : offered_)
      for (const Action& a : list)
        if (a.type == t) return true;
    return false;
  }

 private:
  PolicyAgent inner_;
  std::vector<std::vector<Action>> offered_;
};

// Side settlement hands: the dealer holds a concealed pung of 7z (chun), seat 3 a pair of 6z
// (hatsu), seat 2 nothing of value. Seat 1 waits on 1s/4s with a 5z (haku) pair.
const std::array<std::string, 4> kSideDeal{"777z159m269p37s12z", "123m456m789m23s55z", "378m158p3p159s246z",
                                           "66z26m3479p268s13z"};

TEST(NingboEngine, RonIsPaidByAllThreeAndTheLosersSettleAmongThemselves) {
  // Draws: dealer 9s (discarded), seat 1 9p (discarded), seat 2 4s (discarded) -> seat 1 rons.
  // Seat 1: 10 base + 2 (haku pair) = 12 fu; 1s/4s is two chances (no single-wait fu); a ron
  // earns no tsumo fu; 0 fan -> 12 a share: the dealer pays 24, seats 2 and 3 pay 12 each (+48).
  // Side settlement (hand values as each loser holds its 13 dealt tiles): dealer 10 + 8 (closed
  // honour pung) = 18, x2 (chun) = 36; seat 2: 10; seat 3: 10 + 2 (hatsu pair) = 12.
  //   dealer-seat2: (36-10) x 2 (dealer) = 52 to the dealer; dealer-seat3: (36-12) x 2 = 48 to
  //   the dealer; seat3-seat2: 12 - 10 = 2 to seat 3.
  //   side: dealer +100, seat 2 -54, seat 3 -46.
  // Total: dealer -24 + 100 = +76, seat 1 +48, seat 2 -12 - 54 = -66, seat 3 -12 - 46 = -58.
  const Wall wall = ScenarioWall(kSideDeal, "9s9p4s");
  Policy p1;
  p1.win = true;
  p1.riichi = true;  // asks for riichi whenever offered: Ningbo never offers it
  PolicyAgent a0({}), a2({}), a3({});
  RecordingAgent a1(p1);
  const GameRecord rec = Play(Preset("ningbo"), wall, {&a0, &a1, &a2, &a3}, 1);
  EXPECT_FALSE(a1.EverOffered(ActionType::kRiichi));
  EXPECT_TRUE(OfType(rec.events, EventType::kReach).empty());
  const auto horas = OfType(rec.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  const HoraInfo& h = *horas[0]->hora;
  EXPECT_EQ(horas[0]->actor, 1);
  EXPECT_EQ(horas[0]->target, 2);
  EXPECT_EQ(h.score.fu, 12);
  EXPECT_EQ(h.score.han_sixths, 0);
  EXPECT_EQ(h.score.total, 48);
  ASSERT_TRUE(h.side);
  EXPECT_EQ(h.side_values, (std::array<int, 4>{36, -1, 10, 12}));
  EXPECT_EQ(h.side_deltas, (std::array<int, 4>{100, 0, -54, -46}));
  EXPECT_EQ(h.deltas, (std::array<int, 4>{76, 48, -66, -58}));
}

TEST(NingboEngine, ChiihouIsARonOnTheDealersFirstDiscardForHalfTheLimit) {
  // The dealer draws 4s and discards it at once; seat 1 rons: 地和 = the half limit, 150 a share:
  // the dealer pays 300, seats 2 and 3 150 each: +600. Side settlement as above (+100, -54, -46).
  const Wall wall = ScenarioWall(kSideDeal, "4s");
  Policy p1;
  p1.win = true;
  PolicyAgent a0({}), a1(p1), a2({}), a3({});
  const GameRecord rec = Play(Preset("ningbo"), wall, {&a0, &a1, &a2, &a3}, 1);
  const auto horas = OfType(rec.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  const HoraInfo& h = *horas[0]->hora;
  bool chiihou = false;
  for (const YakuEntry& y : h.score.yaku) chiihou = chiihou || y.id == YakuId::kChiihou;
  EXPECT_TRUE(chiihou);
  EXPECT_EQ(h.score.limit, Limit::kHalfLimit);  // seed (F) 半満貫: 地和; no yakuman
  EXPECT_EQ(h.score.yakuman, 0);
  EXPECT_EQ(h.score.total, 600);
  EXPECT_EQ(h.deltas, (std::array<int, 4>{-300 + 100, 600, -150 - 54, -150 - 46}));
}

TEST(NingboEngine, ThirteenUnconnectedWinsOnTheFirstDraw) {
  // Seat 1 is dealt 147s 258p 369m 7z6z1z2z (the seed's example of 十三不搭, in other suits) and
  // wins at its first draw whatever it draws: the limit, 300 a share: the dealer pays 600, the
  // others 300 each: +1200. The other hands are worth 10 each (no pung, no pair of value), so the
  // side settlement moves nothing.
  const std::array<std::string, 4> deal{"13579m2468p159s4z", "147s258p369m1267z", "2468m1357p2468s3z",
                                        "124578m13679p3s5z"};
  const Wall wall = ScenarioWall(deal, "9p8s");
  Policy p1;
  p1.win = true;
  PolicyAgent a0({}), a1(p1), a2({}), a3({});
  const GameRecord rec = Play(Preset("ningbo"), wall, {&a0, &a1, &a2, &a3}, 1);
  const auto horas = OfType(rec.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  const HoraInfo& h = *horas[0]->hora;
  EXPECT_EQ(horas[0]->actor, 1);
  EXPECT_EQ(horas[0]->target, 1);
  bool unconnected = false;
  for (const YakuEntry& y : h.score.yaku) unconnected = unconnected || y.id == YakuId::kThirteenUnconnected;
  EXPECT_TRUE(unconnected);
  EXPECT_EQ(h.score.limit, Limit::kLimit);  // seed (G)(ヘ) 満貫: 十三不搭
  EXPECT_EQ(h.score.yakuman, 0);
  EXPECT_EQ(h.side_deltas, (std::array<int, 4>{0, 0, 0, 0}));
  EXPECT_EQ(h.deltas, (std::array<int, 4>{-600, 1200, -300, -300}));
}

// Seat 1 calls pon on 1m, 2m, 3m and chi on 5m (with 4m6m), discarding an honour each time, then
// waits on 9m alone. Every other seat discards what it draws and passes.
class OneSuitCaller final : public Agent {
 public:
  [[nodiscard]] std::string Name() const override { return "one-suit"; }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    static const std::pair<ActionType, const char*> kCalls[] = {
        {ActionType::kPon, "1m"}, {ActionType::kPon, "2m"}, {ActionType::kPon, "3m"}, {ActionType::kChi, "5m"}};
    if (next_ < 4)
      for (const Action& a : legal)
        if (a.type == kCalls[next_].first && KindOf(a.tile) == K(kCalls[next_].second)) {
          ++next_;
          return a;
        }
    for (const Action& a : legal)
      if (a.type == ActionType::kTsumo || a.type == ActionType::kRon) return a;
    for (const Action& a : legal)  // after a call: an honour
      if (a.type == ActionType::kDiscard && view.drawn() == kNoTile && IsHonor(KindOf(a.tile))) return a;
    for (const Action& a : legal)
      if (a.type == ActionType::kDiscard && a.tile == view.drawn()) return a;
    for (const Action& a : legal)
      if (a.type == ActionType::kPass) return a;
    return legal.front();
  }

 private:
  size_t next_ = 0;
};

TEST(NingboEngine, WhoFeedsTheFourthMeldOfAOneSuitHandPaysForIt) {
  // Draws: dealer 1m (pon by seat 1), seat 2 2m (pon), seat 2 3m (pon), seat 2 1p, seat 3 3p,
  // dealer 5m (chi by seat 1: its fourth manzu meld, fed by the dealer), seat 2 2s, seat 3 4s,
  // dealer 6s, seat 1 9m: tsumo.
  // Seat 1: 10 base + pon 1m (open terminal pung) 4 + pon 2m 2 + pon 3m 2 + chi 0 + single wait
  // on 9m (the only winning tile) 2 + tsumo 2 = 22 fu; chinitsu 3 fan: 22 x 8 = 176 a share:
  // 352 (dealer) + 176 + 176 = 704, all paid by the dealer (pao). The losers hold no pung and
  // no pair of value: 10 each, no side payments.
  const std::array<std::string, 4> deal{"2468p13579s2346z", "112233m469m1234z", "13579p2468s57z78m",
                                        "4689p159s3567z78m"};
  const Wall wall = ScenarioWall(deal, "1m2m3m1p3p5m2s4s6s9m");
  OneSuitCaller a1;
  PolicyAgent a0({}), a2({}), a3({});
  const GameRecord rec = Play(Preset("ningbo"), wall, {&a0, &a1, &a2, &a3}, 1);
  EXPECT_EQ(OfType(rec.events, EventType::kPon).size(), 3u);
  EXPECT_EQ(OfType(rec.events, EventType::kChi).size(), 1u);
  const auto horas = OfType(rec.events, EventType::kHora);
  ASSERT_EQ(horas.size(), 1u);
  const HoraInfo& h = *horas[0]->hora;
  EXPECT_EQ(horas[0]->actor, 1);
  EXPECT_EQ(h.score.fu, 22);
  EXPECT_EQ(h.score.han_sixths, 18);
  EXPECT_EQ(h.score.total, 704);
  EXPECT_EQ(h.pao, 0);
  EXPECT_EQ(h.deltas, (std::array<int, 4>{-704, 704, 0, 0}));

  // Without the one-suit pao each pays its own share.
  Ruleset no_pao = Preset("ningbo");
  no_pao.pao_one_suit = false;
  OneSuitCaller b1;
  PolicyAgent b0({}), b2({}), b3({});
  const GameRecord rec2 = Play(no_pao, wall, {&b0, &b1, &b2, &b3}, 1);
  const auto horas2 = OfType(rec2.events, EventType::kHora);
  ASSERT_EQ(horas2.size(), 1u);
  EXPECT_EQ(horas2[0]->hora->pao, -1);
  EXPECT_EQ(horas2[0]->hora->deltas, (std::array<int, 4>{-352, 704, -176, -176}));
}

TEST(NingboEngine, NineTerminalsNeedNoPairAmongThem) {
  // The dealer holds 1m1m 9m 1p 9p 1s 9s 1z 2z 3z (nine kinds, 1m paired) and draws 5p.
  const std::array<std::string, 4> deal{"119m19p19s123z456p", "23m456m789m23s55z9p", "378m158p3p159s246z",
                                        "66z26m3479p268s13z"};
  const Wall wall = ScenarioWall(deal, "5p");
  RecordingAgent ningbo_dealer({});
  PolicyAgent a1({}), a2({}), a3({});
  (void)Play(Preset("ningbo"), wall, {&ningbo_dealer, &a1, &a2, &a3}, 1);
  EXPECT_FALSE(ningbo_dealer.EverOffered(ActionType::kNineTerminals));
  // Riichi (Tenhou) counts kinds: nine different terminals/honours are enough, pair or not.
  RecordingAgent riichi_dealer({});
  PolicyAgent b1({}), b2({}), b3({});
  (void)Play(Preset("riichi"), wall, {&riichi_dealer, &b1, &b2, &b3}, 1);
  EXPECT_TRUE(riichi_dealer.EverOffered(ActionType::kNineTerminals));
}

TEST(NingboEngine, AnExhaustiveDrawPassesTheDealEvenWhenTheDealerIsTenpai) {
  // The dealer is dealt 123m456m789m23s55z (tenpai on 1s/4s) and everyone discards what it draws;
  // nobody wins (no policy wins). Ningbo: the next hand's dealer is seat 1. Riichi keeps the deal.
  const std::array<std::string, 4> deal{"123m456m789m23s55z", "378m158p3p159s246z", "66z26m3479p268s13z",
                                        "24568p79s3467z4m1p"};
  const Wall wall = ScenarioWall(deal, "");
  for (const char* preset : {"ningbo", "riichi"}) {
    SCOPED_TRACE(preset);
    PolicyAgent a0({}), a1({}), a2({}), a3({});
    const GameRecord rec = Play(Preset(preset), wall, {&a0, &a1, &a2, &a3}, 2);
    const auto draws = OfType(rec.events, EventType::kRyukyoku);
    ASSERT_GE(draws.size(), 1u);
    ASSERT_EQ(draws[0]->ryukyoku->reason, DrawReason::kExhaustive);
    ASSERT_TRUE(draws[0]->ryukyoku->tenpai[0]);
    const auto starts = OfType(rec.events, EventType::kStartKyoku);
    ASSERT_EQ(starts.size(), 2u);
    EXPECT_EQ(starts[1]->start->oya, std::string(preset) == "ningbo" ? 1 : 0);
    if (std::string(preset) == "ningbo") {  // no noten payments
      EXPECT_EQ(draws[0]->ryukyoku->deltas, (std::array<int, 4>{0, 0, 0, 0}));
    }
  }
}

}  // namespace
}  // namespace ningbo_engine_test
}  // namespace mj
