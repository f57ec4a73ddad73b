#pragma once
// `greedy`: a fast, simple bot. Wins whenever it may; otherwise discards to minimise shanten,
// tie-broken by acceptance (ukeire, from the visible tiles), then by a tile-value heuristic
// (lone honours and terminals first), then by its PRNG. Declares riichi when it can, on the
// discard with the most winning tiles left. Calls pon/chi only when the call lowers shanten and
// the open hand keeps a yaku (a yakuhai pon, or open tanyao with every tile a simple); never opens
// a closed tenpai hand. Rules and knobs: docs/AGENTS.md.

#include <array>
#include <span>
#include <string>

#include "agents/hand_eval.h"
#include "engine/agent.h"
#include "engine/rng.h"

namespace mj {

struct GreedyOptions {
  bool riichi = true;              // declare riichi when a riichi discard has a live wait
  bool calls = true;               // pon / chi / daiminkan under the yaku rules
  bool kans = true;                // ankan / kakan when they do not raise shanten
  int nine_terminals_shanten = 4;  // declare nine terminals when shanten (all forms) >= this
  friend bool operator==(const GreedyOptions&, const GreedyOptions&) = default;
};

class GreedyAgent : public Agent {
 public:
  explicit GreedyAgent(GreedyOptions options = {}) : options_(options) {}
  [[nodiscard]] std::string Name() const override;
  void BeginGame(int seat, uint64_t seed) override;
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override;

 protected:
  // Per-kind danger used to rank discards before the greedy key (lower first); nullptr = none.
  using DangerTable = std::array<int, kNumKinds>;
  // The best kDiscard in `legal` (which must hold one): least danger if given, then the greedy
  // key. Within a kind, a plain copy goes before a red five.
  [[nodiscard]] Action BestDiscard(const PlayerView& view, std::span<const Action> legal, const DangerTable* danger);
  // The greedy answer on the own turn (after a draw or a call), wins excluded.
  [[nodiscard]] Action ChooseTurn(const PlayerView& view, std::span<const Action> legal);
  // The greedy answer to another seat's discard or kan, wins excluded.
  [[nodiscard]] Action ChooseCall(const PlayerView& view, std::span<const Action> legal);
  // "greedy" options as text, defaults omitted: "riichi=false,calls=false".
  [[nodiscard]] std::string OptionText() const;

  GreedyOptions options_;
  Rng rng_{0};
};

}  // namespace mj
