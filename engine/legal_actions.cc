#include "engine/legal_actions.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/legal_action_parts.h"
#include "engine/shields.h"
#include "engine/win_check.h"
#include "rules/shanten.h"
#include "rules/waits.h"

namespace mj {
namespace {

using legal_parts::FaceSlot;
using legal_parts::Forbidden;
using legal_parts::ForbiddenMask;
using legal_parts::Plain;

constexpr bool IsOrphan(Kind k) { return IsTerminalOrHonor(k); }

bool IsPeach(Tile t, const Ruleset& rules) { return rules.peach_tiles && IsPeachCopy(t); }

bool SameFace(Tile a, Tile b, const Ruleset& rules) {
  return KindOf(a) == KindOf(b) && IsRedFive(a, rules) == IsRedFive(b, rules) && IsPeach(a, rules) == IsPeach(b, rules);
}

// Tiles of `hand` of kind k, red ones first.
SmallVector<Tile, 4> TilesOfKind(const std::vector<Tile>& hand, Kind k, const Ruleset& rules) {
  SmallVector<Tile, 4> out;
  for (Tile t : hand)
    if (KindOf(t) == k) out.push_back(t);
  std::sort(out.begin(), out.end(), [&](Tile a, Tile b) {
    if (IsRedFive(a, rules) != IsRedFive(b, rules)) return IsRedFive(a, rules);
    return a < b;
  });
  return out;
}

// One discard per distinct face in the hand (plain, red five and peach copies differ), the
// drawn tile as its own option when tsumogiri is allowed; kuikae-forbidden kinds left out.
// Returns whether that last option (the drawn tile) has the face of an earlier one.
bool AddDiscards(const RoundState& s, const SeatState& p, bool allow_tsumogiri, std::vector<Action>* out) {
  const Ruleset& rules = *s.rules;
  const uint64_t forbidden = ForbiddenMask(s);
  std::array<uint8_t, kNumKinds> seen{};  // bit per face slot
  const Action discard = Plain(ActionType::kDiscard, static_cast<uint8_t>(s.turn), kNoTile);
  // Every tile is written at the next place and kept by advancing past it when it is a new
  // face: whether a face repeats is no branch to mispredict.
  const size_t first = out->size();
  out->resize(first + p.hand.size() + 1);
  Action* w = out->data() + first;
  const Tile drawn = allow_tsumogiri ? s.drawn : kNoTile;  // the drawn tile is its own option
  for (Tile t : p.hand) {
    if (t == drawn) continue;
    const uint8_t bit = static_cast<uint8_t>(1u << FaceSlot(t, rules));
    const uint8_t before = seen[KindOf(t)];
    seen[KindOf(t)] = before | bit;
    *w = discard;
    w->tile = t;
    w += ((before & bit) == 0 && !Forbidden(forbidden, t)) ? 1 : 0;
  }
  bool last_repeats = false;
  if (drawn != kNoTile) {
    *w = discard;
    w->tile = drawn;
    ++w;
    last_repeats = (seen[KindOf(drawn)] >> FaceSlot(drawn, rules)) & 1;
  }
  out->resize(static_cast<size_t>(w - out->data()));
  return last_repeats;
}

// Bit k set when kind k is held four times. Asked at every draw, so the 34 counts are compared in
// three 16-byte loads (the last overlaps the second: 18..33) rather than tile by tile.
uint64_t KindsHeldFour(const KindCounts& c) {
  static_assert(kNumKinds == 34 && sizeof(KindCounts) == 34);
#if defined(__SSE2__)
  const __m128i four = _mm_set1_epi8(4);
  const auto fours_at = [&](int at) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + at));
    return uint64_t{static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, four)))} << at;
  };
  return fours_at(0) | fours_at(16) | fours_at(18);
#else
  uint64_t fours = 0;
  for (int k = 0; k < kNumKinds; ++k) fours |= uint64_t{c[k] == 4} << k;
  return fours;
#endif
}

bool CanAddKan(const RoundState& s, int seat) {
  if (!s.rules->kans || s.TilesLeft() <= 0 || s.total_kans >= 4) return false;
  // Four kans by one player: no fifth kan anywhere.
  (void)seat;
  return true;
}

}  // namespace

bool FourKansAbortPending(const RoundState& s) {
  if (!s.rules->abort_four_kans || s.total_kans < 4) return false;
  for (const SeatState& p : s.seats)
    if (p.num_kans == 4) return false;
  return true;
}

