// MjaiSeatState (mjai/seat_state.h): the seat state folded from mjai events against two sources
// independent of the fold: the engine's own state at every decision of engine games (the events
// hidden per seat as an mjai server hides them), and real Tenhou games as mjai logs, where every
// action a player took must be among the legal actions the fold offers at that point.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/seat_state.h"
#include "mjai/wire_events.h"
#include "replays/replay.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_seat_state_test {
namespace {

using json = nlohmann::json;

// What an mjai server sends seat `seat`: others' dealt tiles and draws hidden.
json HideFor(const json& e, int seat) {
  const std::string& type = e["type"].get_ref<const std::string&>();
  if (type == "start_kyoku") {
    json h = e;
    for (int p = 0; p < 4; ++p)
      if (p != seat)
        for (auto& t : h["tehais"][p]) t = "?";
    return h;
  }
  if (type == "tsumo" && e["actor"].get<int>() != seat) {
    json h = e;
    h["pai"] = "?";
    return h;
  }
  return e;
}

std::string Names(std::vector<Tile> tiles, const Ruleset& rules) {
  std::vector<std::string> names;
  for (Tile t : tiles) names.push_back(t == kNoTile ? "-" : MjaiTile(t, rules));
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += n + " ";
  return out;
}

// An action in tile names (ids differ between the engine and the fold): type, tile, consumed
// tiles sorted, and whether the tile is the drawn one.
std::string ActionKey(const Action& a, Tile drawn, const Ruleset& rules) {
  std::vector<Tile> consumed(a.consumed.begin(), a.consumed.begin() + a.num_consumed);
  std::string key = std::string(ActionTypeName(a.type)) + " " + (a.tile == kNoTile ? "-" : MjaiTile(a.tile, rules)) +
                    " [" + Names(consumed, rules) + "]";
  if (a.type == ActionType::kDiscard && a.tile == drawn) key += " tsumogiri";
  return key;
}

std::vector<std::string> ActionKeys(std::span<const Action> legal, Tile drawn, const Ruleset& rules) {
  std::vector<std::string> keys;
  for (const Action& a : legal) keys.push_back(ActionKey(a, drawn, rules));
  std::sort(keys.begin(), keys.end());
  return keys;
}

// Every fact of a PlayerView an agent reads, in tile names, as one text per fact.
std::map<std::string, std::string> Facts(const PlayerView& v) {
  const Ruleset& rules = v.rules();
  std::map<std::string, std::string> f;
  const int me = v.seat();
  f["hand"] = Names(v.hand(), rules);
  f["drawn"] = v.drawn() == kNoTile ? "-" : MjaiTile(v.drawn(), rules);
  f["table"] = std::to_string(v.round_wind()) + " " + std::to_string(v.kyoku()) + " dealer " +
               std::to_string(v.dealer()) + " honba " + std::to_string(v.honba()) + " sticks " +
               std::to_string(v.riichi_sticks()) + " left " + std::to_string(v.tiles_left());
  f["dora"] = Names(v.dora_indicators(), rules);
  std::string visible;
  for (int k : v.VisibleCounts()) visible += std::to_string(k);
  f["visible"] = visible;
  for (int p = 0; p < 4; ++p) {
    const std::string s = "seat " + std::to_string(p) + " ";
    f[s + "score"] = std::to_string(v.score(p));
    f[s + "riichi"] = std::to_string(v.in_riichi(p)) + " after " + std::to_string(v.kinds_after_riichi(p));
    f[s + "hand size"] = std::to_string(v.hand_size(p));
    std::string melds;
    for (int i = 0; i < static_cast<int>(v.melds(p).size()); ++i) {
      const EngineMeld& m = v.melds(p)[i];
      std::vector<Tile> tiles(m.tiles.begin(), m.tiles.begin() + m.num_tiles);
      // A closed kan laid face down is not read (PlayerView::meld_hidden).
      melds += std::to_string(static_cast<int>(m.type)) + " from " + std::to_string(m.from) + ": " +
               (v.meld_hidden(p, i) ? "hidden" : Names(tiles, rules)) + "| ";
    }
    f[s + "melds"] = melds;
    std::string river;
    for (const RiverTile& r : v.river(p))
      river += MjaiTile(r.tile, rules) + (r.tsumogiri ? "'" : "") + (r.riichi ? "R" : "") + (r.called ? "C" : "") + " ";
    f[s + "river"] = river;
    // Shields: every seat's face-down count and face-up tiles, the own face-down tiles; an open
    // riichi's shown hand.
    f[s + "shields"] = std::to_string(v.shields_down(p)) + " down, up " + Names(v.shields_up(p), rules);
    f[s + "open riichi"] = std::to_string(v.open_riichi(p)) + " " +
                           Names({v.shown_hand(p).begin(), v.shown_hand(p).end()}, rules);
  }
  f["own shields"] = Names(v.own_shields(), rules);
  // The kan offered to rob (elsewhere kan_tile() is a stale value no decision reads).
  if (v.phase() == Phase::kOnKakan || v.phase() == Phase::kOnAnkan)
    f["kan tile"] = v.kan_tile() == kNoTile ? "-" : MjaiTile(v.kan_tile(), rules);
  (void)me;
  return f;
}

// An agent that, before answering, compares the engine's view and legal actions with the fold
// of its seat. (The agents' choices are not compared: they break ties between equal tiles by
// hand order, which mjai does not carry; the fold lists a hand in the order it saw the tiles.)
class CheckingAgent : public Agent {
 public:
  CheckingAgent(std::unique_ptr<Agent> inner, const MjaiSeatState* fold, std::vector<std::string>* failures,
                long* decisions)
      : inner_(std::move(inner)), fold_(fold), failures_(failures), decisions_(decisions) {}
  [[nodiscard]] std::string Name() const override { return inner_->Name(); }
  void BeginGame(int seat, uint64_t seed) override { inner_->BeginGame(seat, seed); }
  Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    ++*decisions_;
    const Ruleset& rules = view.rules();
    const std::string where = "seat " + std::to_string(view.seat()) + " decision " + std::to_string(*decisions_);
    const PlayerView folded = fold_->view();
    const auto want = Facts(view);
    const auto got = Facts(folded);
    for (const auto& [k, v] : want)
      if (got.at(k) != v) failures_->push_back(where + ": " + k + ": engine \"" + v + "\", fold \"" + got.at(k) + "\"");
    std::vector<Action> fold_legal;
    fold_->LegalActions(&fold_legal);
    const auto engine_keys = ActionKeys(legal, view.drawn(), rules);
    const auto fold_keys = ActionKeys(fold_legal, folded.drawn(), rules);
    if (engine_keys != fold_keys) {
      std::string e, g;
      for (const auto& k : engine_keys) e += k + "; ";
      for (const auto& k : fold_keys) g += k + "; ";
      failures_->push_back(where + ": legal actions: engine {" + e + "}, fold {" + g + "}");
    }
    return inner_->Choose(view, legal);
  }

