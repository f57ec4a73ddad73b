// mj_table_counts: plays one game and writes its replay plus, for every event, the tile counts
// of the engine's own table state right after that event (from the game observer's RoundState,
// not from the replay's events): per seat the concealed tiles, river tiles, meld tiles, face-down
// and face-up shields, and the live tiles left to draw. The browser test (viewer_test.js) checks
// that the replay viewer displays exactly these counts at every event.
//
//   mj_table_counts RULES SEED AGENTS OUT_DIR NAME [STOP_AFTER]
// writes OUT_DIR/NAME.json (the replay) and OUT_DIR/NAME.counts:
//   {"counts":[{"type":"tsumo","wall":69,"seats":[[hand,river,meld_tiles,down,up] x4]}, ...]}
// STOP_AFTER > 0: seat 1 answers an illegal action at its STOP_AFTER-th decision, so the game
// stops there (an incomplete replay).
//
//   mj_table_counts --import LOG OUT_DIR NAME
// imports an outside log (tenhou.net/6, mjlog, mjai; replays/replay_import.h), writes it as
// OUT_DIR/NAME.json and the counts of the engine's state while re-simulating it.

#include <array>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/event.h"
#include "engine/game.h"
#include "replays/replay.h"
#include "formats/replay_import.h"
#include "replays/replay_verify.h"
#include "rules/ruleset.h"

namespace {

using nlohmann::json;

// Delegates to `inner`, then answers an illegal action (a tsumo without a tile) at its
// `stop_after`-th decision.
class StoppingAgent final : public mj::Agent {
 public:
  StoppingAgent(std::unique_ptr<mj::Agent> inner, int stop_after) : inner_(std::move(inner)), stop_after_(stop_after) {}
  [[nodiscard]] std::string Name() const override { return inner_->Name(); }
  void BeginGame(int seat, uint64_t seed) override { inner_->BeginGame(seat, seed); }
  [[nodiscard]] mj::Action Choose(const mj::PlayerView& view, std::span<const mj::Action> legal) override {
    if (++decisions_ == stop_after_) return {mj::ActionType::kTsumo, static_cast<uint8_t>(view.seat()), mj::kNoTile, {}, 0};
    return inner_->Choose(view, legal);
  }

 private:
  std::unique_ptr<mj::Agent> inner_;
  int stop_after_;
  int decisions_ = 0;
};

json Counts(const mj::RoundState& s) {
  json seats = json::array();
  for (const mj::SeatState& seat : s.seats) {
    int meld_tiles = 0;
    for (const mj::EngineMeld& m : seat.melds) meld_tiles += m.num_tiles;
    seats.push_back({seat.hand.size(), seat.river.size(), meld_tiles, seat.shields_down.size(), seat.shields_up.size()});
  }
  return {{"wall", s.live_end - s.live_next}, {"seats", seats}};
}

}  // namespace

json StartCounts() {
  return {{"type", "start_game"}, {"wall", nullptr}, {"seats", json::array({{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}})}};
}

// Events the rounds do not report (end_game) leave the table as the last hand left it; then the
// counts must follow the record event for event.
bool Finish(json& counts, const mj::GameRecord& record) {
  if (counts.size() + 1 == record.events.size() && record.events.back().type == mj::EventType::kEndGame) {
    json last = counts.back();
    last["type"] = "end_game";
    counts.push_back(std::move(last));
  }
  if (counts.size() != record.events.size()) {
    std::cerr << "observer saw " << counts.size() << " events, the record has " << record.events.size() << "\n";
    return false;
  }
  for (size_t i = 0; i < counts.size(); ++i)
    if (counts[i]["type"] != std::string(mj::EventTypeName(record.events[i].type))) {
      std::cerr << "event " << i << ": observer saw " << counts[i]["type"] << ", the record has "
                << mj::EventTypeName(record.events[i].type) << "\n";
      return false;
    }
  return true;
}

