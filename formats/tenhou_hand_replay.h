#pragma once
// Replaying one hand of a Tenhou record through the engine, the record's choices fed in as an
// agent's answers. Internal to replays/ (used by tenhou_verify.cc).

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/agent.h"
#include "engine/round.h"
#include "formats/tenhou6.h"
#include "formats/tenhou_verify_text.h"

namespace mj::tenhou::verify {

// ---------------------------------------------------------------------------------------------
// Tile identities: the record gives faces (kind + red); the engine needs one id per physical
// tile. Red fives take copy 0 (ids 16, 52, 88); other faces take the remaining copies.

class IdPool {
 public:
  explicit IdPool(const Ruleset& rules) : rules_(rules) {}

  std::optional<Tile> Take(int code) {
    if (!IsTileCode(code)) return std::nullopt;
    const Kind k = CodeKind(code);
    const bool red = CodeIsRed(code);
    const bool suit_has_red = k < 27 && NumberOf(k) == 5 && rules_.red_fives[k / 9] > 0;
    if (red && !suit_has_red) return std::nullopt;
    for (int copy = 0; copy < 4; ++copy) {
      if (suit_has_red && (copy == 0) != red) continue;
      const Tile t = TileOf(k, copy);
      if (!used_[t]) {
        used_[t] = true;
        return t;
      }
    }
    return std::nullopt;
  }
  [[nodiscard]] bool Used(Tile t) const { return used_[t]; }

 private:
  const Ruleset& rules_;
  std::array<bool, kNumTiles> used_{};
};

// ---------------------------------------------------------------------------------------------
// One attempt at replaying a hand through the engine. `tape` fixes the call decisions: entry i
// answers the i-th time a seat could make its next recorded call (true = call now); decisions
// beyond the tape call at the first chance.

class HandReplay;

class HandReplay {
 public:
  HandReplay(const Kyoku& k, const Ruleset& rules, std::vector<bool> tape)
      : k_(k), rules_(rules), pool_(rules), tape_(std::move(tape)) {}

  // Plays the hand; false if the engine and the record parted (failure() says where).
  bool Run();

  [[nodiscard]] const std::string& failure() const { return failure_; }
  [[nodiscard]] size_t progress() const { return events_.size(); }
  [[nodiscard]] const std::vector<bool>& decisions() const { return decisions_; }
  [[nodiscard]] const std::vector<Event>& events() const { return events_; }
  [[nodiscard]] const RoundOutcome& outcome() const { return outcome_; }
  [[nodiscard]] const RoundSetup& setup() const { return setup_; }
  [[nodiscard]] int dora_revealed() const { return dora_revealed_; }
  // The wall as the hand drew it (the draws swapped into place): replaying the hand from it
  // without a draw source gives the same events.
  [[nodiscard]] const Wall& wall() const { return wall_; }

  Action Choose(const PlayerView& view, std::span<const Action> legal);

 private:
  void Fail(const std::string& why) {
    if (failure_.empty()) failure_ = why;
  }
  [[nodiscard]] bool Failed() const { return !failure_.empty(); }
  [[nodiscard]] std::string Context() const {
    return " (after " + std::to_string(events_.size()) + " events; record result " + OutcomeName(k_.result) + ")";
  }
  [[nodiscard]] bool MatchesItem(const Action& a, const Item& it, Tile drawn) const;
  [[nodiscard]] bool MatchesCall(const Action& a, const Item& it) const;
  [[nodiscard]] bool WantsRon(int seat, int from) const;
  [[nodiscard]] std::optional<Tile> DrawFor(int seat, bool rinshan);
  void Observe(const RoundState& s, const Event& e);
  [[nodiscard]] std::string LegalText(std::span<const Action> legal) const;
  [[nodiscard]] std::string RonRefusal(const PlayerView& view, int seat) const;

  const Kyoku& k_;
  const Ruleset& rules_;
  IdPool pool_;
  std::vector<bool> tape_;
  std::vector<bool> decisions_;
  std::array<size_t, 4> take_{}, disc_{};
  std::array<bool, 4> riichi_pending_{};
  std::array<std::string, 4> note_;
  std::string failure_;
  std::vector<Event> events_;
  RoundOutcome outcome_;
  RoundSetup setup_;
  int dora_revealed_ = 1;
  Wall wall_;
  const RoundState* state_ = nullptr;
};

}  // namespace mj::tenhou::verify
