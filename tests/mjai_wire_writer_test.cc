// MjaiWireWriter (mjai/wire_writer.h), the streamed text of each event as a seat receives it,
// against the reference form it replaces on the wire: MjaiEventWriter's JSON tree per seat
// (mjai/wire_events.h), dumped by nlohmann. Whole engine games of every preset in both
// dialects, every event for every seat (and the unmasked view), with and without the empty
// hints, and the members a server adds to an asked event, must give the same bytes.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/wire_events.h"
#include "mjai/wire_writer.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_wire_writer_test {
namespace {

using json = nlohmann::json;

// The hint the reference form adds to an event before sending it (MjaiTable, lock-step).
bool TakesEmptyHints(EventType type, int actor, int seat) {
  return (type == EventType::kTsumo && actor == seat) ||
         ((type == EventType::kDahai || type == EventType::kKakan) && actor != seat);
}

// Feeds `events` to both writers and compares every view. Counts what was compared in `seen`
// (event type name -> views; "hidden ..." for views that differ from the unmasked one).
void CompareGame(const std::vector<Event>& events, const Ruleset& rules, MjaiDialect dialect,
                 const std::array<std::string, 4>& names, std::map<std::string, int>* seen) {
  MjaiEventWriter reference(rules, dialect, names);
  MjaiWireWriter wire(rules, dialect, names);
  std::array<std::vector<Tile>, 4> dealt;
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    // An open riichi's shown hand ("tehai"): here the declarer's dealt tiles (the form is compared).
    if (e.type == EventType::kStartKyoku && e.start) dealt = e.start->tehais;
    std::span<const Tile> shown;
    if (e.type == EventType::kReach && e.open && e.actor >= 0 && e.actor < 4) shown = dealt[e.actor];
    // Peach counts (rules.peach_tiles): here changing every few events (the form is compared).
    const std::array<int, 4> peach{static_cast<int>(i % 2), static_cast<int>(i / 5 % 3), 0, 1};
    reference.Next(e, shown, &peach);
    wire.Next(e, shown, &peach);
    ASSERT_EQ(wire.type(), reference.type());
    ASSERT_EQ(wire.actor(), reference.actor());
    const std::string full = reference.ForSeat(-1).dump();
    for (int seat = -1; seat < 4; ++seat) {
      json view = reference.ForSeat(seat);
      std::string text;
      wire.AppendForSeat(seat, &text);
      ASSERT_EQ(text, view.dump()) << "event " << i << " seat " << seat;
      const std::string name(EventTypeName(e.type));
      ++(*seen)[name];
      if (seat >= 0 && view.dump() != full) ++(*seen)["hidden " + name];

      if (seat >= 0 && TakesEmptyHints(e.type, e.actor, seat)) {
        json hinted = view;
        hinted["possible_actions"] = json::array();
        text.clear();
        wire.AppendForSeat(seat, &text, /*empty_hints=*/true);
        ASSERT_EQ(text, hinted.dump()) << "event " << i << " seat " << seat << " with empty hints";
      }
      // What a server adds to the event it asks about, inserted into the text at a place inside
      // a longer buffer (as in a batch), and replacing a member that is there.
      const std::string before = "[{\"x\":1},";
      std::string batch = before;
      wire.AppendForSeat(seat, &batch);
      json asked = view;
      const json hints = json::array({json{{"actor", 0}, {"type", "hora"}}, json{{"type", "reach"}}});
      size_t end = batch.size();
      end += InsertMember(&batch, before.size(), end, "possible_actions", hints.dump());
      asked["possible_actions"] = hints;
      end += InsertMember(&batch, before.size(), end, "shield_set_due", "true");
      asked["shield_set_due"] = true;
      end += InsertMember(&batch, before.size(), end, "dahai_due", "true");
      asked["dahai_due"] = true;
      end += InsertMember(&batch, before.size(), end, "possible_actions", "[]");
      asked["possible_actions"] = json::array();
      ASSERT_EQ(end, batch.size());
      ASSERT_EQ(batch, before + asked.dump()) << "event " << i << " seat " << seat << " with members added";
    }
  }
}

std::vector<Event> Played(const Ruleset& rules, uint64_t seed, const std::array<std::string, 4>& specs) {
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = MakeAgent(specs[s]).value();
    agents[s] = owned[s].get();
  }
  return PlayGame(rules, seed, agents).events;
}