int Import(const std::string& log, const std::string& base) {
  auto record = mj::ImportFile(log);
  if (!record) {
    std::cerr << record.error() << "\n";
    return 1;
  }
  json counts = json::array();
  counts.push_back(StartCounts());
  const mj::GameRecord sim = mj::ResimulateRecord(*record, {}, [&counts](const mj::RoundState& s, const mj::Event& e) {
    json c = Counts(s);
    c["type"] = std::string(mj::EventTypeName(e.type));
    counts.push_back(std::move(c));
  });
  if (!sim.complete || !Finish(counts, *record)) return 1;
  if (auto w = mj::WriteReplayFile(*record, base + ".json"); !w) {
    std::cerr << w.error() << "\n";
    return 1;
  }
  std::ofstream out(base + ".counts");
  out << json{{"counts", counts}}.dump() << "\n";
  std::cout << base << ".json: imported, " << record->events.size() << " events\n";
  return out ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "--import") return Import(argv[2], std::string(argv[3]) + "/" + argv[4]);
  if (argc < 6) {
    std::cerr << "usage: mj_table_counts RULES SEED AGENTS OUT_DIR NAME [STOP_AFTER]\n";
    return 2;
  }
  auto rules = mj::LoadRuleset(argv[1]);
  if (!rules) {
    std::cerr << rules.error() << "\n";
    return 2;
  }
  const uint64_t seed = std::stoull(argv[2]);
  std::vector<std::string> specs;
  for (std::string rest = argv[3];;) {
    const size_t comma = rest.find(',');
    specs.push_back(rest.substr(0, comma));
    if (comma == std::string::npos) break;
    rest = rest.substr(comma + 1);
  }
  if (specs.size() != 4) {
    std::cerr << "AGENTS must name four agents\n";
    return 2;
  }
  const int stop_after = argc > 6 ? std::stoi(argv[6]) : 0;
  std::array<std::unique_ptr<mj::Agent>, 4> agents;
  for (int p = 0; p < 4; ++p) {
    auto a = mj::MakeAgent(specs[p]);
    if (!a) {
      std::cerr << a.error() << "\n";
      return 2;
    }
    agents[p] = std::move(a).value();
    if (p == 1 && stop_after > 0) agents[p] = std::make_unique<StoppingAgent>(std::move(agents[p]), stop_after);
  }
  json counts = json::array();
  // start_game comes before any table: nothing dealt yet.
  counts.push_back({{"type", "start_game"}, {"wall", nullptr}, {"seats", json::array({{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}})}});
  mj::GameOptions options;
  options.observer = [&counts](const mj::RoundState& s, const mj::Event& e) {
    json c = Counts(s);
    c["type"] = std::string(mj::EventTypeName(e.type));
    counts.push_back(std::move(c));
  };
  const mj::GameRecord record =
      mj::PlayGame(*rules, seed, {agents[0].get(), agents[1].get(), agents[2].get(), agents[3].get()}, options);
  // Events the rounds do not report (end_game) leave the table as the last hand left it.
  if (counts.size() + 1 == record.events.size() && record.events.back().type == mj::EventType::kEndGame) {
    json last = counts.back();
    last["type"] = "end_game";
    counts.push_back(std::move(last));
  }
  if (counts.size() != record.events.size()) {
    std::cerr << "observer saw " << counts.size() << " events, the record has " << record.events.size() << "\n";
    return 1;
  }
  for (size_t i = 0; i < counts.size(); ++i) {
    if (counts[i]["type"] != std::string(mj::EventTypeName(record.events[i].type))) {
      std::cerr << "event " << i << ": observer saw " << counts[i]["type"] << ", the record has "
                << mj::EventTypeName(record.events[i].type) << "\n";
      return 1;
    }
  }
  const std::string base = std::string(argv[4]) + "/" + argv[5];
  if (auto w = mj::WriteReplayFile(record, base + ".json"); !w) {
    std::cerr << w.error() << "\n";
    return 1;
  }
  std::ofstream out(base + ".counts");
  out << json{{"counts", counts}}.dump() << "\n";
  if (!out) {
    std::cerr << "cannot write " << base << ".counts\n";
    return 1;
  }
  std::cout << base << ".json: " << record.events.size() << " events" << (record.complete ? "" : " (stopped)") << "\n";
  return 0;
}