 private:
  std::unique_ptr<Agent> inner_;
  const MjaiSeatState* fold_;
  std::vector<std::string>* failures_;
  long* decisions_;
};

// The engine state's fields a seat can know (its own flags, the table's counters) that the
// PlayerView does not show but the legal actions depend on; "" when the fold has them all.
// `shield_set`: the event is a shield choice. The engine gives the next chooser (or, after the
// last, the dealer's first turn) the turn and the phase when it asks it; the fold at the
// shield_set before, where a lock-step server asks it: phase and turn are not compared there.
std::string StateDifference(const RoundState& engine, const RoundState& fold, int seat, bool shield_set) {
  const SeatState& a = engine.seats[seat];
  const SeatState& b = fold.seats[seat];
  std::string out;
  auto check = [&](const char* what, long x, long y) {
    if (x != y) out += std::string(what) + " engine " + std::to_string(x) + " fold " + std::to_string(y) + "; ";
  };
  check("riichi", static_cast<int>(a.riichi), static_cast<int>(b.riichi));
  check("double_riichi", a.double_riichi, b.double_riichi);
  check("open_riichi", a.open_riichi, b.open_riichi);
  check("num_kans", a.num_kans, b.num_kans);
  check("all_discards_orphans", a.all_discards_orphans, b.all_discards_orphans);
  check("discards_called", a.discards_called, b.discards_called);
  for (int k = 0; k < kNumKinds; ++k) check("discarded", a.discarded[k], b.discarded[k]);
  for (int p = 0; p < 4; ++p) check("ippatsu", engine.seats[p].ippatsu, fold.seats[p].ippatsu);
  check("tiles_left", engine.TilesLeft(), fold.TilesLeft());
  check("total_kans", engine.total_kans, fold.total_kans);
  check("no_calls_yet", engine.no_calls_yet, fold.no_calls_yet);
  check("discards_made", engine.discards_made, fold.discards_made);
  check("dora_revealed", engine.dora_revealed, fold.dora_revealed);
  check("drawn_from_rinshan", engine.drawn_from_rinshan, fold.drawn_from_rinshan);
  check("scores", engine.scores[seat], fold.scores[seat]);
  check("riichi_sticks", engine.riichi_sticks, fold.riichi_sticks);
  // Within the hand (at its end the engine settles the last pass, the fold does not need to).
  if (engine.phase != Phase::kEnded && fold.phase != Phase::kEnded) {
    check("temporary_furiten", a.temporary_furiten, b.temporary_furiten);
    check("riichi_furiten", a.riichi_furiten, b.riichi_furiten);
    for (int p = 0; p < 4; ++p) check("shields_to_set", engine.shields_to_set[p], fold.shields_to_set[p]);
    if (!shield_set) {
      check("phase", static_cast<int>(engine.phase), static_cast<int>(fold.phase));
      check("turn", engine.turn, fold.turn);
    }
    check("forbidden_discards", static_cast<long>(engine.forbidden_discards.size()),
          static_cast<long>(fold.forbidden_discards.size()));
  }
  return out;
}

