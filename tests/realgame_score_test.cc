// The riichi scorer against every win of the real Tenhou games in shared/realgames/mjai/
// (mjai logs converted from Tenhou, each `hora` carrying Tenhou's own fu, han, yaku, points and
// score deltas). The expected values are Tenhou's, read from the logs, never recomputed here.
//
// Two tests:
//  * RealGameScore.ExtractionAgreesWithTenhouRecords checks the extractor (tests/mjai_wins.h)
//    against the logs themselves (dora / red / ura counts, riichi, situational yaku, honba and
//    stick distribution), so that a scorer mismatch is not an extraction mistake.
//  * RealGameScore.ScorerMatchesEveryTenhouWin scores every win with the "riichi" ruleset and
//    compares fu, han (or yakuman multiples), yaku, points (without honba) and the winner's delta.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "rules/ruleset.h"
#include "rules/score_json.h"
#include "tests/mjai_wins.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace realgame_score_test {
namespace {

using nlohmann::json;
using test::MjaiWin;

std::string SharedDir() {
#ifdef MJ_SHARED_DIR
  return MJ_SHARED_DIR;
#else
  return "";
#endif
}

struct Corpus {
  std::string error;                 // set if the corpus could not be found
  int files = 0;                     // logs read (bot_matches/ excluded)
  std::vector<std::string> skipped;  // logs whose hora events lack the score fields
  std::vector<MjaiWin> wins;
  std::vector<std::string> errors;   // extraction problems
};

const Corpus& LoadCorpus() {
  static const Corpus corpus = [] {
    Corpus c;
    const std::string shared = SharedDir();
    if (shared.empty()) {
      c.error = "MJ_SHARED_DIR is not defined";
      return c;
    }
    const std::filesystem::path dir = std::filesystem::path(shared) / "realgames" / "mjai";
    if (!std::filesystem::is_directory(dir)) {
      c.error = "no directory " + dir.string() + " (MJ_SHARED_DIR=" + shared + ")";
      return c;
    }
    // Only the files directly in mjai/: the bot matches in mjai/bot_matches/ are not Tenhou's.
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
        paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    for (const auto& path : paths) {
      test::MjaiWinsFile f = test::ExtractMjaiWins(path.string());
      ++c.files;
      c.errors.insert(c.errors.end(), f.errors.begin(), f.errors.end());
      if (!f.has_score_fields) {
        c.skipped.push_back(path.filename().string());
        continue;
      }
      for (MjaiWin& w : f.wins) c.wins.push_back(std::move(w));
    }
    return c;
  }();
  return corpus;
}

int Count(const std::vector<int>& kinds, int kind) {
  return static_cast<int>(std::count(kinds.begin(), kinds.end(), kind));
}

int DoraCount(const MjaiWin& w, const std::vector<int>& indicators) {
  int n = 0;
  for (int ind : indicators) n += Count(w.tile_kinds, test::DoraOf(ind));
  return n;
}

int ExpectedHan(const MjaiWin& w, const std::string& our_name) {
  for (const auto& [name, han] : w.yaku)
    if (name == our_name) return han;
  return 0;
}

bool TenhouHas(const MjaiWin& w, const std::string& gimite_name) {
  for (const json& y : w.tenhou_yakus)
    if (y.is_array() && !y.empty() && y[0] == gimite_name) return true;
  return false;
}

std::string YakuText(const std::vector<std::pair<std::string, int>>& yaku, bool names_only) {
  std::string s = "[";
  for (const auto& [name, han] : yaku) {
    if (s.size() > 1) s += " ";
    s += name;
    if (!names_only) {
      s += ':';
      s += std::to_string(han);
    }
  }
  return s + "]";
}

TEST(RealGameScore, CorpusIsThere) {
  const Corpus& c = LoadCorpus();
  ASSERT_TRUE(c.error.empty()) << c.error;
  EXPECT_GE(c.files, 50);
  EXPECT_GE(c.wins.size(), 400u) << "wins found in " << c.files << " logs";
}

TEST(RealGameScore, ExtractionAgreesWithTenhouRecords) {
  const Corpus& c = LoadCorpus();
  ASSERT_TRUE(c.error.empty()) << c.error;
  for (const std::string& e : c.errors) ADD_FAILURE() << "extraction: " << e;
  std::vector<std::string> bad;
  for (const MjaiWin& w : c.wins) {
    std::ostringstream why;
    const int tiles = static_cast<int>(w.tile_kinds.size());
    if (tiles < 14 || tiles > 18) why << " winner holds " << tiles << " tiles;";
    const bool tenhou_riichi = TenhouHas(w, "reach") || TenhouHas(w, "double_reach");
    if (!w.yakuman()) {
      // Dora, red fives and ura counted on the extracted hand = Tenhou's han for them.
      if (DoraCount(w, w.dora_indicators) != ExpectedHan(w, "dora"))
        why << " dora " << DoraCount(w, w.dora_indicators) << " vs Tenhou "
            << ExpectedHan(w, "dora") << ";";
      if (w.red_fives != ExpectedHan(w, "aka_dora"))
        why << " red fives " << w.red_fives << " vs Tenhou " << ExpectedHan(w, "aka_dora") << ";";
      const int ura = w.in_riichi ? DoraCount(w, w.ura_indicators) : 0;
      if (ura != ExpectedHan(w, "ura_dora"))
        why << " ura " << ura << " vs Tenhou " << ExpectedHan(w, "ura_dora") << ";";
      if (w.in_riichi != tenhou_riichi)
        why << " reach_accepted " << w.in_riichi << " vs Tenhou riichi " << tenhou_riichi << ";";
      // Situational yaku seen in the event stream = the ones Tenhou lists.
      const std::pair<const char*, bool> flags[] = {
          {"double_reach", w.derived.double_riichi}, {"ippatsu", w.derived.ippatsu},
          {"rinshankaiho", w.derived.rinshan},       {"chankan", w.derived.chankan},
          {"haiteiraoyue", w.derived.haitei},        {"hoteiraoyui", w.derived.houtei}};
      for (const auto& [name, derived] : flags)
        if (derived != TenhouHas(w, name))
          why << " " << name << ": log says " << derived << ", Tenhou " << TenhouHas(w, name) << ";";
    }
    if (TenhouHas(w, "tenho") != w.derived.tenhou || TenhouHas(w, "chiho") != w.derived.chiihou)
      why << " tenhou/chiihou differ from the event stream;";
    if (w.in_riichi && w.ura_indicators.size() != w.dora_indicators.size())
      why << " " << w.ura_indicators.size() << " ura indicators for " << w.dora_indicators.size()
          << " dora indicators;";
    // What the winner receives: the hand, plus honba and sticks if it takes the table.
    const int table = w.takes_table ? 300 * w.honba + 1000 * w.riichi_sticks : 0;
    if (w.delta != w.hora_points + table)
      why << " delta " << w.delta << " != hora_points " << w.hora_points << " + table " << table
          << ";";
    if (w.input["honba"].get<int>() * 300 + w.input["riichi_sticks"].get<int>() * 1000 != table)
      why << " input honba/sticks do not match the table;";
    if (!why.str().empty()) bad.push_back(w.Where() + ":" + why.str() + " input=" + w.input.dump());
  }
  for (const std::string& line : bad) std::cout << "[ EXTRACT  ] " << line << "\n";
  EXPECT_TRUE(bad.empty()) << bad.size() << " wins where the extraction disagrees with the log";
}

TEST(RealGameScore, ScorerMatchesEveryTenhouWin) {
  const Corpus& c = LoadCorpus();
  ASSERT_TRUE(c.error.empty()) << c.error;
  auto rules = LoadRuleset("riichi");
  ASSERT_TRUE(rules.ok()) << rules.error();

  std::vector<std::string> mismatches;
  std::map<std::string, int> by_field;
  std::map<std::string, int> names;  // gimite yaku names seen
  int tsumo = 0, ron = 0, multi = 0, riichi = 0, open = 0, yakuman = 0, limit = 0, pao = 0;
  for (const MjaiWin& w : c.wins) {
    (w.tsumo ? tsumo : ron)++;
    multi += w.winners > 1;
    riichi += w.in_riichi;
    open += std::any_of(w.input["melds"].begin(), w.input["melds"].end(),
                        [](const json& m) { return m["type"] != "ankan"; });
    yakuman += w.yakuman();
    limit += !w.yakuman() && (w.fan >= 5 || w.hora_points >= (w.input["seat_wind"] == "E" ? 12000 : 8000));
    pao += w.pao >= 0;
    for (const json& y : w.tenhou_yakus) ++names[y[0].get<std::string>()];

    const std::string expected =
        "fu=" + (w.yakuman() ? std::string("-") : std::to_string(w.fu)) +
        (w.yakuman() ? " yakuman=" + std::to_string(w.yakuman_multiples())
                     : " han=" + std::to_string(w.fan)) +
        " points=" + std::to_string(w.hora_points) + " delta=" + std::to_string(w.delta) +
        " yaku=" + YakuText(w.yaku, w.yakuman()) + (w.pao >= 0 ? " pao=" + std::to_string(w.pao) : "");
    const json out = ScoreInputJson(w.input, rules.value());
    std::vector<std::string> fields;
    std::string got;
    if (!out.is_object() || out.value("ok", false) != true) {
      fields.push_back("not_ok");
      got = out.dump();
    } else {
      const double han = out.value("han", json(0)).is_number() ? out["han"].get<double>() : -1;
      const int fu = out.value("fu", -1);
      const int our_yakuman = out.value("yakuman", 0);
      int points = -1;
      const json& pay = out.value("payment", json::object());
      if (pay.contains("ron")) points = pay["ron"].get<int>();
      else if (pay.contains("each")) points = 3 * pay["each"].get<int>();
      else if (pay.contains("dealer")) points = pay["dealer"].get<int>() + 2 * pay.value("non_dealer", 0);
      const int total = out.value("total", -1);
      std::map<std::string, int> our_yaku_map;
      for (const json& y : out.value("yaku", json::array())) {
        const std::string name = y.value("name", "?");
        const double h = y.value("han", json(0)).is_number() ? y["han"].get<double>() : 0;
        const bool dora_kind = name == "dora" || name == "aka_dora" || name == "ura_dora";
        if (dora_kind && h == 0) continue;  // a dora kind worth nothing is not a yaku
        our_yaku_map[name] += w.yakuman() ? 0 : static_cast<int>(std::lround(h));
        if (!w.yakuman() && std::abs(h - std::lround(h)) > 1e-9) fields.push_back("yaku_han_fraction");
      }
      const std::vector<std::pair<std::string, int>> our_yaku(our_yaku_map.begin(), our_yaku_map.end());

      if (w.yakuman()) {
        if (our_yakuman != w.yakuman_multiples()) fields.push_back("yakuman");
      } else {
        if (std::abs(han - w.fan) > 1e-9) fields.push_back("han");
        if (fu != w.fu) fields.push_back("fu");
        if (w.fan < 13 && our_yakuman != 0) fields.push_back("yakuman");
      }
      if (our_yaku != w.yaku) fields.push_back("yaku");
      if (points != w.hora_points) fields.push_back("points");
      if (total != w.delta) fields.push_back("delta");

      std::ostringstream g;
      g << "fu=" << fu << (w.yakuman() ? " yakuman=" + std::to_string(our_yakuman) : "")
        << " han=" << out.value("han", json(nullptr)).dump() << " points=" << points
        << " total=" << total << " limit=" << out.value("limit", json(nullptr)).dump()
        << " yaku=" << YakuText(our_yaku, w.yakuman());
      got = g.str();
    }
    if (fields.empty()) continue;
    std::string which;
    for (const std::string& f : fields) {
      ++by_field[f];
      which += (which.empty() ? "" : ",") + f;
    }
    mismatches.push_back(w.Where() + " [" + which + "] input=" + w.input.dump() +
                         " expected: " + expected + " got: " + got);
  }

  for (const std::string& line : mismatches) std::cout << "[ MISMATCH ] " << line << "\n";
  std::cout << "[ SUMMARY  ] " << c.wins.size() << " wins checked from " << c.files - c.skipped.size()
            << " Tenhou logs (" << c.skipped.size() << " logs skipped for lacking score fields"
            << (c.skipped.empty() ? "" : ": " + c.skipped.front() + (c.skipped.size() > 1 ? ", ..." : ""))
            << "; bot_matches/ excluded): " << tsumo << " tsumo, " << ron << " ron (" << multi
            << " in multiple ron), " << riichi << " riichi, " << open << " open, " << limit
            << " mangan or more, " << yakuman << " yakuman, " << pao << " pao; "
            << mismatches.size() << " mismatches";
  for (const auto& [field, n] : by_field) std::cout << " " << field << ":" << n;
  std::cout << "\n[ SUMMARY  ] Tenhou yaku names (gimite):";
  for (const auto& [name, n] : names) std::cout << " " << name << "(" << n << ")";
  std::cout << "\n";

  EXPECT_GE(c.wins.size(), 400u);
  std::string first;
  for (size_t i = 0; i < mismatches.size() && i < 10; ++i) first += "\n  " + mismatches[i];
  EXPECT_TRUE(mismatches.empty()) << mismatches.size() << " of " << c.wins.size()
                                  << " real wins scored differently from Tenhou; first ones:"
                                  << first;
}

}  // namespace
}  // namespace realgame_score_test
}  // namespace mj
