#include "formats/tenhou_verify.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>

#include "engine/agent.h"
#include "engine/game.h"
#include "engine/legal_actions.h"
#include "engine/round.h"
#include "engine/win_check.h"
#include "rules/bounded_json.h"
#include "formats/tenhou_hand_replay.h"
#include "formats/tenhou_verify_text.h"

namespace mj::tenhou {
namespace {

using namespace verify;

// ---------------------------------------------------------------------------------------------
// Comparing a replayed hand with the record.

std::vector<int> PointsOf(const ScoreResult& r) {
  switch (r.payment.kind) {
    case PaymentKind::kRon: return {r.payment.ron};
    case PaymentKind::kTsumoNonDealer: return {r.payment.non_dealer, r.payment.dealer};
    case PaymentKind::kTsumoDealer: return {r.payment.each};
  }
  return {};
}

// What the hand pays in all, without honba or sticks (mjlog's `ten` points, mjai's hora_points).
int TotalOf(const ScoreResult& r) {
  switch (r.payment.kind) {
    case PaymentKind::kRon: return r.payment.ron;
    case PaymentKind::kTsumoNonDealer: return 2 * r.payment.non_dealer + r.payment.dealer;
    case PaymentKind::kTsumoDealer: return 3 * r.payment.each;
  }
  return 0;
}

std::string PointsText(const std::vector<int>& p) {
  std::vector<std::string> parts;
  for (int x : p) parts.push_back(std::to_string(x));
  return Join(parts, "-");
}

class Comparer {
 public:
  Comparer(const Kyoku& k, std::vector<Mismatch>* out) : k_(k), out_(out) {}

  void Add(const std::string& what, const std::string& expected, const std::string& got) {
    out_->push_back({k_.Label(), what, expected, got});
  }

  void Compare(const HandReplay& r) {
    std::vector<const Event*> horas;
    const Event* draw = nullptr;
    for (const Event& e : r.events()) {
      if (e.type == EventType::kHora) horas.push_back(&e);
      if (e.type == EventType::kRyukyoku) draw = &e;
    }
    const HandResult& res = k_.result;
    if (res.outcome == Outcome::kWin) {
      if (horas.empty()) {
        Add("outcome", "win", draw ? DrawReasonText(draw->ryukyoku->reason) : "no result");
        return;
      }
      std::vector<std::string> want, got;
      for (const Win& w : res.wins) want.push_back(std::to_string(w.who));
      for (const Event* e : horas) got.push_back(std::to_string(e->actor));
      std::vector<std::string> ws = want, gs = got;
      std::sort(ws.begin(), ws.end());
      std::sort(gs.begin(), gs.end());
      if (ws != gs) {
        Add("winners", Join(want), Join(got));
        return;
      }
      for (const Win& w : res.wins)
        for (const Event* e : horas)
          if (e->actor == w.who) CompareWin(w, *e);
    } else {
      if (draw == nullptr) {
        Add("outcome", res.reason, "win");
        return;
      }
      const RyukyokuInfo& info = *draw->ryukyoku;
      const bool nagashi = std::any_of(info.nagashi.begin(), info.nagashi.end(), [](bool b) { return b; });
      DrawReason want = DrawReason::kExhaustive;
      switch (res.outcome) {
        case Outcome::kNineTerminals: want = DrawReason::kNineTerminals; break;
        case Outcome::kFourRiichi: want = DrawReason::kFourRiichi; break;
        case Outcome::kTripleRon: want = DrawReason::kTripleRon; break;
        case Outcome::kFourKans: want = DrawReason::kFourKans; break;
        case Outcome::kFourWinds: want = DrawReason::kFourWinds; break;
        default: break;
      }
      if (info.reason != want) {
        Add("outcome", res.reason, DrawReasonText(info.reason));
        return;
      }
      if (want == DrawReason::kExhaustive) {
        if ((res.outcome == Outcome::kNagashi) != nagashi)
          Add("nagashi mangan", res.outcome == Outcome::kNagashi ? "yes" : "no", nagashi ? "yes" : "no");
        if (res.tenpai_count >= 0) {
          const int n = static_cast<int>(std::count(info.tenpai.begin(), info.tenpai.end(), true));
          if (n != res.tenpai_count)
            Add("tenpai players", std::to_string(res.tenpai_count), std::to_string(n));
        }
      }
      if (info.deltas != res.deltas) Add("draw payments", Scores(res.deltas), Scores(info.deltas));
    }
    if (r.dora_revealed() != static_cast<int>(k_.dora.size()))
      Add("dora indicators revealed", std::to_string(k_.dora.size()), std::to_string(r.dora_revealed()));
  }

