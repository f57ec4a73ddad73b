#pragma once
// Test helper: every win in an mjai event log (converted from Tenhou, with gimite's score fields
// on each `hora`: pai, hora_tehais, uradora_markers, fu, fan, yakus, hora_points, deltas, pao)
// as a `score` input object plus Tenhou's own result, for checking our scorer against real games.
// See shared/realgames/FORMATS.md section 3.

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace mj::test {

struct MjaiWin {
  // Where.
  std::string file;        // file name without directory
  std::string kyoku;       // "E1", "S4", ...
  int honba = 0;           // honba of the kyoku
  int riichi_sticks = 0;   // sticks on the table at the win (kyotaku + riichi accepted so far)
  int actor = 0;           // winner seat
  int target = 0;          // discarder (= actor on tsumo; the kakan player on chankan)
  bool tsumo = false;
  int winners = 1;         // > 1: one of several ron on the same discard
  bool takes_table = true; // receives honba and sticks (Tenhou: only the first winner in turn
                           // order from the discarder does on a multiple ron)

  // The score input (the `score` command's contract). On a multiple ron, honba and
  // riichi_sticks are 0 for a winner who does not take the table, so that "total" is what that
  // winner receives.
  nlohmann::json input;

  // Tenhou's result.
  int fu = 0;
  int fan = 0;             // >= 100: yakuman, fan / 100 multiples
  int hora_points = 0;     // without honba and sticks
  int delta = 0;           // deltas[actor]: everything the winner received
  int pao = -1;            // liable seat, -1 if none
  nlohmann::json tenhou_yakus;  // raw [[gimite_name, han], ...]
  // Tenhou's yaku in our snake_case names (rules/yaku_id.cc), sorted by name. Yakuman entries
  // carry han 0 (only the name is compared); dora kinds carry their count, omitted when 0.
  std::vector<std::pair<std::string, int>> yaku;

  // Derived from the event stream, for cross-checking the log against itself.
  std::vector<int> tile_kinds;       // kinds 0..33 of all the winner's tiles (melds included)
  int red_fives = 0;                 // red fives among them
  std::vector<int> dora_indicators;  // kinds, in reveal order
  std::vector<int> ura_indicators;   // kinds (uradora_markers), even when not in riichi
  bool in_riichi = false;            // a reach_accepted for the winner in this kyoku
  struct Derived {
    bool double_riichi = false, ippatsu = false, rinshan = false, chankan = false;
    bool haitei = false, houtei = false, tenhou = false, chiihou = false;
  } derived;

  [[nodiscard]] bool yakuman() const { return fan >= 100; }
  [[nodiscard]] int yakuman_multiples() const { return fan / 100; }
  // "file E1-0 seat 2 tsumo" / "file S3-1 seat 1 ron from 3 (double ron)".
  [[nodiscard]] std::string Where() const;
};

struct MjaiWinsFile {
  // False if the log has hora events without the score fields (nothing to check against).
  bool has_score_fields = true;
  std::vector<MjaiWin> wins;
  // Problems found while extracting (unknown yaku names, an event the log should not contain...).
  std::vector<std::string> errors;
};

// Reads one mjai JSONL log and extracts every win.
[[nodiscard]] MjaiWinsFile ExtractMjaiWins(const std::string& path);

// gimite's romanised yaku name -> ours, for the names that do not depend on the hand
// ("" for jikaze, bakaze, sangenpai, suanko, kokushimuso, churenpoton; nullptr if unknown).
[[nodiscard]] const char* OurYakuName(const std::string& gimite_name);

// mjai tile ("5p", "5pr", "E", "P") -> kind 0..33 and red flag; false if not a tile.
[[nodiscard]] bool MjaiTileKind(const std::string& pai, int* kind, bool* red);

// The kind that an indicator of kind k points at.
[[nodiscard]] int DoraOf(int indicator_kind);

}  // namespace mj::test
