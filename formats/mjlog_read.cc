#include "formats/mjlog_read.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <map>
#include <optional>
#include <vector>

namespace mj::tenhou {
namespace {

struct Tag {
  std::string name;
  std::map<std::string, std::string, std::less<>> attrs;
  std::string text;  // the tag as written (for error messages, shortened)
};

// The tags of the log in order (a minimal XML reader: mjlog has no text nodes, comments or
// entities beyond attribute values, which keep their URL encoding).
Result<std::vector<Tag>> Tags(std::string_view xml) {
  std::vector<Tag> tags;
  size_t i = 0;
  while ((i = xml.find('<', i)) != std::string_view::npos) {
    const size_t end = xml.find('>', i);
    if (end == std::string_view::npos) return Error{"byte " + std::to_string(i) + ": a tag that is never closed"};
    std::string_view body = xml.substr(i + 1, end - i - 1);
    Tag tag;
    tag.text = std::string(xml.substr(i, std::min<size_t>(end - i + 1, 120)));
    i = end + 1;
    if (body.empty() || body[0] == '?' || body[0] == '!' || body[0] == '/') continue;
    if (body.back() == '/') body.remove_suffix(1);
    size_t p = 0;
    while (p < body.size() && body[p] != ' ' && body[p] != '\t' && body[p] != '\n' && body[p] != '\r') ++p;
    tag.name = std::string(body.substr(0, p));
    while (p < body.size()) {
      while (p < body.size() && (body[p] == ' ' || body[p] == '\t' || body[p] == '\n' || body[p] == '\r')) ++p;
      if (p >= body.size()) break;
      const size_t eq = body.find('=', p);
      if (eq == std::string_view::npos || eq + 1 >= body.size() || body[eq + 1] != '"')
        return Error{"tag " + std::to_string(tags.size()) + " " + tag.text + ": attribute without a quoted value"};
      const size_t close = body.find('"', eq + 2);
      if (close == std::string_view::npos)
        return Error{"tag " + std::to_string(tags.size()) + " " + tag.text + ": unterminated attribute value"};
      tag.attrs.emplace(std::string(body.substr(p, eq - p)), std::string(body.substr(eq + 2, close - eq - 2)));
      p = close + 1;
    }
    tags.push_back(std::move(tag));
  }
  return tags;
}

std::optional<std::vector<int>> Ints(std::string_view text) {
  std::vector<int> out;
  if (text.empty()) return out;
  size_t p = 0;
  while (p <= text.size()) {
    const size_t q = std::min(text.find(',', p), text.size());
    int v = 0;
    const auto [ptr, ec] = std::from_chars(text.data() + p, text.data() + q, v);
    if (ec != std::errc() || ptr != text.data() + q) return std::nullopt;
    out.push_back(v);
    p = q + 1;
  }
  return out;
}

std::string UrlDecode(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      int v = 0;
      const auto [ptr, ec] = std::from_chars(s.data() + i + 1, s.data() + i + 3, v, 16);
      if (ec == std::errc() && ptr == s.data() + i + 3) {
        out.push_back(static_cast<char>(v));
        i += 2;
        continue;
      }
    }
    out.push_back(s[i]);
  }
  return out;
}

class MjlogReader {
 public:
  explicit MjlogReader(const std::string& title) { game_.title = title; }

  Result<Game> Read(const std::vector<Tag>& tags) {
    for (size_t i = 0; i < tags.size(); ++i) {
      const Tag& t = tags[i];
      if (auto err = One(t)) return Error{"tag " + std::to_string(i) + " " + t.text + ": " + *err};
    }
    if (!go_seen_) return Error{"no <GO> tag: not an mjlog game record"};
    if (open_) return Error{"the log ends in the middle of " + game_.log.back().Label() + " (no <AGARI> or <RYUUKYOKU>)"};
    if (game_.log.empty()) return Error{"no hand (<INIT>) in the log"};
    game_.names = names_;
    return std::move(game_);
  }

