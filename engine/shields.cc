#include "engine/shields.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/dora.h"
#include "engine/legal_action_parts.h"
#include "engine/win_check.h"

namespace mj {

using legal_parts::FaceSlot;
using legal_parts::Forbidden;
using legal_parts::ForbiddenMask;
using legal_parts::Plain;

// ---- Deal ----------------------------------------------------------------------------------

// Seed 003 rule 1 (deal): the dealer 16 tiles, the others 15 (2 more than usual: extra_tiles).
int ShieldDealSize(int extra) { return ShieldDealTiles(extra); }

int ShieldDealSeat(int position, int dealer, int extra) {
  if (position < 48) return (dealer + position / 4) % 4;
  const int rest = position - 48;
  if (rest >= 4 * (1 + extra)) return dealer;
  return (dealer + rest / (1 + extra)) % 4;
}

// Seed 003 rule 5 (lost shields go back into the wall): carried shields are out of this hand's
// wall; only the shields lost return to it.
Wall ShieldWall(const Wall& wall, const std::array<std::vector<Tile>, 4>& carried) {
  std::vector<Tile> all;
  for (const auto& c : carried) all.insert(all.end(), c.begin(), c.end());
  if (all.empty()) return wall;
  return wall.Without(all);
}

// Seed 003 rule 1 (carried shields): a player carrying n shields mixes them into the 15/16 dealt
// tiles and keeps n + per_hand (2) shields.
void DealShieldHand(RoundState& s, const std::array<std::vector<Tile>, 4>& carried) {
  const ShieldRules& sh = s.rules->shields;
  const int n = ShieldDealSize(sh.extra_tiles);
  for (int i = 0; i < n; ++i) AddToHand(s, ShieldDealSeat(i, s.dealer, sh.extra_tiles), s.wall.tiles[i]);
  s.live_next = n;
  for (int p = 0; p < 4; ++p) {
    for (Tile t : carried[p]) AddToHand(s, p, t);
    s.shields_to_set[p] = static_cast<int>(carried[p].size()) + sh.per_hand;
  }
  s.phase = Phase::kSetShield;
  s.turn = s.dealer;
}

// ---- Shield choice -------------------------------------------------------------------------

// Seed 003 rule 1 (shield choice): any tile of the dealt hand may be put face down; one action
// per face.
void LegalShieldActions(const RoundState& s, int seat, std::vector<Action>* out) {
  const std::vector<Tile>& hand = s.seats[seat].hand;
  out->resize(hand.size());  // room for every tile; cut to the faces found
  Action* w = out->data();
  std::array<uint8_t, kNumKinds> seen{};  // bit per face slot: the first tile of each face
  const Action set = Plain(ActionType::kSetShield, static_cast<uint8_t>(seat), kNoTile);
  for (Tile t : hand) {  // kept by advancing past it when a new face (AddDiscards)
    const uint8_t bit = static_cast<uint8_t>(1u << FaceSlot(t, *s.rules));
    const uint8_t before = seen[KindOf(t)];
    seen[KindOf(t)] = before | bit;
    *w = set;
    w->tile = t;
    w += (before & bit) == 0 ? 1 : 0;
  }
  out->resize(static_cast<size_t>(w - out->data()));
}

std::vector<Action> LegalShieldActions(const RoundState& s, int seat) {
  std::vector<Action> out;
  LegalShieldActions(s, seat, &out);
  return out;
}

// Seed 003 rule 1 (shield choice): each player keeps 13 (the dealer 14) as the hand and puts the
// rest face down as shields: the dealer first, then the others in turn order, each seat all its
// choices (carried + per_hand, one tile a decision) before the next seat starts.
std::optional<Error> ChooseShields(RoundState& s, HandLog& log, std::vector<Action>* legal, const AskSeat& ask) {
  for (int i = 0; i < 4; ++i) {
    const int seat = (s.dealer + i) % 4;
    while (s.shields_to_set[seat] > 0) {
      s.turn = seat;
      s.phase = Phase::kSetShield;
      LegalShieldActions(s, seat, legal);
      auto answer = ask(seat, *legal);
      if (!answer) return Error{answer.error()};
      const Tile t = answer->tile;
      RemoveFromHand(s, seat, t);
      s.seats[seat].shields_down.push_back(t);
      --s.shields_to_set[seat];
      log.EmitPlain(EventType::kShieldSet, seat, t);
    }
  }
  // The dealer holds 14 and starts with a discard; it drew nothing (no tsumo on the deal).
  s.turn = s.dealer;
  s.drawn = kNoTile;
  s.phase = Phase::kAfterDraw;
  return std::nullopt;
}

// ---- Exchange ------------------------------------------------------------------------------

// Seed 003 rules 2 and 3 (exchange): every distinct hand face x every distinct face-down shield
// face; a face-up shield is never exchanged again (only face-down ones are listed); not in
// riichi. Kuikae (when banned) applies to both tiles. The hand faces are those of the discards
// just listed in out[first_discard, end_discard), one per face in hand order, the drawn tile
// (listed last) among them unless `last_repeats` (AddDiscards: an earlier tile has its face).
void AddExchanges(const RoundState& s, const SeatState& p, size_t first_discard, size_t end_discard,
                  bool last_repeats, std::vector<Action>* out) {
  if (!s.rules->shields.enabled || p.InRiichi() || p.shields_down.empty()) return;
  const Ruleset& rules = *s.rules;
  // Each distinct face (kind x plain/red/peach) of the face-down shields, in order of first
  // appearance, as the eight bytes of its exchange with the hand tile left 0: {kExchange, actor,
  // 0, {shield, none, none, none}, 1}. At most 3 faces of each of the 34 kinds.
  std::array<uint64_t, 3 * kNumKinds + 1> shields;  // filled up to num_shields; one spare place
  size_t num_shields = 0;
  const uint64_t forbidden = ForbiddenMask(s);
  std::array<uint8_t, kNumKinds> seen{};
  for (Tile d : p.shields_down) {  // kept by advancing past it when a new face (AddDiscards)
    const uint8_t bit = static_cast<uint8_t>(1u << FaceSlot(d, rules));
    const uint8_t before = seen[KindOf(d)];
    seen[KindOf(d)] = before | bit;
    const std::array<uint8_t, 8> bytes{static_cast<uint8_t>(ActionType::kExchange), static_cast<uint8_t>(s.turn), 0, d,
                                       kNoTile, kNoTile, kNoTile, 1};
    std::memcpy(&shields[num_shields], bytes.data(), sizeof(uint64_t));
    num_shields += ((before & bit) == 0 && !Forbidden(forbidden, d)) ? 1 : 0;
  }
  if (num_shields == 0) return;
  if (last_repeats) --end_discard;
  // Hand face by hand face, each with every shield face: the face ORed into the tile byte.
  static_assert(sizeof(Action) == 8 && std::is_trivially_copyable_v<Action> && offsetof(Action, tile) == 2);
  constexpr int kTileShift = std::endian::native == std::endian::little ? 16 : 40;
  const size_t first = out->size();
  const size_t count = (end_discard - first_discard) * num_shields;
#if defined(__SSE2__)
  // Built in a stack buffer, two actions per 16-byte store, then appended in one copy (growing
  // the list by resize would first fill every new place). Each hand face writes its shield faces
  // rounded up to even; the next face (placed num_shields on) overwrites the one spare, and a
  // last spare place takes the last face's. The bytes written are Actions (trivially copyable).
  constexpr size_t kBuffered = 256;
  if (count < kBuffered) {
    shields[num_shields] = 0;  // the pad of an odd count
    const size_t pairs = (num_shields + 1) / 2;
    alignas(16) std::array<unsigned char, (kBuffered + 1) * sizeof(Action)> buffer;
    unsigned char* w = buffer.data();
    const Action* faces = out->data() + first_discard;
    for (size_t i = 0; i < end_discard - first_discard; ++i, w += num_shields * sizeof(Action)) {
      const __m128i face = _mm_set1_epi64x(static_cast<long long>(uint64_t{faces[i].tile} << kTileShift));
      for (size_t v = 0; v < pairs; ++v) {
        __m128i two;
        std::memcpy(&two, &shields[2 * v], sizeof(two));
        two = _mm_or_si128(two, face);
        std::memcpy(w + 2 * v * sizeof(Action), &two, sizeof(two));
      }
    }
    const auto* built = reinterpret_cast<const Action*>(buffer.data());
    out->insert(out->end(), built, built + count);
    return;
  }
#endif
  // More exchanges than the buffer holds (or no SSE2): written in place. resize copies one
  // 8-byte value, which is cheaper than default-constructing each place.
  Action fill;
  std::memcpy(static_cast<void*>(&fill), &shields[0], sizeof(fill));
  out->resize(first + count, fill);
  Action* w = out->data() + first;
  for (size_t i = first_discard; i < end_discard; ++i) {
    const uint64_t face = uint64_t{(*out)[i].tile} << kTileShift;
    for (size_t j = 0; j < num_shields; ++j, ++w) {
      const uint64_t bits = shields[j] | face;
      std::memcpy(static_cast<void*>(w), &bits, sizeof(bits));
    }
  }
}

// Seed 003 rule 2 (exchange): instead of an ordinary discard, the face-down shield is this turn's
// discard ("exchange", then its "dahai"); the hand tile goes face up where the shield was.
Tile ExchangeShield(RoundState& s, HandLog& log, const Action& a) {
  const int seat = s.turn;
  SeatState& p = s.seats[seat];
  const Tile shield = a.consumed[0];
  // The announcement first (every tile still in place at this event), then the tiles move and
  // the shield's dahai follows.
  Event e;
  e.type = EventType::kExchange;
  e.actor = static_cast<int8_t>(seat);
  e.pai = a.tile;
  e.consumed[0] = shield;
  e.num_consumed = 1;
  log.Emit(std::move(e));
  RevealPendingDora(s, log);  // an open kan's dora turns before the discard, as in Discard
  RemoveFromHand(s, seat, a.tile);
  p.shields_up.push_back(a.tile);
  p.shields_down.erase(std::find(p.shields_down.begin(), p.shields_down.end(), shield));
  return shield;
}

// ---- The hand's end ------------------------------------------------------------------------

// Seed 003 rule 4 (tsumo protection): a seat with a face-up shield tile among the winner's waits
// (the hand before the winning draw, not only the tile drawn) pays nothing, unless the winner
// declared open riichi.
std::array<bool, 4> ProtectFromTsumo(RoundState& s, HandLog& log, int winner, Tile tile) {
  std::array<bool, 4> protected_seat{};
  const ShieldRules& sh = s.rules->shields;
  if (sh.enabled && sh.tsumo_protection && !(sh.open_riichi && s.seats[winner].open_riichi)) {
    const int w = winner;
    SeatState before = s.seats[w];
    --before.counts[KindOf(tile)];
    const uint64_t waits = WaitMask(before);
    for (int i = 1; i < 4; ++i) {
      const int p = (w + i) % 4;
      for (Tile t : s.seats[p].shields_up) {
        if (!(waits >> KindOf(t) & 1)) continue;
        protected_seat[p] = true;
        Event e;
        e.type = EventType::kProtection;
        e.actor = static_cast<int8_t>(p);
        e.target = static_cast<int8_t>(w);
        e.pai = t;
        log.Emit(std::move(e));
        break;
      }
    }
  }
  return protected_seat;
}

// Seed 003 rule 5 (lost shields go back into the wall): counted in s.shields_returned until the
// next hand's wall takes them.
void LoseShields(RoundState& s, HandLog& log, int seat, bool face_down, bool face_up, ShieldLossCause cause) {
  SeatState& p = s.seats[seat];
  Event e;
  e.type = EventType::kShieldsLost;
  e.actor = static_cast<int8_t>(seat);
  e.cause = cause;
  if (face_down) {
    e.count = static_cast<uint8_t>(p.shields_down.size());
    s.shields_returned.insert(s.shields_returned.end(), p.shields_down.begin(), p.shields_down.end());
    p.shields_down.clear();
  }
  if (face_up) {
    e.tiles = p.shields_up;
    for (size_t i = 0; i < p.shields_up.size() && i < 4; ++i) e.consumed[e.num_consumed++] = p.shields_up[i];
    s.shields_returned.insert(s.shields_returned.end(), p.shields_up.begin(), p.shields_up.end());
    p.shields_up.clear();
  }
  if (e.count > 0 || !e.tiles.empty()) log.Emit(std::move(e));
}

// Seed 003 rule 5 (end of hand, a win): the winner and the player who dealt in lose all their
// shields; the others keep all of theirs.
void ConfiscateAfterWin(RoundState& s, HandLog& log, const std::vector<int>& winners, int from, bool tsumo) {
  if (!s.rules->shields.enabled) return;
  for (int w : winners) LoseShields(s, log, w, true, true, ShieldLossCause::kWon);
  if (!tsumo) LoseShields(s, log, from, true, true, ShieldLossCause::kDealtIn);
}

// Seed 003 rule 5 (end of hand, exhaustive draw): a tenpai player keeps the face-down shields and
// loses the face-up ones; a noten player loses all.
void ConfiscateAfterExhaustiveDraw(RoundState& s, HandLog& log) {
  if (!s.rules->shields.enabled) return;
  for (int p = 0; p < 4; ++p) {
    const bool tenpai = IsTenpai(s.seats[p]);
    LoseShields(s, log, p, !tenpai, true, tenpai ? ShieldLossCause::kTenpaiFaceUp : ShieldLossCause::kNoten);
  }
}

// Abortive draws (seed 003 names only wins and the exhaustive draw): shields.abortive_keeps_all
// takes nothing; otherwise the exhaustive draw's rule applies (tenpai: face-up lost, noten: all).
// A seat holding 14 tiles (the nine-terminals declarer, after its draw) counts as tenpai when a
// discard would leave it tenpai.
void ConfiscateAfterAbortiveDraw(RoundState& s, HandLog& log) {
  if (!s.rules->shields.enabled || s.rules->shields.abortive_keeps_all) return;
  for (int p = 0; p < 4; ++p) {
    const SeatState& seat = s.seats[p];
    const int melds = static_cast<int>(seat.melds.size());
    bool tenpai = false;
    if (static_cast<int>(seat.hand.size()) == 14 - 3 * melds) {
      KindCounts counts = seat.counts;
      for (int k = 0; k < kNumKinds && !tenpai; ++k) {
        if (counts[k] == 0) continue;
        --counts[k];
        tenpai = IsTenpaiCounts(counts, melds);
        ++counts[k];
      }
    } else {
      tenpai = IsTenpai(seat);
    }
    LoseShields(s, log, p, !tenpai, true, tenpai ? ShieldLossCause::kTenpaiFaceUp : ShieldLossCause::kNoten);
  }
}

// Seed 003 rule 3 reads "unused shields carry": shields.carry_face_up false takes the face-up
// (used) tiles a seat still holds back into the wall at the hand's end.
void DropFaceUpShields(RoundState& s, HandLog& log) {
  if (!s.rules->shields.enabled || s.rules->shields.carry_face_up) return;
  for (int p = 0; p < 4; ++p) LoseShields(s, log, p, false, true, ShieldLossCause::kFaceUpNotCarried);
}

// shields.overflow "return_to_wall": one shield at a time from the seat holding the most (ties:
// the first in turn order from this hand's dealer) until the total fits; a seat returns its
// face-up tiles first (the last placed first), then its face-down ones (the last set first).
void ReturnOverflowShields(RoundState& s, HandLog& log) {
  const ShieldRules& sh = s.rules->shields;
  if (!sh.enabled || sh.overflow != ShieldOverflow::kReturnToWall) return;
  std::array<int, 4> held{};
  int total = 0;
  for (int p = 0; p < 4; ++p) {
    held[p] = static_cast<int>(s.seats[p].shields_down.size() + s.seats[p].shields_up.size());
    total += held[p];
  }
  const int capacity = CarriedShieldCapacity(*s.rules);
  if (total <= capacity) return;
  std::array<int, 4> up{}, down{};  // shields each seat returns, face up and face down
  for (int excess = total - capacity; excess > 0; --excess) {
    int seat = s.dealer;
    for (int i = 1; i < 4; ++i) {
      const int p = (s.dealer + i) % 4;
      if (held[p] > held[seat]) seat = p;
    }
    --held[seat];
    if (up[seat] < static_cast<int>(s.seats[seat].shields_up.size())) {
      ++up[seat];
    } else {
      ++down[seat];
    }
  }
  for (int i = 0; i < 4; ++i) {
    const int p = (s.dealer + i) % 4;
    if (up[p] == 0 && down[p] == 0) continue;
    SeatState& seat = s.seats[p];
    Event e;
    e.type = EventType::kShieldsLost;
    e.actor = static_cast<int8_t>(p);
    e.cause = ShieldLossCause::kOverflow;
    e.count = static_cast<uint8_t>(down[p]);
    for (int k = 0; k < up[p]; ++k) {
      const Tile t = seat.shields_up.back();
      seat.shields_up.pop_back();
      e.tiles.push_back(t);
      if (e.num_consumed < 4) e.consumed[e.num_consumed++] = t;
      s.shields_returned.push_back(t);
    }
    for (int k = 0; k < down[p]; ++k) {
      s.shields_returned.push_back(seat.shields_down.back());
      seat.shields_down.pop_back();
    }
    log.Emit(std::move(e));
  }
}

// Seed 003 rule 1 (carry-over): shields left (face down, and face up where the hand's end did
// not take them) are carried into the next hand.
std::array<std::vector<Tile>, 4> KeptShields(const RoundState& s) {
  std::array<std::vector<Tile>, 4> kept;
  for (int p = 0; p < 4; ++p) {
    kept[p] = s.seats[p].shields_down;
    kept[p].insert(kept[p].end(), s.seats[p].shields_up.begin(), s.seats[p].shields_up.end());
  }
  return kept;
}

}  // namespace mj
