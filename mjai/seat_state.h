#pragma once
// MjaiSeatState: one seat's view of a game rebuilt from the mjai events that seat receives
// (docs/MJAI.md, "mjai-client"). It is a fold: each event updates an engine RoundState the way
// the engine's own round would have, with what the seat cannot see left unknown: other seats'
// concealed tiles are placeholders (kNoTile, counted in their hand size only), the wall holds
// only the revealed dora indicators. The built-in agents and the engine's legal-action
// generator then run on that state unchanged (PlayerView, engine/legal_actions.h).
//
// Tile ids: mjai names kinds ("5m", "5mr", "E"). A tile the seat sees for the first time in a
// hand (its deal and draws, another seat's discard or called/kan tiles, a dora indicator) takes a
// fresh copy of its kind: a red (or peach) name copy 0, a plain one copies 3, 2, 1 (and 0 when copy
// 0 is not marked under the ruleset), as replays/mjai_events.h resolves names. A tile leaving the
// seat's own hand is the held copy with that name (the drawn one for tsumogiri). More copies of a
// kind than exist, a tile the hand does not hold or an event out of turn is an error naming the
// event.
//
// Shields (docs/DUNPAI.md, the extension events of docs/MJAI.md): start_kyoku's shields_carried
// and the shield choices (shield_set: the own tile, "?" for others, whose face-down shields are
// then placeholders counted only), exchange (the hand tile face up, the face-down shield the
// dahai that follows), protection (checked, nothing moves) and shields_lost (face-down count and
// face-up tiles, the last set / placed first) are folded as the engine's round applies them. The
// own carried shields are put after the dealt tiles, in the order kept (face down, then face
// up), as the engine deals them. Another seat's closed kan laid face down (closed_kan_hidden: "?"
// tiles) is a meld of placeholders, which PlayerView::meld_hidden tells agents not to read.
// Another seat's open riichi shows its hand when the reach carries it ("tehai", docs/MJAI.md);
// without it the riichi is folded as a closed one.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/action.h"
#include "mjai/event_json.h"
#include "engine/player_view.h"
#include "engine/round_state.h"
#include "replays/mjai_events.h"
#include "rules/ruleset.h"
#include "tiles/result.h"

namespace mj {

// What the last event asks of this seat.
enum class MjaiDecision : uint8_t {
  kNone,            // nothing: answer {"type":"none"}
  kTurn,            // own tsumo (phase kAfterDraw) or own chi/pon (kAfterCall): LegalTurnActions
  kRiichiDiscard,   // own reach: the declaration tile (a discard that keeps tenpai)
  kDiscardResponse, // another seat's dahai: LegalDiscardResponses
  kKanResponse,     // another seat's kakan / ankan: LegalKanResponses
  kShield,          // the deal of a shield hand: put one tile face down (LegalShieldActions)
};

// A whole-number field of an event within lo..hi; the error names the field.
[[nodiscard]] Result<int> MjaiIntField(JsonValue e, const char* field, int lo, int hi);

class MjaiSeatState {
 public:
  // `rules` must outlive the object.
  explicit MjaiSeatState(const Ruleset& rules);

  // Applies one event (an mjai object with "type"), read straight from its parsed text
  // (mjai/event_json.h: no tree, no allocation for the usual events). Unknown types are ignored (a
  // bot ignores what it does not know); an inconsistent event is an error saying which field is
  // wrong.
  [[nodiscard]] Result<bool> Apply(JsonValue event);
  // The same for an event as a tree (through its text).
  [[nodiscard]] Result<bool> Apply(const nlohmann::json& event);

  // This seat (start_game "id"; -1 before it). Settable for streams without start_game.
  [[nodiscard]] int seat() const { return seat_; }
  void set_seat(int seat) { seat_ = seat; }
  [[nodiscard]] const std::array<std::string, 4>& names() const { return names_; }
  [[nodiscard]] bool in_kyoku() const { return in_kyoku_; }
  [[nodiscard]] bool game_over() const { return game_over_; }
  // True when the last event applied was end_game.
  [[nodiscard]] bool ended_game() const { return ended_game_; }
  [[nodiscard]] const Ruleset& rules() const { return rules_; }

  [[nodiscard]] const RoundState& state() const { return s_; }
  [[nodiscard]] PlayerView view() const { return PlayerView(s_, seat_); }
  [[nodiscard]] MjaiDecision decision() const { return decision_; }

  // The engine's legal actions for decision() (cleared first; empty for kNone). For
  // kRiichiDiscard: the riichi declarations the hand had before the reach (kRiichi/kOpenRiichi,
  // each naming its tile).
  void LegalActions(std::vector<Action>* out) const;

  // The mjai name of an engine tile under the ruleset ("5mr").
  [[nodiscard]] std::string TileName(Tile t) const;

 private:
  // The folds by concept. Each takes an event Apply has checked to be an object of its type with
  // a valid "actor" (where it has one), checks what the engine's round would (turn, phase,
  // tiles held), updates s_ as the round would, sets decision_ when the event asks this seat,
  // and returns an error naming the field at fault without a prefix (Apply adds "TYPE event: ").
  // On error the state may be partly updated: the stream is broken and the caller stops.