 private:
  std::optional<std::string> One(const Tag& t) {
    const std::string& n = t.name;
    if (n == "GO") return Go(t);
    if (n == "UN") {
      if (t.attrs.count("dan") == 0) return std::nullopt;  // a reconnection
      static constexpr std::array<std::string_view, 4> kKeys{"n0", "n1", "n2", "n3"};
      for (int p = 0; p < 4; ++p) {
        auto it = t.attrs.find(kKeys[p]);
        if (it != t.attrs.end()) names_[p] = UrlDecode(it->second);
      }
      return std::nullopt;
    }
    if (n == "INIT") return Init(t);
    if (n == "REACH") {
      const auto who = Seat(t, "who");
      if (!who) return "no valid \"who\"";
      if (!open_) return "outside a hand";
      if (Attr(t, "step") == "1") riichi_[*who] = true;
      return std::nullopt;
    }
    if (n == "N") return Call(t);
    if (n == "DORA") {
      if (!open_) return "outside a hand";
      const auto hai = Int(t, "hai");
      if (!hai || *hai < 0 || *hai >= kNumTiles) return "no valid \"hai\"";
      Hand().dora.push_back(Code(*hai));
      return std::nullopt;
    }
    if (n == "AGARI") return Agari(t);
    if (n == "RYUUKYOKU") return Ryuukyoku(t);
    if (n.size() >= 2 && n.size() <= 4 && n[0] >= 'D' && n[0] <= 'W') {
      const char c = n[0];
      const bool draw = c >= 'T' && c <= 'W';
      const bool discard = c >= 'D' && c <= 'G';
      int id = 0;
      const auto [ptr, ec] = std::from_chars(n.data() + 1, n.data() + n.size(), id);
      if ((draw || discard) && ec == std::errc() && ptr == n.data() + n.size()) {
        if (id < 0 || id >= kNumTiles) return "tile id " + std::to_string(id) + " out of 0..135";
        if (!open_) return "a draw or discard outside a hand";
        return draw ? Draw(c - 'T', id) : Discard(c - 'D', id);
      }
    }
    return std::nullopt;  // SHUFFLE, TAIKYOKU, BYE, mjloggm, ...: nothing the game needs
  }

  static std::string Attr(const Tag& t, std::string_view key) {
    auto it = t.attrs.find(key);
    return it == t.attrs.end() ? std::string() : it->second;
  }
  static std::optional<int> Int(const Tag& t, std::string_view key) {
    auto v = Ints(Attr(t, key));
    if (!v || v->size() != 1) return std::nullopt;
    return v->front();
  }
  static std::optional<int> Seat(const Tag& t, std::string_view key) {
    auto v = Int(t, key);
    if (!v || *v < 0 || *v > 3) return std::nullopt;
    return v;
  }

  [[nodiscard]] int Code(int id) const {
    const Kind k = static_cast<Kind>(id / 4);
    const bool red = id % 4 == 0 && k < 27 && NumberOf(k) == 5 && game_.red_fives[k / 9] > 0;
    return KindCode(k, red);
  }
  Kyoku& Hand() { return game_.log.back(); }

  std::optional<std::string> Go(const Tag& t) {
    const auto type = Int(t, "type");
    if (!type) return "no valid \"type\"";
    if (*type & 0x10) return "a three-player game (GO type " + std::to_string(*type) + "); only four-player games are read";
    go_seen_ = true;
    const uint8_t red = (*type & 0x02) ? 0 : 1;
    game_.red_fives = {red, red, red};
    game_.kuitan = (*type & 0x04) == 0;
    game_.east_only = (*type & 0x08) == 0;
    return std::nullopt;
  }

