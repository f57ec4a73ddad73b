#include "formats/tenhou6.h"

#include <algorithm>
#include <string>

namespace mj::tenhou {
namespace {

using nlohmann::json;

struct ExportContext {
  const Ruleset& rules;
  int Code(Tile t) const { return KindCode(KindOf(t), IsRedFiveTile(t)); }
  [[nodiscard]] bool IsRedFiveTile(Tile t) const { return IsRedFiveCopy(t) && rules.red_fives[KindOf(t) / 9] > 0; }
  std::string Two(Tile t) const { return std::to_string(Code(t)); }
};

// Sort key of the dealt hands: by code, a red five right after the plain fives of its suit.
int SortKey(int code) { return CodeIsRed(code) ? (code - 50) * 100 + 55 : code * 10; }

std::string LimitWord(Limit l) {
  switch (l) {
    case Limit::kMangan: return "満貫";
    case Limit::kHaneman: return "跳満";
    case Limit::kBaiman: return "倍満";
    case Limit::kSanbaiman: return "三倍満";
    case Limit::kYakuman: return "役満";
    case Limit::kLimit: return "満貫";       // Ningbo (never exported: the export refuses it)
    case Limit::kHalfLimit: return "半満貫";
    default: return "";
  }
}

json WinInfo(const Event& e, int dealer) {
  const HoraInfo& h = *e.hora;
  const ScoreResult& r = h.score;
  std::string text = r.limit == Limit::kNone
                         ? std::to_string(r.fu) + "符" + std::to_string(r.han_sixths / 6) + "飜"
                         : LimitWord(r.limit);
  switch (r.payment.kind) {
    case PaymentKind::kRon: text += std::to_string(r.payment.ron) + "点"; break;
    case PaymentKind::kTsumoNonDealer:
      text += std::to_string(r.payment.non_dealer) + "-" + std::to_string(r.payment.dealer) + "点";
      break;
    case PaymentKind::kTsumoDealer: text += std::to_string(r.payment.each) + "点∀"; break;
  }
  (void)dealer;
  json info = json::array({e.actor, e.target, h.pao >= 0 ? h.pao : e.actor, text});
  for (const YakuEntry& y : r.yaku) {
    if (y.yakuman > 0) {
      for (int i = 0; i < y.yakuman; ++i) info.push_back(TenhouYakuName(y.id) + "(役満)");
    } else if (y.sixths > 0) {
      info.push_back(TenhouYakuName(y.id) + "(" + std::to_string(y.sixths / 6) + "飜)");
    }
  }
  return info;
}

}  // namespace

json ExportGame(const GameRecord& record) {
  const ExportContext cx{record.rules};
  json log = json::array();
  json kyoku;
  std::array<json, 4> takes, discards;
  std::array<std::vector<int>, 4> haipai;
  json dora, ura, result;
  // The letter position of each seat's pons, to write a later kakan the same way.
  std::array<std::vector<std::pair<Kind, int>>, 4> pons;
  int dealer = 0;
  bool ura_set = false;
  auto flush = [&]() {
    json k = json::array();
    k.push_back(kyoku[0]);
    k.push_back(kyoku[1]);
    k.push_back(dora);
    k.push_back(ura);
    for (int p = 0; p < 4; ++p) {
      std::sort(haipai[p].begin(), haipai[p].end(), [](int a, int b) { return SortKey(a) < SortKey(b); });
      k.push_back(haipai[p]);
      k.push_back(takes[p]);
      // Trailing daiminkan placeholders are dropped.
      json d = discards[p];
      while (!d.empty() && d.back().is_number_integer() && d.back().get<int>() == 0) d.erase(d.size() - 1);
      k.push_back(d);
    }
    k.push_back(result);
    log.push_back(std::move(k));
  };
  for (const Event& e : record.events) {
    const int a = e.actor;
    switch (e.type) {
      case EventType::kStartKyoku: {
        const StartKyokuInfo& s = *e.start;
        dealer = s.oya;
        kyoku = json::array({json::array({s.bakaze * 4 + s.kyoku - 1, s.honba, s.kyotaku}), s.scores});
        dora = json::array({cx.Code(s.dora_marker)});
        ura = json::array();
        ura_set = false;
        result = json::array();
        for (int p = 0; p < 4; ++p) {
          takes[p] = json::array();
          discards[p] = json::array();
          haipai[p].clear();
          for (Tile t : s.tehais[p]) haipai[p].push_back(cx.Code(t));
          pons[p].clear();
        }
        break;
      }
      case EventType::kTsumo: takes[a].push_back(cx.Code(e.pai)); break;
      case EventType::kDahai: {
        json d = e.tsumogiri ? json(kTsumogiri) : json(cx.Code(e.pai));
        if (!discards[a].empty() && discards[a].back().is_string() &&
            discards[a].back().get<std::string>() == "r?") {
          discards[a].back() = "r" + (e.tsumogiri ? std::to_string(kTsumogiri) : cx.Two(e.pai));
        } else {
          discards[a].push_back(d);
        }
        break;
      }
      case EventType::kReach: discards[a].push_back("r?"); break;
      case EventType::kChi: {
        std::vector<Tile> own(e.consumed.begin(), e.consumed.begin() + e.num_consumed);
        std::sort(own.begin(), own.end());
        takes[a].push_back("c" + cx.Two(e.pai) + cx.Two(own[0]) + cx.Two(own[1]));
        break;
      }
      case EventType::kPon:
      case EventType::kDaiminkan: {
        const bool kan = e.type == EventType::kDaiminkan;
        const char letter = kan ? 'm' : 'p';
        std::vector<std::string> own;
        for (int i = 0; i < e.num_consumed; ++i) own.push_back(cx.Two(e.consumed[i]));
        const int rel = (e.target - a + 4) % 4;  // 3 kamicha, 2 toimen, 1 shimocha
        const int at = rel == 3 ? 0 : rel == 2 ? 1 : static_cast<int>(own.size());
        std::string s;
        for (int i = 0; i <= static_cast<int>(own.size()); ++i) {
          if (i == at) s += std::string(1, letter) + cx.Two(e.pai);
          if (i < static_cast<int>(own.size())) s += own[i];
        }
        takes[a].push_back(s);
        if (kan) {
          discards[a].push_back(0);
        } else {
          pons[a].push_back({KindOf(e.pai), at});
        }
        break;
      }
      case EventType::kKakan: {
        int at = 0;
        for (const auto& [k, pos] : pons[a])
          if (k == KindOf(e.pai)) at = pos;
        std::vector<std::string> old;
        for (int i = 0; i < e.num_consumed; ++i) old.push_back(cx.Two(e.consumed[i]));
        std::string s;
        for (int i = 0; i <= 3; ++i) {
          if (i == at) s += "k" + cx.Two(e.pai);
          if (i < 3) s += old[i];
        }
        discards[a].push_back(s);
        break;
      }
      case EventType::kAnkan: {
        std::string s;
        for (int i = 0; i < 4; ++i) s += (i == 3 ? "a" : "") + cx.Two(e.consumed[i]);
        discards[a].push_back(s);
        break;
      }
      case EventType::kDora: dora.push_back(cx.Code(e.pai)); break;
      case EventType::kHora: {
        if (result.empty()) result.push_back("和了");
        result.push_back(e.hora->deltas);
        result.push_back(WinInfo(e, dealer));
        if (!ura_set && !e.hora->ura_markers.empty()) {
          for (Tile t : e.hora->ura_markers) ura.push_back(cx.Code(t));
          ura_set = true;
        }
        break;
      }
      case EventType::kRyukyoku: {
        const RyukyokuInfo& r = *e.ryukyoku;
        std::string reason;
        switch (r.reason) {
          case DrawReason::kExhaustive: {
            const int n = static_cast<int>(std::count(r.tenpai.begin(), r.tenpai.end(), true));
            const bool nagashi = std::any_of(r.nagashi.begin(), r.nagashi.end(), [](bool b) { return b; });
            reason = nagashi ? "流し満貫" : n == 4 ? "全員聴牌" : n == 0 ? "全員不聴" : "流局";
            break;
          }
          case DrawReason::kNineTerminals: reason = "九種九牌"; break;
          case DrawReason::kFourRiichi: reason = "四家立直"; break;
          case DrawReason::kTripleRon: reason = "三家和了"; break;
          case DrawReason::kFourKans: reason = "四槓散了"; break;
          case DrawReason::kFourWinds: reason = "四風連打"; break;
          case DrawReason::kCount: break;
        }
        result = json::array({reason});
        if (std::any_of(r.deltas.begin(), r.deltas.end(), [](int d) { return d != 0; })) result.push_back(r.deltas);
        break;
      }
      case EventType::kEndKyoku: flush(); break;
      default: break;
    }
  }
  json doc;
  doc["title"] = json::array({"", ""});
  doc["name"] = record.agents;
  const bool hanchan = record.rules.length == GameLength::kHanchan;
  const bool red = record.rules.red_fives[0] + record.rules.red_fives[1] + record.rules.red_fives[2] > 0;
  doc["rule"] = {{"disp", std::string("般") + (hanchan ? "南" : "東") + (record.rules.kuitan ? "喰" : "") + (red ? "赤" : "")},
                 {"aka51", record.rules.red_fives[0]},
                 {"aka52", record.rules.red_fives[1]},
                 {"aka53", record.rules.red_fives[2]}};
  doc["log"] = std::move(log);
  if (record.complete) {
    json sc = json::array();
    for (int p = 0; p < 4; ++p) {
      sc.push_back(record.end.scores[p]);
      sc.push_back(record.end.results[p]);
    }
    doc["sc"] = sc;
  }
  return doc;
}


}  // namespace mj::tenhou
