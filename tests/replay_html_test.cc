// replay html: the page is self-contained (no address it could load, a policy forbidding any
// request), the embedded replay cannot end its script element whatever the names in it say, the
// index page lists loaded and unloadable replays; the command and export --format tenhou6 from
// the command line. What the page shows is tested in Chromium (tests/browser/).

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "agents/registry.h"
#include "engine/game.h"
#include "replays/replay.h"
#include "viewer/replay_html.h"
#include "formats/tenhou6.h"
#include "rules/ruleset.h"
#include "tests/program_run.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace replay_html_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

GameRecord Game(const char* preset, uint64_t seed) {
  auto rules = LoadRuleset(preset);
  EXPECT_TRUE(rules.ok());
  auto a = MakeAgent("greedy"), b = MakeAgent("greedy"), c = MakeAgent("greedy"), d = MakeAgent("greedy");
  return PlayGame(*rules, seed, {a.value().get(), b.value().get(), c.value().get(), d.value().get()});
}

TEST(ReplayHtml, SelfContainedPage) {
  const json doc = ReplayToJson(Game("riichi", 3));
  const std::string html = ReplayHtml(doc, "g.json");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
  // Nothing to fetch: no src/href attributes, no url() but data: ones, no import.
  EXPECT_EQ(Count(html, " src="), 0u);
  EXPECT_EQ(Count(html, "href="), 0u);
  EXPECT_EQ(Count(html, "@import"), 0u);
  EXPECT_EQ(Count(html, "url(") , Count(html, "url(\"data:"));
  EXPECT_EQ(Count(html, "<script"), 2u);  // the data and the viewer
  EXPECT_EQ(Count(html, "</script>"), 2u);
  // The embedded document is the replay, with the title added.
  const size_t open = html.find("<script id=\"mj-replay\" type=\"application/json\">");
  ASSERT_NE(open, std::string::npos);
  const size_t from = html.find('>', open) + 1;
  json embedded = json::parse(html.substr(from, html.find("</script>", from) - from));
  EXPECT_EQ(embedded["title"], "g.json");
  embedded.erase("title");
  EXPECT_EQ(embedded, doc);
}

TEST(ReplayHtml, NamesCannotEndTheScript) {
  json doc = ReplayToJson(Game("riichi", 3));
  doc["agents"][1] = "</script><script>alert(1)</script>";
  const std::string html = ReplayHtml(doc, "<b>x</b>.json");
  EXPECT_EQ(Count(html, "</script>"), 2u);
  EXPECT_EQ(Count(html, "<b>x</b>"), 0u);  // the title is escaped in <title>
  const size_t from = html.find('>', html.find("<script id=\"mj-replay\"")) + 1;
  const json embedded = json::parse(html.substr(from, html.find("</script>", from) - from));
  EXPECT_EQ(embedded["agents"][1], "</script><script>alert(1)</script>");
}

TEST(ReplayHtml, IndexListsGamesAndFailures) {
  std::vector<ReplayIndexEntry> entries(2);
  entries[0].file = "a/game-0001.json";
  entries[0].page = "a/game-0001.html";
  entries[0].doc = ReplayToJson(Game("ningbo", 5));
  entries[1].file = "bad.json";
  entries[1].error = "/events/3/pai: \"5x\" is not one of the tile names <here>";
  const std::string html = ReplayIndexHtml(entries, "out/m");
  EXPECT_NE(html.find("<a href=\"a/game-0001.html\">a/game-0001.json</a>"), std::string::npos);
  EXPECT_NE(html.find("<td>ningbo</td>"), std::string::npos);
  EXPECT_NE(html.find("not loaded: /events/3/pai: &quot;5x&quot; is not one of the tile names &lt;here&gt;"), std::string::npos);
  const json& f = entries[0].doc["final"];
  for (int p = 0; p < 4; ++p)
    EXPECT_NE(html.find("<b>" + std::to_string(f["ranks"][p].get<int>()) + ".</b> " +
                        std::to_string(f["scores"][p].get<int>())),
              std::string::npos);
}

using test::ProgramRun;
ProgramRun RunProgram(const std::string& args) { return test::Program(args); }

TEST(ReplayHtml, CommandWritesPagesAndIndex) {
  const fs::path dir = fs::temp_directory_path() / ("mj_replay_html_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  ASSERT_TRUE(WriteReplayFile(Game("riichi", 3), (dir / "g1.json").string()).ok());
  ASSERT_TRUE(WriteReplayFile(Game("dunpai", 4), (dir / "sub" / "g2.json").string()).ok());
  ProgramRun one = RunProgram("replay html " + (dir / "g1.json").string() + " -o " + (dir / "one.html").string());
  EXPECT_EQ(one.status, 0) << one.out;
  EXPECT_TRUE(fs::exists(dir / "one.html"));
  { std::ofstream(dir / "broken.json") << "{\"format\":\"mahjong-replay\"}"; }
  ProgramRun all = RunProgram("replay html " + dir.string() + " -o " + (dir / "out").string());
  EXPECT_EQ(all.status, 1) << all.out;  // broken.json does not load
  EXPECT_NE(all.out.find("broken.json"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("wrote " + (dir / "out" / "index.html").string() + " and 2 of 3 replay pages"), std::string::npos) << all.out;
  EXPECT_TRUE(fs::exists(dir / "out" / "g1.html"));
  EXPECT_TRUE(fs::exists(dir / "out" / "sub" / "g2.html"));
  ProgramRun missing = RunProgram("replay html " + (dir / "nope.json").string());
  EXPECT_EQ(missing.status, 1) << missing.out;

  // export --format tenhou6: riichi written and read back; dunpai refused.
  ProgramRun t6 = RunProgram("replay export --format tenhou6 " + (dir / "g1.json").string());
  EXPECT_EQ(t6.status, 0) << t6.out;
  auto game = tenhou::ParseGame(json::parse(t6.out));
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_TRUE(game->has_final);
  ProgramRun refused = RunProgram("replay export --format tenhou6 " + (dir / "sub" / "g2.json").string());
  EXPECT_EQ(refused.status, 1) << refused.out;
  EXPECT_NE(refused.out.find("ruleset \"dunpai\" differs in "), std::string::npos) << refused.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace replay_html_test
}  // namespace mj
