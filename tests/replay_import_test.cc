// Importing outside logs (replays/replay_import.h): every real game of shared/realgames in each of
// its three formats (tenhou.net/6, mjlog, mjai) imports, verifies like a game the engine played
// (also after writing and reading the replay file back), ends with the final scores the log
// states, and the same Tenhou game gives the same events whatever format it came in. Logs that
// are cut short or altered are refused with the file, the hand or line, and what does not fit.

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "replays/replay.h"
#include "formats/replay_import.h"
#include "replays/replay_verify.h"
#include "replays/replay_writer.h"

namespace mj {
namespace {

namespace fs = std::filesystem;
const std::string kReal = std::string(MJ_SHARED_DIR) + "/realgames";

std::vector<std::string> Files(const std::string& dir, const std::string& ext) {
  std::vector<std::string> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext && e.path().filename() != "MANIFEST.json")
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string EventsText(const GameRecord& r) {
  std::string out;
  EventTextWriter w(r.rules, r.agents);
  for (const Event& e : r.events) {
    w.Append(e, &out);
    out += '\n';
  }
  return out;
}

// The log's own statement of the final points (outside the code under test), when it has one.
std::optional<std::array<int, 4>> StatedFinal(const std::string& path) {
  const std::string text = ReadText(path);
  std::array<int, 4> out{};
  if (fs::path(path).extension() == ".json") {
    const auto doc = nlohmann::json::parse(text);
    if (!doc.contains("sc")) return std::nullopt;
    for (int p = 0; p < 4; ++p) out[p] = static_cast<int>(doc["sc"][2 * p].get<double>());
    return out;
  }
  if (fs::path(path).extension() == ".mjlog") {
    const size_t at = text.find("owari=\"");
    if (at == std::string::npos) return std::nullopt;
    std::stringstream ss(text.substr(at + 7, text.find('"', at + 7) - at - 7));
    std::string item;
    for (int i = 0; i < 8 && std::getline(ss, item, ','); ++i)
      if (i % 2 == 0) out[i / 2] = static_cast<int>(std::stod(item) * 100);
    return out;
  }
  const size_t at = text.rfind("\"end_game\"");
  const std::string line = text.substr(text.rfind('\n', at) + 1);
  const auto doc = nlohmann::json::parse(line.substr(0, line.find('\n')));
  if (!doc.contains("scores")) return std::nullopt;
  return doc["scores"].get<std::array<int, 4>>();
}

struct Imported {
  std::map<std::string, std::string> events;  // by game id (file stem)
  int games = 0;
  int hands = 0;
};

// Imports every file, checks each as described above; `refused` lists the expected refusals
// (file name -> a part of the message).
// `checks` false: only import (for comparisons of games checked elsewhere). The file round trip
// (the thorough reader: schema, canonical form) runs for every fifth game, to keep the test fast.
Imported ImportAll(const std::vector<std::string>& files, const std::map<std::string, std::string>& refused = {},
                   bool checks = true) {
  Imported out;
  size_t n = 0;
  for (const std::string& f : files) {
    const std::string name = fs::path(f).filename().string();
    auto rec = ImportFile(f);
    if (auto it = refused.find(name); it != refused.end()) {
      EXPECT_FALSE(rec.ok()) << name << " should be refused";
      if (!rec.ok()) {
        EXPECT_NE(rec.error().find(it->second), std::string::npos) << rec.error();
        EXPECT_NE(rec.error().find(name), std::string::npos) << "the error names the file: " << rec.error();
      }
      continue;
    }
    EXPECT_TRUE(rec.ok()) << (rec.ok() ? "" : rec.error());
    if (!rec.ok()) continue;
    ++out.games;
    for (const Event& e : rec->events) out.hands += e.type == EventType::kStartKyoku ? 1 : 0;
    EXPECT_TRUE(rec->complete) << name;
    EXPECT_TRUE(rec->imported.has_value()) << name;
    out.events[fs::path(f).stem().string()] = EventsText(*rec);
    if (!checks) continue;
    // Verifies as a replay, also after the file round trip.
    auto check = VerifyReplay(*rec);
    EXPECT_TRUE(check.ok()) << name << ": " << (check.ok() ? "" : check.error());
    if (!check.ok()) continue;
    EXPECT_TRUE(check->ok()) << name << ": " << (check->ok() ? "" : check->divergence->ToString());
    if (auto final = StatedFinal(f)) {
      EXPECT_EQ(rec->end.scores, *final) << name << ": final points";
    }
    if (n++ % 5 != 0) continue;
    const std::string text = ReplayText(*rec);
    EXPECT_EQ(text, ReplayDocumentText(ReplayToJson(*rec))) << name;
    auto back = ReplayFromText(text);
    EXPECT_TRUE(back.ok()) << name << ": " << (back.ok() ? "" : back.error());
    if (!back.ok()) continue;
    EXPECT_EQ(back->walls.size(), rec->walls.size());
    auto again = VerifyReplay(*back);
    EXPECT_TRUE(again.ok() && again->ok()) << name << " read back does not verify";
    EXPECT_EQ(ReplayText(*back), text) << name;
  }
  return out;
}

class ImportCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::is_directory(kReal)) FAIL() << "the real games are missing: " << kReal;
  }
};

TEST_F(ImportCorpus, EveryTenhou6GameImportsAndVerifies) {
  const Imported t = ImportAll(Files(kReal + "/tenhou6", ".json"));
  EXPECT_EQ(t.games, 54);
  EXPECT_EQ(t.hands, 554);  // as tenhou_verify_test counts the same records
}

