#include "tests/mjai_wins.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace mj::test {
namespace {

using nlohmann::json;

constexpr int kWallDraws = 70;  // 136 - 52 dealt - 14 dead wall, rinshan draws included
constexpr const char* kWindLetters = "ESWN";
constexpr std::array<const char*, 4> kWindNames = {"east", "south", "west", "north"};

struct Tile {
  int kind = 0;
  bool red = false;
};

struct Meld {
  std::string type;  // chi pon minkan kakan ankan
  std::vector<Tile> tiles;
};

// Tiles in mpsz, in the given order; consecutive tiles of one suit share the letter.
std::string Mpsz(const std::vector<Tile>& tiles) {
  std::string out;
  int suit = -1;
  for (const Tile& t : tiles) {
    const int s = t.kind < 27 ? t.kind / 9 : 3;
    if (suit != -1 && s != suit) out += "mpsz"[suit];
    suit = s;
    out += static_cast<char>('0' + (t.red ? 0 : (t.kind < 27 ? t.kind % 9 + 1 : t.kind - 26)));
  }
  if (suit != -1) out += "mpsz"[suit];
  return out;
}

std::vector<Tile> Sorted(std::vector<Tile> tiles) {
  std::stable_sort(tiles.begin(), tiles.end(), [](const Tile& a, const Tile& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.red && !b.red;
  });
  return tiles;
}

class Extractor {
 public:
  explicit Extractor(std::string file) : file_(std::move(file)) {}

  MjaiWinsFile Run(const std::vector<json>& events) {
    for (const json& e : events) {
      if (e.value("type", "") != "hora") continue;
      for (const char* key : {"pai", "hora_tehais", "uradora_markers", "fu", "fan", "yakus",
                              "hora_points", "deltas"}) {
        if (!e.contains(key)) {
          out_.has_score_fields = false;
          return std::move(out_);
        }
      }
    }
    for (size_t i = 0; i < events.size(); ++i) {
      const json& e = events[i];
      const std::string type = e.value("type", "");
      if (type == "hora") {
        size_t j = i;
        while (j < events.size() && events[j].value("type", "") == "hora") ++j;
        Horas(events, i, j, i > 0 ? &events[i - 1] : nullptr);
        i = j - 1;
        continue;
      }
      Event(e);
    }
    return std::move(out_);
  }

 private:
  void Error(const std::string& what) {
    out_.errors.push_back(file_ + " " + kyoku_ + "-" + std::to_string(honba_) + ": " + what);
  }

  Tile T(const json& pai) {
    Tile t;
    if (!pai.is_string() || !MjaiTileKind(pai.get<std::string>(), &t.kind, &t.red))
      Error("not a tile: " + pai.dump());
    return t;
  }

  std::vector<Tile> Ts(const json& pais) {
    std::vector<Tile> out;
    if (!pais.is_array()) {
      Error("not a tile list: " + pais.dump());
      return out;
    }
    for (const json& p : pais) out.push_back(T(p));
    return out;
  }

  void AnyCall() {
    any_call_ = true;
    ippatsu_.fill(false);
  }

