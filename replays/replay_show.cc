#include "replays/replay_show.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "rules/score_json.h"
#include "rules/waits.h"

namespace mj {
namespace {

constexpr const char* kWindWords[] = {"East", "South", "West", "North"};
constexpr char kWindLetters[] = {'E', 'S', 'W', 'N'};

// A tile as the ruleset shows it: a marked copy is "0" only where the ruleset has a red five,
// "3*m" only where it has peach tiles.
TileSpec Spec(Tile t, const Ruleset& rules) {
  const Kind k = KindOf(t);
  const bool red = IsRedFiveCopy(t) && rules.red_fives[static_cast<int>(SuitOf(k))] > 0;
  const bool peach = rules.peach_tiles && IsPeachCopy(t);  // "3*m" (Dunpai)
  return {k, red || peach};
}

std::string TileText(Tile t, const Ruleset& rules) {
  if (t == kNoTile) return "?";
  return FormatTile(Spec(t, rules));
}

std::string TilesText(const std::vector<Tile>& tiles, const Ruleset& rules) {
  std::vector<TileSpec> specs;
  for (Tile t : tiles)
    if (t != kNoTile) specs.push_back(Spec(t, rules));
  SortTiles(specs);
  return FormatTiles(specs);
}

std::string Signed(int x) { return (x > 0 ? "+" : "") + std::to_string(x); }

struct ShownMeld {
  EventType type;
  std::vector<Tile> tiles;
};

std::string MeldText(const ShownMeld& m, const Ruleset& rules) {
  const char* name = m.type == EventType::kChi         ? "chi"
                     : m.type == EventType::kPon       ? "pon"
                     : m.type == EventType::kDaiminkan ? "kan"
                     : m.type == EventType::kKakan     ? "added kan"
                                                       : "closed kan";
  return std::string("[") + name + " " + TilesText(m.tiles, rules) + "]";
}

std::string DrawReasonText(DrawReason r) {
  static constexpr const char* kText[] = {"exhaustive draw", "abortive draw: nine terminals",
                                          "abortive draw: four riichi", "abortive draw: triple ron",
                                          "abortive draw: four kans", "abortive draw: four winds"};
  return std::string(kText[static_cast<int>(r)]) + " (" + std::string(DrawReasonName(r)) + ")";
}

// A Ningbo limit hand's value: "limit (満貫)", "half_limit (半満貫)".
std::string LimitHandText(Limit l) {
  return std::string(LimitName(l)) + (l == Limit::kHalfLimit ? " (半満貫)" : " (満貫)");
}

// `each`: a ruleset without the dealer difference, where every tsumo is paid in equal shares.
// `ron`: the win was a ron (a ron paid by all three, as in Ningbo, has a tsumo-shaped payment).
std::string PaymentText(const Payment& p, bool each, bool ron) {
  const std::string how = ron ? "ron paid by all three: " : "tsumo ";
  switch (p.kind) {
    case PaymentKind::kRon: return "ron " + std::to_string(p.ron);
    case PaymentKind::kTsumoNonDealer:
      return how + std::to_string(p.non_dealer) + "/" + std::to_string(p.dealer) + " (non-dealers/dealer)";
    case PaymentKind::kTsumoDealer: return how + std::to_string(p.each) + (each || ron ? " each" : " all");
  }
  return "";
}

// Folds the events into text, hand by hand.
class Shower {
 public:
  Shower(const GameRecord& record, int hand) : rec_(record), rules_(record.rules), only_(hand) {}

  std::string Run() {
    Header();
    int index = -1;
    for (const Event& e : rec_.events) {
      if (e.type == EventType::kStartKyoku) hand_ = ++index;
      printing_ = only_ < 0 || index == only_;
      if (e.type == EventType::kEndGame) printing_ = only_ < 0;
      if (printing_) OnEvent(e);
    }
    ShieldBlock();
    Flush();
    const int hands = index + 1;
    if (only_ >= hands) {
      return "no hand " + std::to_string(only_) + ": the game has " + std::to_string(hands) + " hand" +
             (hands == 1 ? "" : "s") + (hands > 0 ? " (0.." + std::to_string(hands - 1) + ")" : "") + "\n";
    }
    if (!rec_.complete && (only_ < 0 || only_ == hands - 1)) {
      out_ += "\nGame stopped: " + (rec_.error.empty() ? std::string("incomplete record") : rec_.error) + "\n";
    }
    return out_;
  }

