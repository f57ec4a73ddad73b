#include "agents/defensive_agent.h"

#include <algorithm>

#include "engine/legal_actions.h"
#include "rules/shanten.h"

namespace mj {

std::string DefensiveAgent::Name() const {
  const DefensiveOptions d;
  std::string s = OptionText();
  auto add = [&](const std::string& kv) { s += (s.empty() ? "" : ",") + kv; };
  if (defensive_.fold_shanten != d.fold_shanten) add("fold_shanten=" + std::to_string(defensive_.fold_shanten));
  if (defensive_.push_when_tenpai != d.push_when_tenpai)
    add(std::string("push_when_tenpai=") + (defensive_.push_when_tenpai ? "true" : "false"));
  return s.empty() ? "defensive" : "defensive:" + s;
}

bool DefensiveAgent::Folding(const PlayerView& view) const {
  const int me = view.seat();
  if (view.in_riichi(me)) return false;  // nothing left to decide
  bool threat = false;
  for (int p = 0; p < 4; ++p) threat = threat || (p != me && view.in_riichi(p));
  if (!threat) return false;
  // After a draw or a call the hand holds one tile more: its shanten is the best a discard keeps.
  const int shanten = Shanten(view.counts(), static_cast<int>(view.melds(me).size()));
  if (shanten <= 0) return !defensive_.push_when_tenpai;
  return shanten >= defensive_.fold_shanten;
}

Action DefensiveAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  // A shield decision's list holds kSetShield actions only, and no other list holds one.
  if (legal.front().type == ActionType::kSetShield) return ChooseShield(view, legal);
  // The exchanges are a turn list's tail (FirstExchange): only the exchange step reads them.
  const std::span<const Action> head = legal.first(FirstExchange(legal));
  if (const Action* win = WinToTake(view, head)) return *win;
  if (!Folding(view)) return GreedyAgent::Choose(view, legal);
  const Phase phase = view.phase();
  if (phase != Phase::kAfterDraw && phase != Phase::kAfterCall) {
    for (const Action& a : legal)
      if (a.type == ActionType::kPass) return a;
    return legal.back();
  }
  // An abortive draw is the safest answer of all.
  for (const Action& a : head)
    if (a.type == ActionType::kNineTerminals) return a;
  DangerTable danger{};
  (void)ThreatDanger(view, &danger);  // safest against the most dangerous player, then overall
  if (options_.exchange) {
    // Shields: when even the safest discard is dangerous and a face-down shield is safer, the
    // shield goes to the river and the most dangerous tile (the likeliest wait: tsumo
    // protection) goes face up.
    int safest = -1;
    for (const Action& a : head) {
      if (a.type != ActionType::kDiscard) continue;  // a tileless action has no danger entry
      const int d = danger[KindOf(a.tile)];
      if (safest < 0 || d < safest) safest = d;
    }
    const Action* up = nullptr;
    int up_danger = -1;  // danger[KindOf(up->tile)], kept apart from `up` so no load waits on it
    if (safest / 64 >= options_.exchange_min_danger)
      for (const Action& a : legal.subspan(head.size())) {
        const int d = danger[KindOf(a.tile)];
        if (d > up_danger) {
          up_danger = d;
          up = &a;
        }
      }
    if (up != nullptr)
      if (const Action* x = SafeExchange(view, legal, up->tile, danger))
        if (danger[KindOf(x->consumed[0])] < safest) return *x;
  }
  return BestDiscard(view, head, &danger);
}

}  // namespace mj