// `seen` (optional) counts the events by type ("reach_open" for an open riichi).
void PlayAndCompare(const std::string& preset, const std::array<std::string, 4>& specs, uint64_t seed,
                    std::map<std::string, int>* seen = nullptr) {
  auto rules = LoadRuleset(preset);
  ASSERT_TRUE(rules.ok()) << rules.error();
  std::vector<std::unique_ptr<MjaiSeatState>> folds;
  std::vector<std::unique_ptr<Agent>> owned;
  std::array<Agent*, 4> agents{};
  std::vector<std::string> failures;
  long decisions = 0;
  for (int p = 0; p < 4; ++p) {
    folds.push_back(std::make_unique<MjaiSeatState>(*rules));
    folds.back()->set_seat(p);
    auto inner = MakeAgent(specs[p]);
    ASSERT_TRUE(inner.ok()) << inner.error();
    owned.push_back(
        std::make_unique<CheckingAgent>(std::move(inner).value(), folds.back().get(), &failures, &decisions));
    agents[p] = owned.back().get();
  }
  GameOptions options;
  long events = 0;
  // Each seat's events as the server writes them (mjai/wire_events.h: hidden tiles, shields, the
  // shown hand of an open riichi).
  MjaiEventWriter writer(*rules, MjaiDialect::kGimite, {"a", "b", "c", "d"});
  Event start;
  start.type = EventType::kStartGame;
  writer.Next(start);
  options.observer = [&](const RoundState& s, const Event& e) {
    ++events;
    const json j = writer.Next(e, ShownHandAt(s, e));
    if (seen) ++(*seen)[e.type == EventType::kReach && e.open ? "reach_open" : std::string(EventTypeName(e.type))];
    for (int p = 0; p < 4; ++p) {
      auto r = folds[p]->Apply(writer.ForSeat(p));
      if (!r) failures.push_back("seat " + std::to_string(p) + " fold: " + r.error() + " at " + j.dump());
      // The engine emits "reach" before it marks the declaration, and "start_kyoku" before it
      // gives the dealer the turn.
      const bool comparable = e.type != EventType::kReach && e.type != EventType::kStartKyoku;
      const std::string broken = comparable ? StateDifference(s, folds[p]->state(), p, e.type == EventType::kShieldSet) : "";
      if (!broken.empty())
        failures.push_back("seat " + std::to_string(p) + " after event " + std::to_string(events) + " " + j.dump() +
                           ": " + broken);
    }
  };
  const GameRecord record = PlayGame(*rules, seed, agents, options);
  ASSERT_TRUE(record.complete) << record.error;
  EXPECT_GT(decisions, 100);
  for (size_t i = 0; i < failures.size() && i < 10; ++i) ADD_FAILURE() << preset << " seed " << seed << ": " << failures[i];
  EXPECT_TRUE(failures.empty()) << failures.size() << " differences";
}