  // seat_state.cc: scores of start_kyoku, hora, ryukyoku, reach_accepted (absent: unchanged).
  Result<bool> Scores(JsonValue e, const char* field);

  // seat_state_deal.cc: start_kyoku resets the round (everything of the last hand) and deals.
  Result<bool> StartKyoku(JsonValue e);

  // seat_state_turns.cc: draws, discards, riichi; a passed winning tile's furiten.
  Result<bool> Tsumo(JsonValue e, int actor);
  Result<bool> Dahai(JsonValue e, int actor);
  Result<bool> Reach(JsonValue e, int actor);
  Result<bool> ReachAccepted(JsonValue e, int actor);
  // Passing a winning tile makes the own seat furiten (temporary; for good in riichi), unless it
  // won on it: applied at the event after the discard / kan that offered it (its type).
  void SettlePassedTile(std::string_view next_type);
  // Own riichi hand that could have won on its draw but went on (riichi furiten).
  void CheckMissedTsumo();
  // Another seat's discard or kan offered `t` to the own seat: it answers `decision` next.
  void OfferTile(int actor, MjaiDecision decision, Tile t, bool on_ankan);

  // seat_state_calls.cc: chi, pon, daiminkan (`type`) on the last discard; kakan; ankan.
  Result<bool> Call(JsonValue e, int actor, std::string_view type);
  Result<bool> Kakan(JsonValue e, int actor);
  Result<bool> Ankan(JsonValue e, int actor);
  // What an added or closed kan (`phase` kOnKakan / kOnAnkan) of `t` leaves for both: the kan
  // counts, the rinshan draw due, and the others' chance to answer (rob it).
  void KanMade(int actor, Tile t, Phase phase);

  // seat_state_shields.cc: the shield events, the own dealt hand, an open riichi's shown hand.
  Result<bool> ShieldSet(JsonValue e, int actor);
  Result<bool> Exchange(JsonValue e, int actor);
  Result<bool> Protection(JsonValue e, int actor);
  Result<bool> ShieldsLost(JsonValue e, int actor);
  // The own dealt hand of a start_kyoku (wire order) with the carried shields moved last.
  Result<bool> DealOwnHand(JsonValue hand, int carried);
  // The shown hand of another seat's open riichi ("tehai" of its reach).
  Result<bool> ShowHand(JsonValue tehai, int actor);
  // After a shield choice: the next seat to choose, or the dealer's first turn.
  void AdvanceShieldDeal();

  // seat_state_tiles.cc: tile identities (see "Tile ids" above). Hands and their counts change
  // only through AddToHand / RemoveKnown / RemoveHidden (placeholders are not counted).
  // A fresh copy of the named tile (first sight in this hand).
  Result<Tile> Fresh(const MjaiTileName& n);
  // The held copy of the name leaving the own hand (`prefer` first when it has the name).
  Result<Tile> TakeOwn(const MjaiTileName& n, Tile prefer, Tile avoid) { return TakeKnown(seat_, n, prefer, avoid); }
  // The same from a seat whose hand this seat knows (its own, or another's shown in open riichi);
  // `avoid` only when no other copy has the name.
  Result<Tile> TakeKnown(int seat, const MjaiTileName& n, Tile prefer, Tile avoid);
  void AddToHand(int seat, Tile t);
  void RemoveOwn(Tile t) { RemoveKnown(seat_, t); }
  void RemoveKnown(int seat, Tile t);
  // Removes `n` placeholders (the last tiles) of a seat whose hand is unknown.
  void RemoveHidden(int seat, int n);
  // True when `seat`'s concealed tiles are known to this seat (its own; an open riichi shown).
  [[nodiscard]] bool HandKnown(int seat) const { return seat == seat_ || hand_shown_[seat]; }

  // seat_state.cc: the tile named by field `field` of `e`; errors name the field.
  Result<MjaiTileName> Name(JsonValue e, const char* field) const;
  // The tile named by `v`, the value of field `field` (for errors).
  Result<MjaiTileName> NameOf(JsonValue v, const char* field) const;

  const Ruleset& rules_;
  RoundState s_;
  int seat_ = -1;
  std::array<std::string, 4> names_;
  bool in_kyoku_ = false;
  bool game_over_ = false;
  bool ended_game_ = false;
  MjaiDecision decision_ = MjaiDecision::kNone;
  std::array<uint8_t, kNumKinds> used_copies_{};  // bit c: copy c of the kind was seen this hand
  std::array<bool, 4> riichi_tile_due_{};         // reach declared, its dahai not yet seen
  Tile passed_tile_ = kNoTile;                    // a tile offered to the own seat (see above)
  bool passed_on_ankan_ = false;
  std::array<bool, 4> hand_shown_{};              // another seat's hand shown (open riichi "tehai")
  std::array<bool, 4> discard_from_shield_{};     // exchange seen, its shield's dahai not yet
  Tile own_shield_discard_ = kNoTile;             // the own shield an exchange sends to the river
  std::vector<MjaiTileName> kept_shields_;        // own shields at the last hand's end (carried)
};

}  // namespace mj