 private:
  void CompareWin(const Win& w, const Event& e) {
    const HoraInfo& h = *e.hora;
    const std::string who = Seat(w.who) + (w.who == w.from ? " tsumo" : " ron from " + std::to_string(w.from));
    if (e.target != w.from) Add(who + ": from", std::to_string(w.from), std::to_string(e.target));
    if (h.deltas != w.deltas) Add(who + ": point changes", Scores(w.deltas), Scores(h.deltas));
    const int pao = h.pao;
    if (w.pao_known && pao != w.pao) Add(who + ": pao", std::to_string(w.pao), std::to_string(pao));
    if (!w.has_score) return;
    const ScoreResult& s = h.score;
    if (!w.points.empty()) {
      const std::vector<int> pts = PointsOf(s);
      if (pts != w.points) Add(who + ": points", PointsText(w.points), PointsText(pts));
    }
    if (w.total_points > 0 && w.total_points != TotalOf(s))
      Add(who + ": points in all (without honba and sticks)", std::to_string(w.total_points), std::to_string(TotalOf(s)));
    if (w.limit_known) {
      const std::string limit = w.limit == "数え役満" ? "役満" : w.limit;
      if (limit != LimitText(s.limit))
        Add(who + ": limit", limit.empty() ? "none" : limit, LimitText(s.limit).empty() ? "none" : LimitText(s.limit));
    }
    if (w.han > 0 && w.han != s.han_sixths / 6)
      Add(who + ": han", std::to_string(w.han), std::to_string(s.han_sixths / 6));
    if (w.fu > 0 && w.fu != s.fu) Add(who + ": fu", std::to_string(w.fu), std::to_string(s.fu));
    if (!w.has_yaku) return;
    // Yaku: both lists in the log's naming, dora kinds with their count, 0-han entries dropped.
    const int seat_wind = (w.who - k_.Dealer() + 4) % 4;
    const int round_wind = (k_.index / 4) % 4;
    const auto want = TallyLogYaku(w.yaku, w.yaku_naming, seat_wind, round_wind);
    if (!want) {
      Add(who + ": yaku", want.error(), "no such yaku");
      return;
    }
    const YakuTally got = TallyEngineYaku(s, w.yaku_naming);
    if (const auto diff = YakuDifference(*want, got))
      Add(who + ": yaku", diff->first,
          diff->second + " (whole lists: log " + YakuTallyText(*want) + "; engine " + YakuTallyText(got) + ")");
  }

