// Replays: the JSON Schema validator, the schema against the engine's names, documents of real
// (random-agent) games: schema-valid, JSON and byte round trips, verification by
// re-simulation, tampered and malformed documents, a stopped game, mjai export order
// conventions (checked against shared/realgames/FORMATS.md section 3), and the CLI.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "agents/random_agent.h"
#include "engine/game.h"
#include "engine/win_check.h"
#include "replays/json_schema.h"
#include "replays/mjai_events.h"
#include "mjai/wire_events.h"
#include "replays/replay.h"
#include "replays/replay_schema.h"
#include "replays/replay_verify.h"
#include "rules/shanten.h"
#include "tests/program_run.h"
#include "tests/stopping_agent.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace replay_test {
namespace {

using nlohmann::json;

Ruleset EastRules() {
  auto r = LoadRuleset("riichi");
  EXPECT_TRUE(r.ok()) << r.error();
  Ruleset rules = r.ok() ? r.value() : Ruleset{};
  rules.length = GameLength::kEast;
  return rules;
}

GameRecord PlayRandom(uint64_t seed, const Ruleset& rules) {
  std::array<RandomAgent, 4> a;
  return PlayGame(rules, seed, {&a[0], &a[1], &a[2], &a[3]});
}

// Random agents almost never win; for wins, riichi and kans this one plays to win: it wins when
// it can, declares riichi when it can, discards a tile that keeps shanten lowest (ties at
// random), calls at random one time in four and passes otherwise.
class EagerAgent final : public Agent {
 public:
  [[nodiscard]] std::string Name() const override { return "eager"; }
  void BeginGame(int seat, uint64_t seed) override {
    (void)seat;
    rng_ = Rng(seed);
  }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    std::vector<Action> best;
    int best_shanten = 99;
    for (const Action& a : legal) {
      if (a.type == ActionType::kTsumo || a.type == ActionType::kRon || a.type == ActionType::kRiichi) return a;
      if (a.type == ActionType::kDiscard) {
        KindCounts counts = view.counts();
        --counts[KindOf(a.tile)];
        const int s = Shanten(counts, static_cast<int>(view.melds(view.seat()).size()));
        if (s < best_shanten) best.clear();
        if (s <= best_shanten) {
          best_shanten = s;
          best.push_back(a);
        }
      }
    }
    if (!best.empty()) {
      for (const Action& a : legal)  // kans now and then
        if ((a.type == ActionType::kAnkan || a.type == ActionType::kKakan) && rng_.Below(2) == 0) return a;
      return best[rng_.Below(best.size())];
    }
    if (rng_.Below(4) == 0) return legal[rng_.Below(legal.size())];
    return legal.back();  // pass (or the last turn option)
  }

 private:
  Rng rng_{0};
};

GameRecord PlayEager(uint64_t seed, const Ruleset& rules) {
  std::array<EagerAgent, 4> a;
  return PlayGame(rules, seed, {&a[0], &a[1], &a[2], &a[3]});
}

// East-only games: two between random agents, four between eager ones (the last seed needs
// all 64 bits).
const std::vector<GameRecord>& Games() {
  static const std::vector<GameRecord> games = [] {
    std::vector<GameRecord> out;
    const Ruleset rules = EastRules();
    for (uint64_t seed : {1ULL, 2ULL}) out.push_back(PlayRandom(seed, rules));
    for (uint64_t seed : {3ULL, 4ULL, 5ULL, 18446744073709551615ULL}) out.push_back(PlayEager(seed, rules));
    return out;
  }();
  return games;
}

std::string ErrorOf(const json& doc) {
  auto r = ReplayFromJson(doc);
  return r.ok() ? "" : r.error();
}

bool Contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