  void Event(const json& e) {
    const std::string type = e.value("type", "");
    const int actor = e.value("actor", -1);
    if (actor >= 4) Error("bad actor in " + e.dump());
    if (type == "start_kyoku") {
      bakaze_ = e.value("bakaze", "E");
      kyoku_ = bakaze_ + std::to_string(e.value("kyoku", 0));
      honba_ = e.value("honba", 0);
      sticks_ = e.value("kyotaku", 0);
      oya_ = e.value("oya", 0);
      for (auto& m : melds_) m.clear();
      dora_.clear();
      dora_.push_back(T(e.at("dora_marker")));
      accepted_.fill(false);
      double_pending_.fill(false);
      double_.fill(false);
      ippatsu_.fill(false);
      discards_.fill(0);
      draws_ = 0;
      any_call_ = false;
      kan_pending_ = false;
      last_draw_rinshan_ = false;
      kakan_seen_ = false;
    } else if (type == "tsumo") {
      ++draws_;
      last_draw_rinshan_ = kan_pending_;
      kan_pending_ = false;
      if (kakan_seen_) ippatsu_.fill(false);  // the kakan was not robbed
      kakan_seen_ = false;
    } else if (type == "dahai") {
      if (actor < 0) return;
      ++discards_[actor];
      ippatsu_[actor] = false;  // set again by reach_accepted for a riichi discard
    } else if (type == "chi" || type == "pon" || type == "daiminkan") {
      std::vector<Tile> tiles = Ts(e.value("consumed", json::array()));
      tiles.push_back(T(e.at("pai")));
      melds_[actor].push_back({type == "daiminkan" ? "minkan" : type, Sorted(tiles)});
      AnyCall();
      if (type == "daiminkan") kan_pending_ = true;
    } else if (type == "ankan") {
      melds_[actor].push_back({"ankan", Sorted(Ts(e.value("consumed", json::array())))});
      AnyCall();
      kan_pending_ = true;
    } else if (type == "kakan") {
      const Tile added = T(e.at("pai"));
      bool found = false;
      for (Meld& m : melds_[actor]) {
        if (m.type == "pon" && m.tiles[0].kind == added.kind) {
          std::vector<Tile> tiles = Ts(e.value("consumed", json::array()));
          tiles.push_back(added);
          m = {"kakan", Sorted(tiles)};
          found = true;
          break;
        }
      }
      if (!found) Error("kakan without a pon: " + e.dump());
      any_call_ = true;
      kakan_seen_ = true;  // breaks ippatsu unless robbed (chankan keeps it)
      kan_pending_ = true;
    } else if (type == "dora") {
      dora_.push_back(T(e.at("dora_marker")));
    } else if (type == "reach") {
      double_pending_[actor] = !any_call_ && discards_[actor] == 0;
    } else if (type == "reach_accepted") {
      accepted_[actor] = true;
      double_[actor] = double_pending_[actor];
      ippatsu_[actor] = true;
      ++sticks_;
    }
  }

  // Events [begin, end) are hora events on the same discard (or one tsumo).
  void Horas(const std::vector<json>& events, size_t begin, size_t end, const json* previous) {
    // Tenhou: on a multiple ron, honba and sticks go to the first winner in turn order from
    // the discarder; the other winners get only their hand's value.
    int table_taker = -1, best = 5;
    for (size_t i = begin; i < end; ++i) {
      const int a = events[i].value("actor", 0), t = events[i].value("target", 0);
      const int d = (a - t + 4) % 4;
      if (d < best) best = d, table_taker = a;
    }
    for (size_t i = begin; i < end; ++i)
      Hora(events[i], static_cast<int>(end - begin), events[i].value("actor", 0) == table_taker,
           previous);
  }