 private:
  void Line(const std::string& s) { out_ += s + "\n"; }

  std::string Seat(int p) const {
    if (p < 0 || p > 3) return "seat ?";
    return "seat " + std::to_string(p) + " " + kWindLetters[(p - oya_ + 4) % 4];
  }

  void Header() {
    Line("Game: ruleset \"" + rules_.name + "\", seed " + std::to_string(rec_.seed) +
         (rec_.complete ? "" : ", stopped by an agent error"));
    std::string seats = "Seats:";
    for (int p = 0; p < 4; ++p) seats += (p ? " | " : " ") + std::to_string(p) + " " + rec_.agents[p];
    Line(seats + "  (seat 0 deals first)");
    // A bot's faults: a substituted seat's later decisions were not its agent's.
    for (const AgentFault& f : rec_.faults)
      Line("Fault at event " + std::to_string(f.event) + ", seat " + std::to_string(f.seat) +
           (f.substituted ? " (played tsumogiri/pass from then on): " : " (the game stopped): ") + f.error);
  }

  // The turn line being built ("seat 0 E: draw 5m, discard 9p") and lines that follow it.
  void Flush() {
    if (!pending_.empty()) Line("    " + pending_);
    pending_.clear();
    for (const std::string& s : deferred_) Line("    " + s);
    deferred_.clear();
  }
  void Start(int actor, const std::string& what) {
    Flush();
    pending_ = Seat(actor) + ": " + what;
    pending_actor_ = actor;
  }
  void Append(int actor, const std::string& what) {
    if (pending_.empty() || pending_actor_ != actor) {
      Start(actor, what);
    } else {
      pending_ += ", " + what;
    }
  }

  static bool Valid(int seat) { return seat >= 0 && seat < 4; }

  // Removes one copy of `t` from `tiles` (no-op when absent).
  static void Remove(std::vector<Tile>& tiles, Tile t) {
    auto it = std::find(tiles.begin(), tiles.end(), t);
    if (it != tiles.end()) tiles.erase(it);
  }

  // "2 face down 5m9p (hidden from the others), face up 7p" / "none".
  std::string ShieldArea(int p) const {
    std::string s;
    if (!shields_down_[p].empty())
      s = std::to_string(shields_down_[p].size()) + " face down " + TilesText(shields_down_[p], rules_) +
          " (hidden from the others)";
    if (!shields_up_[p].empty()) s += (s.empty() ? "" : ", ") + std::string("face up ") + TilesText(shields_up_[p], rules_);
    return s.empty() ? "none" : s;
  }

  // The shield areas once every seat has set its shields at the deal.
  void ShieldBlock() {
    if (!shield_block_) return;
    shield_block_ = false;
    Flush();
    Line("  shields set at the deal (face down: only the owner sees them; the replay shows all):");
    for (int p = 0; p < 4; ++p)
      Line("    " + Seat(p) + ": " + ShieldArea(p) + ", hand " + TilesText(hands_[p], rules_));
  }

  static const char* LossCauseText(ShieldLossCause c) {
    switch (c) {
      case ShieldLossCause::kWon: return "won the hand";
      case ShieldLossCause::kDealtIn: return "dealt in";
      case ShieldLossCause::kNoten: return "noten at the draw";
      case ShieldLossCause::kTenpaiFaceUp: return "tenpai at the draw: face-up shields only";
      case ShieldLossCause::kOverflow: return "more shields than the next wall can deal: back to the wall";
      case ShieldLossCause::kFaceUpNotCarried: return "face-up shields are not carried";
      case ShieldLossCause::kCount: break;
    }
    return "?";
  }

