#pragma once
// Ruleset: the immutable value that says which game is played and how it is scored. Loaded
// from JSON (a preset under rules/presets/ or a user file), validated once, written whole into
// every replay. Every key is documented in docs/RULESET.md with its default; unknown keys and
// wrong types are errors that name the key.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tiles/result.h"
#include "rules/yaku_id.h"

namespace mj {

// kUnlimited: no round ends the game; it ends by max_hands or end_point_gap (Dunpai).
enum class GameLength : uint8_t { kEast, kHanchan, kUnlimited };

// The value of one yaku in a ruleset's table. Han in sixths; yakuman entries use multiples.
struct YakuValue {
  bool enabled = true;
  int16_t closed_sixths = 0;   // value with a closed hand
  int16_t open_sixths = 0;     // value with an open hand (0 = not allowed open)
  uint8_t yakuman = 0;         // > 0: a yakuman worth this many multiples
  bool counts_for_minimum = true;  // counts toward the one-han minimum (dora never do)

  friend bool operator==(const YakuValue&, const YakuValue&) = default;
};

// What happens when the shields carried into a hand outnumber what its wall can still deal
// beside the deal (engine/shields.h ShieldCapacity): kReturnToWall sends the excess back into the
// next hand's wall at the end of the hand (ReturnOverflowShields says which); kRefuse refuses, at
// load, a ruleset whose carried shields could ever exceed it.
enum class ShieldOverflow : uint8_t { kReturnToWall, kRefuse };

// The shield (盾牌) module of seed 003, for the engine; any ruleset may switch it on.
// per_hand 0 is read as a ruleset without shields (enabled false, docs/RULESET.md): every reader
// of a ruleset asks only `enabled` whether shields exist.
struct ShieldRules {
  bool enabled = false;
  int per_hand = 2;              // shields added each hand (0-4): a player carrying n keeps n + per_hand
  int extra_tiles = 2;           // tiles dealt beyond the usual 14/13 (must equal per_hand)
  bool tsumo_protection = true;  // a face-up shield tile among the tsumo winner's waits: pays nothing
  bool open_riichi = true;       // the winner's open riichi cancels tsumo protection
  ShieldOverflow overflow = ShieldOverflow::kReturnToWall;  // "return_to_wall" | "refuse"
  bool carry_face_up = true;       // face-up shield tiles a seat still holds carry with the face-down ones
  bool abortive_keeps_all = true;  // an abortive draw takes no shields (false: as an exhaustive draw)

  friend bool operator==(const ShieldRules&, const ShieldRules&) = default;
};

// The fuless module's numbers (seed 000, shared/RULES.md `fuless`). Below the first limit the
// base is base_points x 2^(floor(han) - 1), times third_percent[thirds] / 100, capped at base_cap.
struct FulessRules {
  int base_points = 250;
  std::array<int, 3> third_percent{100, 130, 160};  // for +0, +1/3, +2/3 han
  int base_cap = 2000;
  // Whole han from which a hand is mangan, haneman, baiman, sanbaiman, yakuman (0: never).
  std::array<int, 5> limit_han{4, 6, 8, 11, 14};

  friend bool operator==(const FulessRules&, const FulessRules&) = default;
};

// The ayame module's numbers (seed 002; RULES.md `ayame` gives the defaults the seed leaves open).
// A non-dealer's hand of x han is worth unit x floor(x+1) x ceil(x+1), a dealer's dealer_percent
// of that; han above cap_han count as cap_han.
struct AyameRules {
  int unit = 250;
  int dealer_percent = 150;
  int cap_sixths = 13 * 6;  // "cap_han" in JSON