  std::optional<std::string> Init(const Tag& t) {
    if (!go_seen_) return "<INIT> before <GO>";
    if (open_) return "a new hand starts before " + Hand().Label() + " ended";
    const auto seed = Ints(Attr(t, "seed"));
    const auto ten = Ints(Attr(t, "ten"));
    if (!seed || seed->size() != 6) return "\"seed\" is not six numbers";
    if (!ten || ten->size() != 4) return "\"ten\" is not four scores";
    Kyoku k;
    k.index = (*seed)[0];
    k.honba = (*seed)[1];
    k.kyotaku = (*seed)[2];
    if (k.index < 0 || k.index > 15 || k.honba < 0 || k.kyotaku < 0) return "\"seed\" has an invalid round, honba or sticks";
    if ((*seed)[5] < 0 || (*seed)[5] >= kNumTiles) return "the dora indicator is not a tile id";
    k.dora.push_back(Code((*seed)[5]));
    for (int p = 0; p < 4; ++p) k.scores[p] = (*ten)[p] * 100;
    const auto oya = Int(t, "oya");
    if (!oya || *oya != k.index % 4) return "\"oya\" is not the dealer of round " + std::to_string(k.index);
    for (int p = 0; p < 4; ++p) {
      const auto hai = Ints(Attr(t, "hai" + std::to_string(p)));
      if (!hai || hai->size() != 13) return "hai" + std::to_string(p) + " is not 13 tile ids";
      for (int id : *hai) {
        if (id < 0 || id >= kNumTiles) return "hai" + std::to_string(p) + " has tile id " + std::to_string(id);
        k.haipai[p].push_back(Code(id));
      }
    }
    game_.log.push_back(std::move(k));
    open_ = true;
    last_draw_.fill(-1);
    riichi_.fill(false);
    return std::nullopt;
  }

  std::optional<std::string> Draw(int seat, int id) {
    Item it;
    it.type = ItemType::kDraw;
    it.tile = Code(id);
    it.text = std::to_string(it.tile);
    Hand().takes[seat].push_back(std::move(it));
    last_draw_[seat] = id;
    return std::nullopt;
  }

  std::optional<std::string> Discard(int seat, int id) {
    Item it;
    it.type = riichi_[seat] ? ItemType::kRiichi : ItemType::kDiscard;
    it.tile = id == last_draw_[seat] ? kTsumogiri : Code(id);
    if (riichi_[seat]) it.text.push_back('r');
    it.text += std::to_string(it.tile);
    riichi_[seat] = false;
    last_draw_[seat] = -1;
    Hand().discards[seat].push_back(std::move(it));
    return std::nullopt;
  }

  std::optional<std::string> Call(const Tag& t) {
    if (!open_) return "a call outside a hand";
    const auto who = Seat(t, "who");
    const auto m_or = Int(t, "m");
    if (!who || !m_or || *m_or < 0) return "no valid \"who\" or \"m\"";
    const int m = *m_or;
    const int from = m & 3;
    Item it;
    it.text = "m=" + std::to_string(m);
    it.from = from;
    last_draw_[*who] = -1;
    if (m & 0x4) {  // chi
      int tt = m >> 10;
      const int called = tt % 3;
      tt /= 3;
      const int base = (tt / 7) * 9 + tt % 7;
      if (base < 0 || base + 2 >= 27 || (base % 9) > 6) return "chi of an impossible run";
      it.type = ItemType::kChi;
      for (int i = 0; i < 3; ++i) {
        const int id = (base + i) * 4 + ((m >> (3 + 2 * i)) & 3);
        if (i == called) it.tile = Code(id);
        else it.own.push_back(Code(id));
      }
      if (from != 3) return "a chi not from the player on the left";
      Hand().takes[*who].push_back(std::move(it));
      return std::nullopt;
    }
    if (m & 0x18) {  // pon (0x08) or added kan (0x10)
      int tt = m >> 9;
      const int called = tt % 3;
      const int kind = tt / 3;
      if (kind >= 34) return "a pon of no tile kind";
      const int unused = (m >> 5) & 3;
      std::vector<int> ids;
      for (int c = 0; c < 4; ++c)
        if (c != unused) ids.push_back(kind * 4 + c);
      if (from == 0) return "a pon or added kan without a source seat";
      if (m & 0x08) {
        it.type = ItemType::kPon;
        it.tile = Code(ids[called]);
        for (int i = 0; i < 3; ++i)
          if (i != called) it.own.push_back(Code(ids[i]));
        Hand().takes[*who].push_back(std::move(it));
      } else {
        it.type = ItemType::kKakan;
        it.tile = Code(kind * 4 + unused);
        for (int id : ids) it.own.push_back(Code(id));
        Hand().discards[*who].push_back(std::move(it));
      }
      return std::nullopt;
    }
    if (m & 0x20) return "a nukidora (three-player games only)";
    const int hai = m >> 8;
    if (hai >= kNumTiles) return "a kan of no tile";
    const int kind = hai / 4;
    if (from == 0) {
      it.type = ItemType::kAnkan;
      for (int c = 0; c < 4; ++c) it.own.push_back(Code(kind * 4 + c));
      Hand().discards[*who].push_back(std::move(it));
    } else {
      it.type = ItemType::kDaiminkan;
      it.tile = Code(hai);
      for (int c = 0; c < 4; ++c)
        if (kind * 4 + c != hai) it.own.push_back(Code(kind * 4 + c));
      Hand().takes[*who].push_back(std::move(it));
    }
    return std::nullopt;
  }