size_t FindEvent(const json& doc, const std::string& type, size_t from = 0) {
  for (size_t i = from; i < doc["events"].size(); ++i)
    if (doc["events"][i]["type"] == type) return i;
  return 0;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string TempDir(const std::string& name) {
  const std::string dir = testing::TempDir() + "replay_test_" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// ---- The validator ----------------------------------------------------------------------------

std::vector<std::string> Errors(const json& schema, const json& value) {
  auto s = JsonSchema::Compile(schema);
  EXPECT_TRUE(s.ok()) << s.error();
  std::vector<std::string> out;
  if (s.ok()) {
    for (const SchemaError& e : s->Validate(value)) out.push_back(e.ToString());
    // The quiet check (no messages, first failure ends it) gives the same verdict.
    EXPECT_EQ(s->Accepts(value), out.empty()) << value.dump();
  }
  return out;
}

std::string FirstError(const json& schema, const json& value) {
  auto e = Errors(schema, value);
  return e.empty() ? "" : e.front();
}

TEST(JsonSchemaTest, TypesConstEnumAndNumbers) {
  EXPECT_EQ(FirstError({{"type", "integer"}}, 3), "");
  EXPECT_EQ(FirstError({{"type", "integer"}}, 3.0), "");
  EXPECT_EQ(FirstError({{"type", "integer"}}, 3.5), "(root): expected integer, got number 3.5");
  EXPECT_EQ(FirstError({{"type", {"string", "null"}}}, nullptr), "");
  EXPECT_EQ(FirstError({{"type", {"string", "null"}}}, true), "(root): expected string or null, got boolean true");
  EXPECT_EQ(FirstError({{"const", "x"}}, "y"), "(root): expected \"x\", got \"y\"");
  EXPECT_EQ(FirstError({{"enum", {1, 2}}}, 3), "(root): 3 is not one of [1, 2]");
  EXPECT_EQ(FirstError({{"title", "small numbers"}, {"enum", {1, 2}}}, 3), "(root): 3 is not one of the small numbers");
  EXPECT_EQ(FirstError({{"minimum", 0}, {"maximum", 3}}, 4), "(root): 4 is more than the maximum 3");
  EXPECT_EQ(FirstError({{"minimum", 0}, {"maximum", 3}}, -1), "(root): -1 is less than the minimum 0");
  EXPECT_EQ(FirstError({{"pattern", "^[0-9]+$"}}, "12a"), "(root): \"12a\" does not match the pattern \"^[0-9]+$\"");
  EXPECT_EQ(FirstError({{"minLength", 2}}, "a"), "(root): is shorter than 2 characters");
}

TEST(JsonSchemaTest, ArraysAndObjectsNamePointers) {
  const json schema = json::parse(R"({
    "type": "object", "required": ["a", "b/c"], "additionalProperties": false,
    "properties": {
      "a": {"type": "array", "minItems": 2, "maxItems": 3, "prefixItems": [{"type": "string"}],
            "items": {"type": "integer"}},
      "b/c": {"type": "object", "additionalProperties": {"type": "boolean"}}
    }})");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"a": ["x", 1], "b/c": {"k": true}})")), "");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"b/c": {}})")), "/a: required property is missing");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"a": [1, 1], "b/c": {}})")), "/a/0: expected string, got integer 1");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"a": ["x", "y"], "b/c": {}})")), "/a/1: expected integer, got string \"y\"");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"a": ["x"], "b/c": {}})")), "/a: has 1 items; at least 2 required");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"a": ["x", 1, 2, 3], "b/c": {}})")), "/a: has 4 items; at most 3 allowed");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"a": ["x", 1], "b/c": {"k": 1}})")), "/b~1c/k: expected boolean, got integer 1");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"a": ["x", 1], "b/c": {}, "z": 0})")), "/z: unknown property (not allowed here)");
  EXPECT_EQ(FirstError(schema, json::array()), "(root): expected object, got array");
}

TEST(JsonSchemaTest, CombinatorsRefsAndConditionals) {
  const json schema = json::parse(R"({
    "$defs": {
      "ron": {"type": "object", "required": ["ron"], "additionalProperties": false, "properties": {"ron": {"type": "integer"}}},
      "each": {"type": "object", "required": ["each"], "additionalProperties": false, "properties": {"each": {"type": "integer"}}}
    },
    "type": "object",
    "properties": {
      "pay": {"oneOf": [{"$ref": "#/$defs/ron"}, {"$ref": "#/$defs/each"}]},
      "any": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]},
      "kind": {"enum": ["a", "b"]}
    },
    "allOf": [{"if": {"required": ["kind"], "properties": {"kind": {"const": "a"}}},
               "then": {"required": ["pay"]}, "else": {"properties": {"pay": false}}}]
  })");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"kind": "a", "pay": {"ron": 1000}})")), "");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"kind": "a", "pay": {"each": 500}})")), "");
  // The alternative that got furthest into the value is the one reported.
  EXPECT_EQ(FirstError(schema, json::parse(R"({"kind": "a", "pay": {"ron": "x"}})")), "/pay/ron: expected integer, got string \"x\"");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"kind": "a", "pay": 3})")),
            "/pay: matches none of the 2 alternatives (expected object, got integer 3, ...)");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"any": -1})")), "/any: -1 is less than the minimum 0");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"any": "s"})")), "");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"kind": "a"})")), "/pay: required property is missing");
  EXPECT_EQ(FirstError(schema, json::parse(R"({"kind": "b", "pay": {"ron": 1}})")), "/pay: no value is allowed here");
  const json two = {{"oneOf", {{{"type", "integer"}}, {{"minimum", 0}}}}};
  EXPECT_EQ(FirstError(two, 5), "(root): matches 2 alternatives; exactly one is allowed");
}