  void Hora(const json& e, int winners, bool takes_table, const json* previous) {
    MjaiWin w;
    w.file = file_;
    w.kyoku = kyoku_;
    w.honba = honba_;
    w.riichi_sticks = sticks_;
    w.actor = e.value("actor", 0);
    w.target = e.value("target", 0);
    w.tsumo = w.actor == w.target;
    w.winners = winners;
    w.takes_table = takes_table;
    w.fu = e.value("fu", 0);
    w.fan = e.value("fan", 0);
    w.hora_points = e.value("hora_points", 0);
    w.delta = e.at("deltas").at(w.actor).get<int>();
    if (e.contains("pao") && e["pao"].is_number_integer()) w.pao = e["pao"].get<int>();
    w.tenhou_yakus = e.at("yakus");
    w.in_riichi = accepted_[w.actor];

    const Tile win = T(e.at("pai"));
    std::vector<Tile> concealed = Ts(e.at("hora_tehais"));
    concealed.push_back(win);
    concealed = Sorted(concealed);
    std::vector<Tile> all = concealed;
    json melds = json::array();
    for (const Meld& m : melds_[w.actor]) {
      melds.push_back({{"type", m.type}, {"tiles", Mpsz(m.tiles)}});
      all.insert(all.end(), m.tiles.begin(), m.tiles.end());
    }
    if (concealed.size() + 3 * melds_[w.actor].size() != 14)
      Error("seat " + std::to_string(w.actor) + " wins with " + std::to_string(concealed.size()) +
            " concealed tiles and " + std::to_string(melds_[w.actor].size()) + " melds");
    for (const Tile& t : all) {
      w.tile_kinds.push_back(t.kind);
      w.red_fives += t.red;
    }
    for (const Tile& t : dora_) w.dora_indicators.push_back(t.kind);
    const std::vector<Tile> ura = Ts(e.at("uradora_markers"));
    for (const Tile& t : ura) w.ura_indicators.push_back(t.kind);

    // Situational flags from the event stream (cross-check only).
    const bool no_calls_no_discard = !any_call_ && discards_[w.actor] == 0;
    w.derived.double_riichi = accepted_[w.actor] && double_[w.actor];
    w.derived.ippatsu = accepted_[w.actor] && ippatsu_[w.actor];
    w.derived.rinshan = w.tsumo && last_draw_rinshan_;
    w.derived.chankan = !w.tsumo && previous && previous->value("type", "") == "kakan";
    w.derived.haitei = w.tsumo && draws_ == kWallDraws && !last_draw_rinshan_;
    w.derived.houtei = !w.tsumo && draws_ == kWallDraws && previous &&
                       previous->value("type", "") == "dahai";
    w.derived.tenhou = w.tsumo && no_calls_no_discard && w.actor == oya_;
    w.derived.chiihou = w.tsumo && no_calls_no_discard && w.actor != oya_;

    // Tenhou's yaku in our names.
    const int seat = (w.actor - oya_ + 4) % 4;
    const int round = std::max(0, static_cast<int>(std::string(kWindLetters).find(bakaze_)));
    std::array<int, 34> counts{};
    for (const Tile& t : all) ++counts[t.kind];
    std::array<int, 34> concealed_counts{};
    for (const Tile& t : concealed) ++concealed_counts[t.kind];
    std::vector<std::string> dragons;  // triplets / quads of dragons, in yaku order
    for (int k = 31; k <= 33; ++k)
      if (counts[k] >= 3) dragons.push_back(k == 31 ? "yakuhai_haku" : k == 32 ? "yakuhai_hatsu" : "yakuhai_chun");
    size_t next_dragon = 0;
    std::map<std::string, int> yaku;
    std::map<std::string, bool> flags;
    for (const json& y : w.tenhou_yakus) {
      if (!y.is_array() || y.size() != 2 || !y[0].is_string() || !y[1].is_number_integer()) {
        Error("bad yakus entry " + y.dump());
        continue;
      }
      const std::string name = y[0].get<std::string>();
      const int han = y[1].get<int>();
      flags[name] = true;
      const char* ours = OurYakuName(name);
      if (ours == nullptr) {
        Error("unknown yaku name \"" + name + "\" in " + e.dump());
        continue;
      }
      std::string our = ours;
      if (name == "jikaze") {
        our = std::string("yakuhai_seat_") + kWindNames[seat];
      } else if (name == "bakaze") {
        our = std::string("yakuhai_round_") + kWindNames[round];
      } else if (name == "sangenpai") {
        // One entry per dragon triplet (a merged entry with han n stands for n of them).
        for (int n = 0; n < han; ++n) {
          if (next_dragon >= dragons.size()) {
            Error("more sangenpai han than dragon triplets in " + e.dump());
            break;
          }
          yaku[dragons[next_dragon++]] += 1;
        }
        continue;
      } else if (name == "suanko") {
        our = concealed_counts[win.kind] == 2 ? "suuankou_tanki" : "suuankou";
      } else if (name == "kokushimuso") {
        our = concealed_counts[win.kind] == 2 ? "kokushi_13_wait" : "kokushi";
      } else if (name == "churenpoton") {
        // Pure nine gates: the hand before the winning tile is 1112345678999 of one suit.
        std::array<int, 9> before{};
        const int suit = win.kind / 9;
        bool pure = win.kind < 27;
        for (const Tile& t : concealed)
          if (t.kind < 27 && t.kind / 9 == suit) ++before[t.kind % 9];
        if (pure) --before[win.kind % 9];
        constexpr std::array<int, 9> kGates = {3, 1, 1, 1, 1, 1, 1, 1, 3};
        our = pure && before == kGates ? "junsei_chuuren" : "chuuren";
      }
      if ((our == "dora" || our == "aka_dora" || our == "ura_dora") && han == 0) continue;
      yaku[our] += w.yakuman() ? 0 : han;
    }
    if (!w.yakuman() && next_dragon != dragons.size())
      Error("dragon triplets without a sangenpai entry in " + e.dump());
    w.yaku.assign(yaku.begin(), yaku.end());

    std::string dora_text;
    for (const Tile& t : dora_) dora_text += Mpsz({t});
    std::string ura_text;
    if (w.in_riichi)
      for (const Tile& t : ura) ura_text += Mpsz({t});
    const bool double_riichi = flags.count("double_reach") > 0;
    json in = {
        {"id", w.Where()},
        {"concealed", Mpsz(concealed)},
        {"win_tile", Mpsz({win})},
        {"melds", melds},
        {"tsumo", w.tsumo},
        {"riichi", w.in_riichi || double_riichi},
        {"double_riichi", double_riichi},
        {"ippatsu", flags.count("ippatsu") > 0},
        {"rinshan", flags.count("rinshankaiho") > 0},
        {"chankan", flags.count("chankan") > 0},
        {"haitei", flags.count("haiteiraoyue") > 0},
        {"houtei", flags.count("hoteiraoyui") > 0},
        {"tenhou", flags.count("tenho") > 0},
        {"chiihou", flags.count("chiho") > 0},
        {"seat_wind", std::string(1, kWindLetters[seat])},
        {"round_wind", std::string(1, kWindLetters[round])},
        {"dora_indicators", dora_text},
        {"ura_indicators", ura_text},
        {"honba", takes_table ? honba_ : 0},
        {"riichi_sticks", takes_table ? sticks_ : 0},
    };
    w.input = std::move(in);
    out_.wins.push_back(std::move(w));
  }

