// Importing outside logs (formats/replay_import.h): every real game of shared/realgames in each of
// its three formats (tenhou.net/6, mjlog, mjai) imports (each win's yaku, han and fu agreeing with
// the engine's scoring wherever the log states them), verifies like a game the engine played
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
#include "formats/mjai_log_read.h"
#include "formats/mjlog_read.h"
#include "formats/replay_import.h"
#include "replays/compression.h"
#include "replays/replay_verify.h"
#include "replays/replay_writer.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace replay_import_test {
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

// The imports above check each win's yaku, han and fu wherever the log states them: every
// <AGARI> of the mjlog files states fu, points, limit and yaku (or yakuman), and every `hora` of
// the Tenhou games as mjai states fu, fan and yakus (gimite's fields); the bot matches (Mortal's
// dialect) state only point changes. Counted here from the files' text, outside the readers.
TEST_F(ImportCorpus, EveryWinWhoseLogStatesItsYakuIsCompared) {
  auto count = [](const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  int agari = 0, stated = 0;
  for (const std::string& f : Files(kReal + "/mjlog", ".mjlog")) {
    const std::string text = ReadText(f);
    auto game = tenhou::ParseMjlog(text, fs::path(f).stem().string());
    if (!game) continue;  // the log cut inside a hand is refused by the reader
    agari += count(text, "<AGARI ");
    for (const tenhou::Kyoku& k : game->log)
      for (const tenhou::Win& w : k.result.wins)
        stated += w.has_yaku && !w.yaku.empty() && w.fu > 0 && w.total_points > 0 && w.limit_known ? 1 : 0;
  }
  EXPECT_EQ(agari, 281);  // 274 in the 33 whole games, 7 in the one cut after S3-0
  EXPECT_EQ(stated, agari);
  int hora = 0;
  stated = 0;
  for (const std::string& f : Files(kReal + "/mjai", ".jsonl")) {
    const std::string text = ReadText(f);
    auto game = tenhou::ParseMjaiLog(text, fs::path(f).stem().string());
    ASSERT_TRUE(game.ok()) << game.error();
    hora += count(text, "\"type\":\"hora\"");
    for (const tenhou::Kyoku& k : game->log)
      for (const tenhou::Win& w : k.result.wins)
        stated += w.has_yaku && !w.yaku.empty() && w.fu > 0 && w.total_points > 0 ? 1 : 0;
  }
  EXPECT_EQ(hora, 436);
  EXPECT_EQ(stated, hora);
  for (const std::string& f : Files(kReal + "/mjai/bot_matches", ".jsonl")) {
    const std::string text = ReadText(f);
    auto game = tenhou::ParseMjaiLog(text, fs::path(f).stem().string());
    ASSERT_TRUE(game.ok()) << game.error();
    for (const tenhou::Kyoku& k : game->log)
      for (const tenhou::Win& w : k.result.wins) EXPECT_FALSE(w.has_score) << f << " " << k.Label();
    // The import says so.
    ImportChecks checks;
    ASSERT_TRUE(ImportFile(f, std::nullopt, &checks).ok()) << f;
    EXPECT_EQ(checks.wins, count(text, "\"hora\"")) << f;  // (these logs put spaces after colons)
    EXPECT_EQ(checks.scored, 0) << f;
  }
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

// Replaces the one occurrence of `from` in `text` by `to` (the test fails when it is not there
// exactly once, so that an altered log is altered where the test says).
std::string Altered(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "not in the log: " << from;
  if (at == std::string::npos) return text;
  EXPECT_EQ(text.find(from, at + 1), std::string::npos) << "more than once in the log: " << from;
  return text.replace(at, from.size(), to);
}

// The error of importing `text`, which must be refused.
std::string Refusal(const std::string& text, ImportFormat format, const std::string& file) {
  auto rec = ImportGame(text, format, file);
  EXPECT_FALSE(rec.ok()) << file << " imports although altered";
  return rec.ok() ? std::string() : rec.error();
}

// Every win's yaku, han and fu are compared with the engine's scoring in each format. The logs:
// Tenhou game 2017040900gm-00a9-0000-af5434e3, whose first hand (E1-0) seat 0 wins by ron from
// seat 3 with riichi 1, tanyao 1, dora 1, ura dora 1 (40 fu, mangan 12,000): the mjlog states
// ten="40,12000,1" yaku="1,1,8,1,52,1,53,1" (Tenhou's yaku ids: 1 riichi, 8 tanyao, 52 dora,
// 53 ura dora, 7 pinfu; FORMATS.md 1.5), the mjai log "fu":40,"fan":4 and
// [["reach",1],["tanyaochu",1],["dora",1],["uradora",1]], the tenhou.net/6 record "満貫12000点"
// and 立直, 断幺九, ドラ, 裏ドラ one han each. A limit hand's tenhou.net/6 score text states no
// fu: fu are altered there in game 2009022116gm-00a9-0000-77155835, whose E1-0 seat 0 wins by
// ron from seat 3 with "30符1飜1500点" 断幺九(1飜). Each altered log is refused with the file,
// the hand, the win and what differs, in the log's own naming.
TEST(ReplayImport, AlteredYakuHanAndFuAreRefusedInEveryFormat) {
  const std::string game = "2017040900gm-00a9-0000-af5434e3";
  const std::string win = "E1-0: the engine does not reproduce the log: seat 0 ron from 3: ";

  // mjlog: Tenhou's yaku ids.
  const std::string mjlog = ReadText(kReal + "/mjlog/" + game + ".mjlog");
  const std::string yaku = "yaku=\"1,1,8,1,52,1,53,1\"";
  std::string e = Refusal(Altered(mjlog, yaku, "yaku=\"1,1,8,2,52,1,53,1\""), ImportFormat::kMjlog, "han.mjlog");
  EXPECT_EQ(e.rfind("han.mjlog: " + win, 0), 0u) << e;
  EXPECT_NE(e.find("seat 0 ron from 3: han: log says 5, engine finds 4"), std::string::npos) << e;
  EXPECT_NE(e.find("seat 0 ron from 3: yaku: log says tanyao 2, engine finds tanyao 1 (whole lists: log riichi 1, "
                   "tanyao 2, dora 1, ura_dora 1; engine riichi 1, tanyao 1, dora 1, ura_dora 1)"),
            std::string::npos)
      << e;
  e = Refusal(Altered(mjlog, yaku, "yaku=\"1,1,7,1,52,1,53,1\""), ImportFormat::kMjlog, "renamed.mjlog");
  EXPECT_NE(e.find("renamed.mjlog: " + win + "yaku: log says pinfu 1, engine finds tanyao 1"), std::string::npos) << e;
  e = Refusal(Altered(mjlog, "ten=\"40,12000,1\"", "ten=\"30,12000,1\""), ImportFormat::kMjlog, "fu.mjlog");
  EXPECT_NE(e.find("fu.mjlog: " + win + "fu: log says 30, engine finds 40"), std::string::npos) << e;
  e = Refusal(Altered(mjlog, yaku, "yaku=\"1,1,36,1,52,1,53,1\""), ImportFormat::kMjlog, "renhou.mjlog");
  EXPECT_NE(e.find("renhou.mjlog: " + win + "yaku: log says yaku id 36 (renhou"), std::string::npos) << e;

  e = Refusal(Altered(mjlog, yaku, "yaku=\"1,1,8,2147483647,52,1,53,1\""), ImportFormat::kMjlog, "huge.mjlog");
  EXPECT_EQ(e.rfind("huge.mjlog: tag ", 0), 0u) << e;
  EXPECT_NE(e.find("\"yaku\" gives yaku 8 2147483647 han (0-99 expected)"), std::string::npos) << e;

  // mjai: gimite's names.
  const std::string mjai = ReadText(kReal + "/mjai/" + game + ".jsonl");
  const std::string yakus = "\"yakus\":[[\"reach\",1],[\"tanyaochu\",1],[\"dora\",1],[\"uradora\",1]]";
  e = Refusal(Altered(mjai, yakus, "\"yakus\":[[\"reach\",1],[\"tanyaochu\",2],[\"dora\",1],[\"uradora\",1]]"),
              ImportFormat::kMjai, "han.jsonl");
  EXPECT_EQ(e.rfind("han.jsonl: " + win, 0), 0u) << e;
  EXPECT_NE(e.find("yaku: log says tanyaochu 2, engine finds tanyaochu 1 (whole lists: log reach 1, tanyaochu 2, "
                   "dora 1, uradora 1; engine reach 1, tanyaochu 1, dora 1, uradora 1)"),
            std::string::npos)
      << e;
  e = Refusal(Altered(mjai, yakus, "\"yakus\":[[\"reach\",1],[\"pinfu\",1],[\"dora\",1],[\"uradora\",1]]"),
              ImportFormat::kMjai, "renamed.jsonl");
  EXPECT_NE(e.find("renamed.jsonl: " + win + "yaku: log says pinfu 1, engine finds tanyaochu 1"), std::string::npos)
      << e;
  const std::string fu = "\"fu\":40,\"fan\":4,\"yakus\":[[\"reach\",1],[\"tanyaochu\",1]";
  e = Refusal(Altered(mjai, fu, "\"fu\":50,\"fan\":4,\"yakus\":[[\"reach\",1],[\"tanyaochu\",1]"),
              ImportFormat::kMjai, "fu.jsonl");
  EXPECT_NE(e.find("fu.jsonl: " + win + "fu: log says 50, engine finds 40"), std::string::npos) << e;
  // Han 100 and more are gimite's yakuman entries.
  e = Refusal(Altered(mjai, yakus, "\"yakus\":[[\"reach\",1],[\"tanyaochu\",100],[\"dora\",1],[\"uradora\",1]]"),
              ImportFormat::kMjai, "yakuman.jsonl");
  EXPECT_NE(e.find("yakuman.jsonl: " + win + "yaku: log says tanyaochu (yakuman), engine finds tanyaochu 1"),
            std::string::npos)
      << e;
  e = Refusal(Altered(mjai, yakus, "\"yakus\":[[\"reach\",1],[\"tanyaochu\",2147483647],[\"dora\",1],[\"uradora\",1]]"),
              ImportFormat::kMjai, "huge.jsonl");
  EXPECT_EQ(e.rfind("huge.jsonl: line ", 0), 0u) << e;
  EXPECT_NE(e.find("(hora): \"yakus\" has [\"tanyaochu\",2147483647]: han out of 0 to 10^9"), std::string::npos) << e;
  // 2^32 + 40 fu: refused, not read as 40.
  e = Refusal(Altered(mjai, fu, "\"fu\":4294967336,\"fan\":4,\"yakus\":[[\"reach\",1],[\"tanyaochu\",1]"),
              ImportFormat::kMjai, "wide.jsonl");
  EXPECT_EQ(e.rfind("wide.jsonl: line ", 0), 0u) << e;
  EXPECT_NE(e.find("(hora): \"fu\" is 4294967336, not a number of points, fu or han"), std::string::npos) << e;
  e = Refusal(Altered(mjai, fu, "\"fu\":40,\"fan\":3,\"yakus\":[[\"reach\",1],[\"tanyaochu\",1]"),
              ImportFormat::kMjai, "fan.jsonl");
  EXPECT_NE(e.find("fan.jsonl: " + win + "han: log says 3, engine finds 4"), std::string::npos) << e;

  // tenhou.net/6: Tenhou's Japanese names.
  const std::string t6 = ReadText(kReal + "/tenhou6/" + game + ".json");
  const std::string names = "\"立直(1飜)\",\"断幺九(1飜)\",\"ドラ(1飜)\",\"裏ドラ(1飜)\"";
  auto t6_text = [&](const std::string& from, const std::string& to) {
    return nlohmann::json::parse(Altered(t6, from, to)).dump();
  };
  ASSERT_NE(t6.find(names), std::string::npos) << "the record is written without spaces";
  e = Refusal(t6_text(names, "\"立直(1飜)\",\"断幺九(2飜)\",\"ドラ(1飜)\",\"裏ドラ(1飜)\""), ImportFormat::kTenhou6,
              "han.json");
  EXPECT_NE(e.find("han.json: " + win + "yaku: log says tanyao 2, engine finds tanyao 1"), std::string::npos) << e;
  e = Refusal(t6_text(names, "\"立直(1飜)\",\"平和(1飜)\",\"ドラ(1飜)\",\"裏ドラ(1飜)\""), ImportFormat::kTenhou6,
              "renamed.json");
  EXPECT_NE(e.find("renamed.json: " + win + "yaku: log says pinfu 1, engine finds tanyao 1"), std::string::npos) << e;
  // Han that would overflow when summed per name saturate.
  e = Refusal(t6_text(names, "\"立直(1飜)\",\"断幺九(1飜)\",\"ドラ(999999999飜)\",\"ドラ(999999999飜)\",\"ドラ(999999999飜)\","
                             "\"裏ドラ(1飜)\""),
              ImportFormat::kTenhou6, "huge.json");
  EXPECT_NE(e.find("huge.json: " + win + "yaku: log says dora 2147483647, engine finds dora 1"), std::string::npos) << e;
  const std::string other = ReadText(kReal + "/tenhou6/2009022116gm-00a9-0000-77155835.json");
  e = Refusal(nlohmann::json::parse(Altered(other, "\"30符1飜1500点\"", "\"40符1飜1500点\"")).dump(),
              ImportFormat::kTenhou6, "fu.json");
  EXPECT_NE(e.find("fu.json: " + win + "fu: log says 40, engine finds 30"), std::string::npos) << e;

  // The unaltered logs import (their yaku agree).
  EXPECT_TRUE(ImportGame(mjlog, ImportFormat::kMjlog, game + ".mjlog").ok());
  EXPECT_TRUE(ImportGame(mjai, ImportFormat::kMjai, game + ".jsonl").ok());
  EXPECT_TRUE(ImportGame(t6, ImportFormat::kTenhou6, game + ".json").ok());
}

// The reference server's own logs (tests/data/mjai_reference/README.md): no start scores on
// start_kyoku, every win scored by the server in gimite's naming, where "jikaze" and "bakaze" name
// no wind and "sangenpai" no dragon. Both games import with all 13 wins compared; a double East
// written as one "jikaze 2" is refused at the log's level of naming.
TEST(ReplayImport, ReferenceServerLogsImportWithTheirYakuCompared) {
  const std::string dir = std::string(MJ_TEST_DATA_DIR) + "/mjai_reference/";
  int wins = 0;
  for (const char* name : {"2026-11-27-171700.mjson.gz", "2026-11-27-172058.mjson.gz"}) {
    ImportChecks checks;
    auto rec = ImportFile(dir + name, std::nullopt, &checks);
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(checks.wins, std::string(name) == "2026-11-27-171700.mjson.gz" ? 4 : 9) << name;  // the README's table
    EXPECT_EQ(checks.scored, checks.wins) << name;
    EXPECT_TRUE(rec->complete) << name;
    auto check = VerifyReplay(*rec);
    ASSERT_TRUE(check.ok()) << check.error();
    EXPECT_TRUE(check->ok()) << name;
    auto text = ReadMaybeCompressedFile(dir + name, 1 << 24);
    ASSERT_TRUE(text.ok()) << text.error();
    auto game = tenhou::ParseMjaiLog(*text, name);
    ASSERT_TRUE(game.ok()) << game.error();
    for (const tenhou::Kyoku& k : game->log)
      for (const tenhou::Win& w : k.result.wins) wins += w.has_yaku && w.fu > 0 && w.han > 0 ? 1 : 0;
  }
  EXPECT_EQ(wins, 13);

  // E3-2: seat 2 (the dealer) wins by ron from seat 3 with a triplet of East in the East round.
  auto text = ReadMaybeCompressedFile(dir + "2026-11-27-171700.mjson.gz", 1 << 24);
  ASSERT_TRUE(text.ok()) << text.error();
  const std::string e = Refusal(
      Altered(*text, "\"yakus\":[[\"bakaze\",1],[\"jikaze\",1]]", "\"yakus\":[[\"jikaze\",2]]"),
      ImportFormat::kMjai, "double-east.mjson");
  EXPECT_NE(e.find("double-east.mjson: E3-2: the engine does not reproduce the log: seat 2 ron from 3: yaku: log "
                   "says jikaze 2, engine finds jikaze 1, bakaze 1"),
            std::string::npos)
      << e;
}

}  // namespace
}  // namespace replay_import_test
}  // namespace mj