TEST(JsonSchemaTest, CompileRefusesWhatItCannotCheck) {
  auto unsupported = JsonSchema::Compile({{"type", "object"}, {"patternProperties", json::object()}});
  ASSERT_FALSE(unsupported.ok());
  EXPECT_TRUE(Contains(unsupported.error(), "unsupported keyword \"patternProperties\""));
  auto dangling = JsonSchema::Compile({{"properties", {{"a", {{"$ref", "#/$defs/nope"}}}}}});
  ASSERT_FALSE(dangling.ok());
  EXPECT_TRUE(Contains(dangling.error(), "/properties/a/$ref: unresolved reference")) << dangling.error();
  auto bad_pattern = JsonSchema::Compile({{"pattern", "("}});
  ASSERT_FALSE(bad_pattern.ok());
}

// ---- The schema against the engine ------------------------------------------------------------

std::set<std::string> EnumOf(const json& schema, const std::string& def) {
  std::set<std::string> out;
  for (const json& v : schema["$defs"][def]["enum"]) out.insert(v.get<std::string>());
  return out;
}

TEST(ReplaySchemaTest, CompilesAndMatchesTheEngineNames) {
  const auto& schema = ReplaySchema();
  ASSERT_TRUE(schema.ok()) << schema.error();
  const json& s = schema->schema();
  // Tile names: every engine tile under a ruleset with red fives (the 37 mjai names) and under
  // one with peach tiles (6 more).
  std::set<std::string> tiles;
  Ruleset peach;
  peach.red_fives = {0, 0, 0};
  peach.peach_tiles = true;
  for (int t = 0; t < kNumTiles; ++t) {
    tiles.insert(MjaiTile(static_cast<Tile>(t), Ruleset{}));
    tiles.insert(MjaiTile(static_cast<Tile>(t), peach));
  }
  EXPECT_EQ(tiles.size(), 43u);
  EXPECT_EQ(EnumOf(s, "tile"), tiles);
  std::set<std::string> types;
  for (int t = 0; t < static_cast<int>(EventType::kCount); ++t) types.insert(std::string(EventTypeName(static_cast<EventType>(t))));
  EXPECT_EQ(EnumOf(s, "event_type"), types);
  std::set<std::string> reasons;
  for (const json& v : s["$defs"]["ev_ryukyoku"]["properties"]["reason"]["enum"]) reasons.insert(v.get<std::string>());
  for (int r = 0; r < static_cast<int>(DrawReason::kCount); ++r)
    EXPECT_TRUE(reasons.count(std::string(DrawReasonName(static_cast<DrawReason>(r))))) << r;
}

TEST(ReplaySchemaTest, TileNames) {
  Ruleset rules;
  EXPECT_EQ(MjaiTile(16, rules), "5mr");
  EXPECT_EQ(MjaiTile(17, rules), "5m");
  EXPECT_EQ(MjaiTile(52, rules), "5pr");
  EXPECT_EQ(MjaiTile(88, rules), "5sr");
  EXPECT_EQ(MjaiTile(108, rules), "E");
  EXPECT_EQ(MjaiTile(135, rules), "C");
  EXPECT_EQ(MjaiTile(124, rules), "P");
  rules.red_fives = {0, 1, 1};
  EXPECT_EQ(MjaiTile(16, rules), "5m");
  EXPECT_EQ(MjaiTile(52, rules), "5pr");
  rules.peach_tiles = true;
  EXPECT_EQ(MjaiTile(8, rules), "3m*");
  EXPECT_EQ(MjaiTile(9, rules), "3m");
  EXPECT_EQ(MjaiTile(96, rules), "7s*");
  EXPECT_TRUE(ParseMjaiTile("7p*")->peach);
  EXPECT_FALSE(ParseMjaiTile("5m*").has_value());
  EXPECT_FALSE(ParseMjaiTile("5x").has_value());
  EXPECT_FALSE(ParseMjaiTile("4mr").has_value());
  EXPECT_FALSE(ParseMjaiTile("0m").has_value());
  EXPECT_EQ(ParseMjaiTile("5sr")->kind, 22);
  EXPECT_TRUE(ParseMjaiTile("5sr")->red);
  EXPECT_EQ(ParseMjaiTile("N")->kind, kNorth);
}

// Engine tile ids for mpsz text ("0m" = the red five).
std::vector<Tile> Tiles(const std::string& text) {
  auto specs = ParseTiles(text);
  EXPECT_TRUE(specs.ok()) << text;
  auto ids = AssignTileIds(specs.ok() ? *specs : std::vector<TileSpec>{}, false);
  EXPECT_TRUE(ids.ok()) << text;
  return ids.ok() ? *ids : std::vector<Tile>{};
}