  // "seat 2 W pays nothing for seat 1 S's tsumo: 6p face up in its shield area is among the
  // winner's waits 3p6p".
  std::string ProtectionText(const Event& e) const {
    std::string waits;
    if (Valid(e.target) && win_waits_[e.target] != 0) {
      std::vector<TileSpec> kinds;
      for (int k = 0; k < kNumKinds; ++k)
        if (win_waits_[e.target] >> k & 1) kinds.push_back({static_cast<Kind>(k), false});
      waits = " " + FormatTiles(kinds);
    }
    return Seat(e.actor) + " pays nothing for " + Seat(e.target) + "'s tsumo: " + TileText(e.pai, rules_) +
           " face up in its shield area is among the winner's waits" + waits;
  }

  void OnEvent(const Event& e) {
    if (e.type != EventType::kShieldSet) ShieldBlock();
    switch (e.type) {
      case EventType::kStartGame: break;
      case EventType::kStartKyoku: StartKyoku(*e.start); break;
      case EventType::kTsumo:
        Start(e.actor, std::string("draw ") + TileText(e.pai, rules_) + (after_kan_[e.actor] ? " (replacement)" : ""));
        if (Valid(e.actor)) {
          after_kan_[e.actor] = false;
          hands_[e.actor].push_back(e.pai);
        }
        break;
      case EventType::kReach:
        Append(e.actor, e.open ? "open riichi" : "riichi");
        if (Valid(e.actor) && e.open) open_pending_[e.actor] = true;
        break;
      case EventType::kDahai: {
        if (Valid(e.actor) && exchanged_[e.actor] == e.pai) {  // the shield of the exchange just shown
          exchanged_[e.actor] = kNoTile;
          Flush();
          break;
        }
        if (Valid(e.actor)) Remove(hands_[e.actor], e.pai);
        std::string what = "discard " + TileText(e.pai, rules_) + (e.tsumogiri ? " (tsumogiri)" : "");
        if (Valid(e.actor) && open_pending_[e.actor]) {
          open_pending_[e.actor] = false;
          what += ", hand shown " + TilesText(hands_[e.actor], rules_);
        }
        Append(e.actor, what);
        Flush();
        break;
      }
      case EventType::kShieldSet:
        if (Valid(e.actor)) {
          Remove(hands_[e.actor], e.pai);
          shields_down_[e.actor].push_back(e.pai);
          shield_block_ = true;
        }
        break;
      case EventType::kExchange:
        if (Valid(e.actor)) {
          Remove(hands_[e.actor], e.pai);
          shields_up_[e.actor].push_back(e.pai);
          Remove(shields_down_[e.actor], e.consumed[0]);
          exchanged_[e.actor] = e.consumed[0];
        }
        Append(e.actor, "exchange — " + TileText(e.pai, rules_) + " face up, shield " +
                            TileText(e.consumed[0], rules_) + " to the river");
        break;
      case EventType::kProtection:
        if (Valid(e.target) && won_[e.target]) {
          Flush();
          Line("    " + ProtectionText(e));
        } else {
          protections_.push_back(e);  // shown with the win
        }
        break;
      case EventType::kShieldsLost: {
        Flush();
        if (!Valid(e.actor)) break;
        std::string lost;
        if (e.count > 0) lost = std::to_string(e.count) + " face down";
        if (!e.tiles.empty()) lost += (lost.empty() ? "" : ", ") + std::string("face up ") + TilesText(e.tiles, rules_);
        Line("    " + Seat(e.actor) + " loses its shields (" + LossCauseText(e.cause) + "): " +
             (lost.empty() ? std::string("none") : lost));
        auto& down = shields_down_[e.actor];
        // The last `count` face-down tiles go (erase, not a shrinking resize, whose grow path GCC 12
        // warns about as a huge memset).
        down.erase(down.end() - static_cast<std::ptrdiff_t>(std::min<size_t>(down.size(), e.count)), down.end());
        for (Tile t : e.tiles) Remove(shields_up_[e.actor], t);
        break;
      }
      case EventType::kChi:
      case EventType::kPon:
      case EventType::kDaiminkan: {
        ShownMeld m{e.type, {}};
        for (int i = 0; i < e.num_consumed; ++i) m.tiles.push_back(e.consumed[i]);
        if (Valid(e.actor))
          for (int i = 0; i < e.num_consumed; ++i) Remove(hands_[e.actor], e.consumed[i]);
        m.tiles.push_back(e.pai);
        if (e.actor >= 0 && e.actor < 4) melds_[e.actor].push_back(m);
        const char* name = e.type == EventType::kChi ? "chi" : e.type == EventType::kPon ? "pon" : "kan";
        std::vector<Tile> own(e.consumed.begin(), e.consumed.begin() + e.num_consumed);
        Start(e.actor, std::string(name) + " " + TileText(e.pai, rules_) + " from " + Seat(e.target) + " with " +
                           TilesText(own, rules_));
        Flush();
        if (e.type == EventType::kDaiminkan) after_kan_[e.actor] = true;
        break;
      }
      case EventType::kKakan: {
        if (e.actor >= 0 && e.actor < 4) {
          Remove(hands_[e.actor], e.pai);
          for (ShownMeld& m : melds_[e.actor]) {
            if (m.type == EventType::kPon && !m.tiles.empty() && KindOf(m.tiles[0]) == KindOf(e.pai)) {
              m.type = EventType::kKakan;
              m.tiles.push_back(e.pai);
              break;
            }
          }
          after_kan_[e.actor] = true;
        }
        Append(e.actor, "added kan " + TileText(e.pai, rules_));
        Flush();
        break;
      }
      case EventType::kAnkan: {
        ShownMeld m{e.type, {}};
        for (int i = 0; i < e.num_consumed; ++i) m.tiles.push_back(e.consumed[i]);
        if (e.actor >= 0 && e.actor < 4) {
          for (Tile t : m.tiles) Remove(hands_[e.actor], t);
          melds_[e.actor].push_back(m);
          after_kan_[e.actor] = true;
        }
        Append(e.actor, "closed kan " + TilesText(m.tiles, rules_));
        Flush();
        break;
      }
      case EventType::kDora: {
        const std::string s = "new dora indicator " + TileText(e.pai, rules_);
        if (pending_.empty()) {
          Line("    " + s);
        } else {
          deferred_.push_back(s);
        }
        break;
      }
      case EventType::kReachAccepted:
        Flush();
        Line("    " + Seat(e.actor) + ": riichi accepted, " + std::to_string(rules_.riichi_deposit) +
             " points to the table");
        break;
      case EventType::kHora:
        if (e.actor == e.target) Append(e.actor, "tsumo");
        Flush();
        if (e.hora) Hora(e, *e.hora);
        break;
      case EventType::kRyukyoku:
        Flush();
        if (e.ryukyoku) Ryukyoku(*e.ryukyoku);
        break;
      case EventType::kEndKyoku:
        Flush();
        if (rules_.shields.enabled) {
          Line("  shields kept for the next hand:");
          for (int p = 0; p < 4; ++p) Line("    " + Seat(p) + ": " + ShieldArea(p));
        }
        break;
      case EventType::kEndGame:
        Flush();
        if (e.end) EndGame(*e.end);
        break;
      case EventType::kCount: break;
    }
  }

