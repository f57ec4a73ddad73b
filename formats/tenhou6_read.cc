#include "formats/tenhou6.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "rules/bounded_json.h"

namespace mj::tenhou {
namespace {

using nlohmann::json;

struct ParseError {
  std::string message;
};

[[noreturn]] void Fail(const std::string& where, const std::string& what) { throw ParseError{where + ": " + what}; }

// Every number of a record (tile codes, points, counts) is far inside this bound; a larger one is
// refused rather than read modulo 2^32 (get<int>() would read a tile code plus 2^32 as the code).
constexpr int64_t kMaxRecordNumber = 100'000'000;

int Int(const json& j, const std::string& where) {
  if (auto n = JsonIntIn(j, -kMaxRecordNumber, kMaxRecordNumber)) return static_cast<int>(*n);
  if (j.is_number_float()) {
    const double d = j.get<double>();
    if (std::floor(d) == d && std::abs(d) <= static_cast<double>(kMaxRecordNumber)) return static_cast<int>(d);
  }
  Fail(where, "expected an integer from -" + std::to_string(kMaxRecordNumber) + " to " +
                  std::to_string(kMaxRecordNumber) + ", got " + DescribeJson(j));
}

// A whole number written in a result text ("8000", the "30" of "30符"): at most 9 digits.
int TextNumber(const std::string& digits, const std::string& where, const std::string& text) {
  if (digits.empty() || digits.size() > 9 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    Fail(where, "number \"" + PrintableText(digits) + "\" out of range in \"" + PrintableText(text) + "\"");
  return std::stoi(digits);
}

const json& Array(const json& j, const std::string& where) {
  if (!j.is_array()) Fail(where, "expected an array, got " + DescribeJson(j));
  return j;
}

std::array<int, 4> Four(const json& j, const std::string& where) {
  Array(j, where);
  if (j.size() < 4) Fail(where, "expected 4 numbers, got " + DescribeJson(j));
  std::array<int, 4> out{};
  for (int i = 0; i < 4; ++i) out[i] = Int(j[i], where + "[" + std::to_string(i) + "]");
  return out;
}

int TileCode(const json& j, const std::string& where) {
  const int c = Int(j, where);
  if (!IsTileCode(c)) Fail(where, "not a tile code: " + DescribeJson(j));
  return c;
}

// A call / kan string: tile codes (two digits each) and one letter; returns the codes and the
// index (among the codes) of the code right after the letter.
struct Meld {
  char letter = 0;
  std::vector<int> codes;
  int letter_at = -1;
};

Meld SplitMeld(const std::string& s, const std::string& where) {
  Meld m;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c >= '0' && c <= '9') {
      if (i + 1 >= s.size() || s[i + 1] < '0' || s[i + 1] > '9') Fail(where, "bad call string \"" + s + "\"");
      const int code = (c - '0') * 10 + (s[i + 1] - '0');
      if (!IsTileCode(code)) Fail(where, "bad tile code in \"" + s + "\"");
      m.codes.push_back(code);
      i += 2;
    } else {
      if (m.letter != 0) Fail(where, "two letters in \"" + s + "\"");
      m.letter = c;
      m.letter_at = static_cast<int>(m.codes.size());
      ++i;
    }
  }
  if (m.letter == 0) Fail(where, "no call letter in \"" + s + "\"");
  return m;
}

bool SameKind(const std::vector<int>& codes) {
  for (int c : codes)
    if (CodeKind(c) != CodeKind(codes[0])) return false;
  return true;
}

Item ParseTake(const json& j, const std::string& where) {
  Item it;
  if (j.is_number()) {
    it.type = ItemType::kDraw;
    it.tile = TileCode(j, where);
    it.text = std::to_string(it.tile);
    return it;
  }
  if (!j.is_string()) Fail(where, "expected a tile or a call string, got " + DescribeJson(j));
  it.text = j.get<std::string>();
  const Meld m = SplitMeld(it.text, where);
  const int n = static_cast<int>(m.codes.size());
  switch (m.letter) {
    case 'c': {
      if (n != 3 || m.letter_at != 0) Fail(where, "bad chi \"" + it.text + "\"");
      it.type = ItemType::kChi;
      it.tile = m.codes[0];
      it.own = {m.codes[1], m.codes[2]};
      it.from = 3;
      break;
    }
    case 'p':
    case 'm': {
      const bool kan = m.letter == 'm';
      if (n != (kan ? 4 : 3) || !SameKind(m.codes)) Fail(where, "bad call \"" + it.text + "\"");
      it.type = kan ? ItemType::kDaiminkan : ItemType::kPon;
      if (m.letter_at == 0) {
        it.from = 3;
      } else if (m.letter_at == 1) {
        it.from = 2;
      } else if (m.letter_at == n - 1) {
        it.from = 1;
      } else {
        Fail(where, "cannot tell the source of \"" + it.text + "\"");
      }
      it.tile = m.codes[m.letter_at];
      for (int i = 0; i < n; ++i)
        if (i != m.letter_at) it.own.push_back(m.codes[i]);
      break;
    }
    default: Fail(where, "unknown take \"" + it.text + "\"");
  }
  return it;
}

// nullopt: the daiminkan placeholder 0.
std::optional<Item> ParseDiscard(const json& j, const std::string& where) {
  Item it;
  if (j.is_number()) {
    const int c = Int(j, where);
    if (c == 0) return std::nullopt;
    if (c != kTsumogiri && !IsTileCode(c)) Fail(where, "not a tile code: " + DescribeJson(j));
    it.type = ItemType::kDiscard;
    it.tile = c;
    it.text = std::to_string(c);
    return it;
  }
  if (!j.is_string()) Fail(where, "expected a discard, got " + DescribeJson(j));
  it.text = j.get<std::string>();
  if (!it.text.empty() && it.text[0] == 'r') {
    const std::string rest = it.text.substr(1);
    int c = -1;
    if (rest.size() == 2 && std::isdigit(static_cast<unsigned char>(rest[0])) &&
        std::isdigit(static_cast<unsigned char>(rest[1])))
      c = (rest[0] - '0') * 10 + (rest[1] - '0');
    if (c != kTsumogiri && !IsTileCode(c)) Fail(where, "bad riichi discard \"" + it.text + "\"");
    it.type = ItemType::kRiichi;
    it.tile = c;
    return it;
  }
  const Meld m = SplitMeld(it.text, where);
  const int n = static_cast<int>(m.codes.size());
  if (n != 4 || !SameKind(m.codes)) Fail(where, "bad kan \"" + it.text + "\"");
  if (m.letter == 'a') {
    it.type = ItemType::kAnkan;
    it.own = m.codes;
    it.tile = m.codes.back();
  } else if (m.letter == 'k') {
    it.type = ItemType::kKakan;
    if (m.letter_at >= n) Fail(where, "bad kakan \"" + it.text + "\"");
    it.tile = m.codes[m.letter_at];  // the added tile follows the letter
    for (int i = 0; i < n; ++i)
      if (i != m.letter_at) it.own.push_back(m.codes[i]);
    it.from = m.letter_at == 0 ? 3 : m.letter_at == 1 ? 2 : 1;
  } else {
    Fail(where, "unknown discard \"" + it.text + "\"");
  }
  return it;
}

// "30符1飜1000点", "満貫2000-4000点", "役満16000点∀", English variants ("Mangan 8000点").
void ParseScoreText(const std::string& text, Win* w, const std::string& where) {
  w->score_text = text;
  std::string s = text;
  const std::string kAll = "∀";
  if (s.size() >= kAll.size() && s.compare(s.size() - kAll.size(), kAll.size(), kAll) == 0) {
    w->dealer_tsumo = true;
    s.resize(s.size() - kAll.size());
  }
  for (const std::string& unit : {std::string("点"), std::string("Points")}) {
    if (s.size() >= unit.size() && s.compare(s.size() - unit.size(), unit.size(), unit) == 0) {
      s.resize(s.size() - unit.size());
      break;
    }
  }
  // Points: the trailing digits and '-'.
  size_t p = s.size();
  while (p > 0 && (std::isdigit(static_cast<unsigned char>(s[p - 1])) || s[p - 1] == '-')) --p;
  const std::string pts = s.substr(p);
  s.resize(p);
  std::stringstream ss(pts);
  std::string part;
  while (std::getline(ss, part, '-'))
    if (!part.empty()) w->points.push_back(TextNumber(part, where, text));
  if (w->points.empty()) Fail(where, "no points in \"" + text + "\"");
  // Fu and han: "{fu}符{han}飜" (or "Fu" / "Han").
  auto number_before = [&](const std::string& unit, int* out) {
    const size_t u = s.find(unit);
    if (u == std::string::npos) return;
    size_t b = u;
    while (b > 0 && std::isdigit(static_cast<unsigned char>(s[b - 1]))) --b;
    if (b < u) *out = TextNumber(s.substr(b, u - b), where, text);
    s.erase(b, u + unit.size() - b);
  };
  number_before("符", &w->fu);
  number_before("Fu", &w->fu);
  number_before("飜", &w->han);
  number_before("Han", &w->han);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  while (!s.empty() && s.front() == ' ') s.erase(0, 1);
  static const std::map<std::string, std::string> kLimits = {
      {"", ""},           {"満貫", "満貫"},         {"跳満", "跳満"},         {"倍満", "倍満"},
      {"三倍満", "三倍満"}, {"役満", "役満"},         {"数え役満", "数え役満"}, {"切り上げ満貫", "満貫"},
      {"Mangan", "満貫"}, {"Haneman", "跳満"},      {"Baiman", "倍満"},       {"Sanbaiman", "三倍満"},
      {"Yakuman", "役満"}, {"Kazoe Yakuman", "数え役満"}, {"Counted Yakuman", "数え役満"},
      {"Kiriage Mangan", "満貫"}, {"Rounded Mangan", "満貫"}};
  const auto it = kLimits.find(s);
  if (it == kLimits.end()) Fail(where, "unknown limit \"" + s + "\" in \"" + text + "\"");
  w->limit = it->second;
}

YakuText ParseYaku(const std::string& text, const std::string& where) {
  YakuText y;
  const size_t open = text.rfind('(');
  if (open == std::string::npos || text.back() != ')') Fail(where, "bad yaku \"" + text + "\"");
  y.name = text.substr(0, open);
  const std::string v = text.substr(open + 1, text.size() - open - 2);
  if (v == "役満" || v == "Yakuman") {
    y.yakuman = true;
    return y;
  }
  size_t d = 0;
  while (d < v.size() && std::isdigit(static_cast<unsigned char>(v[d]))) ++d;
  if (d == 0) Fail(where, "bad yaku value in \"" + text + "\"");
  y.han = TextNumber(v.substr(0, d), where, text);
  return y;
}

HandResult ParseResult(const json& j, const std::string& where) {
  Array(j, where);
  if (j.empty() || !j[0].is_string()) Fail(where, "expected [reason, ...], got " + DescribeJson(j));
  HandResult r;
  r.reason = j[0].get<std::string>();
  static const std::map<std::string, Outcome> kReasons = {
      {"和了", Outcome::kWin},           {"Agari", Outcome::kWin},
      {"流局", Outcome::kExhaustive},    {"全員聴牌", Outcome::kExhaustive},
      {"全員不聴", Outcome::kExhaustive}, {"Ryuukyoku", Outcome::kExhaustive},
      {"Exhaustive Draw", Outcome::kExhaustive},
      {"流し満貫", Outcome::kNagashi},   {"Nagashi Mangan", Outcome::kNagashi},
      {"Mangan at Draw", Outcome::kNagashi},
      {"九種九牌", Outcome::kNineTerminals}, {"Kyuushu Kyuuhai", Outcome::kNineTerminals},
      {"Nine Terminal Abortion", Outcome::kNineTerminals},
      {"四家立直", Outcome::kFourRiichi}, {"Suucha Riichi", Outcome::kFourRiichi},
      {"Four Riichi Abortion", Outcome::kFourRiichi},
      {"三家和了", Outcome::kTripleRon}, {"三家和", Outcome::kTripleRon},
      {"Sanchahou", Outcome::kTripleRon}, {"Three Ron Abortion", Outcome::kTripleRon},
      {"四槓散了", Outcome::kFourKans},  {"四開槓", Outcome::kFourKans},
      {"Suukaikan", Outcome::kFourKans}, {"Four Kan Abortion", Outcome::kFourKans},
      {"四風連打", Outcome::kFourWinds}, {"Suufon Renda", Outcome::kFourWinds},
      {"Four Wind Abortion", Outcome::kFourWinds}};
  const auto it = kReasons.find(r.reason);
  if (it == kReasons.end()) Fail(where, "unknown result \"" + r.reason + "\"");
  r.outcome = it->second;
  if (r.reason == "全員聴牌") r.tenpai_count = 4;
  if (r.reason == "全員不聴") r.tenpai_count = 0;
  if (r.outcome != Outcome::kWin) {
    if (j.size() >= 2) r.deltas = Four(j[1], where + "[1]");
    return r;
  }
  if (j.size() < 3 || j.size() % 2 != 1) Fail(where, "a win needs (deltas, info) pairs: " + DescribeJson(j));
  for (size_t i = 1; i + 1 < j.size(); i += 2) {
    const std::string w_where = where + "[" + std::to_string(i + 1) + "]";
    Win w;
    w.deltas = Four(j[i], where + "[" + std::to_string(i) + "]");
    const json& info = Array(j[i + 1], w_where);
    if (info.size() < 3) Fail(w_where, "expected [who, from, pao, ...]");
    w.who = Int(info[0], w_where + "[0]");
    w.from = Int(info[1], w_where + "[1]");
    w.pao = Int(info[2], w_where + "[2]");
    if (w.who < 0 || w.who > 3 || w.from < 0 || w.from > 3 || w.pao < 0 || w.pao > 3)
      Fail(w_where, "seat out of range in " + DescribeJson(info));
    if (w.pao == w.who) w.pao = -1;
    if (info.size() >= 4) {
      if (!info[3].is_string()) Fail(w_where + "[3]", "expected the score text");
      w.has_score = true;
      w.has_yaku = true;
      ParseScoreText(info[3].get<std::string>(), &w, w_where + "[3]");
      for (size_t k = 4; k < info.size(); ++k) {
        if (!info[k].is_string()) Fail(w_where + "[" + std::to_string(k) + "]", "expected a yaku string");
        w.yaku.push_back(ParseYaku(info[k].get<std::string>(), w_where + "[" + std::to_string(k) + "]"));
      }
    } else {
      // A hand-edited record without the score text: trust the deltas for the winner (the one
      // seat that gains), as a viewer does.
      int gainer = -1, gainers = 0;
      for (int p = 0; p < 4; ++p)
        if (w.deltas[p] > 0) gainer = p, ++gainers;
      if (gainers == 1) w.who = gainer;
      w.pao = -1;
      w.pao_known = false;
    }
    r.wins.push_back(std::move(w));
  }
  return r;
}

Kyoku ParseKyoku(const json& j, const std::string& where) {
  Array(j, where);
  if (j.size() < 17) Fail(where, "a hand has 17 items, this one " + std::to_string(j.size()));
  Kyoku k;
  const json& head = Array(j[0], where + "[0]");
  if (head.size() < 3) Fail(where + "[0]", "expected [kyoku, honba, kyotaku]");
  k.index = Int(head[0], where + "[0][0]");
  k.honba = Int(head[1], where + "[0][1]");
  k.kyotaku = Int(head[2], where + "[0][2]");
  if (k.index < 0 || k.index > 15 || k.honba < 0 || k.kyotaku < 0) Fail(where + "[0]", "bad counters " + DescribeJson(head));
  k.scores = Four(j[1], where + "[1]");
  for (const json& d : Array(j[2], where + "[2]")) k.dora.push_back(TileCode(d, where + "[2]"));
  for (const json& d : Array(j[3], where + "[3]")) k.ura.push_back(TileCode(d, where + "[3]"));
  if (k.dora.empty() || k.dora.size() > 5 || k.ura.size() > 5) Fail(where, "bad dora / ura lists");
  for (int p = 0; p < 4; ++p) {
    const std::string w = where + "[" + std::to_string(4 + 3 * p);
    for (const json& t : Array(j[4 + 3 * p], w + "]")) k.haipai[p].push_back(TileCode(t, w + "]"));
    if (k.haipai[p].size() != 13) Fail(w + "]", "a dealt hand has 13 tiles");
    const json& takes = Array(j[5 + 3 * p], where + "[" + std::to_string(5 + 3 * p) + "]");
    for (size_t i = 0; i < takes.size(); ++i)
      k.takes[p].push_back(ParseTake(takes[i], where + "[" + std::to_string(5 + 3 * p) + "][" + std::to_string(i) + "]"));
    const json& discards = Array(j[6 + 3 * p], where + "[" + std::to_string(6 + 3 * p) + "]");
    for (size_t i = 0; i < discards.size(); ++i) {
      auto d = ParseDiscard(discards[i], where + "[" + std::to_string(6 + 3 * p) + "][" + std::to_string(i) + "]");
      if (d) k.discards[p].push_back(std::move(*d));
    }
  }
  k.result = ParseResult(j[16], where + "[16]");
  return k;
}

bool Contains(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

}  // namespace

std::string Kyoku::Label() const {
  static constexpr const char* kWinds = "ESWN";
  return std::string(1, kWinds[(index / 4) % 4]) + std::to_string(index % 4 + 1) + "-" + std::to_string(honba);
}

Result<Game> ParseGame(const json& doc) {
  try {
    if (!doc.is_object()) Fail("record", "not a JSON object");
    if (!doc.contains("log")) Fail("record", "no \"log\": not a tenhou.net/6 record");
    Game g;
    if (doc.contains("ref") && doc["ref"].is_string()) g.title = doc["ref"].get<std::string>();
    if (doc.contains("name") && doc["name"].is_array())
      for (size_t p = 0; p < 4 && p < doc["name"].size(); ++p)
        if (doc["name"][p].is_string()) g.names[p] = doc["name"][p].get<std::string>();
    std::string disp;
    if (doc.contains("rule") && doc["rule"].is_object()) {
      const json& rule = doc["rule"];
      if (rule.contains("disp") && rule["disp"].is_string()) disp = rule["disp"].get<std::string>();
      if (rule.contains("aka")) {
        const int n = Int(rule["aka"], "rule.aka");
        g.red_fives = {static_cast<uint8_t>(n > 0), static_cast<uint8_t>(n > 0), static_cast<uint8_t>(n > 0)};
      }
      for (int s = 0; s < 3; ++s) {
        const std::string key = "aka5" + std::to_string(s + 1);
        if (rule.contains(key)) g.red_fives[s] = static_cast<uint8_t>(Int(rule[key], "rule." + key) > 0);
      }
    }
    if (Contains(disp, "三") || Contains(disp, "3-Player")) Fail("rule.disp", "three-player games are not supported");
    // Game length: 東 (or "East") = East only; 南 / "South" / unknown = hanchan.
    g.east_only = Contains(disp, "東") || (Contains(disp, "East") && !Contains(disp, "South"));
    // Open tanyao: Tenhou's lobby text says 喰 when it is on; text in other styles: assume on.
    if (Contains(disp, "東") || Contains(disp, "南")) g.kuitan = Contains(disp, "喰");
    const json& log = Array(doc["log"], "log");
    for (size_t i = 0; i < log.size(); ++i) g.log.push_back(ParseKyoku(log[i], "log[" + std::to_string(i) + "]"));
    if (g.log.empty()) Fail("log", "no hands");
    // A hand that shows four plain fives of a suit was not played with a red five of that suit,
    // whatever the rule says (hand-edited records): the tiles decide.
    for (const Kyoku& k : g.log) {
      std::array<int, 3> plain{};
      auto count = [&](int code) {
        if (IsTileCode(code) && !CodeIsRed(code) && CodeKind(code) < 27 && CodeKind(code) % 9 == 4)
          ++plain[CodeKind(code) / 9];
      };
      for (int p = 0; p < 4; ++p) {
        for (int c : k.haipai[p]) count(c);
        for (const Item& it : k.takes[p])
          if (it.type == ItemType::kDraw) count(it.tile);
      }
      for (int c : k.dora) count(c);
      for (int c : k.ura) count(c);
      for (int suit = 0; suit < 3; ++suit) {
        if (plain[suit] > 3 && g.red_fives[suit] > 0) {
          g.red_fives[suit] = 0;
          g.notes.push_back(k.Label() + " shows four plain 5" + std::string(1, "mps"[suit]) +
                            ": played without that red five");
        }
      }
    }
    if (doc.contains("sc") && doc["sc"].is_array() && doc["sc"].size() >= 8) {
      const json& sc = doc["sc"];
      g.has_final = true;
      for (int p = 0; p < 4; ++p) {
        g.final_scores[p] = Int(sc[2 * p], "sc");
        // Official records give points; some converters give hundreds.
        if (!sc[2 * p + 1].is_number()) Fail("sc", "expected numbers");
        g.final_results[p] = sc[2 * p + 1].get<double>();
      }
      int64_t sum = 0;
      bool small = true;
      for (int s : g.final_scores) {
        sum += s;
        small = small && std::abs(s) <= kMaxRecordNumber / 100;
      }
      if (std::abs(sum) < 2000 && small)  // in hundreds (mjlog owari style)
        for (int& s : g.final_scores) s *= 100;
    }
    return g;
  } catch (const ParseError& e) {
    return Error{e.message};
  } catch (const json::exception& e) {
    return Error{std::string("malformed record: ") + e.what()};
  } catch (const std::exception& e) {
    return Error{std::string("malformed record: ") + e.what()};
  }
}

Result<Game> ReadGameFile(const std::string& path) {
  auto text = ReadBoundedFile(path, kTenhouRecordLimits.max_bytes);
  if (!text) return Error{text.error()};
  auto doc = ParseBoundedJson(*text, kTenhouRecordLimits);
  if (!doc) return Error{"not valid JSON: " + doc.error()};
  return ParseGame(*doc);
}

}  // namespace mj::tenhou
