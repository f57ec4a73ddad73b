#pragma once
// `greedy`: a fast, simple bot. Wins whenever it may; otherwise discards to minimise shanten,
// tie-broken by acceptance (ukeire, from the visible tiles), then by a tile-value heuristic
// (lone honours and terminals first), then by its PRNG. Declares riichi when it can, on the
// discard with the most winning tiles left. Calls pon/chi only when the call lowers shanten and
// the open hand keeps a yaku (a yakuhai pon, or open tanyao with every tile a simple); never opens
// a closed tenpai hand. Dunpai (shields): puts the least useful tiles face down at the deal,
// exchanges a dangerous discard for a safe shield against riichi, declares open riichi on wide
// waits, keeps peach tiles. Rules and knobs: docs/AGENTS.md.

#include <array>
#include <optional>
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
  // Shields (盾牌, rules.shields.enabled) and open riichi; inert in rulesets without them.
  bool exchange = true;            // exchange a dangerous discard for a safer face-down shield
  int exchange_min_danger = 3;     // the discard counts as dangerous at this Danger or more
  int shield_max_danger = 7;       // a shield is exchanged only if its Danger is at most this
  bool bank_pairs = false;         // at the deal, shield pairs/pungs of simples (for a later hand)
  int open_riichi_wait = 8;        // open riichi when the wait has >= this many unseen tiles (0: never)
  int min_win_han_per_shield = 0;  // decline a win worth < this * own shields han (0: never)
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

  // The win in `legal` to take, or nullptr (none, or declined to keep banked shields).
  [[nodiscard]] const Action* WinToTake(const PlayerView& view, std::span<const Action> legal) const;
  // At the deal (kSetShield in `legal`): the shield whose removal hurts the hand least.
  [[nodiscard]] Action ChooseShield(const PlayerView& view, std::span<const Action> legal);
  // Danger of every kind in the hand or the own face-down shields (the kinds a turn's discards
  // and exchanges put out), those in `only`, against the seats in riichi: worst * 64 + sum of
  // hand_eval Danger; a seat in open riichi rates its known waits 11 and every other kind 0.
  // Other kinds are 0. False if nobody other than this seat is in riichi.
  [[nodiscard]] bool ThreatDanger(const PlayerView& view, DangerTable* danger, KindMask only = kAllKinds);
  // The legal kExchange that puts `hand_tile` face up and discards the safest face-down shield,
  // if that shield is safe enough (shield_max_danger) and safer than `hand_tile`; nullptr else.
  [[nodiscard]] const Action* SafeExchange(const PlayerView& view, std::span<const Action> legal, Tile hand_tile,
                                           const DangerTable& danger) const;
  // Greedy's discard `d`, guarded against riichi: an exchange when `d` is dangerous and a safe
  // shield exists; else, if `d` is a known wait of an open riichi, the best discard avoiding those.
  [[nodiscard]] Action Guard(const PlayerView& view, std::span<const Action> legal, const Action& d);

  GreedyOptions options_;
  Rng rng_{0};

 private:
  // The waits of each seat's hand shown in open riichi, by the hand's contents (it changes only
  // with a closed kan): asked about at every own turn while that seat is in riichi.
  struct ShownWaits {
    KindCounts hand{};
    int melds = -1;
    KindMask waits = 0;
  };
  std::array<ShownWaits, 4> shown_waits_;
  // The shield deal asks one decision per shield, each on the last one's hand less its pick:
  // that hand's StandardShantenNeighbours (no melds), derived from the last one's, for the next.
  struct DealHand {
    KindCounts counts{};
    std::optional<StandardShantenNeighbours> standard;
  };
  DealHand deal_hand_;
  // The neighbours of `counts` (no melds): the kept one when it is of this hand, else built.
  [[nodiscard]] StandardShantenNeighbours DealNeighbours(const KindCounts& counts) const;
  // Keeps the neighbours of `counts` less one `pick` for the next shield decision.
  void KeepDealHand(const KindCounts& counts, const StandardShantenNeighbours& standard, Kind pick);
  // OpenRiichiWaits of `seat` (in open riichi), looked up again only when its shown hand changed.
  [[nodiscard]] KindMask ShownWaitKinds(const PlayerView& view, int seat);
};

}  // namespace mj