  std::string file_;
  MjaiWinsFile out_;
  std::string bakaze_ = "E", kyoku_ = "?";
  int honba_ = 0, sticks_ = 0, oya_ = 0;
  std::array<std::vector<Meld>, 4> melds_;
  std::vector<Tile> dora_;
  std::array<bool, 4> accepted_{}, double_pending_{}, double_{}, ippatsu_{};
  std::array<int, 4> discards_{};
  int draws_ = 0;
  bool any_call_ = false, kan_pending_ = false, last_draw_rinshan_ = false, kakan_seen_ = false;
};

}  // namespace

std::string MjaiWin::Where() const {
  std::string s = file + " " + kyoku + "-" + std::to_string(honba) + " seat " +
                  std::to_string(actor) + (tsumo ? " tsumo" : " ron from " + std::to_string(target));
  if (winners > 1) s += " (" + std::to_string(winners) + " winners)";
  return s;
}

bool MjaiTileKind(const std::string& pai, int* kind, bool* red) {
  static const std::string kHonors = "ESWNPFC";
  *red = false;
  if (pai.size() == 1) {
    const size_t h = kHonors.find(pai[0]);
    if (h == std::string::npos) return false;
    *kind = 27 + static_cast<int>(h);
    return true;
  }
  if (pai.size() < 2 || pai.size() > 3 || pai[0] < '1' || pai[0] > '9') return false;
  const char* suits = "mps";
  const char* s = std::strchr(suits, pai[1]);
  if (s == nullptr || pai[1] == '\0') return false;
  if (pai.size() == 3) {
    if (pai[2] != 'r' || pai[0] != '5') return false;
    *red = true;
  }
  *kind = static_cast<int>(s - suits) * 9 + (pai[0] - '1');
  return true;
}

