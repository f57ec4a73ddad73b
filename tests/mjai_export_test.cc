// `replay export --format mjai` in the reference dialect passes the reference implementation's
// validate.rb (../shared/mjai-reference) without --normalize: games with kans, a double ron,
// nine terminals, exhaustive draws and a pao (big three dragons, the liable seat named); the
// dialects' differences field by field.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "agents/registry.h"
#include "engine/game.h"
#include "mjai/wire_events.h"
#include "engine/match_plan.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace mjai_export_test {
namespace {

using nlohmann::json;

// Game g of `match --agents A --seed 7` (by default greedy,greedy,defensive,random).
GameRecord MatchGame(int g, const std::array<std::string, 4>& specs = {"greedy", "greedy", "defensive", "random"}) {
  const std::array<int, 4> seating = MatchSeating(g);
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = std::move(MakeAgent(specs[seating[s]])).value();
    agents[s] = owned[s].get();
  }
  GameRecord rec = PlayGame(LoadRuleset("riichi").value(), MatchGameSeed(7, g), agents);
  for (int s = 0; s < 4; ++s) rec.agents[s] = specs[seating[s]];
  return rec;
}

std::string RunCommand(const std::string& command, int* status) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  *status = pclose(p);
  return out;
}

TEST(MjaiExport, ReferenceValidatorAcceptsTheGimiteDialect) {
  if (std::system("ruby -e 'require \"json\"' > /dev/null 2>&1") != 0) GTEST_SKIP() << "ruby with json not installed";
  // Found by exporting 300 such games: 4 has a closed kan, 5 added kans and exhaustive draws,
  // 9 an open kan and a double ron, 18 nine terminals.
  std::string files, all;
  // And game 2074 of four greedy agents (found among 3,000): a big-three-dragons ron by seat 0
  // off seat 1 whose third dragon pon was fed by seat 3 (pao 3).
  const std::array<std::string, 4> greedy = {"greedy", "greedy", "greedy", "greedy"};
  for (int g : {4, 5, 9, 18, 2074}) {
    const GameRecord rec = g == 2074 ? MatchGame(g, greedy) : MatchGame(g);
    ASSERT_TRUE(rec.complete) << rec.error;
    const std::string text = ExportMjaiLog(rec.events, rec.rules, rec.agents, MjaiDialect::kGimite);
    const std::string path = ::testing::TempDir() + "mjai_export_" + std::to_string(g) + ".mjson";
    std::ofstream(path) << text;
    files += " " + path;
    all += text;
  }
  for (const char* feature : {"\"type\":\"ankan\"", "\"type\":\"kakan\"", "\"type\":\"daiminkan\"",
                              "\"reason\":\"kyushukyuhai\"", "\"reason\":\"fanpai\"", "\"uradora_markers\"",
                              "\"pao\":3"})
    EXPECT_NE(all.find(feature), std::string::npos) << feature;
  EXPECT_EQ(all.find("\"ura_markers\""), std::string::npos);
  EXPECT_EQ(all.find("\"pao\":-1"), std::string::npos);
  EXPECT_EQ(all.find("null"), std::string::npos);  // no hidden hand as null, no missing dora
  int status = -1;
  const std::string out =
      RunCommand("ruby " + std::string(MJ_SHARED_DIR) + "/mjai-reference/validate.rb" + files + " 2>&1", &status);
  EXPECT_EQ(status, 0) << out;
  size_t ok = 0;
  for (size_t at = out.find("OK (gimite)"); at != std::string::npos; at = out.find("OK (gimite)", at + 1)) ++ok;
  EXPECT_EQ(ok, 5u) << out;
  EXPECT_EQ(out.find("mismatch"), std::string::npos) << out;
  EXPECT_EQ(out.find("normalized"), std::string::npos) << out;
}

TEST(MjaiExport, DialectsDifferOnlyWhereDocumented) {
  const Ruleset rules = LoadRuleset("riichi").value();
  const std::array<std::string, 4> names = {"a", "b", "c", "d"};
  // A pao tsumo by seat 0 fed by seat 3, and a nine-terminals draw declared by seat 2.
  Event start;
  start.type = EventType::kStartGame;
  Event tsumo;
  tsumo.type = EventType::kTsumo;
  tsumo.actor = 2;
  tsumo.pai = TileOf(27, 1);
  Event hora;
  hora.type = EventType::kHora;
  hora.actor = 0;
  hora.target = 0;
  hora.pai = TileOf(31, 2);
  auto info = std::make_shared<HoraInfo>();
  info->pao = 3;
  info->ura_markers = {TileOf(1, 1)};
  hora.hora = info;
  Event draw;
  draw.type = EventType::kRyukyoku;
  auto r = std::make_shared<RyukyokuInfo>();
  r->reason = DrawReason::kNineTerminals;
  draw.ryukyoku = r;
  for (MjaiDialect d : {MjaiDialect::kGimite, MjaiDialect::kMortal}) {
    MjaiEventWriter w(rules, d, names);
    w.Next(start);
    json h = w.Next(hora);
    EXPECT_EQ(h["pao"], 3);
    EXPECT_EQ(h[d == MjaiDialect::kGimite ? "uradora_markers" : "ura_markers"], json::array({"2m"}));
    info->pao = -1;
    h = w.Next(hora);
    EXPECT_EQ(h.contains("pao"), d == MjaiDialect::kMortal);
    info->pao = 3;
    w.Next(tsumo);
    const json dr = w.Next(draw);
    EXPECT_EQ(dr["actor"], 2);
    EXPECT_EQ(dr["tehais"][0].is_null(), d == MjaiDialect::kMortal);
  }
}

}  // namespace
}  // namespace mjai_export_test
}  // namespace mj