TEST_F(ImportCorpus, EveryMjlogGameImportsAndVerifiesAndCutLogsAreRefused) {
  const Imported t = ImportAll(
      Files(kReal + "/mjlog", ".mjlog"),
      {{"2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog", "the log ends in the middle of S4-0"},
       {"2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog", "the log ends after S3-0 but the engine's game goes on to S4-0"}});
  EXPECT_EQ(t.games, 33);
}

TEST_F(ImportCorpus, EveryMjaiGameImportsAndVerifies) {
  Imported t = ImportAll(Files(kReal + "/mjai", ".jsonl"));
  EXPECT_EQ(t.games, 51);
  const Imported bots = ImportAll(Files(kReal + "/mjai/bot_matches", ".jsonl"));
  EXPECT_EQ(bots.games, 2);
}

TEST_F(ImportCorpus, TheSameGameGivesTheSameEventsInEveryFormat) {
  const Imported t6 = ImportAll(Files(kReal + "/tenhou6", ".json"), {}, false);
  const Imported ml = ImportAll(Files(kReal + "/mjlog", ".mjlog"),
                                {{"2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog", ""},
                                 {"2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog", ""}},
                                false);
  const Imported mj = ImportAll(Files(kReal + "/mjai", ".jsonl"), {}, false);
  int compared = 0;
  for (const auto& [id, events] : t6.events) {
    // Names differ between the formats' headers; start_game lines are skipped.
    auto body = [](const std::string& s) { return s.substr(s.find('\n') + 1); };
    if (auto it = ml.events.find(id); it != ml.events.end()) {
      EXPECT_EQ(body(events), body(it->second)) << id << ": tenhou6 and mjlog differ";
      ++compared;
    }
    if (auto it = mj.events.find(id); it != mj.events.end()) {
      EXPECT_EQ(body(events), body(it->second)) << id << ": tenhou6 and mjai differ";
      ++compared;
    }
  }
  EXPECT_GE(compared, 80);
}

TEST(ReplayImport, AlteredLogsAreRefusedWithWhereAndWhat) {
  // A tenhou.net/6 record whose first win paid other points than the rules give.
  const std::string path = kReal + "/tenhou6/2017040900gm-00a9-0000-af5434e3.json";
  auto doc = nlohmann::json::parse(ReadText(path));
  auto& result = doc["log"][0][16];
  ASSERT_EQ(result[0], "和了");
  result[1][0] = result[1][0].get<int>() + 1000;
  result[1][1] = result[1][1].get<int>() - 1000;
  auto rec = ImportGame(doc.dump(), ImportFormat::kTenhou6, "altered.json");
  ASSERT_FALSE(rec.ok());
  EXPECT_NE(rec.error().find("altered.json: E1-0: the engine does not reproduce the log: "), std::string::npos) << rec.error();

  // An mjai log with a discard of a tile the player does not hold.
  std::string mjai = ReadText(kReal + "/mjai/2017040900gm-00a9-0000-af5434e3.jsonl");
  const std::string first = "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"N\",\"tsumogiri\":false}";
  ASSERT_NE(mjai.find(first), std::string::npos);
  mjai.replace(mjai.find(first), first.size(), "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"C\",\"tsumogiri\":false}");
  rec = ImportGame(mjai, ImportFormat::kMjai, "bad.jsonl");
  ASSERT_FALSE(rec.ok());
  EXPECT_NE(rec.error().find("bad.jsonl: E1-0: "), std::string::npos) << rec.error();
  EXPECT_NE(rec.error().find("7z"), std::string::npos) << "names the tile: " << rec.error();

  // An in-game mjai view: hidden tiles.
  rec = ImportGame("{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"
                   "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\"oya\":0,"
                   "\"dora_marker\":\"1m\",\"scores\":[25000,25000,25000,25000],\"tehais\":[[\"?\"]]}\n",
                   ImportFormat::kMjai, "view.jsonl");
  ASSERT_FALSE(rec.ok());
  EXPECT_EQ(rec.error().rfind("view.jsonl: line 2 (start_kyoku): ", 0), 0u) << rec.error();

  // A replay's walls are checked when read, and a changed wall does not verify.
  auto good = ImportFile(kReal + "/tenhou6/2017040900gm-00a9-0000-af5434e3.json");
  ASSERT_TRUE(good.ok()) << good.error();
  nlohmann::json replay = ReplayToJson(*good);
  nlohmann::json fifth = replay;
  for (int i = 0; i < 5; ++i) fifth["walls"][0][i] = "1m";
  auto read = ReplayFromJson(fifth);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error(), "/walls/0/4: a fifth \"1m\" (every copy is already in this wall)");
  nlohmann::json swapped = replay;
  // The first live draw (position 52) and a tile deep in the live wall trade places.
  std::swap(swapped["walls"][0][52], swapped["walls"][0][100]);
  ASSERT_NE(swapped["walls"][0][52], replay["walls"][0][52]);
  auto changed = ReplayFromJson(swapped);
  ASSERT_TRUE(changed.ok()) << changed.error();
  auto verdict = VerifyReplay(*changed);
  ASSERT_TRUE(verdict.ok());
  EXPECT_FALSE(verdict->ok()) << "a replay whose wall changed still verifies";

  // Not a log at all.
  EXPECT_FALSE(DetectImportFormat("hello").has_value());
  EXPECT_EQ(DetectImportFormat("<?xml version=\"1.0\"?><mjloggm ver=\"2.3\">"), ImportFormat::kMjlog);
}

}  // namespace
}  // namespace mj
