#include "replays/replay_show.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "rules/score_json.h"

namespace mj {
namespace {

constexpr const char* kWindNames[] = {"East", "South", "West", "North"};
constexpr char kWindLetters[] = {'E', 'S', 'W', 'N'};

// A tile as the ruleset shows it: a marked copy is "0" only where the ruleset has a red five.
TileSpec Spec(Tile t, const Ruleset& rules) {
  const Kind k = KindOf(t);
  const bool red = IsRedFiveCopy(t) && rules.red_fives[static_cast<int>(SuitOf(k))] > 0;
  return {k, red};
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

std::string PaymentText(const Payment& p) {
  switch (p.kind) {
    case PaymentKind::kRon: return "ron " + std::to_string(p.ron);
    case PaymentKind::kTsumoNonDealer:
      return "tsumo " + std::to_string(p.non_dealer) + "/" + std::to_string(p.dealer) + " (non-dealers/dealer)";
    case PaymentKind::kTsumoDealer: return "tsumo " + std::to_string(p.each) + " all";
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

  void OnEvent(const Event& e) {
    switch (e.type) {
      case EventType::kStartGame: break;
      case EventType::kStartKyoku: StartKyoku(*e.start); break;
      case EventType::kTsumo:
        Start(e.actor, std::string("draw ") + TileText(e.pai, rules_) + (after_kan_[e.actor] ? " (replacement)" : ""));
        after_kan_[e.actor] = false;
        break;
      case EventType::kReach: Append(e.actor, "riichi"); break;
      case EventType::kDahai:
        Append(e.actor, "discard " + TileText(e.pai, rules_) + (e.tsumogiri ? " (tsumogiri)" : ""));
        Flush();
        break;
      case EventType::kChi:
      case EventType::kPon:
      case EventType::kDaiminkan: {
        ShownMeld m{e.type, {}};
        for (int i = 0; i < e.num_consumed; ++i) m.tiles.push_back(e.consumed[i]);
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
      case EventType::kEndKyoku: Flush(); break;
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
    const int wind = std::clamp(s.bakaze, 0, 3);
    Line("");
    Line("Hand " + std::to_string(hand_) + ": " + kWindNames[wind] + " " + std::to_string(s.kyoku) + ", honba " +
         std::to_string(s.honba) + ", riichi sticks " + std::to_string(s.kyotaku) + ", dealer seat " +
         std::to_string(s.oya));
    Line("  dora indicator " + TileText(s.dora_marker, rules_));
    for (int p = 0; p < 4; ++p) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%6d", s.scores[p]);
      Line("  " + Seat(p) + " " + Pad(rec_.agents[p]) + " " + buf + "  " + TilesText(s.tehais[p], rules_));
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
        if (y.yakuman) {
          v = y.yakuman == 1 ? "yakuman" : std::to_string(y.yakuman) + "x yakuman";
        } else {
          v = HanToText(y.sixths) + " han";
        }
        Line("    " + std::string(YakuName(y.id)) + " " + v);
      }
      std::string total;
      if (r.yakuman > 0) {
        total = r.yakuman == 1 ? "yakuman" : std::to_string(r.yakuman) + "x yakuman";
      } else {
        total = HanToText(r.han_sixths) + " han " + std::to_string(r.fu) + " fu";
        if (r.limit != Limit::kNone) total += ", " + std::string(LimitName(r.limit));
      }
      Line("    " + total + ": " + PaymentText(r.payment));
      if (r.honba_bonus > 0 || r.deposits > 0)
        Line("    honba +" + std::to_string(r.honba_bonus) + ", deposits +" + std::to_string(r.deposits) +
             ", total " + std::to_string(r.total));
    }
    if (h.pao >= 0) Line("    liability (pao): " + Seat(h.pao));
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
  std::string pending_;
  int pending_actor_ = -1;
  std::vector<std::string> deferred_;
  std::string out_;
};

}  // namespace

std::string ShowReplay(const GameRecord& record, int hand) { return Shower(record, hand).Run(); }

}  // namespace mj
