#include "formats/mjai_log_read.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "replays/mjai_events.h"
#include "rules/bounded_json.h"

namespace mj::tenhou {
namespace {

using nlohmann::json;

struct Failure {
  std::string what;
};

class Reader {
 public:
  explicit Reader(const std::string& title) { game_.title = title; }

  Result<Game> Read(std::string_view text) {
    size_t line_no = 0;
    size_t p = 0;
    while (p < text.size()) {
      size_t q = text.find('\n', p);
      if (q == std::string_view::npos) q = text.size();
      std::string_view line = text.substr(p, q - p);
      p = q + 1;
      ++line_no;
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
      if (line.empty()) continue;
      auto doc = ParseBoundedJson(line, JsonLimits{1 << 20, 16});
      if (!doc) return Error{"line " + std::to_string(line_no) + ": invalid JSON: " + doc.error()};
      if (!doc->is_object() || !doc->contains("type") || !(*doc)["type"].is_string())
        return Error{"line " + std::to_string(line_no) + ": not an mjai event (no \"type\")"};
      const std::string type = (*doc)["type"].get<std::string>();
      try {
        One(type, *doc);
      } catch (const Failure& f) {
        return Error{"line " + std::to_string(line_no) + " (" + type + "): " + f.what};
      } catch (const json::exception& e) {
        return Error{"line " + std::to_string(line_no) + " (" + type + "): a field has the wrong type (" + e.what() + ")"};
      }
    }
    if (!started_) return Error{"no start_game event: not an mjai game log"};
    if (open_) return Error{"the log ends in the middle of " + game_.log.back().Label() + " (no hora or ryukyoku)"};
    if (game_.log.empty()) return Error{"no hand (start_kyoku) in the log"};
    return std::move(game_);
  }

 private:
  [[noreturn]] static void Fail(const std::string& what) { throw Failure{what}; }

  static int Code(const json& j) {
    if (!j.is_string()) Fail("a tile that is not a string");
    const std::string name = j.get<std::string>();
    if (name == "?") Fail("a hidden tile (\"?\"): an in-game view, not a full game log");
    const auto t = ParseMjaiTile(name);
    if (!t || t->peach) Fail("\"" + name + "\" is not an mjai tile name");
    return KindCode(t->kind, t->red);
  }
  static int SeatOf(const json& e, const char* key) {
    if (!e.contains(key) || !e[key].is_number_integer()) Fail(std::string("no \"") + key + "\" seat");
    const int s = e[key].get<int>();
    if (s < 0 || s > 3) Fail(std::string("\"") + key + "\" is not a seat 0-3");
    return s;
  }
  static std::array<int, 4> Four(const json& e, const char* key) {
    if (!e.contains(key) || !e[key].is_array() || e[key].size() != 4) Fail(std::string("\"") + key + "\" is not four numbers");
    std::array<int, 4> out{};
    for (int p = 0; p < 4; ++p) out[p] = e[key][p].get<int>();
    return out;
  }
  Kyoku& Hand() {
    if (!open_) Fail("outside a hand (no start_kyoku before it)");
    return game_.log.back();
  }
  void Push(std::vector<Item>& list, Item it) { list.push_back(std::move(it)); }