  std::optional<std::string> Scores(const Tag& t, std::array<int, 4>* deltas) {
    const auto sc = Ints(Attr(t, "sc"));
    if (!sc || sc->size() < 8) return "\"sc\" is not four score/change pairs";
    for (int p = 0; p < 4; ++p) (*deltas)[p] = (*sc)[2 * p + 1] * 100;
    return std::nullopt;
  }

  // The win's score as Tenhou states it: ten="fu,points,limit" (points without honba or sticks;
  // limit 0 none .. 5 yakuman), yaku="id,han,..." (dora kinds included, ura possibly 0) or
  // yakuman="id,..." (no han: a yakuman's han and multiple are not stated).
  static std::optional<std::string> Score(const Tag& t, Win* w) {
    if (t.attrs.count("ten") == 0) return std::nullopt;
    const auto ten = Ints(Attr(t, "ten"));
    if (!ten || ten->size() != 3 || (*ten)[0] < 0 || (*ten)[1] <= 0 || (*ten)[2] < 0 || (*ten)[2] > 5)
      return "\"ten\" is not fu, points and a limit 0-5: \"" + Attr(t, "ten") + "\"";
    static constexpr std::array<const char*, 6> kLimits{"", "満貫", "跳満", "倍満", "三倍満", "役満"};
    w->has_score = true;
    w->score_text = Attr(t, "ten");
    w->fu = (*ten)[0];
    w->total_points = (*ten)[1];
    w->limit = kLimits[(*ten)[2]];
    w->yaku_naming = YakuNaming::kTenhouId;
    if (t.attrs.count("yaku")) {
      const auto yaku = Ints(Attr(t, "yaku"));
      if (!yaku || yaku->size() % 2 != 0) return "\"yaku\" is not yaku id and han pairs: \"" + Attr(t, "yaku") + "\"";
      for (size_t i = 0; i < yaku->size(); i += 2) {
        if ((*yaku)[i + 1] < 0 || (*yaku)[i + 1] > 99)
          return "\"yaku\" gives yaku " + std::to_string((*yaku)[i]) + " " + std::to_string((*yaku)[i + 1]) +
                 " han (0-99 expected)";
        w->yaku.push_back({std::to_string((*yaku)[i]), (*yaku)[i + 1], false});
        w->han += (*yaku)[i + 1];
      }
      w->has_yaku = true;
    }
    if (t.attrs.count("yakuman")) {
      const auto yakuman = Ints(Attr(t, "yakuman"));
      if (!yakuman || yakuman->empty()) return "\"yakuman\" is not yaku ids: \"" + Attr(t, "yakuman") + "\"";
      for (int id : *yakuman) w->yaku.push_back({std::to_string(id), 0, true});
      w->han = 0;  // not stated
      w->has_yaku = true;
    }
    return std::nullopt;
  }

