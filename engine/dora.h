#pragma once
// Dora indicators turned during a hand: a kan's new indicator, at once (closed kan) or pending
// until the kan player's discard or the next kan (open and added kans; Tenhou's timing).

#include "engine/hand_log.h"
#include "engine/round_state.h"

namespace mj {

// Turns the next dora indicator (a "dora" event), if the ruleset has dora and one is left.
void RevealDora(RoundState& s, HandLog& log);

// Turns the indicators of the kans waiting for theirs (s.pending_dora). Inline: called after
// every discard and call, and almost always with none waiting.
inline void RevealPendingDora(RoundState& s, HandLog& log) {
  while (s.pending_dora > 0) {
    --s.pending_dora;
    RevealDora(s, log);
  }
}

}  // namespace mj