  // The score fields of gimite's `hora` (the reference server's logs and its Tenhou conversions):
  // fu, fan (100 per yakuman: then not compared), yakus [[name, han], ...] (han 100 = a yakuman
  // entry), hora_points (without honba or sticks). Dialects without them (Mortal, mjai-reviewer,
  // RiichiEnv) state only the point changes. The limit is never stated.
  static void Score(const json& e, Win* w) {
    static constexpr int kYakumanHan = 100;  // gimite's Hora::YAKUMAN_FAN
    w->limit_known = false;
    w->yaku_naming = YakuNaming::kMjai;
    constexpr int64_t kMax = 1'000'000'000;  // far above any hand's points, fu or han
    auto number = [&](const char* key) -> int {
      if (!e.contains(key)) return 0;
      if (!e[key].is_number_integer() || e[key].get<int64_t>() < 0 || e[key].get<int64_t>() > kMax)
        Fail(std::string("\"") + key + "\" is " + e[key].dump() + ", not a number of points, fu or han (0 to 10^9)");
      w->has_score = true;
      return static_cast<int>(e[key].get<int64_t>());
    };
    w->fu = number("fu");
    const int fan = number("fan");
    w->han = fan < kYakumanHan ? fan : 0;
    w->total_points = number("hora_points");
    if (!e.contains("yakus")) return;
    const json& yakus = e["yakus"];
    if (!yakus.is_array()) Fail("\"yakus\" is not a list of [name, han]");
    for (const json& y : yakus) {
      if (!y.is_array() || y.size() != 2 || !y[0].is_string() || !y[1].is_number_integer())
        Fail("\"yakus\" has " + y.dump() + ", not [name, han]");
      if (y[1].get<int64_t>() < 0 || y[1].get<int64_t>() > kMax) Fail("\"yakus\" has " + y.dump() + ": han out of 0 to 10^9");
      const int han = static_cast<int>(y[1].get<int64_t>());
      w->yaku.push_back({y[0].get<std::string>(), han >= kYakumanHan ? 0 : han, han >= kYakumanHan});
    }
    w->has_score = true;
    w->has_yaku = true;
  }

