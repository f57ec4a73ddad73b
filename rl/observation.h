#pragma once
// Observation: what one seat sees, as numbers for a learning agent (docs/PYTHON.md,
// "Observations", version kObservationVersion). Written only from a PlayerView, the window on
// the round state that exposes nothing hidden, so two states that differ only in what the seat
// cannot see encode to the same bytes. Seats are relative: 0 = the seat itself, 1 = the next
// seat (shimocha), 2 = across (toimen), 3 = the previous seat (kamicha).
//
// `planes`: kNumPlanes x 34 bytes (uint8), one row per feature over the 34 kinds (counts, flags
// or river positions); `scalars`: kNumScalars floats. The full-information view for critics
// (every hand and face-down shield, the wall) is a separate array, EncodeFullState, never part
// of a seat's observation.

#include <cstdint>

#include "engine/player_view.h"
#include "engine/round_state.h"

namespace mj::rl {

inline constexpr int kObservationVersion = 1;

// Own rows.
inline constexpr int kPlaneHand = 0;           // concealed hand counts (the drawn tile included)
inline constexpr int kPlaneDrawn = 1;          // the drawn tile
inline constexpr int kPlaneHandMarked = 2;     // marked copies in the hand (red fives, peach)
inline constexpr int kPlaneShieldsDown = 3;    // own face-down shields
inline constexpr int kPlaneShieldsMarked = 4;  // marked copies among them
// Per relative seat r: rows kPlaneSeatBase + kPlanesPerSeat * r + one of these.
inline constexpr int kPlaneSeatBase = 5;
inline constexpr int kPlanesPerSeat = 12;
inline constexpr int kSeatRiver = 0;           // river counts (tiles later called included)
inline constexpr int kSeatTsumogiri = 1;       // of them, discarded straight after drawing
inline constexpr int kSeatFirstIndex = 2;      // 1-based river position of the kind's first discard (0: none)
inline constexpr int kSeatLastIndex = 3;       // ... of its latest discard
inline constexpr int kSeatRiichiTile = 4;      // the riichi declaration tile
inline constexpr int kSeatAfterRiichi = 5;     // kinds anyone discarded after this seat's riichi tile
inline constexpr int kSeatCalledAway = 6;      // river tiles taken by calls
inline constexpr int kSeatMelds = 7;           // meld tiles (a closed kan laid face down: none)
inline constexpr int kSeatMarked = 8;          // marked copies shown: river, melds, face-up shields, shown hand
inline constexpr int kSeatShieldsUp = 9;       // face-up shields (Dunpai)
inline constexpr int kSeatShownHand = 10;      // hand shown by open riichi (other seats)
inline constexpr int kSeatLastDiscard = 11;    // the seat's latest discard
// Table rows.
inline constexpr int kPlaneDoraIndicators = kPlaneSeatBase + 4 * kPlanesPerSeat;  // 53
inline constexpr int kPlaneDora = 54;          // dora per kind (from the indicators)
inline constexpr int kPlaneUnseen = 55;        // 4 - copies this seat can see
inline constexpr int kPlaneTarget = 56;        // the tile being decided on (discard / kan tile)
inline constexpr int kNumPlanes = 57;

// Scalars.
inline constexpr int kScalarRoundWind = 0;     // 4: one-hot E S W N
inline constexpr int kScalarSeatWind = 4;      // 4: own seat wind one-hot
inline constexpr int kScalarKyoku = 8;         // hand number in the round, 0..3
inline constexpr int kScalarHonba = 9;
inline constexpr int kScalarRiichiSticks = 10;
inline constexpr int kScalarTilesLeft = 11;
inline constexpr int kScalarScores = 12;       // 4: points / 1000, relative seats
inline constexpr int kScalarRiichi = 16;       // 4: in riichi (declared or accepted)
inline constexpr int kScalarOpenRiichi = 20;   // 4
inline constexpr int kScalarShieldCounts = 24; // 4: face-down shields
inline constexpr int kScalarPeachCounts = 28;  // 4: peach tiles held (hand + shields; backs are marked)
inline constexpr int kScalarHandSizes = 32;    // 4
inline constexpr int kScalarDealer = 36;       // 4: dealer one-hot, relative
inline constexpr int kScalarPhase = 40;        // 6: set-shield, after-draw, after-call, on-discard, on-kakan, on-ankan
inline constexpr int kScalarTargetFrom = 46;   // 4: who made the tile being decided on, relative
inline constexpr int kScalarRules = 50;        // 4: red fives, shields, riichi, kans
inline constexpr int kNumScalars = 54;

// Writes seat view.seat()'s observation (planes: kNumPlanes * 34 bytes, scalars: kNumScalars).
void EncodeObservation(const PlayerView& view, uint8_t* planes, float* scalars);

// The full-information view of the table from `seat` (relative seats as above), for critics
// and analysis only: per relative seat its concealed hand, face-down shields and marked copies
// in both (3 rows each), then the live wall's undrawn tiles and the ura dora indicators.
inline constexpr int kFullPlanesPerSeat = 3;
inline constexpr int kFullPlaneWall = 4 * kFullPlanesPerSeat;  // 12
inline constexpr int kFullPlaneUra = 13;
inline constexpr int kNumFullPlanes = 14;
void EncodeFullState(const RoundState& s, int seat, uint8_t* planes);

}  // namespace mj::rl
