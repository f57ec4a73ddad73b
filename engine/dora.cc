#include "engine/dora.h"

namespace mj {

void RevealDora(RoundState& s, HandLog& log) {
  if (!s.rules->dora || s.dora_revealed >= 5) return;
  ++s.dora_revealed;
  Event e;
  e.type = EventType::kDora;
  e.pai = s.wall.DoraIndicator(s.dora_revealed - 1);
  log.Emit(std::move(e));
}

}  // namespace mj
