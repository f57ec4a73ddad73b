#pragma once
// MjaiWireWriter: the text of each event as a seat receives it on the wire (docs/MJAI.md),
// appended straight to a string with no JSON document tree per event or per seat. The bytes are
// exactly those of MjaiEventWriter::ForSeat(seat).dump() (mjai/wire_events.h, the reference form
// kept for `replay export` and for the test that compares the two over whole games of every
// preset): object keys in byte order (nlohmann::json's), values formatted as nlohmann dumps them,
// hidden information masked as "?" per seat.
//
// The members a server adds to the event a seat is asked about ("possible_actions",
// "shield_set_due", "dahai_due") go in with InsertMember, at their place in key order.

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "engine/event.h"
#include "mjai/wire_events.h"
#include "rules/ruleset.h"

namespace mj {

class MjaiWireWriter {
 public:
  // `rules` must outlive the writer.
  MjaiWireWriter(const Ruleset& rules, MjaiDialect dialect, const std::array<std::string, 4>& names);

  // Takes the next event of the game (start_game first). `shown`: an open riichi's hand, as for
  // MjaiEventWriter::Next ("tehai"); `peach`: the peach counts, as there ("peach_counts").
  void Next(const Event& e, std::span<const Tile> shown = {}, const std::array<int, 4>* peach = nullptr);
  // Appends the last event as `seat` sees it (0..3; -1 = everything). `empty_hints` adds
  // "possible_actions":[] to a tsumo, dahai or kakan (the reference server's hint on events a
  // seat may answer); other events are unchanged by it.
  void AppendForSeat(int seat, std::string* out, bool empty_hints = false) const;

  [[nodiscard]] EventType type() const { return type_; }
  [[nodiscard]] int actor() const { return actor_; }

 private:
  void AppendTile(Tile t, std::string* out) const;
  void AppendTiles(const Tile* tiles, size_t n, std::string* out) const;
  // Renders every view of the event into full_ (and hidden_ where other seats see less).
  void Render(const Event& e, std::span<const Tile> shown);
  void AppendStartGame(int seat, std::string* out) const;
  void AppendStartKyoku(const Event& e, int seat, std::string* out) const;

  const Ruleset& rules_;
  MjaiDialect dialect_;
  std::array<std::string, 4> names_;
  const std::array<std::string, kNumTiles>* tile_names_;
  EventType type_ = EventType::kStartGame;
  int actor_ = -1;
  std::string full_;          // the event as the actor (or everybody) sees it
  std::string hidden_;        // as the other seats see it, when that differs (else empty)
  std::array<std::string, 4> seat_text_;  // start_game and start_kyoku: each seat's own view
  size_t hint_at_ = 0;        // where "possible_actions" goes in full_ / hidden_ (tsumo, dahai, kakan)
  size_t hidden_hint_at_ = 0;
  std::array<int, 4> scores_{};
  std::array<int, 4> hand_size_{};
  std::array<bool, 4> discard_from_shield_{};  // an exchange: the dahai that follows is not from the hand
  int last_tsumo_actor_ = -1;
  std::array<int, 4> last_peach_{};
};

// Inserts the member "key":value (value: JSON text) into the object that starts at `begin` in
// `text` and ends at `end` (one past its '}'), at its place in byte order of keys, or replaces
// the value when the key is there already. Returns how many bytes `text` grew by.
long InsertMember(std::string* text, size_t begin, size_t end, std::string_view key, std::string_view value);

}  // namespace mj
