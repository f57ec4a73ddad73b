#include "playtest/hand_facts.h"

#include <algorithm>

#include "rules/waits.h"

namespace mj {

bool CertainWinsCounted(const Ruleset& rules) {
  const YakuValue& riichi = rules.yaku[static_cast<size_t>(YakuId::kRiichi)];
  const YakuValue& tsumo = rules.yaku[static_cast<size_t>(YakuId::kMenzenTsumo)];
  return rules.scoring != "ningbo" && riichi.enabled && tsumo.enabled &&
         riichi.closed_sixths >= rules.minimum_sixths && tsumo.closed_sixths >= rules.minimum_sixths;
}

namespace {

struct Seat {
  KindCounts counts{};
  int melds = 0;
  bool open = false;                     // a chi, pon or open kan
  std::array<bool, kNumKinds> discarded{};  // own river and face-up shields (furiten)
  bool temporary_furiten = false;
  bool riichi_furiten = false;
  bool riichi = false;                   // riichi accepted
  bool declared = false;                 // reach event (accepted or not yet)
  int down = 0;                          // face-down shields held
  int discards = 0;
  Tile exchanged = kNoTile;              // the shield whose dahai follows an exchange
  unsigned faced_mask = 0;               // riichi seats this seat faced
  bool pending_tsumo = false;            // drew a certain winning tile; not yet resolved
  bool pending_ron = false;              // a passing discard it could certainly ron
  // The waits of the concealed tiles, computed when asked after they changed (most discards
  // ask about three seats whose hands did not change).
  mutable uint64_t waits = 0;
  mutable bool waits_known = false;
};

void Add(Seat& s, Tile t, int n) {
  if (t == kNoTile) return;
  uint8_t& c = s.counts[KindOf(t)];
  c = static_cast<uint8_t>(std::max(0, c + n));
  s.waits_known = false;
}

uint64_t WaitMask(const Seat& s) {
  if (s.waits_known) return s.waits;
  uint64_t mask = 0;
  for (const Wait& w : Waits(s.counts, std::min(s.melds, 4))) mask |= uint64_t{1} << w.tile;
  s.waits = mask;
  s.waits_known = true;
  return mask;
}

bool Furiten(const Seat& s, uint64_t waits) {
  if (s.temporary_furiten || s.riichi_furiten) return true;
  for (int k = 0; k < kNumKinds; ++k)
    if ((waits >> k & 1) && s.discarded[k]) return true;
  return false;
}

}  // namespace

GameHandFacts FoldHandFacts(const GameRecord& record) {
  GameHandFacts out;
  const bool certain = CertainWinsCounted(record.rules);
  std::array<Seat, 4> seats{};
  std::array<HandSeatFacts, 4> hand{};
  std::array<int, 4> before{}, after{};
  auto valid = [](int seat) { return seat >= 0 && seat < 4; };
  // A discard (or a kakan) of kind k by `from` that the others let pass: temporary furiten and
  // riichi furiten for those who wait on it.
  auto passed = [&](int from, Kind k) {
    for (int p = 0; p < 4; ++p) {
      if (p == from) continue;
      Seat& s = seats[p];
      if (!(WaitMask(s) >> k & 1)) continue;
      s.temporary_furiten = true;
      if (s.riichi) s.riichi_furiten = true;
    }
  };
  // Resolves the certain wins still open at the next event that is neither a win nor neutral (a
  // kan dora, a tsumo protection): a win or an aborted hand clears them, anything else declines.
  auto resolve = [&](const Event& e) {
    if (e.type == EventType::kDora || e.type == EventType::kProtection) return;
    const bool cleared = e.type == EventType::kHora || e.type == EventType::kRyukyoku;
    for (int p = 0; p < 4; ++p) {
      Seat& s = seats[p];
      if (!cleared) hand[p].declined += s.pending_ron + s.pending_tsumo;
      s.pending_ron = s.pending_tsumo = false;
    }
  };
  auto uses_actor = [](EventType t) {
    return t != EventType::kStartGame && t != EventType::kStartKyoku && t != EventType::kRyukyoku &&
           t != EventType::kEndKyoku && t != EventType::kEndGame && t != EventType::kDora;
  };
  for (const Event& e : record.events) {
    if (e.type != EventType::kStartKyoku) resolve(e);
    if (uses_actor(e.type) && !valid(e.actor)) continue;
    switch (e.type) {
      case EventType::kStartKyoku:
        seats = {};
        hand = {};
        if (e.start) {
          before = after = e.start->scores;
          for (int p = 0; p < 4; ++p) {
            for (Tile t : e.start->tehais[p]) Add(seats[p], t, 1);
            hand[p].carried = e.start->shields_carried[p];
          }
        }
        break;
      case EventType::kShieldSet:
        Add(seats[e.actor], e.pai, -1);
        ++seats[e.actor].down;
        ++hand[e.actor].shields;
        break;
      case EventType::kTsumo: {
        Seat& s = seats[e.actor];
        if (certain && (s.riichi || !s.open) && e.pai != kNoTile && (WaitMask(s) >> KindOf(e.pai) & 1))
          s.pending_tsumo = true;
        Add(s, e.pai, 1);
        break;
      }
      case EventType::kReach: seats[e.actor].declared = true; break;
      case EventType::kReachAccepted:
        seats[e.actor].riichi = true;
        for (int q = 0; q < 4; ++q) {
          if (q == e.actor || seats[q].declared) continue;
          seats[q].faced_mask |= 1u << e.actor;
          if (!hand[q].faced_riichi) {
            hand[q].faced_riichi = true;
            hand[q].shield_when_faced = seats[q].down > 0;
          }
        }
        break;
      case EventType::kExchange: {
        Seat& s = seats[e.actor];
        Add(s, e.pai, -1);
        if (e.pai != kNoTile) s.discarded[KindOf(e.pai)] = true;
        s.exchanged = e.consumed[0];
        --s.down;
        break;
      }
      case EventType::kDahai: {
        Seat& s = seats[e.actor];
        if (s.exchanged != kNoTile && s.exchanged == e.pai) {
          s.exchanged = kNoTile;  // the shield: never in the hand
        } else {
          Add(s, e.pai, -1);
        }
        if (e.pai == kNoTile) break;
        const Kind k = KindOf(e.pai);
        s.discarded[k] = true;
        s.temporary_furiten = false;
        ++s.discards;
        if (WaitMask(s) != 0) {
          hand[e.actor].tenpai_end = true;
          if (hand[e.actor].first_tenpai < 0) hand[e.actor].first_tenpai = s.discards;
        } else {
          hand[e.actor].tenpai_end = false;
        }
        if (certain) {
          for (int p = 0; p < 4; ++p) {
            if (p == e.actor || !seats[p].riichi) continue;
            const uint64_t w = WaitMask(seats[p]);
            if ((w >> k & 1) && !Furiten(seats[p], w)) seats[p].pending_ron = true;
          }
        }
        passed(e.actor, k);
        break;
      }
      case EventType::kChi:
      case EventType::kPon:
      case EventType::kDaiminkan: {
        Seat& s = seats[e.actor];
        for (int i = 0; i < e.num_consumed; ++i) Add(s, e.consumed[i], -1);
        ++s.melds;
        s.waits_known = false;
        s.open = true;
        break;
      }
      case EventType::kKakan:
        Add(seats[e.actor], e.pai, -1);
        if (e.pai != kNoTile) passed(e.actor, KindOf(e.pai));
        break;
      case EventType::kAnkan: {
        Seat& s = seats[e.actor];
        for (int i = 0; i < e.num_consumed; ++i) Add(s, e.consumed[i], -1);
        ++s.melds;
        s.waits_known = false;
        break;
      }
      case EventType::kHora:
        if (out.first_winner < 0) out.first_winner = e.actor;
        hand[e.actor].won = true;
        if (e.hora) {
          hand[e.actor].win_value += e.hora->score.payment.Total();
          after = e.hora->scores;
        }
        if (valid(e.target) && e.target != e.actor && (seats[e.target].faced_mask >> e.actor & 1))
          hand[e.target].dealt_in_to_riichi = true;
        break;
      case EventType::kRyukyoku:
        if (e.ryukyoku) after = e.ryukyoku->scores;
        break;
      case EventType::kEndKyoku: {
        for (int p = 0; p < 4; ++p) hand[p].delta = after[p] - before[p];
        out.hands.push_back(hand);
        const int top = *std::max_element(after.begin(), after.end());
        int leader = -1;
        for (int p = 0; p < 4; ++p)
          if (after[p] == top) leader = leader == -1 ? p : -2;
        out.leaders.push_back(leader < 0 ? -1 : leader);
        break;
      }
      default: break;
    }
  }
  return out;
}

}  // namespace mj