void KuikaeForbidden(const Action& call, SmallVector<Kind, 2>* out) {
  out->clear();
  const Kind called = KindOf(call.tile);
  out->push_back(called);
  if (call.type != ActionType::kChi) return;
  const Kind a = KindOf(call.consumed[0]), b = KindOf(call.consumed[1]);
  const Kind lo = std::min(a, b), hi = std::max(a, b);
  if (called < lo && NumberOf(hi) <= 8) out->push_back(static_cast<Kind>(hi + 1));   // 4 with 56: also 7
  if (called > hi && NumberOf(lo) >= 2) out->push_back(static_cast<Kind>(lo - 1));   // 6 with 45: also 3
}

void LegalTurnActions(const RoundState& s, std::vector<Action>* out) {
  out->clear();
  const Ruleset& rules = *s.rules;
  const int seat = s.turn;
  const SeatState& p = s.seats[seat];
  const uint8_t actor = static_cast<uint8_t>(seat);
  if (s.phase == Phase::kAfterCall) {
    AddDiscards(s, p, false, out);
    if (!p.shields_down.empty()) AddExchanges(s, p, 0, out->size(), false, out);
    return;
  }
  // Tsumo; on the first draw also the wins on the dealt 13 tiles that are not four sets and a
  // pair (Ningbo's 十三ヤオ and 十三不搭), when the ruleset has them.
  // The shanten before the draw, when WaitMask last saw that hand: a hand at one or more cannot
  // be completed by one draw, and at zero it is completed exactly by its waits.
  const int shanten_before = KnownShantenBeforeDraw(p, s.drawn);
  if (s.drawn != kNoTile) {
    const bool complete = shanten_before >= 1   ? false
                          : shanten_before == 0 ? ((p.waits_cached >> KindOf(s.drawn)) & 1) != 0
                                                : IsComplete(p.counts, static_cast<int>(p.melds.size()));
    if ((complete || (DealtHandWins(rules) && IsFirstTurn(s, seat))) &&
        ScoreWin(s, seat, s.drawn, WinKind::kTsumo).ok())
      out->push_back(Plain(ActionType::kTsumo, actor, s.drawn));
  }
  // Nine different terminals and honours on the first uninterrupted draw (with
  // nine_terminals_no_pair: each held once, no terminal or honour pair).
  if (rules.abort_nine_terminals && s.no_calls_yet && p.river.empty() && !s.drawn_from_rinshan) {
    int kinds = 0;
    bool pair = false;
    for (int k = 0; k < kNumKinds; ++k) {
      if (!IsOrphan(static_cast<Kind>(k))) continue;
      kinds += p.counts[k] > 0;
      pair = pair || p.counts[k] >= 2;
    }
    if (kinds >= 9 && !(rules.nine_terminals_no_pair && pair))
      out->push_back(Plain(ActionType::kNineTerminals, actor, kNoTile));
  }
  // Kans.
  if (CanAddKan(s, seat)) {
    // The kinds held four times, taken in kind order.
    for (uint64_t fours = KindsHeldFour(p.counts); fours != 0; fours &= fours - 1) {
      const int k = std::countr_zero(fours);
      if (p.InRiichi()) {
        // Only with the drawn tile, and only if the waits stay the same.
        if (s.drawn == kNoTile || KindOf(s.drawn) != k) continue;
        SeatState before = p;
        before.counts[k] -= 1;
        SeatState after = p;
        after.counts[k] -= 4;
        after.melds.push_back(EngineMeld{MeldType::kAnkan, {}, 4, kNoTile, -1});
        if (WaitMask(before) != WaitMask(after)) continue;
      }
      Action a{ActionType::kAnkan, actor, kNoTile, {}, 4};
      const auto tiles = TilesOfKind(p.hand, static_cast<Kind>(k), rules);
      for (int i = 0; i < 4; ++i) a.consumed[i] = tiles[i];
      out->push_back(a);
    }
    if (!p.InRiichi()) {
      for (const EngineMeld& m : p.melds) {
        if (m.type != MeldType::kPon) continue;
        const Kind k = KindOf(m.tiles[0]);
        for (Tile t : p.hand)
          if (KindOf(t) == k) {
            Action a{ActionType::kKakan, actor, t, {}, 3};
            for (int i = 0; i < 3; ++i) a.consumed[i] = m.tiles[i];
            out->push_back(a);
          }
      }
    }
  }
  // Discards; in riichi only the drawn tile.
  if (p.riichi == RiichiState::kAccepted) {
    out->push_back(Plain(ActionType::kDiscard, actor, s.drawn));
    return;
  }
  const size_t first_discard = out->size();
  const bool last_repeats = AddDiscards(s, p, true, out);
  const size_t end_discard = out->size();
  // Riichi: closed, enough points and tiles, tenpai after the discard.
  // With riichi_open_hand, open melds allowed; with no deposit, no points needed.
  const bool can_riichi = rules.riichi_allowed && (p.IsClosed() || rules.riichi_open_hand) &&
                          p.riichi == RiichiState::kNone &&
                          s.TilesLeft() >= 4 &&
                          (!rules.riichi_needs_points || rules.riichi_deposit <= 0 || s.scores[seat] >= rules.riichi_deposit);
  if (can_riichi) {
    const size_t end = out->size();
    const int melds = static_cast<int>(p.melds.size());
    KindCounts after = p.counts;
    // No discard reaches tenpai unless the 14 tiles are already at shanten 0 or better; the
    // 13 tiles before the draw, when known, often settle that without computing it.
    const int before = shanten_before;
    const bool near = before == 0 || (before < 2 && Shanten(p.counts, melds) <= 0);
    if (near) {
      // Each discard's standard-form shanten from one neighbours object; seven pairs and
      // thirteen orphans (closed hands) only where the standard form is not already at 0.
      const StandardShantenNeighbours standard(p.counts, melds);
      for (size_t i = first_discard; i < end; ++i) {
        const Kind k = KindOf((*out)[i].tile);
        --after[k];
        int shanten = standard.Minus(k);
        if (melds == 0 && shanten > 0) shanten = std::min({shanten, ShantenChiitoitsu(after), ShantenKokushi(after)});
        if (IsTenpaiCounts(after, melds, shanten)) out->push_back(Plain(ActionType::kRiichi, actor, (*out)[i].tile));
        ++after[k];
      }
    }
    // Open riichi: where the ruleset's yaku table has it for this hand.
    const YakuValue& open = rules.yaku[static_cast<int>(YakuId::kOpenRiichi)];
    if (open.enabled && (p.IsClosed() ? open.closed_sixths : open.open_sixths) > 0) {
      const size_t riichi_end = out->size();
      for (size_t i = end; i < riichi_end; ++i) out->push_back(Plain(ActionType::kOpenRiichi, actor, (*out)[i].tile));
    }
  }
  if (!p.shields_down.empty()) AddExchanges(s, p, first_discard, end_discard, last_repeats, out);  // none without shields
}