// Events the test games rarely produce: nagashi mangan, an abortive draw, a pao tsumo, with
// the mjai fields written out by hand.
TEST(ReplayEventsTest, RareEventsRoundTripWithTheirMjaiFields) {
  const Ruleset rules;
  std::vector<Event> ev(5);
  ev[0].type = EventType::kStartGame;
  ev[1].type = EventType::kStartKyoku;
  auto start = std::make_shared<StartKyokuInfo>();
  start->bakaze = 1;
  start->kyoku = 3;
  start->honba = 2;
  start->kyotaku = 1;
  start->oya = 2;
  start->dora_marker = Tiles("7z").front();
  start->scores = {25000, 24000, 26000, 25000};
  start->tehais = {Tiles("1119m19p19s123456z"), Tiles("234m0p66p789s2233z"), Tiles("123m456p789s11z"), Tiles("0s")};
  ev[1].start = start;
  ev[2].type = EventType::kRyukyoku;
  auto draw = std::make_shared<RyukyokuInfo>();
  draw->nagashi = {true, false, false, false};
  draw->tenpai = {false, true, false, false};
  draw->hands[1] = Tiles("234m0p66p789s2233z");
  draw->deltas = {12000, -4000, -4000, -4000};
  draw->scores = {37000, 20000, 22000, 21000};
  ev[2].ryukyoku = draw;
  ev[3].type = EventType::kHora;
  ev[3].actor = 1;
  ev[3].target = 1;
  ev[3].pai = Tiles("5z").front();
  auto hora = std::make_shared<HoraInfo>();
  hora->pao = 3;
  hora->hand = Tiles("555666777z11m");
  hora->score.han_sixths = 78;
  hora->score.yakuman = 1;
  hora->score.limit = Limit::kYakuman;
  hora->score.yaku.push_back({YakuId::kDaisangen, 0, 1});
  hora->score.payment.kind = PaymentKind::kTsumoNonDealer;
  hora->score.payment.dealer = 16000;
  hora->score.payment.non_dealer = 8000;
  hora->score.total = 32000;
  hora->deltas = {0, 32000, 0, -32000};
  ev[3].hora = hora;
  ev[4].type = EventType::kRyukyoku;
  auto abort = std::make_shared<RyukyokuInfo>();
  abort->reason = DrawReason::kTripleRon;
  ev[4].ryukyoku = abort;

  const auto j = EventsToJson(ev, rules, {"a", "b", "c", "d"});
  EXPECT_EQ(DumpOrdered(j[0]), R"({"type":"start_game","names":["a","b","c","d"],"kyoku_first":0,"aka_flag":true})");
  EXPECT_EQ(j[1]["bakaze"], "S");
  EXPECT_EQ(j[1]["tehais"][1][3], "5pr");
  EXPECT_EQ(j[1]["dora_marker"], "C");
  EXPECT_EQ(DumpOrdered(j[2]),
            R"({"type":"ryukyoku","reason":"nagashimangan","tenpais":[false,true,false,false],)"
            R"("tehais":[null,["2m","3m","4m","5pr","6p","6p","7s","8s","9s","S","S","W","W"],null,null],)"
            R"("nagashi":[true,false,false,false],"deltas":[12000,-4000,-4000,-4000],"scores":[37000,20000,22000,21000]})");
  EXPECT_EQ(j[3]["pao"], 3);
  EXPECT_EQ(DumpOrdered(j[3]["score"]["payment"]), R"({"dealer":16000,"non_dealer":8000})");
  EXPECT_EQ(DumpOrdered(j[3]["score"]["yaku"]), R"([{"name":"daisangen","han":13,"yakuman":1}])");
  EXPECT_EQ(j[4]["reason"], "sanchaho");
  EXPECT_EQ(j[4]["tehais"], json::parse("[null,null,null,null]"));

  auto back = EventsFromJson(json(j), rules, "/events");
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(EventsToJson(*back, rules, {"a", "b", "c", "d"}), j);
  EXPECT_EQ((*back)[2].ryukyoku->reason, DrawReason::kExhaustive);
  EXPECT_EQ((*back)[4].ryukyoku->reason, DrawReason::kTripleRon);
  EXPECT_EQ((*back)[3].hora->score.payment.kind, PaymentKind::kTsumoNonDealer);
  // The red five read back is copy 0; the plain fives are other copies.
  EXPECT_EQ((*back)[1].start->tehais[1][3], 52);
  EXPECT_EQ((*back)[1].start->tehais[3][0], 88);
}

// ---- Real games -------------------------------------------------------------------------------

TEST(ReplayTest, GamesCoverTheEventsThatMatter) {
  std::set<std::string> seen;
  for (const GameRecord& g : Games()) {
    EXPECT_TRUE(g.complete) << g.error;
    for (const Event& e : g.events) seen.insert(std::string(EventTypeName(e.type)));
  }
  for (const char* type : {"hora", "ryukyoku", "reach", "reach_accepted", "chi", "pon", "end_game"})
    EXPECT_TRUE(seen.count(type)) << "no " << type << " in the test games; pick other seeds";
}

