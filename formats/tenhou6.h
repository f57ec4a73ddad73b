#pragma once
// Reading tenhou.net/6 JSON game records (both flavours: the official mjlog2json output and the
// editor / "paste log" layout) into per-hand data: start scores and counters, dora and ura
// indicators, dealt hands, each seat's takes and discards, and the result. Nothing is replayed
// here; formats/tenhou_verify.h drives the engine with it. The format is described in
// shared/realgames/FORMATS.md section 1.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "tiles/result.h"
#include "tiles/tile.h"
#include "rules/yaku_id.h"
#include "formats/log_yaku.h"

namespace mj::tenhou {

// Tile codes: 11..19 = 1m..9m, 21..29 = 1p..9p, 31..39 = 1s..9s, 41..47 = E S W N White Green
// Red, 51/52/53 = red 5m/5p/5s.
[[nodiscard]] bool IsTileCode(int code);
[[nodiscard]] Kind CodeKind(int code);       // requires IsTileCode
[[nodiscard]] bool CodeIsRed(int code);      // 51, 52, 53
[[nodiscard]] int KindCode(Kind k, bool red);
[[nodiscard]] std::string CodeText(int code);  // "5m", "0p" (red), "7z"

inline constexpr int kTsumogiri = 60;  // "discard the tile just drawn"

enum class ItemType : uint8_t {
  // takes
  kDraw,        // tile = the tile drawn (a replacement draw after a kan too)
  kChi,         // tile = the called tile, own = the two own tiles
  kPon,         // tile = the called tile, own = the two own tiles, from = source
  kDaiminkan,   // tile = the called tile, own = the three own tiles, from = source
  // discards
  kDiscard,     // tile = the discarded tile, or kTsumogiri
  kRiichi,      // riichi declared with this discard (tile or kTsumogiri)
  kAnkan,       // own = the four tiles
  kKakan,       // tile = the added tile, own = the pon's three tiles, from = the pon's source
};

struct Item {
  ItemType type = ItemType::kDraw;
  int tile = 0;
  std::vector<int> own;
  int from = 0;       // calls: source relative to the caller, 1 = shimocha, 2 = toimen, 3 = kamicha
  std::string text;   // as written in the record ("c375336", "r60", "35", ...)
};

// A win as the log states it. What the log does not state is not compared with the engine: the
// fields below say "when stated" (tenhou.net/6 states everything but fu and han of a limit hand;
// mjlog everything but a yakuman's han; gimite-style mjai fu, han, yaku and total points, other
// mjai dialects only the point changes).
struct Win {
  int who = 0;
  int from = 0;                  // = who on tsumo
  int pao = -1;                  // liable seat, -1 when none (the record writes who)
  bool pao_known = true;         // false for an info without the score text (hand-edited records)
  std::array<int, 4> deltas{};
  bool has_score = false;        // a score is stated (tenhou6: the score text and yaku)
  std::string score_text;        // "30符1飜1000点", "満貫2000-4000点", "役満16000点∀"; mjlog "30,1000,0"
  int fu = 0, han = 0;           // 0 when not stated (limit hands in tenhou6, yakuman hands)
  bool limit_known = true;       // `limit` is stated (mjai does not)
  std::string limit;             // "", "満貫", "跳満", "倍満", "三倍満", "役満", "数え役満"
  std::vector<int> points;       // ron {p}; non-dealer tsumo {from non-dealers, from dealer}; dealer tsumo {each}; empty: not stated
  int total_points = 0;          // what the hand pays in all, without honba or sticks; 0: not stated
  bool dealer_tsumo = false;     // "∀"
  bool has_yaku = false;         // `yaku` is the log's yaku list (compared in `yaku_naming`)
  YakuNaming yaku_naming = YakuNaming::kTenhouName;
  std::vector<YakuText> yaku;
};

enum class Outcome : uint8_t {
  kWin,           // 和了
  kExhaustive,    // 流局 (some tenpai), 全員聴牌, 全員不聴
  kNagashi,       // 流し満貫
  kNineTerminals, // 九種九牌
  kFourRiichi,    // 四家立直
  kTripleRon,     // 三家和了
  kFourKans,      // 四槓散了
  kFourWinds,     // 四風連打
};

struct HandResult {
  Outcome outcome = Outcome::kExhaustive;
  std::string reason;                 // as written
  int tenpai_count = -1;              // 4 for 全員聴牌, 0 for 全員不聴, else unknown (-1)
  std::array<int, 4> deltas{};        // draws: the payments (zeros when absent)
  std::vector<Win> wins;              // kWin: one per winner, in record order
};

struct Kyoku {
  int index = 0;                      // 0..3 East 1-4, 4..7 South, 8..11 West, ...
  int honba = 0;
  int kyotaku = 0;                    // riichi sticks on the table at the start
  std::array<int, 4> scores{};
  std::vector<int> dora;              // indicators in reveal order
  std::vector<int> ura;
  std::array<std::vector<int>, 4> haipai;
  std::array<std::vector<Item>, 4> takes;
  std::array<std::vector<Item>, 4> discards;  // daiminkan placeholders (0) removed
  HandResult result;

  [[nodiscard]] int Dealer() const { return index % 4; }
  [[nodiscard]] std::string Label() const;  // "E2-1": round wind, hand number, honba
};

struct Game {
  std::string title;                  // ref / log id when given
  std::array<std::string, 4> names;   // the players' names when given
  bool east_only = false;             // rule.disp has 東 (tonpuusen); else hanchan
  bool kuitan = true;
  std::array<uint8_t, 3> red_fives{0, 0, 0};
  std::vector<std::string> notes;     // how the record was read where it contradicts itself
  std::vector<Kyoku> log;
  bool has_final = false;             // "sc" present: the record is a whole game
  std::array<int, 4> final_scores{};  // points at the end, leftover sticks included
  std::array<double, 4> final_results{};
};

// Parses a whole record. Errors say where ("log[3][5][7]: ...").
[[nodiscard]] Result<Game> ParseGame(const nlohmann::json& doc);
[[nodiscard]] Result<Game> ReadGameFile(const std::string& path);

// Tenhou's Japanese name of a yaku ("立直", "役牌 白", "ドラ"), as the official records write it.
[[nodiscard]] std::string TenhouYakuName(YakuId id);

// Writes a game played by the engine as a tenhou.net/6 record (official layout, with "sc"), so
// that it can be viewed on tenhou.net/6 and verified like a real game. Tiles are written as
// faces; the ruleset decides which copies are red.
[[nodiscard]] nlohmann::json ExportGame(const GameRecord& record);

// A yaku name as Tenhou writes it (Japanese, as in the official records), or as tenhou-format
// converters of other sites write it (English names) -> ours. Tenhou's names carry the wind
// ("自風 東"); `seat_wind` and `round_wind` (0..3) resolve names that do not ("Seat Wind").
// nullopt if unknown (人和 included: Tenhou does not play renhou).
[[nodiscard]] std::optional<YakuId> YakuFromTenhouName(const std::string& name, int seat_wind, int round_wind);

}  // namespace mj::tenhou