size_t FirstExchange(std::span<const Action> turn_list) {
  // A binary search whose step is a select, not a branch (the answer is in [base, base + n]).
  if (turn_list.empty()) return 0;
  const Action* base = turn_list.data();
  for (size_t n = turn_list.size(); n > 1;) {
    const size_t half = n / 2;
    base = base[half].type != ActionType::kExchange ? base + half : base;
    n -= half;
  }
  return static_cast<size_t>(base - turn_list.data()) + (base->type != ActionType::kExchange ? 1 : 0);
}

void LegalDiscardResponses(const RoundState& s, int seat, std::vector<Action>* out) {
  out->clear();
  const Ruleset& rules = *s.rules;
  const SeatState& p = s.seats[seat];
  const uint8_t actor = static_cast<uint8_t>(seat);
  const Tile t = s.last_discard;
  const Kind k = KindOf(t);
  const uint64_t waits = WaitMask(p);
  if ((waits >> k & 1) && !IsFuriten(p, waits) && ScoreWin(s, seat, t, WinKind::kRon).ok())
    out->push_back(Plain(ActionType::kRon, actor, t));
  // The caller must keep a legal discard after a chi or pon (kuikae).
  auto keeps_a_discard = [&](const Action& call) {
    if (rules.kuikae) return true;
    SmallVector<Kind, 2> forbidden;
    KuikaeForbidden(call, &forbidden);
    KindCounts left = p.counts;
    for (int i = 0; i < call.num_consumed; ++i) --left[KindOf(call.consumed[i])];
    for (int kk = 0; kk < kNumKinds; ++kk)
      if (left[kk] && std::find(forbidden.begin(), forbidden.end(), kk) == forbidden.end()) return true;
    return false;
  };
  if (!p.InRiichi() && s.TilesLeft() > 0 && !FourKansAbortPending(s)) {
    const auto same = p.counts[k] >= 2 ? TilesOfKind(p.hand, k, rules) : SmallVector<Tile, 4>{};
    if (same.size() >= 2) {
      // Pon: with and without a red five where that makes a difference.
      SmallVector<std::pair<Tile, Tile>, 6> choices;  // at most C(4, 2) pairs
      for (size_t i = 0; i < same.size(); ++i)
        for (size_t j = i + 1; j < same.size(); ++j) {
          bool dup = false;
          for (auto& [a, b] : choices)
            dup = dup || (SameFace(a, same[i], rules) && SameFace(b, same[j], rules));
          if (!dup) choices.push_back({same[i], same[j]});
        }
      for (auto& [a, b] : choices) {
        const Action pon{ActionType::kPon, actor, t, {a, b, kNoTile, kNoTile}, 2};
        if (keeps_a_discard(pon)) out->push_back(pon);
      }
    }
    if (same.size() == 3 && CanAddKan(s, seat))
      out->push_back({ActionType::kDaiminkan, actor, t, {same[0], same[1], same[2], kNoTile}, 3});
    if (seat == (s.last_discarder + 1) % 4 && !IsHonor(k)) {
      const int n = NumberOf(k);
      for (int start = n - 2; start <= n; ++start) {
        if (start < 1 || start + 2 > 9) continue;
        const Kind base = static_cast<Kind>(k - (n - start));
        Kind need[2];
        int ni = 0;
        for (int i = 0; i < 3; ++i)
          if (base + i != k) need[ni++] = static_cast<Kind>(base + i);
        if (!p.counts[need[0]] || !p.counts[need[1]]) continue;
        const auto a = TilesOfKind(p.hand, need[0], rules);
        const auto b = TilesOfKind(p.hand, need[1], rules);
        if (a.empty() || b.empty()) continue;
        SmallVector<std::pair<Tile, Tile>, 16> choices;  // at most 4 x 4 pairs
        for (Tile x : a)
          for (Tile y : b) {
            bool dup = false;
            for (auto& [u, v] : choices) dup = dup || (SameFace(u, x, rules) && SameFace(v, y, rules));
            if (!dup) choices.push_back({x, y});
          }
        for (auto& [x, y] : choices) {
          const Action call{ActionType::kChi, actor, t, {x, y, kNoTile, kNoTile}, 2};
          if (keeps_a_discard(call)) out->push_back(call);
        }
      }
    }
  }
  out->push_back(Plain(ActionType::kPass, actor, kNoTile));
}