TEST(ReplayTest, DocumentsValidateAgainstTheSchema) {
  const auto& schema = ReplaySchema();
  ASSERT_TRUE(schema.ok()) << schema.error();
  for (const GameRecord& g : Games()) {
    const json doc = ReplayToJson(g);
    const auto errors = schema->Validate(doc);
    EXPECT_TRUE(errors.empty()) << errors.front().ToString();
    EXPECT_TRUE(schema->Accepts(doc));
    EXPECT_EQ(doc["seed"], std::to_string(g.seed));
    EXPECT_EQ(doc["events"].size(), g.events.size());
    EXPECT_EQ(doc["final"]["scores"], json(g.end.scores));
  }
}

TEST(ReplayTest, JsonRoundTripIsExact) {
  for (const GameRecord& g : Games()) {
    const json doc = ReplayToJson(g);
    auto back = ReplayFromJson(doc);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->seed, g.seed);
    EXPECT_EQ(back->rules, g.rules);
    EXPECT_EQ(back->agents, g.agents);
    EXPECT_EQ(back->events.size(), g.events.size());
    EXPECT_EQ(ReplayToJson(*back), doc);
  }
}

TEST(ReplayTest, FileWriteReadWriteIsByteIdentical) {
  const std::string dir = TempDir("files");
  for (size_t i = 0; i < Games().size(); ++i) {
    const std::string a = dir + "/a" + std::to_string(i) + ".json", b = dir + "/b" + std::to_string(i) + ".json";
    ASSERT_TRUE(WriteReplayFile(Games()[i], a).ok());
    auto back = ReadReplayFile(a);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_TRUE(WriteReplayFile(*back, b).ok());
    const std::string text = ReadText(a);
    EXPECT_EQ(text, ReadText(b));
    // One event per line: the file has at least as many lines as events.
    EXPECT_GE(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')), Games()[i].events.size());
  }
}

TEST(ReplayTest, ReadBackTileIdsAreAConsistentDeal) {
  // Ids of tiles that appear from the wall (deal, draws, indicators) are distinct within a hand.
  for (const GameRecord& g : Games()) {
    auto back = ReplayFromJson(ReplayToJson(g));
    ASSERT_TRUE(back.ok()) << back.error();
    std::set<Tile> seen;
    size_t count = 0;
    auto add = [&](Tile t) {
      seen.insert(t);
      ++count;
    };
    for (const Event& e : back->events) {
      if (e.type == EventType::kStartKyoku) {
        EXPECT_EQ(seen.size(), count);
        seen.clear();
        count = 0;
        for (const auto& hand : e.start->tehais)
          for (Tile t : hand) add(t);
        add(e.start->dora_marker);
      }
      if (e.type == EventType::kTsumo || e.type == EventType::kDora) add(e.pai);
      if (e.type == EventType::kHora)
        for (Tile t : e.hora->ura_markers) add(t);
    }
    EXPECT_EQ(seen.size(), count);
  }
}

TEST(ReplayTest, RecordedGamesVerify) {
  for (const GameRecord& g : Games()) {
    auto v = VerifyReplay(g);
    ASSERT_TRUE(v.ok()) << v.error();
    EXPECT_TRUE(v->ok()) << v->divergence->ToString();
    EXPECT_EQ(v->events, g.events.size());
    // The record read back (tile ids resolved from names) verifies too.
    auto back = ReplayFromJson(ReplayToJson(g));
    ASSERT_TRUE(back.ok()) << back.error();
    auto w = VerifyReplay(*back);
    ASSERT_TRUE(w.ok()) << w.error();
    EXPECT_TRUE(w->ok()) << w->divergence->ToString();
  }
}

// Verifies the document `doc` (which must load) and returns the divergence.
std::optional<ReplayDivergence> DivergenceOf(const json& doc) {
  auto rec = ReplayFromJson(doc);
  EXPECT_TRUE(rec.ok()) << rec.error();
  if (!rec.ok()) return std::nullopt;
  auto v = VerifyReplay(*rec);
  EXPECT_TRUE(v.ok()) << v.error();
  return v.ok() ? v->divergence : std::nullopt;
}

TEST(ReplayTest, TamperedDiscardIsFoundAtItsEvent) {
  const json doc = ReplayToJson(Games()[0]);
  const json& ev = doc["events"];
  // A discard right after a draw (no riichi or dora between), changed to a kind the discarder
  // has not held in this hand: the re-simulation cannot discard it.
  size_t i = 0;
  for (size_t k = 40; k < ev.size() && i == 0; ++k)
    if (ev[k]["type"] == "dahai" && ev[k - 1]["type"] == "tsumo") i = k;
  ASSERT_GT(i, 0u);
  const int actor = ev[i]["actor"];
  std::set<std::string> held;
  size_t start = i;
  while (ev[start]["type"] != "start_kyoku") --start;
  for (const json& t : ev[start]["tehais"][actor]) held.insert(t.get<std::string>().substr(0, 2));
  for (size_t k = start; k < i; ++k)
    if ((ev[k]["type"] == "tsumo" && ev[k]["actor"] == actor) || ev[k].contains("pai"))
      held.insert(ev[k]["pai"].get<std::string>().substr(0, 2));
  std::string other;
  for (const char* name : {"1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C", "2m", "3p", "4s"})
    if (!held.count(name) && other.empty()) other = name;
  ASSERT_FALSE(other.empty());
  json tampered = doc;
  tampered["events"][i]["pai"] = other;
  auto d = DivergenceOf(tampered);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->event_index, i) << d->ToString();
  EXPECT_EQ(d->expected["pai"], other);
  // The seat's recorded agent ("random") is built in: it is played again, and its own discard
  // (the untampered event) is what the re-simulation shows there.
  EXPECT_EQ(d->got, doc["events"][i]);
}