  void One(const std::string& type, const json& e) {
    if (type == "start_game") {
      if (started_) Fail("a second start_game");
      started_ = true;
      if (e.contains("names") && e["names"].is_array())
        for (size_t p = 0; p < 4 && p < e["names"].size(); ++p)
          if (e["names"][p].is_string()) game_.names[p] = e["names"][p].get<std::string>();
      if (e.contains("kyoku_first") && e["kyoku_first"].is_number_integer())
        game_.east_only = e["kyoku_first"].get<int>() == 4;
      const bool aka = !e.contains("aka_flag") || !e["aka_flag"].is_boolean() || e["aka_flag"].get<bool>();
      const uint8_t red = aka ? 1 : 0;
      game_.red_fives = {red, red, red};
      return;
    }
    if (!started_) Fail("before start_game");
    if (type == "start_kyoku") {
      if (open_) Fail("a new hand starts before " + game_.log.back().Label() + " ended");
      Kyoku k;
      const std::string bakaze = e.at("bakaze").get<std::string>();
      const size_t wind = std::string_view("ESWN").find(bakaze);
      if (bakaze.size() != 1 || wind == std::string_view::npos) Fail("\"bakaze\" is not E, S, W or N");
      const int kyoku = e.at("kyoku").get<int>();
      if (kyoku < 1 || kyoku > 4) Fail("\"kyoku\" is not 1-4");
      k.index = static_cast<int>(wind) * 4 + kyoku - 1;
      k.honba = e.at("honba").get<int>();
      k.kyotaku = e.at("kyotaku").get<int>();
      if (e.contains("oya") && e["oya"].get<int>() != kyoku - 1) Fail("\"oya\" is not the dealer of hand " + std::to_string(kyoku));
      // The reference server's own logs give no start scores: they are the scores the last
      // event stated (a win, a draw or a riichi deposit), 25,000 each before any (its
      // Player#score starts there).
      if (e.contains("scores")) k.scores = Four(e, "scores");
      else k.scores = last_scores_;
      k.dora.push_back(Code(e.at("dora_marker")));
      const json& tehais = e.at("tehais");
      if (!tehais.is_array() || tehais.size() != 4) Fail("\"tehais\" is not four hands");
      for (int p = 0; p < 4; ++p) {
        if (!tehais[p].is_array() || tehais[p].size() != 13) Fail("seat " + std::to_string(p) + " is not dealt 13 tiles");
        for (const json& t : tehais[p]) k.haipai[p].push_back(Code(t));
      }
      game_.log.push_back(std::move(k));
      open_ = true;
      riichi_.fill(false);
      draws_ = 0;
      discards_ = 0;
      calls_ = 0;
      kans_ = 0;
      reaches_ = 0;
      first_winds_ = true;
      last_type_.clear();
      return;
    }
    if (type == "tsumo") {
      Kyoku& k = Hand();
      Item it;
      it.type = ItemType::kDraw;
      it.tile = Code(e.at("pai"));
      it.text = e.at("pai").get<std::string>();
      Push(k.takes[SeatOf(e, "actor")], std::move(it));
      ++draws_;
    } else if (type == "dahai") {
      Kyoku& k = Hand();
      const int a = SeatOf(e, "actor");
      Item it;
      it.type = riichi_[a] ? ItemType::kRiichi : ItemType::kDiscard;
      const bool tsumogiri = e.contains("tsumogiri") && e["tsumogiri"].is_boolean() && e["tsumogiri"].get<bool>();
      const int code = Code(e.at("pai"));
      it.tile = tsumogiri ? kTsumogiri : code;
      if (riichi_[a]) it.text.push_back('r');
      it.text += e.at("pai").get<std::string>();
      if (tsumogiri) it.text += " (tsumogiri)";
      riichi_[a] = false;
      Push(k.discards[a], std::move(it));
      if (discards_ < 4 && (code < 41 || code > 44 || (discards_ > 0 && code != first_wind_))) first_winds_ = false;
      if (discards_ == 0) first_wind_ = code;
      ++discards_;
    } else if (type == "reach") {
      Hand();
      riichi_[SeatOf(e, "actor")] = true;
      ++reaches_;
    } else if (type == "chi" || type == "pon" || type == "daiminkan") {
      Kyoku& k = Hand();
      const int a = SeatOf(e, "actor");
      const int target = SeatOf(e, "target");
      Item it;
      it.type = type == "chi" ? ItemType::kChi : type == "pon" ? ItemType::kPon : ItemType::kDaiminkan;
      it.tile = Code(e.at("pai"));
      it.from = (target - a + 4) % 4;
      if (it.from == 0) Fail("a call on the caller's own tile");
      const size_t want = type == "daiminkan" ? 3 : 2;
      if (!e.at("consumed").is_array() || e["consumed"].size() != want)
        Fail("\"consumed\" is not " + std::to_string(want) + " tiles");
      for (const json& t : e["consumed"]) it.own.push_back(Code(t));
      it.text = e.dump();
      Push(k.takes[a], std::move(it));
      ++calls_;
      if (type == "daiminkan") ++kans_;
    } else if (type == "kakan" || type == "ankan") {
      Kyoku& k = Hand();
      const int a = SeatOf(e, "actor");
      Item it;
      it.type = type == "kakan" ? ItemType::kKakan : ItemType::kAnkan;
      const size_t want = type == "kakan" ? 3 : 4;
      if (!e.at("consumed").is_array() || e["consumed"].size() != want)
        Fail("\"consumed\" is not " + std::to_string(want) + " tiles");
      for (const json& t : e["consumed"]) it.own.push_back(Code(t));
      if (type == "kakan") it.tile = Code(e.at("pai"));
      it.text = e.dump();
      Push(k.discards[a], std::move(it));
      ++calls_;
      ++kans_;
    } else if (type == "dora") {
      Hand().dora.push_back(Code(e.at("dora_marker")));
    } else if (type == "hora") {
      if (game_.log.empty()) Fail("a win before any hand");
      Kyoku& k = game_.log.back();
      if (!open_ && k.result.wins.empty()) Fail("a win outside a hand");
      Win w;
      w.who = SeatOf(e, "actor");
      w.from = SeatOf(e, "target");
      if (!e.contains("deltas")) Fail("no \"deltas\": the log does not say what the win paid");
      w.deltas = Four(e, "deltas");
      w.pao_known = e.contains("pao") && e["pao"].is_number_integer();
      w.pao = w.pao_known ? e["pao"].get<int>() : -1;
      if (w.pao == w.who) w.pao = -1;
      Score(e, &w);
      for (const char* key : {"ura_markers", "uradora_markers"}) {
        if (!k.ura.empty() || !e.contains(key) || !e[key].is_array()) continue;
        for (const json& t : e[key]) k.ura.push_back(Code(t));
      }
      k.result.outcome = Outcome::kWin;
      k.result.reason = "hora";
      k.result.wins.push_back(std::move(w));
      open_ = false;
    } else if (type == "ryukyoku") {
      Kyoku& k = Hand();
      HandResult& r = k.result;
      r.deltas = e.contains("deltas") ? Four(e, "deltas") : std::array<int, 4>{};
      const std::string reason = e.contains("reason") && e["reason"].is_string() ? e["reason"].get<std::string>() : "";
      r.reason = reason.empty() ? "ryukyoku" : reason;
      if (reason == "fanpai") {
        r.outcome = Outcome::kExhaustive;
      } else if (reason == "nagashimangan") {
        r.outcome = Outcome::kNagashi;
      } else if (reason == "kyushukyuhai") {
        r.outcome = Outcome::kNineTerminals;
      } else if (reason == "suchareach") {
        r.outcome = Outcome::kFourRiichi;
      } else if (reason == "sanchaho") {
        r.outcome = Outcome::kTripleRon;
      } else if (reason == "sukaikan") {
        r.outcome = Outcome::kFourKans;
      } else if (reason == "sufonrenta") {
        r.outcome = Outcome::kFourWinds;
      } else if (!reason.empty()) {
        Fail("unknown draw reason \"" + reason + "\"");
      } else {
        // No reason (Mortal's dialect): what the hand shows.
        constexpr int kLiveDraws = 136 - 14 - 52;
        const bool mangan = std::any_of(r.deltas.begin(), r.deltas.end(), [](int d) { return d >= 8000; });
        if (draws_ >= kLiveDraws) r.outcome = mangan ? Outcome::kNagashi : Outcome::kExhaustive;
        else if (last_type_ == "tsumo") r.outcome = Outcome::kNineTerminals;
        else if (discards_ == 4 && calls_ == 0 && first_winds_) r.outcome = Outcome::kFourWinds;
        else if (reaches_ >= 4) r.outcome = Outcome::kFourRiichi;
        else if (kans_ >= 4) r.outcome = Outcome::kFourKans;
        else r.outcome = Outcome::kTripleRon;
      }
      if (r.outcome == Outcome::kExhaustive && e.contains("tenpais") && e["tenpais"].is_array()) {
        r.tenpai_count = 0;
        for (const json& b : e["tenpais"]) r.tenpai_count += b.is_boolean() && b.get<bool>() ? 1 : 0;
      }
      open_ = false;
    } else if (type == "end_game") {
      if (open_) Fail("the game ends in the middle of " + game_.log.back().Label());
      if (e.contains("scores") && e["scores"].is_array() && e["scores"].size() == 4) {
        game_.has_final = true;
        game_.final_scores = Four(e, "scores");
      }
    }
    // reach_accepted, end_kyoku, none, hello, ...: nothing the game needs.
    if (type != "start_kyoku" && e.contains("scores") && e["scores"].is_array() && e["scores"].size() == 4)
      last_scores_ = Four(e, "scores");
    last_type_ = type;
  }

  Game game_;
  bool started_ = false;
  bool open_ = false;
  std::array<bool, 4> riichi_{};
  int draws_ = 0, discards_ = 0, calls_ = 0, kans_ = 0, reaches_ = 0;
  bool first_winds_ = true;
  int first_wind_ = 0;
  std::string last_type_;
  std::array<int, 4> last_scores_{25000, 25000, 25000, 25000};
};

}  // namespace

Result<Game> ParseMjaiLog(std::string_view text, const std::string& title) {
  Reader reader(title);
  return reader.Read(text);
}

}  // namespace mj::tenhou