  void StartKyoku(const StartKyokuInfo& s) {
    Flush();
    oya_ = s.oya;
    for (auto& m : melds_) m.clear();
    after_kan_ = {};
    hands_ = s.tehais;
    for (auto& a : shields_down_) a.clear();
    for (auto& a : shields_up_) a.clear();
    exchanged_.fill(kNoTile);
    open_pending_ = {};
    won_ = {};
    win_waits_ = {};
    protections_.clear();
    shield_block_ = false;
    const int wind = std::clamp(s.bakaze, 0, 3);
    Line("");
    // The honba counter only where honba are worth something (not Ningbo or Dunpai: their
    // honba_value is 0, and Ningbo's renchan would count a number that means nothing).
    std::string honba;
    if (rules_.honba_value > 0) {
      honba = ", honba ";
      honba += std::to_string(s.honba);
    }
    Line("Hand " + std::to_string(hand_) + ": " + kWindWords[wind] + " " + std::to_string(s.kyoku) + honba +
         ", riichi sticks " + std::to_string(s.kyotaku) + ", dealer seat " + std::to_string(s.oya));
    Line(s.dora_marker == kNoTile ? std::string("  no dora indicator (the ruleset has no dora)")
                                  : "  dora indicator " + TileText(s.dora_marker, rules_));
    for (int p = 0; p < 4; ++p) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%6d", s.scores[p]);
      std::string carried;
      if (rules_.shields.enabled && s.shields_carried[p] > 0)
        carried = "  (" + std::to_string(s.tehais[p].size()) + " tiles: " + std::to_string(s.shields_carried[p]) +
                  " carried shield" + (s.shields_carried[p] == 1 ? "" : "s") + " mixed in)";
      Line("  " + Seat(p) + " " + Pad(rec_.agents[p]) + " " + buf + "  " + TilesText(s.tehais[p], rules_) + carried);
    }
  }