  friend bool operator==(const AyameRules&, const AyameRules&) = default;
};

// The Ningbo module's numbers (seed 004, RULES.md `ningbo`). Each loser pays fu x 2^fan, the
// dealer paying and receiving double; a share is capped at `limit` (0: no limit).
struct NingboRules {
  int base_fu = 10;               // 副底
  int limit = 300;                // 満貫 per share (the 1952 text: 200); 0 = no limit
  int half_limit = 150;           // 半満貫 per share
  int pure_wait_fu = 2;           // 単釣 / 嵌張 / 辺張 with only one winning tile kind
  int two_chance_shanpon_fu = 2;  // 雙ポン和 with exactly two winning kinds
  int tsumo_fu = 2;               // 摸和
  int yakuhai_pair_fu = 2;        // a pair of dragons or the seat wind
  int toitoi_fu = 4;              // 対々和
  int rinshan_fu = 4;             // 嶺上開花
  int haitei_fu = 4;              // 海底撈月
  int robbing_pure_wait_fu = 4;   // 金鶏奪食
  bool side_settlement = true;    // サイド: the losers settle among themselves by their hands
  bool pao_on_ron = false;        // 包 also when the liable tile is won on by ron: its discarder pays all
  std::vector<YakuId> half_limit_hands{YakuId::kChiihou};  // limit hands paid the half limit

  friend bool operator==(const NingboRules&, const NingboRules&) = default;
};

// What 地和 (chiihou) means: Tenhou's non-dealer tsumo on the first uninterrupted draw, or the
// Ningbo text's non-dealer win on the dealer's first discard.
enum class ChiihouKind : uint8_t { kFirstDraw, kDealerFirstDiscard };

// The riichi preset's built-in yaku table (Tenhou values); the default of Ruleset::yaku.
[[nodiscard]] std::array<YakuValue, kNumYaku> RiichiYakuTable();

struct Ruleset {
  std::string name = "riichi";
  std::string scoring = "riichi";          // scoring module name (rules/scoring_module.h)

  // Tiles.
  std::array<uint8_t, 3> red_fives{1, 1, 1};  // red fives per suit (m, p, s), 0 or 1
  bool peach_tiles = false;                // copy 0 of each suit's 3 and 7 is a peach tile (Dunpai)
  bool dora = true;                        // indicator dora, ura dora and kan dora exist
  bool dead_wall = true;                   // false: every tile is drawn, kan replacements from the wall

  // Scoring (docs/RULESET.md says which module reads which key; Dunpai: docs/DUNPAI.md).
  bool kuitan = true;                      // open tanyao
  bool kiriage_mangan = false;             // 4 han 30 fu / 3 han 60 fu round up to mangan
  int double_wind_pair_fu = 4;             // a pair that is both seat and round wind: 4 or 2
  bool kazoe_yakuman = true;               // 13+ han = yakuman (else sanbaiman)
  bool double_yakuman_special_waits = false;  // suuankou tanki, kokushi 13, junsei chuuren x2
  bool yakuman_stacking = true;            // several yakuman in one hand add up
  bool open_no_fu_30 = true;               // an open hand with no fu counts 30 (else 20)
  int honba_value = 300;                   // per honba, paid by the discarder (1/3 each on tsumo)
  int riichi_deposit = 1000;               // 0: no deposits
  bool round_wind = true;                  // the round wind exists (its yakuhai and double-wind pair)
  bool dealer_pays_double = true;          // the dealer pays and receives more than a non-dealer
  std::vector<int> han_points;             // dunpai module: points for 1, 2, ... han (empty: unused)
  int han_points_step = 0;                 // dunpai module: added per han beyond the table
  std::array<YakuValue, kNumYaku> yaku = RiichiYakuTable();  // the yaku table
  int minimum_sixths = 6;                  // "minimum_han": han of counting yaku a win needs
                                           // (read by fuless, ayame, ningbo; 0 = none)
  ChiihouKind chiihou_kind = ChiihouKind::kFirstDraw;
  FulessRules fuless;                      // read by the fuless module
  AyameRules ayame;                        // read by the ayame module
  NingboRules ningbo;                      // read by the ningbo module (and the engine's side settlement)