TEST(ReplayTest, TamperedScoreDeltaIsFoundAtItsEvent) {
  const GameRecord& g = Games()[2];
  size_t hora = 0;
  for (size_t i = 0; i < g.events.size() && hora == 0; ++i)
    if (g.events[i].type == EventType::kHora) hora = i;
  ASSERT_GT(hora, 0u);
  // In memory.
  GameRecord tampered = g;
  auto info = std::make_shared<HoraInfo>(*g.events[hora].hora);
  info->deltas[g.events[hora].actor] += 100;
  tampered.events[hora].hora = info;
  auto v = VerifyReplay(tampered);
  ASSERT_TRUE(v.ok()) << v.error();
  ASSERT_FALSE(v->ok());
  EXPECT_EQ(v->divergence->event_index, hora) << v->divergence->ToString();

  // In the document: the hand summary no longer agrees with the events, so it does not load ...
  json doc = ReplayToJson(g);
  const int actor = doc["events"][hora]["actor"];
  doc["events"][hora]["deltas"][actor] = doc["events"][hora]["deltas"][actor].get<int>() + 100;
  const std::string err = ErrorOf(doc);
  EXPECT_TRUE(Contains(err, "/deltas/" + std::to_string(actor) + ": ")) << err;
  EXPECT_TRUE(Contains(err, "/hands/")) << err;
  // ... and with the summary forged too, it loads and verification finds the event.
  size_t hand = 0;
  for (size_t i = 0; i < hora; ++i) hand += doc["events"][i]["type"] == "start_kyoku";
  doc["hands"][hand - 1]["deltas"][actor] = doc["hands"][hand - 1]["deltas"][actor].get<int>() + 100;
  auto d = DivergenceOf(doc);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->event_index, hora) << d->ToString();
  EXPECT_EQ(d->got["deltas"][actor].get<int>() + 100, d->expected["deltas"][actor].get<int>());
}

TEST(ReplayTest, DroppedEventIsFoundAtItsIndex) {
  const json doc = ReplayToJson(Games()[1]);
  for (const std::string type : {"tsumo", "dahai", "end_kyoku"}) {
    size_t i = FindEvent(doc, type, 30);
    ASSERT_GT(i, 0u);
    json tampered = doc;
    tampered["events"].erase(i);
    auto d = DivergenceOf(tampered);
    ASSERT_TRUE(d.has_value()) << type;
    EXPECT_EQ(d->event_index, i) << type << ": " << d->ToString();
  }
}