  std::string Pad(const std::string& s) const {
    size_t w = 0;
    for (const std::string& a : rec_.agents) w = std::max(w, a.size());
    return s + std::string(w - std::min(w, s.size()), ' ');
  }

  std::string HandText(int seat, const std::vector<Tile>& concealed) const {
    std::string s = TilesText(concealed, rules_);
    if (seat >= 0 && seat < 4)
      for (const ShownMeld& m : melds_[seat]) {
        s += ' ';
        s += MeldText(m, rules_);
      }
    return s;
  }

  void Hora(const Event& e, const HoraInfo& h) {
    const bool tsumo = e.actor == e.target;
    std::string head = "  Result: " + Seat(e.actor) + " (" + rec_.agents[std::clamp<int>(e.actor, 0, 3)] + ") " +
                       (tsumo ? "tsumo" : "ron") + " on " + TileText(e.pai, rules_);
    if (!tsumo) head += " from " + Seat(e.target);
    Line(head);
    Line("    hand " + HandText(e.actor, h.hand) + " + " + TileText(e.pai, rules_));
    if (!h.ura_markers.empty()) Line("    ura dora indicators " + TilesText(h.ura_markers, rules_));
    const ScoreResult& r = h.score;
    if (!r.ok()) {
      Line("    scoring error: " + std::string(ScoreErrorName(r.error)) + " " + r.message);
    } else {
      for (const YakuEntry& y : r.yaku) {
        std::string v;
        if (y.limit != Limit::kNone) {
          v = LimitHandText(y.limit);
        } else if (y.yakuman) {
          v = y.yakuman == 1 ? "yakuman" : std::to_string(y.yakuman) + "x yakuman";
        } else {
          v = HanToText(y.sixths) + " han";
        }
        Line("    " + std::string(YakuName(y.id)) + " " + v);
      }
      std::string total;
      if (r.limit == Limit::kLimit || r.limit == Limit::kHalfLimit) {
        total = LimitHandText(r.limit);
      } else if (r.yakuman > 0) {
        total = r.yakuman == 1 ? "yakuman" : std::to_string(r.yakuman) + "x yakuman";
      } else {
        total = HanToText(r.han_sixths) + " han " + std::to_string(r.fu) + " fu";
        if (r.limit != Limit::kNone) total += ", " + std::string(LimitName(r.limit));
      }
      Line("    " + total + ": " + PaymentText(r.payment, !rules_.dealer_pays_double, !tsumo));
      if (r.honba_bonus > 0 || r.deposits > 0)
        Line("    honba +" + std::to_string(r.honba_bonus) + ", deposits +" + std::to_string(r.deposits) +
             ", total " + std::to_string(r.total));
    }
    if (h.pao >= 0) Line("    liability (pao): " + Seat(h.pao));
    if (h.side) {
      std::string values, moves;
      for (int p = 0; p < 4; ++p) {
        if (h.side_values[p] < 0) continue;
        values += (values.empty() ? "" : ", ") + Seat(p) + " " + std::to_string(h.side_values[p]);
        const int m = h.side_deltas[p];
        moves += (moves.empty() ? "" : ", ") + Seat(p) + " " + (m > 0 ? "+" : "") + std::to_string(m);
      }
      Line("    side settlement among the losers: hand values " + values + "; " + moves);
    }
    if (tsumo && Valid(e.actor)) {
      won_[e.actor] = true;
      KindCounts counts{};
      for (Tile t : h.hand) ++counts[KindOf(t)];
      uint64_t mask = 0;
      for (const Wait& w : Waits(counts, static_cast<int>(melds_[e.actor].size()))) mask |= uint64_t{1} << w.tile;
      win_waits_[e.actor] = mask;
      std::vector<Event> kept;
      for (const Event& p : protections_) {
        if (p.target == e.actor) {
          Line("    " + ProtectionText(p));
        } else {
          kept.push_back(p);
        }
      }
      protections_ = std::move(kept);
    }
    Changes(h.deltas, h.scores);
  }

