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
#include "engine/tile.h"
#include "rules/score_result.h"

namespace mj {

enum class EventType : uint8_t {
  kStartGame, kStartKyoku, kTsumo, kDahai, kChi, kPon, kDaiminkan, kKakan, kAnkan, kDora,
  kReach, kReachAccepted, kHora, kRyukyoku, kEndKyoku, kEndGame, kCount
};
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
  std::array<std::vector<Tile>, 4> tehais;  // dealt hands (13 each), sorted
};

struct HoraInfo {
  ScoreResult score;               // the full scoring breakdown
  std::array<int, 4> deltas{};     // honba and sticks included (Tenhou semantics)
  std::array<int, 4> scores{};     // after the deltas
  std::vector<Tile> hand;          // concealed tiles without the winning tile
  std::vector<Tile> ura_markers;   // revealed only for a riichi winner
  int pao = -1;                    // liable seat, -1 none
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
  std::shared_ptr<const StartKyokuInfo> start;
  std::shared_ptr<const HoraInfo> hora;
  std::shared_ptr<const RyukyokuInfo> ryukyoku;
  std::shared_ptr<const EndGameInfo> end;
};

}  // namespace mj
