#include "agents/defensive_agent.h"

#include <algorithm>

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
  for (const Action& a : legal)
    if (a.type == ActionType::kTsumo || a.type == ActionType::kRon) return a;
  if (!Folding(view)) return GreedyAgent::Choose(view, legal);
  const Phase phase = view.phase();
  if (phase != Phase::kAfterDraw && phase != Phase::kAfterCall) {
    for (const Action& a : legal)
      if (a.type == ActionType::kPass) return a;
    return legal.back();
  }
  // An abortive draw is the safest answer of all.
  for (const Action& a : legal)
    if (a.type == ActionType::kNineTerminals) return a;
  const KindCounts visible = view.VisibleCounts();
  std::array<KindMask, 4> genbutsu{};
  for (int p = 0; p < 4; ++p)
    if (p != view.seat() && view.in_riichi(p)) genbutsu[p] = GenbutsuKinds(view, p);
  DangerTable danger{};
  for (int k = 0; k < kNumKinds; ++k) {
    if (view.counts()[k] == 0) continue;
    int worst = 0, sum = 0;
    for (int p = 0; p < 4; ++p) {
      if (p == view.seat() || !view.in_riichi(p)) continue;
      const int d = Danger(static_cast<Kind>(k), p, genbutsu[p], view, visible);
      worst = std::max(worst, d);
      sum += d;
    }
    danger[k] = worst * 64 + sum;  // safest against the most dangerous player, then overall
  }
  return BestDiscard(view, legal, &danger);
}

}  // namespace mj