  const Kyoku& k_;
  std::vector<Mismatch>* out_;
};

void TraceHand(const std::string& file, const Kyoku& k, const Ruleset& rules, const std::vector<Event>& events,
               std::FILE* out) {
  std::fprintf(out, "%s %s: the engine's events\n", file.c_str(), k.Label().c_str());
  for (const Event& e : events) {
    std::string line = "  ";
    line += EventTypeName(e.type);
    if (e.actor >= 0) line.append(" seat ").append(std::to_string(e.actor));
    if (e.target >= 0 && e.target != e.actor) line.append(" from ").append(std::to_string(e.target));
    if (e.pai != kNoTile) line.append(" ").append(CodeText(Face(e.pai, rules)));
    if (e.tsumogiri) line += " (tsumogiri)";
    if (e.num_consumed > 0) {
      line += " with ";
      for (int i = 0; i < e.num_consumed; ++i) line += CodeText(Face(e.consumed[i], rules));
    }
    if (e.hora) line.append(" deltas ").append(Scores(e.hora->deltas));
    if (e.ryukyoku) {
      line.append(" ").append(DrawReasonText(e.ryukyoku->reason));
      line.append(" deltas ").append(Scores(e.ryukyoku->deltas));
    }
    std::fprintf(out, "%s\n", line.c_str());
  }
}

}  // namespace

int RecordDate(const Game& game) {
  const std::string& id = game.title;
  if (id.size() < 8) return 0;
  int date = 0;
  for (size_t i = 0; i < 8; ++i) {
    if (id[i] < '0' || id[i] > '9') return 0;
    date = date * 10 + (id[i] - '0');
  }
  return date;
}

Result<Ruleset> RulesetFor(const Game& game, const Ruleset* base) {
  Ruleset r;
  if (base != nullptr) {
    r = *base;
  } else {
    auto riichi = LoadRuleset("riichi");
    if (!riichi) return Error{riichi.error()};
    r = *riichi;
    const int date = RecordDate(game);
    if (date != 0 && date < kTenpaiYameSince) r.tenpai_yame = false;
  }
  r.length = game.east_only ? GameLength::kEast : GameLength::kHanchan;
  r.red_fives = game.red_fives;
  r.kuitan = game.kuitan;
  return r;
}


using namespace verify;
namespace {

// Everything that differs between a replayed hand and the record, the next hand's start (or the
// game's end) included.
std::vector<Mismatch> CompareHand(const Game& game, size_t h, const Ruleset& rules, const HandReplay& replay) {
  const Kyoku& k = game.log[h];
  std::vector<Mismatch> out;
  Comparer(k, &out).Compare(replay);
  const NextHand next = AdvanceGame(rules, replay.setup(), replay.outcome());
  if (h + 1 < game.log.size()) {
    const Kyoku& n = game.log[h + 1];
    if (next.game_over) {
      out.push_back({k.Label(), "game end", "the game goes on to " + n.Label(), "the game ends"});
      return out;
    }
    const int index = next.setup.round_wind * 4 + next.setup.kyoku;
    if (index != n.index || next.setup.honba != n.honba)
      out.push_back({k.Label(), "next hand", n.Label(), KyokuName(index, next.setup.honba)});
    if (next.setup.riichi_sticks != n.kyotaku)
      out.push_back({k.Label(), "riichi sticks left on the table", std::to_string(n.kyotaku),
                     std::to_string(next.setup.riichi_sticks)});
    if (next.setup.scores != n.scores)
      out.push_back({k.Label(), "scores after the hand", Scores(n.scores), Scores(next.setup.scores)});
  } else if (game.has_final) {
    if (!next.game_over) {
      out.push_back({k.Label(), "game end", "the game ends",
                     "the game goes on to " + KyokuName(next.setup.round_wind * 4 + next.setup.kyoku, next.setup.honba)});
    } else {
      const std::array<int, 4> final = FinalScores(rules, next.setup.scores, next.setup.riichi_sticks);
      if (final != game.final_scores) out.push_back({"end", "final scores", Scores(game.final_scores), Scores(final)});
    }
  }
  return out;
}

}  // namespace

GameReport VerifyGame(const Game& game, const std::string& file, const VerifyOptions& options) {
  GameReport report;
  report.file = file;
  auto rules_or = RulesetFor(game, options.rules ? &*options.rules : nullptr);
  if (!rules_or) {
    report.read_ok = false;
    report.error = rules_or.error();
    return report;
  }
  const Ruleset& rules = *rules_or;
  for (size_t h = 0; h < game.log.size(); ++h) {
    const Kyoku& k = game.log[h];
    ++report.hands;
    // Replay the hand. Turn order is not in the record: a recorded call is made at the first
    // discard it fits, and when the engine and the record then part (or the replay ends
    // differently), the calls are tried at later chances, depth first. The first replay that
    // matches the record wins; else the first one that followed the record to its end, else the
    // one that followed it furthest, is reported.
    std::vector<bool> tape;
    std::optional<HandReplay> best_failure, first_success, chosen;
    std::vector<Mismatch> first_success_mismatches;
    for (int attempt = 0; attempt < options.max_replays_per_hand; ++attempt) {
      HandReplay replay(k, rules, tape);
      replay.Run();
      std::vector<bool> next = replay.decisions();
      if (replay.failure().empty()) {
        std::vector<Mismatch> mismatches = CompareHand(game, h, rules, replay);
        if (mismatches.empty()) {
          chosen.emplace(std::move(replay));
          break;
        }
        if (!first_success) {
          first_success.emplace(std::move(replay));
          first_success_mismatches = std::move(mismatches);
        }
      } else if (!best_failure || replay.progress() > best_failure->progress()) {
        best_failure.emplace(std::move(replay));
      }
      while (!next.empty() && !next.back()) next.pop_back();
      if (next.empty()) break;
      next.back() = false;
      tape = std::move(next);
    }
    if (!chosen && first_success) {
      report.mismatches.insert(report.mismatches.end(), first_success_mismatches.begin(),
                               first_success_mismatches.end());
      chosen.emplace(std::move(*first_success));
    }
    if (!chosen) {
      report.mismatches.push_back({k.Label(), "replay", "the recorded play", best_failure->failure()});
      continue;
    }
    if (options.keep_hands) {
      report.hand_events.push_back(chosen->events());
      report.walls.push_back(chosen->wall());
    }
    if (options.trace != nullptr && (options.trace_hand.empty() || options.trace_hand == k.Label()))
      TraceHand(file, k, rules, chosen->events(), options.trace);
  }
  return report;
}

GameReport VerifyFile(const std::string& path, const VerifyOptions& options) {
  auto game = ReadGameFile(path);
  if (!game) {
    GameReport r;
    r.file = path;
    r.read_ok = false;
    r.error = game.error();
    return r;
  }
  return VerifyGame(*game, path, options);
}

std::string FormatMismatch(const std::string& file, const Mismatch& m) {
  return file + " " + m.hand + ": " + m.what + ": expected " + m.expected + ", got " + m.got;
}

Result<std::vector<std::string>> CollectRecordFiles(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return std::vector<std::string>{path};
  if (!fs::is_directory(path, ec)) return Error{"no such file or directory: " + path};
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(path, ec)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    // Files that are not records (other JSON, too big or too deep to read) are not collected.
    auto text = ReadBoundedFile(entry.path().string(), kTenhouRecordLimits.max_bytes);
    if (!text) continue;
    const auto doc = ParseBoundedJson(*text, kTenhouRecordLimits);
    if (doc && doc->is_object() && doc->contains("log")) files.push_back(entry.path().string());
  }
  if (ec) return Error{"cannot read directory " + path + ": " + ec.message()};
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace mj::tenhou