TEST(ReplayTest, MalformedDocumentsNameTheJsonPointer) {
  const json doc = ReplayToJson(Games()[2]);
  {
    json bad = doc;
    bad.erase("events");
    EXPECT_TRUE(Contains(ErrorOf(bad), "/events: required property is missing")) << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["events"] = json::object();
    EXPECT_TRUE(Contains(ErrorOf(bad), "/events: expected array, got object")) << ErrorOf(bad);
  }
  {
    json bad = doc;
    const size_t i = FindEvent(doc, "dahai");
    bad["events"][i]["pai"] = "5x";
    EXPECT_EQ(ErrorOf(bad).rfind("/events/" + std::to_string(i) + "/pai: \"5x\" is not one of the tile names", 0), 0u)
        << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["events"][3]["type"] = "discard";
    EXPECT_EQ(ErrorOf(bad).rfind("/events/3/type: \"discard\" is not one of the event types", 0), 0u) << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["events"][1]["tehais"][2][4] = 7;
    EXPECT_TRUE(Contains(ErrorOf(bad), "/events/1/tehais/2/4: 7 is not one of the tile names")) << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["seed"] = 12;
    EXPECT_TRUE(Contains(ErrorOf(bad), "/seed: expected string, got integer 12")) << ErrorOf(bad);
    bad["seed"] = "18446744073709551616";  // 2^64
    EXPECT_TRUE(Contains(ErrorOf(bad), "/seed: ")) << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["events"][2]["extra"] = 1;
    EXPECT_TRUE(Contains(ErrorOf(bad), "/events/2/extra: unknown property")) << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["events"][5].erase("actor");
    EXPECT_TRUE(Contains(ErrorOf(bad), "/events/5/actor: required property is missing")) << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["format"] = "mjai";
    EXPECT_TRUE(Contains(ErrorOf(bad), "/format: expected \"mahjong-replay\"")) << ErrorOf(bad);
  }
  {  // A red five under a ruleset without red fives.
    json bad = doc;
    bad["ruleset"]["red_fives"] = {0, 0, 0};
    const std::string err = ErrorOf(bad);
    EXPECT_TRUE(Contains(err, "is a red five but ruleset")) << err;
    EXPECT_EQ(err.rfind("/events/", 0), 0u) << err;
  }
  {
    json bad = doc;
    const size_t i = FindEvent(doc, "hora");
    ASSERT_GT(i, 0u);
    bad["events"][i]["score"]["yaku"][0]["name"] = "nine_lanterns";
    EXPECT_EQ(ErrorOf(bad).rfind("/events/" + std::to_string(i) + "/score/yaku/0/name: unknown yaku \"nine_lanterns\"", 0), 0u)
        << ErrorOf(bad);
  }
  {  // Derived fields must agree: a reach_accepted's scores.
    json bad = doc;
    const size_t i = FindEvent(doc, "reach_accepted");
    ASSERT_GT(i, 0u);
    bad["events"][i]["scores"][0] = 1;
    EXPECT_EQ(ErrorOf(bad).rfind("/events/" + std::to_string(i) + "/scores/0: 1 disagrees", 0), 0u) << ErrorOf(bad);
  }
  {  // A complete game must end with end_game.
    json bad = doc;
    bad["events"].erase(bad["events"].size() - 1);
    EXPECT_TRUE(Contains(ErrorOf(bad), "/complete: true but the events do not end with end_game")) << ErrorOf(bad);
  }
  {
    json bad = doc;
    bad["ruleset"].erase("kuitan");
    EXPECT_TRUE(Contains(ErrorOf(bad), "/ruleset/kuitan: missing")) << ErrorOf(bad);
  }
}

using test::StoppingAgent;

TEST(ReplayTest, StoppedGameRoundTripsAndVerifies) {
  std::array<RandomAgent, 3> r;
  StoppingAgent s(60);
  const GameRecord g = PlayGame(EastRules(), 7, {&r[0], &s, &r[1], &r[2]});
  ASSERT_FALSE(g.complete);
  ASSERT_FALSE(g.error.empty());
  const json doc = ReplayToJson(g);
  EXPECT_TRUE(doc["final"].is_null());
  EXPECT_EQ(doc["error"], g.error);
  auto back = ReplayFromJson(doc);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_FALSE(back->complete);
  EXPECT_EQ(ReplayToJson(*back), doc);
  auto v = VerifyReplay(*back);
  ASSERT_TRUE(v.ok()) << v.error();
  EXPECT_TRUE(v->ok()) << v->divergence->ToString();
  EXPECT_EQ(doc["hands"].back()["result"], "unfinished");
}

// ---- mjai export ------------------------------------------------------------------------------