TEST(MjaiWireWriter, SameBytesAsTheTreeOverWholeGamesOfEveryPreset) {
  // Names with characters JSON escapes, and one that is not ASCII.
  const std::array<std::string, 4> names = {"greedy", "say \"hi\"\\", "tab\there", "盾牌 bot"};
  const std::array<std::array<std::string, 4>, 2> tables = {
      std::array<std::string, 4>{"greedy", "defensive", "random", "greedy"},
      std::array<std::string, 4>{"random", "random", "greedy", "random"}};
  for (const char* preset : {"riichi", "fuless", "ayame-blend", "ayame-competition", "ningbo", "dunpai"}) {
    SCOPED_TRACE(preset);
    const Ruleset rules = LoadRuleset(preset).value();
    std::map<std::string, int> seen;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      const std::vector<Event> events = Played(rules, seed, tables[seed % 2]);
      for (MjaiDialect d : {MjaiDialect::kGimite, MjaiDialect::kMortal}) {
        CompareGame(events, rules, d, names, &seen);
        if (HasFatalFailure()) return;
      }
    }
    // The games reach what the masking and the dialects are about.
    for (const char* type : {"start_game", "start_kyoku", "tsumo", "dahai", "pon", "chi", "hora", "ryukyoku",
                             "end_kyoku", "end_game", "hidden start_kyoku", "hidden tsumo"})
      EXPECT_GT(seen[type], 0) << type;
    if (rules.riichi_allowed) {
      EXPECT_GT(seen["reach"], 0);
      EXPECT_GT(seen["reach_accepted"], 0);
    }
    if (std::string(preset) == "riichi") {
      for (const char* type : {"ankan", "kakan", "daiminkan", "dora"}) EXPECT_GT(seen[type], 0) << type;
    }
    if (std::string(preset) == "dunpai") {
      for (const char* type : {"shield_set", "hidden shield_set", "exchange", "protection", "shields_lost",
                               "ankan", "hidden ankan"})
        EXPECT_GT(seen[type], 0) << type;
    }
  }
}

TEST(MjaiWireWriter, EventsWithoutTheirDetails) {
  // Events the engine never makes without their details still come out as the tree gives them.
  const Ruleset rules = LoadRuleset("riichi").value();
  const std::array<std::string, 4> names = {"a", "b", "c", "d"};
  std::vector<Event> events(1);
  events[0].type = EventType::kStartGame;
  for (EventType t : {EventType::kStartKyoku, EventType::kTsumo, EventType::kHora, EventType::kRyukyoku,
                      EventType::kDora, EventType::kEndKyoku, EventType::kEndGame}) {
    Event e;
    e.type = t;
    e.actor = t == EventType::kTsumo ? 2 : 0;
    e.pai = TileOf(4, 0);
    events.push_back(e);
  }
  Event hora;  // pao -1 in both dialects, a side settlement
  hora.type = EventType::kHora;
  hora.actor = 1;
  hora.target = 3;
  hora.pai = TileOf(4, 0);
  auto info = std::make_shared<HoraInfo>();
  info->pao = -1;
  info->side = true;
  info->ura_markers = {TileOf(9, 1)};
  hora.hora = info;
  events.push_back(hora);
  Event nine;  // a nine-terminals draw names the seat that drew last
  nine.type = EventType::kRyukyoku;
  auto r = std::make_shared<RyukyokuInfo>();
  r->reason = DrawReason::kNineTerminals;
  r->hands[2] = {TileOf(0, 1), TileOf(8, 1)};
  nine.ryukyoku = r;
  events.push_back(nine);
  std::map<std::string, int> seen;
  for (MjaiDialect d : {MjaiDialect::kGimite, MjaiDialect::kMortal}) CompareGame(events, rules, d, names, &seen);
  EXPECT_EQ(seen["hora"], 2 * 2 * 5);
}

TEST(MjaiWireWriter, InsertMemberKeepsKeyOrder) {
  std::string s = "{}";
  EXPECT_EQ(InsertMember(&s, 0, s.size(), "b", "1"), 5);
  EXPECT_EQ(s, "{\"b\":1}");
  InsertMember(&s, 0, s.size(), "a", "[\"}\",{\"c\":2}]");
  EXPECT_EQ(s, "{\"a\":[\"}\",{\"c\":2}],\"b\":1}");
  InsertMember(&s, 0, s.size(), "c", "\"x,\\\"y\"");
  EXPECT_EQ(s, "{\"a\":[\"}\",{\"c\":2}],\"b\":1,\"c\":\"x,\\\"y\"}");
  InsertMember(&s, 0, s.size(), "b", "true");
  EXPECT_EQ(s, "{\"a\":[\"}\",{\"c\":2}],\"b\":true,\"c\":\"x,\\\"y\"}");
  EXPECT_EQ(json::parse(s), json::parse(R"({"a":["}",{"c":2}],"b":true,"c":"x,\"y"})"));
}

}  // namespace
}  // namespace mjai_wire_writer_test
}  // namespace mj