  void Ryukyoku(const RyukyokuInfo& r) {
    Line("  Result: " + DrawReasonText(r.reason));
    if (r.reason == DrawReason::kExhaustive) {
      std::string tenpai, noten;
      for (int p = 0; p < 4; ++p) {
        if (r.tenpai[p]) {
          tenpai += (tenpai.empty() ? "" : ", ") + Seat(p) + " " + HandText(p, r.hands[p]);
        } else {
          noten += (noten.empty() ? "" : ", ") + Seat(p);
        }
      }
      Line("    tenpai: " + (tenpai.empty() ? std::string("none") : tenpai));
      Line("    noten: " + (noten.empty() ? std::string("none") : noten));
      for (int p = 0; p < 4; ++p)
        if (r.nagashi[p]) Line("    nagashi mangan: " + Seat(p));
    }
    Changes(r.deltas, r.scores);
  }

  void Changes(const std::array<int, 4>& deltas, const std::array<int, 4>& scores) {
    std::string d;
    for (int p = 0; p < 4; ++p)
      if (deltas[p] != 0) d += (d.empty() ? "" : ", ") + Seat(p) + " " + Signed(deltas[p]);
    Line("    point changes: " + (d.empty() ? std::string("none") : d));
    std::string s;
    for (int p = 0; p < 4; ++p) s += (p ? " | " : "") + std::to_string(scores[p]);
    Line("    scores: " + s);
  }

  void EndGame(const EndGameInfo& end) {
    Line("");
    Line("Final ranking:");
    std::array<int, 4> order{0, 1, 2, 3};
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return end.ranks[a] < end.ranks[b]; });
    for (int p : order) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%6d  %+.1f", end.scores[p], end.results[p]);
      Line("  " + std::to_string(end.ranks[p]) + ". seat " + std::to_string(p) + " " + Pad(rec_.agents[p]) + " " +
           buf);
    }
  }

  const GameRecord& rec_;
  const Ruleset& rules_;
  const int only_;
  bool printing_ = false;
  int hand_ = -1;
  int oya_ = 0;
  std::array<std::vector<ShownMeld>, 4> melds_;
  std::array<bool, 4> after_kan_{};
  // Full-information tracking for shield games: concealed hands, shield areas, exchanges.
  std::array<std::vector<Tile>, 4> hands_;
  std::array<std::vector<Tile>, 4> shields_down_;
  std::array<std::vector<Tile>, 4> shields_up_;
  std::array<Tile, 4> exchanged_{kNoTile, kNoTile, kNoTile, kNoTile};
  std::array<bool, 4> open_pending_{};
  std::array<bool, 4> won_{};             // won by tsumo in this hand (for protection lines)
  std::array<uint64_t, 4> win_waits_{};   // the tsumo winner's waits (bit per kind)
  std::vector<Event> protections_;        // protection events before their win
  bool shield_block_ = false;             // shield_set events seen, block not yet printed
  std::string pending_;
  int pending_actor_ = -1;
  std::vector<std::string> deferred_;
  std::string out_;
};

}  // namespace

std::string ShowReplay(const GameRecord& record, int hand) { return Shower(record, hand).Run(); }

}  // namespace mj