  std::optional<std::string> Owari(const Tag& t) {
    if (t.attrs.count("owari") == 0) return std::nullopt;
    // "s0,p0,s1,p1,...": scores in hundreds, results with a decimal point.
    const std::string o = Attr(t, "owari");
    std::vector<double> v;
    for (size_t p = 0; p <= o.size();) {
      const size_t q = std::min(o.find(',', p), o.size());
      char* end = nullptr;
      const std::string item = o.substr(p, q - p);
      const double x = std::strtod(item.c_str(), &end);
      if (item.empty() || end != item.c_str() + item.size()) return "\"owari\" is not four score/result pairs";
      v.push_back(x);
      p = q + 1;
    }
    if (v.size() < 8) return "\"owari\" is not four score/result pairs";
    game_.has_final = true;
    for (int p = 0; p < 4; ++p) {
      game_.final_scores[p] = static_cast<int>(v[2 * p]) * 100;
      game_.final_results[p] = v[2 * p + 1];
    }
    return std::nullopt;
  }

  std::optional<std::string> Agari(const Tag& t) {
    if (game_.log.empty()) return "a win before any hand";
    Kyoku& k = Hand();
    const auto who = Seat(t, "who");
    const auto from = Seat(t, "fromWho");
    if (!who || !from) return "no valid \"who\" or \"fromWho\"";
    if (!open_ && (k.result.outcome != Outcome::kWin || k.result.wins.empty()))
      return "a win outside a hand";
    Win w;
    w.who = *who;
    w.from = *from;
    const auto pao = Seat(t, "paoWho");
    w.pao = pao ? *pao : -1;
    if (auto err = Scores(t, &w.deltas)) return err;
    if (auto err = Score(t, &w)) return err;
    if (k.ura.empty() && t.attrs.count("doraHaiUra")) {
      const auto ura = Ints(Attr(t, "doraHaiUra"));
      if (!ura) return "\"doraHaiUra\" is not tile ids";
      for (int id : *ura) {
        if (id < 0 || id >= kNumTiles) return "\"doraHaiUra\" has tile id " + std::to_string(id);
        k.ura.push_back(Code(id));
      }
    }
    k.result.outcome = Outcome::kWin;
    k.result.reason = "和了";
    k.result.wins.push_back(std::move(w));
    open_ = false;
    return Owari(t);
  }

  std::optional<std::string> Ryuukyoku(const Tag& t) {
    if (!open_) return "a draw outside a hand";
    Kyoku& k = Hand();
    const std::string type = Attr(t, "type");
    HandResult& r = k.result;
    r.reason = type.empty() ? "流局" : type;
    if (type.empty()) {
      r.outcome = Outcome::kExhaustive;
      int tenpai = 0;
      for (std::string_view key : {"hai0", "hai1", "hai2", "hai3"}) tenpai += t.attrs.find(key) != t.attrs.end() ? 1 : 0;
      r.tenpai_count = tenpai;
    } else if (type == "nm") {
      r.outcome = Outcome::kNagashi;
    } else if (type == "yao9") {
      r.outcome = Outcome::kNineTerminals;
    } else if (type == "reach4") {
      r.outcome = Outcome::kFourRiichi;
    } else if (type == "ron3") {
      r.outcome = Outcome::kTripleRon;
    } else if (type == "kan4") {
      r.outcome = Outcome::kFourKans;
    } else if (type == "kaze4") {
      r.outcome = Outcome::kFourWinds;
    } else {
      return "unknown draw type \"" + type + "\"";
    }
    if (auto err = Scores(t, &r.deltas)) return err;
    open_ = false;
    return Owari(t);
  }

  Game game_;
  std::array<std::string, 4> names_;
  std::array<int, 4> last_draw_{-1, -1, -1, -1};
  std::array<bool, 4> riichi_{};
  bool go_seen_ = false;
  bool open_ = false;
};

}  // namespace

Result<Game> ParseMjlog(std::string_view xml, const std::string& title) {
  if (xml.find("<mjloggm") == std::string_view::npos) return Error{"no <mjloggm> element: not a Tenhou mjlog"};
  auto tags = Tags(xml);
  if (!tags) return Error{tags.error()};
  MjlogReader reader(title);
  return reader.Read(*tags);
}

}  // namespace mj::tenhou
