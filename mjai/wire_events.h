#pragma once
// MjaiEventWriter: engine events as the mjai messages a seat receives (docs/MJAI.md), in one of
// two dialects, with each seat's hidden information masked as "?" like the engine's PlayerView:
// other seats' dealt hands and draws, other seats' face-down shields (shield_set) and, under
// rules.closed_kan_hidden, other seats' closed kans. Seat -1 sees everything (logs, export).
//
// Dialects: kGimite is the reference server's (gimite/mjai): hora has "uradora_markers" and
// "pao" only when somebody is liable; ryukyoku shows hidden hands as ["?", ...]; a nine-terminals
// ryukyoku names its actor. kMortal is the later bots' (Mortal, mjai.app): "ura_markers", and
// null for a hand not shown. Both keep our extension fields (score, side_settlement, shields).
//
// The JSON trees here are the reference form: `replay export` dumps them in the documented key
// order; on the wire the server streams the same views as text (MjaiWireWriter,
// mjai/wire_writer.h), byte for byte ForSeat(seat).dump() (tests/mjai_wire_writer_test.cc).

#include <array>
#include <span>
#include <string>
#include <vector>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/event.h"
#include "engine/round_state.h"
#include "rules/ruleset.h"

namespace mj {

enum class MjaiDialect : uint8_t { kGimite, kMortal };
// "gimite" / "mortal" (also "reference" / "mjai.app"); nullopt-like false when unknown.
[[nodiscard]] bool ParseMjaiDialect(std::string_view name, MjaiDialect* out);

class MjaiEventWriter {
 public:
  MjaiEventWriter(const Ruleset& rules, MjaiDialect dialect, const std::array<std::string, 4>& names);

  // Takes the next event of the game (start_game first) and returns it as everybody sees it.
  // `shown`: for an open riichi's reach, the declarer's concealed hand (ShownHandAt), sent to
  // every seat as "tehai" (the hand is shown from then on). `peach`: under rules.peach_tiles,
  // each seat's peach tiles after the event (PeachCountsAt), public since their backs are marked:
  // sent to every seat as "peach_counts" on start_kyoku and on each event after which a count
  // differs from the last sent (none without `peach`).
  const nlohmann::json& Next(const Event& e, std::span<const Tile> shown = {},
                             const std::array<int, 4>* peach = nullptr);
  // The last event as `seat` sees it (0..3; -1 = everything).
  [[nodiscard]] nlohmann::json ForSeat(int seat) const;
  // The last event's type.
  [[nodiscard]] EventType type() const { return type_; }
  [[nodiscard]] int actor() const { return actor_; }

 private:
  const Ruleset& rules_;
  MjaiDialect dialect_;
  std::array<std::string, 4> names_;
  nlohmann::json full_;
  EventType type_ = EventType::kStartGame;
  int actor_ = -1;
  std::array<int, 4> scores_{};
  std::array<int, 4> hand_size_{};
  std::array<bool, 4> discard_from_shield_{};  // an exchange: the dahai that follows is not from the hand
  int last_tsumo_actor_ = -1;
  std::array<int, 4> last_peach_{};
};

// Each seat's peach tiles (rules.peach_tiles, Dunpai) in its hand and shields (face down and
// up) in `state`, as PlayerView::peach_count shows every seat; all 0 without peach tiles.
[[nodiscard]] std::array<int, 4> PeachCountsAt(const RoundState& state);

// Whether the peach counts go on this event (see MjaiEventWriter::Next) and, if so, updates
// `*last` to them.
[[nodiscard]] bool PeachCountsDue(const Ruleset& rules, EventType type, const std::array<int, 4>* peach,
                                  std::array<int, 4>* last);

// The concealed hand an event shows everybody: the declarer's hand in `state` (as it is at the
// event) for an open riichi's reach; empty otherwise.
[[nodiscard]] std::span<const Tile> ShownHandAt(const RoundState& state, const Event& e);

// A whole game's events as an mjai log in `dialect`, one event per line (everything shown, keys
// in the documented order): `replay export --format mjai`. kGimite passes the reference
// implementation's validate.rb as it is.
[[nodiscard]] std::string ExportMjaiLog(const std::vector<Event>& events, const Ruleset& rules,
                                        const std::array<std::string, 4>& names, MjaiDialect dialect);

}  // namespace mj