void LegalKanResponses(const RoundState& s, int seat, std::vector<Action>* out) {
  out->clear();
  const SeatState& p = s.seats[seat];
  const Tile t = s.kan_tile;
  const uint64_t waits = WaitMask(p);
  // A closed kan laid face down (closed_kan_hidden) shows nothing to rob.
  const bool hidden = s.phase == Phase::kOnAnkan && s.rules->closed_kan_hidden;
  if (!hidden && (waits >> KindOf(t) & 1) && !IsFuriten(p, waits)) {
    const ScoreResult r = ScoreWin(s, seat, t, WinKind::kChankan);
    bool allowed = r.ok();
    if (allowed && s.phase == Phase::kOnAnkan) {
      // A closed kan can be robbed only by thirteen orphans.
      allowed = false;
      for (const YakuEntry& e : r.yaku)
        allowed = allowed || e.id == YakuId::kKokushi || e.id == YakuId::kKokushi13;
    }
    if (allowed) out->push_back(Plain(ActionType::kRon, static_cast<uint8_t>(seat), t));
  }
  out->push_back(Plain(ActionType::kPass, static_cast<uint8_t>(seat), kNoTile));
}

std::vector<Action> LegalTurnActions(const RoundState& s) {
  std::vector<Action> out;
  LegalTurnActions(s, &out);
  return out;
}

std::vector<Action> LegalDiscardResponses(const RoundState& s, int seat) {
  std::vector<Action> out;
  LegalDiscardResponses(s, seat, &out);
  return out;
}

std::vector<Action> LegalKanResponses(const RoundState& s, int seat) {
  std::vector<Action> out;
  LegalKanResponses(s, seat, &out);
  return out;
}


}  // namespace mj