int DoraOf(int k) {
  if (k < 27) return k / 9 * 9 + (k % 9 + 1) % 9;
  if (k <= 30) return 27 + (k - 27 + 1) % 4;
  return 31 + (k - 31 + 1) % 3;
}

const char* OurYakuName(const std::string& g) {
  static const std::map<std::string, const char*> kMap = {
      // 1 han
      {"reach", "riichi"},
      {"ippatsu", "ippatsu"},
      {"menzenchin_tsumoho", "menzen_tsumo"},
      {"pinfu", "pinfu"},
      {"tanyaochu", "tanyao"},
      {"ipeko", "iipeikou"},
      {"jikaze", ""},      // yakuhai_seat_<seat wind>
      {"bakaze", ""},      // yakuhai_round_<round wind>
      {"sangenpai", ""},   // yakuhai_haku / hatsu / chun, by the hand's dragon triplets
      {"rinshankaiho", "rinshan"},
      {"chankan", "chankan"},
      {"haiteiraoyue", "haitei"},
      {"hoteiraoyui", "houtei"},
      // 2 han
      {"double_reach", "double_riichi"},
      {"chitoitsu", "chiitoitsu"},
      {"honchantaiyao", "chanta"},
      {"ikkitsukan", "ittsu"},
      {"sanshokudojun", "sanshoku"},
      {"sanshokudoko", "sanshoku_doukou"},
      {"sankantsu", "sankantsu"},
      {"toitoiho", "toitoi"},
      {"sananko", "sanankou"},
      {"shosangen", "shousangen"},
      {"honroto", "honroutou"},
      // 3+ han
      {"ryanpeko", "ryanpeikou"},
      {"junchantaiyao", "junchan"},
      {"honiso", "honitsu"},
      {"chiniso", "chinitsu"},
      // yakuman
      {"tenho", "tenhou"},
      {"chiho", "chiihou"},
      {"kokushimuso", ""},  // kokushi / kokushi_13_wait, by the wait
      {"suanko", ""},       // suuankou / suuankou_tanki, by the wait
      {"daisangen", "daisangen"},
      {"shosushi", "shousuushii"},
      {"daisushi", "daisuushii"},
      {"tsuiso", "tsuuiisou"},
      {"ryuiso", "ryuuiisou"},
      {"chinroto", "chinroutou"},
      {"churenpoton", ""},  // chuuren / junsei_chuuren, by the wait
      {"sukantsu", "suukantsu"},
      // dora
      {"dora", "dora"},
      {"akadora", "aka_dora"},
      {"uradora", "ura_dora"},
      // "renho" (renhou) has no equivalent: Tenhou does not play it.
  };
  const auto it = kMap.find(g);
  return it == kMap.end() ? nullptr : it->second;
}

MjaiWinsFile ExtractMjaiWins(const std::string& path) {
  std::string name = path;
  if (const size_t slash = name.find_last_of('/'); slash != std::string::npos)
    name = name.substr(slash + 1);
  std::ifstream in(path);
  if (!in) {
    MjaiWinsFile out;
    out.errors.push_back(name + ": cannot open " + path);
    return out;
  }
  std::vector<json> events;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json e = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (e.is_discarded() || !e.is_object()) {
      MjaiWinsFile out;
      out.errors.push_back(name + ":" + std::to_string(line_no) + ": not a JSON object");
      return out;
    }
    events.push_back(std::move(e));
  }
  try {
    return Extractor(name).Run(events);
  } catch (const json::exception& ex) {  // a missing key or a wrong type somewhere
    MjaiWinsFile out;
    out.errors.push_back(name + ": " + ex.what());
    return out;
  }
}

}  // namespace mj::test