  // Game (engine).
  GameLength length = GameLength::kHanchan;
  int starting_points = 25000;
  int return_points = 30000;               // oka = (return - starting) * 4 to first place
  std::array<int, 4> uma{20000, 10000, -10000, -20000};
  bool bust_ends_game = true;              // a player below 0 ends the game
  bool west_extension = true;              // West round while nobody has return_points
  bool agari_yame = true;                  // all-last dealer may stop when first
  bool tenpai_yame = false;                // all-last dealer stops at tenpai when first
  bool double_ron = true;                  // else head bump (atamahane)
  bool triple_ron_abort = true;
  bool nagashi_mangan = true;
  bool abort_nine_terminals = true;
  bool abort_four_winds = true;
  bool abort_four_riichi = true;
  bool abort_four_kans = true;
  int noten_payment = 3000;                // total paid by noten players at an exhaustive draw
  bool pao = true;                         // liability for daisangen / daisuushii
  bool riichi_needs_points = true;         // riichi needs riichi_deposit points
  bool renchan = true;                     // the dealer keeps the deal (win, tenpai at a draw)
  bool riichi_open_hand = false;           // riichi may be declared with open melds
  bool kuikae = false;                     // swap-calling allowed (false: riichi's kuikae ban)
  bool closed_kan_hidden = false;          // a closed kan is laid all face down
  int end_point_gap = 0;                   // > 0: the game ends when first - last > this
  int max_hands = 0;                       // > 0: the game ends after this many hands
  ShieldRules shields;                     // the shield module (engine)
  bool riichi_allowed = true;              // riichi may be declared (Ningbo: no riichi)
  bool kans = true;                        // kan calls exist, closed, added and open (ayame: none)
  bool nine_terminals_no_pair = false;     // nine-terminal draw only with no terminal/honour pair
  bool tenpai_renchan = true;              // a tenpai dealer keeps the deal at an exhaustive draw
  bool pao_one_suit = false;               // Ningbo's third pao: the 4th meld of a one-suit hand

  friend bool operator==(const Ruleset&, const Ruleset&) = default;
};

// Tiles a shield deal takes from the wall (seed 003 rule 1): blocks of four three times (48),
// then 1 + extra_tiles to each seat, then the dealer's 14th: 61 with extra_tiles 2.
[[nodiscard]] constexpr int ShieldDealTiles(int extra_tiles) { return 48 + 4 * (1 + extra_tiles) + 1; }

// The most shields the four seats may carry into a hand together so that its deal can still be
// made: the 136 tiles less the dead wall (14, when the ruleset has one) less the shield deal
// (carried shields are out of the wall). Dunpai: 136 - 61 = 75; with extra_tiles 4: 67.
[[nodiscard]] constexpr int CarriedShieldCapacity(const Ruleset& r) {
  return 136 - (r.dead_wall ? 14 : 0) - ShieldDealTiles(r.shields.extra_tiles);
}

// Parses and validates a ruleset JSON object. Keys not present keep the defaults of the
// `base` preset named by "base" (default: the built-in riichi values).
[[nodiscard]] Result<Ruleset> RulesetFromJson(const nlohmann::json& j);
// The keys of j read over `base` (j has no "base" key), validated as a ruleset file naming base
// as its "base" would be: for sweeps (rules/ruleset_sweep.h), whose base may be any ruleset.
[[nodiscard]] Result<Ruleset> RulesetFromJson(const nlohmann::json& j, const Ruleset& base);
// The whole ruleset as JSON (every key), for replays; RulesetFromJson(ToJson(r)) == r.
[[nodiscard]] nlohmann::json RulesetToJson(const Ruleset& r);

// A shipped preset by name ("riichi", ...) or a path to a JSON file.
[[nodiscard]] Result<Ruleset> LoadRuleset(std::string_view name_or_path);

}  // namespace mj