TEST(MjaiSeatState, FoldMatchesEngineRiichi) {
  for (uint64_t seed = 1; seed <= 12; ++seed)
    PlayAndCompare("riichi", {"greedy", "defensive", "greedy", "random"}, seed);
}

TEST(MjaiSeatState, FoldMatchesEngineOtherRulesets) {
  for (const char* preset : {"fuless", "ayame-blend", "ayame-competition", "ningbo"})
    for (uint64_t seed = 1; seed <= 3; ++seed) PlayAndCompare(preset, {"greedy", "defensive", "random", "greedy"}, seed);
}

// Dunpai: the shield deal, exchanges, protection and losses, closed kans laid face down, open
// riichi (its hand shown through the reach's "tehai"); the games must hold each of them.
TEST(MjaiSeatState, FoldMatchesEngineDunpai) {
  std::map<std::string, int> seen;
  for (uint64_t seed = 1; seed <= 6; ++seed)
    PlayAndCompare("dunpai", {"greedy", "defensive", "random", "greedy"}, seed, &seen);
  for (const char* type : {"shield_set", "exchange", "protection", "shields_lost", "ankan", "reach_open"})
    EXPECT_GT(seen[type], 0) << type;
}

}  // namespace
}  // namespace mjai_seat_state_test
}  // namespace mj

namespace mj {
namespace mjai_seat_state_test {
namespace {

std::vector<std::string> SortedNames(const json& tiles) {
  std::vector<std::string> out;
  for (const json& t : tiles) out.push_back(t.get<std::string>());
  std::sort(out.begin(), out.end());
  return out;
}

// True if `legal` (the fold's actions for a decision) holds what the log shows the seat doing:
// `act` is the seat's own next event.
bool Offers(const std::vector<Action>& legal, const MjaiSeatState& fold, const json& act, bool riichi_discard) {
  const std::string type = act["type"].get<std::string>();
  const Tile drawn = fold.state().drawn;
  for (const Action& a : legal) {
    std::vector<std::string> consumed;
    for (int i = 0; i < a.num_consumed; ++i) consumed.push_back(fold.TileName(a.consumed[i]));
    std::sort(consumed.begin(), consumed.end());
    const std::string tile = a.tile == kNoTile ? "" : fold.TileName(a.tile);
    switch (a.type) {
      case ActionType::kDiscard:
        if (type == "dahai" && !riichi_discard && act["pai"] == tile && (a.tile == drawn) == act["tsumogiri"].get<bool>())
          return true;
        break;
      case ActionType::kRiichi:
        if (type == "reach") return true;
        if (type == "dahai" && riichi_discard && act["pai"] == tile && (a.tile == drawn) == act["tsumogiri"].get<bool>())
          return true;
        break;
      case ActionType::kTsumo:
      case ActionType::kRon:
        if (type == "hora") return true;
        break;
      case ActionType::kNineTerminals:
        if (type == "ryukyoku") return true;
        break;
      case ActionType::kChi:
      case ActionType::kPon:
      case ActionType::kDaiminkan:
      case ActionType::kKakan:
      case ActionType::kAnkan:
        if (type == ActionTypeName(a.type) && consumed == SortedNames(act["consumed"]) &&
            (a.type == ActionType::kAnkan || act["pai"] == tile))
          return true;
        break;
      default: break;
    }
  }
  return false;
}

// Real Tenhou games as mjai logs, folded seat by seat with others' tiles hidden: no fold error,
// and every action a player took is among the legal actions the fold offers at that point.
TEST(MjaiSeatState, RealGamesActionsAreLegalInTheFold) {
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok());
  const std::filesystem::path dir = std::filesystem::path(MJ_SHARED_DIR) / "realgames" / "mjai";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 50u);
  long checked = 0;
  for (const auto& path : files) {
    std::ifstream in(path);
    std::vector<json> events;
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) events.push_back(json::parse(line));
    for (int seat = 0; seat < 4; ++seat) {
      MjaiSeatState fold(*rules);
      fold.set_seat(seat);
      std::vector<Action> legal;
      int failures = 0;
      for (size_t i = 0; i < events.size() && failures < 3; ++i) {
        auto r = fold.Apply(HideFor(events[i], seat));
        if (!r) {
          ADD_FAILURE() << path.filename() << " seat " << seat << " event " << i << ": " << r.error();
          ++failures;
          break;
        }
        if (fold.decision() == MjaiDecision::kNone) continue;
        fold.LegalActions(&legal);
        // The seat's own answer: its next event before the turn moves on (a draw or a discard by
        // anybody else, or the hand's end).
        const json* act = nullptr;
        for (size_t j = i + 1; j < events.size(); ++j) {
          const json& e = events[j];
          if (e.contains("actor") && e["actor"] == seat && e["type"] != "reach_accepted") {
            act = &e;
            break;
          }
          const std::string t = e["type"].get<std::string>();
          if (t == "tsumo" || t == "dahai" || t == "end_kyoku" || t == "ryukyoku" || t == "kakan" || t == "ankan") break;
        }
        if (act == nullptr || (*act)["type"] == "tsumo") continue;  // passed
        ++checked;
        if (!Offers(legal, fold, *act, fold.decision() == MjaiDecision::kRiichiDiscard)) {
          std::string offered;
          for (const Action& a : legal) offered += ActionToString(a) + "; ";
          ADD_FAILURE() << path.filename() << " seat " << seat << " event " << i << " " << events[i].dump()
                        << ": the player answered " << act->dump() << ", not among the fold's legal actions: "
                        << offered;
          ++failures;
        }
      }
    }
  }
  EXPECT_GT(checked, 20000);
  std::printf("%ld actions of real players found legal in the fold\n", checked);
}

}  // namespace
}  // namespace mjai_seat_state_test
}  // namespace mj

