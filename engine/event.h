#pragma once
// Event: one thing that happened in a game, in the mjai vocabulary (start_kyoku, tsumo, dahai,
// chi, pon, daiminkan, kakan, ankan, dora, reach, reach_accepted, hora, ryukyoku, end_kyoku,
// end_game). Events are the single source of truth: a replay is ruleset + seed + agents +
// events, and each seat's view is what the events show it.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/action.h"
#include "tiles/tile.h"
#include "rules/score_result.h"

namespace mj {

enum class EventType : uint8_t {
  kStartGame, kStartKyoku, kTsumo, kDahai, kChi, kPon, kDaiminkan, kKakan, kAnkan, kDora,
  kReach, kReachAccepted, kHora, kRyukyoku, kEndKyoku, kEndGame,
  // Shields (our extension of the mjai vocabulary, same style).
  kShieldSet,      // "shield_set": actor put pai face down as a shield at the deal
  kExchange,       // "exchange": actor put pai face up in the shield area; consumed[0] = the
                   //   face-down shield it discards (a dahai of that tile follows)
  kProtection,     // "protection": actor pays nothing for target's tsumo; pai = the face-up
                   //   shield tile among the winner's waits
  kShieldsLost,    // "shields_lost": actor loses shields; consumed = face-up tiles lost,
                   //   count = face-down shields lost, cause = ShieldLossCause
  kCount
};

// kOverflow: returned to the wall because the shields carried would outnumber what the next
// hand's wall can deal (shields.overflow "return_to_wall"); kFaceUpNotCarried: face-up shield
// tiles left at the hand's end (shields.carry_face_up false).
enum class ShieldLossCause : uint8_t { kWon, kDealtIn, kNoten, kTenpaiFaceUp, kOverflow, kFaceUpNotCarried, kCount };
[[nodiscard]] std::string_view ShieldLossCauseName(ShieldLossCause c);  // "won", "dealt_in", ...
[[nodiscard]] std::string_view EventTypeName(EventType t);  // mjai names: "start_kyoku", ...

enum class DrawReason : uint8_t {
  kExhaustive,     // 荒牌流局 (mjai "fanpai")
  kNineTerminals,  // 九種九牌 ("kyushukyuhai")
  kFourRiichi,     // 四家立直 ("suchareach")
  kTripleRon,      // 三家和了 ("sanchaho")
  kFourKans,       // 四槓散了 ("sukaikan")
  kFourWinds,      // 四風連打 ("sufonrenta")
  kCount
};
[[nodiscard]] std::string_view DrawReasonName(DrawReason r);  // mjai reason names

struct StartKyokuInfo {
  int bakaze = 0;                  // 0 E, 1 S, 2 W, 3 N
  int kyoku = 1;                   // 1..4
  int honba = 0;
  int kyotaku = 0;                 // riichi sticks on the table
  int oya = 0;                     // dealer seat
  Tile dora_marker = kNoTile;
  std::array<int, 4> scores{};
  std::array<std::vector<Tile>, 4> tehais;  // dealt hands (13 each; with shields 15/16 + carried), sorted
  std::array<int, 4> shields_carried{};    // shields each seat brings from the last hand
};

struct HoraInfo {
  ScoreResult score;               // the full scoring breakdown
  std::array<int, 4> deltas{};     // honba and sticks included (Tenhou semantics)
  std::array<int, 4> scores{};     // after the deltas
  std::vector<Tile> hand;          // concealed tiles without the winning tile
  std::vector<Tile> ura_markers;   // revealed only for a riichi winner
  int pao = -1;                    // liable seat, -1 none
  // Side settlement among the losers (Ningbo's サイド), included in `deltas`: each loser's hand
  // value (-1 for a winner) and what each seat gained or paid by it.
  bool side = false;
  std::array<int, 4> side_values{};
  std::array<int, 4> side_deltas{};
};

struct RyukyokuInfo {
  DrawReason reason = DrawReason::kExhaustive;
  std::array<bool, 4> tenpai{};
  std::array<bool, 4> nagashi{};   // nagashi mangan declared
  std::array<int, 4> deltas{};
  std::array<int, 4> scores{};
  std::array<std::vector<Tile>, 4> hands;  // shown hands (tenpai players at an exhaustive draw)
};

struct EndGameInfo {
  std::array<int, 4> scores{};     // final points, leftover deposits to first place
  std::array<int, 4> ranks{};      // 1..4
  std::array<double, 4> results{}; // after oka and uma, in thousands
};

struct Event {
  EventType type = EventType::kStartGame;
  int8_t actor = -1;
  int8_t target = -1;
  Tile pai = kNoTile;
  std::array<Tile, 4> consumed{kNoTile, kNoTile, kNoTile, kNoTile};
  uint8_t num_consumed = 0;
  bool tsumogiri = false;
  bool open = false;               // reach: open riichi (the hand is shown)
  uint8_t count = 0;               // shields_lost: face-down shields lost
  ShieldLossCause cause = ShieldLossCause::kWon;  // shields_lost
  std::vector<Tile> tiles;         // shields_lost: the face-up tiles lost (may exceed 4)
  std::shared_ptr<const StartKyokuInfo> start;
  std::shared_ptr<const HoraInfo> hora;
  std::shared_ptr<const RyukyokuInfo> ryukyoku;
  std::shared_ptr<const EndGameInfo> end;
};

}  // namespace mj