TEST(ReplayTest, MjaiExportFollowsTheOrderConventions) {
  for (const GameRecord& g : Games()) {
    std::istringstream lines(ExportMjaiLines(g.events, g.rules, g.agents));
    std::vector<json> ev;
    std::string line;
    while (std::getline(lines, line)) {
      ASSERT_FALSE(line.empty());
      ASSERT_EQ(line.rfind("{\"type\":", 0), 0u) << line;  // "type" first
      ev.push_back(json::parse(line));
    }
    ASSERT_EQ(ev.size(), g.events.size());
    EXPECT_EQ(ev.front()["type"], "start_game");
    EXPECT_EQ(ev.front()["names"], json(g.agents));
    EXPECT_EQ(ev.back()["type"], "end_game");
    std::array<int, 4> expect_next{};  // scores + deltas - riichi sticks (FORMATS.md section 3)
    bool have_expect = false;
    for (size_t i = 1; i + 1 < ev.size(); ++i) {
      const std::string t = ev[i]["type"], prev = ev[i - 1]["type"], next = ev[i + 1]["type"];
      const std::string where = "event " + std::to_string(i) + " " + ev[i].dump();
      if (t == "start_kyoku") {
        EXPECT_TRUE(prev == "start_game" || prev == "end_kyoku") << where;
        EXPECT_EQ(next, "tsumo") << where;
        if (have_expect) {
          EXPECT_EQ(ev[i]["scores"], json(expect_next)) << where;
        }
        expect_next = ev[i]["scores"].get<std::array<int, 4>>();
        have_expect = true;
      }
      if (t == "hora" || t == "ryukyoku" || t == "reach_accepted")
        for (int p = 0; p < 4; ++p) expect_next[p] += ev[i]["deltas"][p].get<int>();
      if (t == "end_kyoku") {
        EXPECT_TRUE(prev == "hora" || prev == "ryukyoku") << where;
      }
      if (t == "reach") {
        size_t j = i + 1;
        while (ev[j]["type"] == "dora") ++j;
        EXPECT_EQ(ev[j]["type"], "dahai") << where;
        EXPECT_EQ(ev[j]["actor"], ev[i]["actor"]) << where;
      }
      if (t == "reach_accepted") {
        EXPECT_EQ(prev, "dahai") << where;
        EXPECT_EQ(ev[i - 1]["actor"], ev[i]["actor"]) << where;
      }
      if (t == "chi" || t == "pon") {
        EXPECT_EQ(next, "dahai") << where;
        EXPECT_EQ(ev[i + 1]["actor"], ev[i]["actor"]) << where;
        EXPECT_TRUE(prev == "dahai" || prev == "reach_accepted") << where;
      }
      if (t == "daiminkan") {
        EXPECT_EQ(next, "tsumo") << where;                 // kan -> rinshan
      }
      if (t == "ankan") {
        EXPECT_EQ(next, "dora") << where;                      // ankan -> dora
      }
      if (t == "kakan") {
        EXPECT_TRUE(next == "tsumo" || next == "hora") << where;  // or chankan
      }
      if (t == "tsumo") {
        EXPECT_TRUE(next == "dahai" || next == "reach" || next == "ankan" || next == "kakan" || next == "hora" ||
                    next == "ryukyoku" || next == "dora")
            << where;
      }
      if (t == "dahai") {
        EXPECT_TRUE(next == "tsumo" || next == "chi" || next == "pon" || next == "daiminkan" || next == "hora" ||
                    next == "reach_accepted" || next == "ryukyoku")
            << where;
      }
      if (t == "hora") {
        EXPECT_TRUE(next == "hora" || next == "end_kyoku") << where;
      }
    }
    // end_game: the last hand's scores with leftover sticks to first place.
    const json& end = ev.back();
    int total = 0;
    for (int p = 0; p < 4; ++p) total += end["scores"][p].get<int>();
    EXPECT_EQ(total, 4 * g.rules.starting_points);
  }
}

// ---- The command line -------------------------------------------------------------------------

using test::ProgramRun;
ProgramRun RunProgram(const std::string& args) { return test::Program(args); }

TEST(ReplayCliTest, VerifyExportShow) {
  const std::string dir = TempDir("cli");
  for (size_t i = 0; i < 3; ++i) ASSERT_TRUE(WriteReplayFile(Games()[i], dir + "/g" + std::to_string(i) + ".json").ok());
  ProgramRun ok = RunProgram("replay verify " + dir);
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_EQ(std::count(ok.out.begin(), ok.out.end(), '\n'), 3) << ok.out;
  EXPECT_TRUE(Contains(ok.out, "g0.json: ok (")) << ok.out;

  // A tampered copy (one dropped draw) and a file that is not a replay.
  json doc = ReplayToJson(Games()[0]);
  const size_t i = FindEvent(doc, "tsumo", 20);
  doc["events"].erase(i);
  std::ofstream(dir + "/tampered.json") << doc.dump();
  std::ofstream(dir + "/junk.json") << "{\"format\": 1}";
  ProgramRun bad = RunProgram("replay verify " + dir);
  EXPECT_EQ(bad.status, 1) << bad.out;
  EXPECT_TRUE(Contains(bad.out, "tampered.json: diverges at event " + std::to_string(i) + ": expected ")) << bad.out;
  EXPECT_TRUE(Contains(bad.out, "junk.json: load error: /version: required property is missing")) << bad.out;
  EXPECT_TRUE(Contains(bad.out, "g1.json: ok (")) << bad.out;

  // The default is the reference dialect (docs/MJAI.md); the later bots' form keeps the replay's fields.
  ProgramRun exported = RunProgram("replay export --format mjai " + dir + "/g0.json");
  EXPECT_EQ(exported.status, 0);
  EXPECT_EQ(exported.out, ExportMjaiLog(Games()[0].events, Games()[0].rules, Games()[0].agents, MjaiDialect::kGimite));
  exported = RunProgram("replay export --format mjai --dialect mortal " + dir + "/g0.json");
  EXPECT_EQ(exported.status, 0);
  EXPECT_EQ(exported.out, ExportMjaiLines(Games()[0].events, Games()[0].rules, Games()[0].agents));
  EXPECT_EQ(RunProgram("replay export --format tenhou " + dir + "/g0.json").status, 2);

  ProgramRun shown = RunProgram("replay show " + dir + "/g0.json --hand 0");
  EXPECT_EQ(shown.status, 0) << shown.out;
  EXPECT_FALSE(shown.out.empty());
  EXPECT_EQ(RunProgram("replay show").status, 2);
  EXPECT_EQ(RunProgram("replay frobnicate").status, 2);
}

}  // namespace
}  // namespace replay_test
}  // namespace mj