namespace mj {
namespace mjai_seat_state_test {
namespace {

// Bad input is an error naming the event and the field, never a crash.
TEST(MjaiSeatState, InconsistentEventsAreErrors) {
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok());
  const json start = json::parse(R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,
    "dora_marker":"1m","scores":[25000,25000,25000,25000],
    "tehais":[["1m","1m","1m","2m","3m","4m","5m","6m","7m","8m","9m","9m","9m"],
              ["?","?","?","?","?","?","?","?","?","?","?","?","?"],
              ["?","?","?","?","?","?","?","?","?","?","?","?","?"],
              ["?","?","?","?","?","?","?","?","?","?","?","?","?"]]})");
  auto error_of = [&](const std::vector<json>& events) -> std::string {
    MjaiSeatState fold(*rules);
    fold.set_seat(0);
    for (const json& e : events) {
      auto r = fold.Apply(e);
      if (!r) return r.error();
    }
    return "";
  };
  // 1m: three in the hand and the dora indicator; a draw of a fifth.
  EXPECT_NE(error_of({start, json::parse(R"({"type":"tsumo","actor":0,"pai":"1m"})")}).find("more copies of 1m"),
            std::string::npos);
  EXPECT_NE(error_of({start, json::parse(R"({"type":"tsumo","actor":0,"pai":"E"})"),
                      json::parse(R"({"type":"dahai","actor":0,"pai":"S","tsumogiri":false})")})
                .find("dahai event: \"pai\": the hand holds no S"),
            std::string::npos);
  EXPECT_NE(error_of({start, json::parse(R"({"type":"dahai","actor":1,"pai":"S","tsumogiri":false})")})
                .find("discards out of turn"),
            std::string::npos);
  EXPECT_NE(error_of({json::parse(R"({"type":"tsumo","actor":0,"pai":"1m"})")}).find("before start_kyoku"),
            std::string::npos);
  EXPECT_NE(error_of({start, json::parse(R"({"type":"tsumo","actor":0,"pai":"5xr"})")}).find("not a tile name"),
            std::string::npos);
  // Shield events under a ruleset without shields (tests/mjai_shield_fold_test.cc: with them).
  json carried = start;
  carried["shields_carried"] = {0, 0, 0, 0};
  EXPECT_NE(error_of({carried}).find("has no shields"), std::string::npos);
  EXPECT_NE(error_of({start, json::parse(R"({"type":"shield_set","actor":0,"pai":"1m"})")}).find("out of turn"),
            std::string::npos);
}

}  // namespace
}  // namespace mjai_seat_state_test
}  // namespace mj
