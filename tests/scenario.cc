#include "tests/scenario.h"

#include <gtest/gtest.h>

#include "engine/round.h"

namespace mj::test {

std::vector<Tile> TakeTiles(const std::string& text, std::array<bool, kNumTiles>& used) {
  std::vector<Tile> out;
  if (text.empty()) return out;
  auto parsed = ParseTiles(text);
  if (!parsed) {
    ADD_FAILURE() << "scenario tiles \"" << text << "\": " << parsed.error();
    return out;
  }
  for (const TileSpec& t : *parsed) {
    int copy = -1;
    if (t.marked) {
      copy = used[TileOf(t.kind, 0)] ? -1 : 0;
    } else {
      for (int c = 3; c >= 0 && copy < 0; --c)
        if (!used[TileOf(t.kind, c)]) copy = c;
    }
    if (copy < 0) {
      ADD_FAILURE() << "scenario uses too many " << FormatTile(t);
      continue;
    }
    used[TileOf(t.kind, copy)] = true;
    out.push_back(TileOf(t.kind, copy));
  }
  return out;
}


Wall ScenarioWall(const std::array<std::string, 4>& hands, const std::string& draws, int dealer,
                  const std::string& dora, const std::string& rinshan) {
  std::array<bool, kNumTiles> used{};
  auto take = [&](const std::string& text) { return TakeTiles(text, used); };
  std::array<std::vector<Tile>, 4> dealt;
  for (int p = 0; p < 4; ++p) {
    dealt[p] = take(hands[p]);
    if (dealt[p].size() != 13) ADD_FAILURE() << "scenario hand " << p << " has " << dealt[p].size() << " tiles";
  }
  const std::vector<Tile> live = take(draws);
  const std::vector<Tile> dora_tiles = take(dora);
  const std::vector<Tile> rinshan_tiles = take(rinshan);
  std::vector<Tile> rest;
  for (int t = 0; t < kNumTiles; ++t)
    if (!used[t]) rest.push_back(static_cast<Tile>(t));
  size_t next_rest = 0;
  auto filler = [&]() { return rest[next_rest++]; };
  Wall w;
  std::array<size_t, 4> next_dealt{};
  for (int i = 0; i < 52; ++i) {
    const int seat = DealSeat(i, dealer);
    w.tiles[i] = next_dealt[seat] < dealt[seat].size() ? dealt[seat][next_dealt[seat]++] : filler();
  }
  for (int i = 52; i < Wall::kLiveSize; ++i) {
    const size_t k = static_cast<size_t>(i - 52);
    w.tiles[i] = k < live.size() ? live[k] : filler();
  }
  for (int i = 0; i < 4; ++i)
    w.tiles[Wall::kRinshanStart + i] = static_cast<size_t>(i) < rinshan_tiles.size() ? rinshan_tiles[i] : filler();
  for (int i = 0; i < 10; ++i)
    w.tiles[Wall::kDoraStart + i] = (i == 0 && !dora_tiles.empty()) ? dora_tiles[0] : filler();
  if (!w.IsPermutation()) ADD_FAILURE() << "scenario wall is not a permutation";
  return w;
}

namespace {

std::vector<Kind> Kinds(const std::string& text) {
  std::vector<Kind> out;
  if (text.empty()) return out;
  auto parsed = ParseTiles(text);
  if (!parsed) {
    ADD_FAILURE() << "policy tiles \"" << text << "\": " << parsed.error();
    return out;
  }
  for (const TileSpec& t : *parsed) out.push_back(t.kind);
  return out;
}

}  // namespace

ShieldScenario ShieldScenarioWall(const std::array<std::string, 4>& hands, const std::string& draws, int dealer,
                                  const std::array<std::string, 4>& carried, int extra) {
  std::array<bool, kNumTiles> used{};
  auto take = [&](const std::string& text) { return TakeTiles(text, used); };
  ShieldScenario out;
  std::array<std::vector<Tile>, 4> dealt;
  for (int p = 0; p < 4; ++p) {
    dealt[p] = take(hands[p]);
    const size_t want = static_cast<size_t>((p == dealer ? 14 : 13) + extra);
    if (dealt[p].size() != want) ADD_FAILURE() << "shield scenario hand " << p << " has " << dealt[p].size() << " tiles";
  }
  for (int p = 0; p < 4; ++p) out.carried[p] = take(carried[p]);
  const std::vector<Tile> live = take(draws);
  std::vector<Tile> rest;
  for (int t = 0; t < kNumTiles; ++t)
    if (!used[t]) rest.push_back(static_cast<Tile>(t));
  size_t next_rest = 0;
  std::vector<Tile> order;
  std::array<size_t, 4> next_dealt{};
  const int n = ShieldDealSize(extra);
  for (int i = 0; i < n; ++i) {
    const int seat = ShieldDealSeat(i, dealer, extra);
    order.push_back(next_dealt[seat] < dealt[seat].size() ? dealt[seat][next_dealt[seat]++] : rest[next_rest++]);
  }
  for (Tile t : live) order.push_back(t);
  while (next_rest < rest.size()) order.push_back(rest[next_rest++]);
  out.wall.size = static_cast<int>(order.size());
  for (const auto& c : out.carried) order.insert(order.end(), c.begin(), c.end());
  if (order.size() != static_cast<size_t>(kNumTiles)) {
    ADD_FAILURE() << "shield scenario wall has " << order.size() << " tiles";
    return out;
  }
  for (int i = 0; i < kNumTiles; ++i) out.wall.tiles[i] = order[i];
  if (!out.wall.IsPermutation()) ADD_FAILURE() << "shield scenario wall is not a permutation";
  return out;
}

Action PolicyAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  // Shields at the deal.
  if (legal.front().type == ActionType::kSetShield) {
    const std::vector<Kind> want = Kinds(p_.shields);
    if (next_shield_ < want.size()) {
      const Kind k = want[next_shield_++];
      for (const Action& a : legal)
        if (KindOf(a.tile) == k) return a;
    }
    return legal.front();
  }
  // Scripted exchanges, then scripted discards.
  const std::vector<std::pair<std::string, std::string>>& ex = p_.exchanges;
  if (next_exchange_ < ex.size()) {
    const Kind hand = Kinds(ex[next_exchange_].first).at(0);
    const Kind shield = Kinds(ex[next_exchange_].second).at(0);
    for (const Action& a : legal)
      if (a.type == ActionType::kExchange && KindOf(a.tile) == hand && KindOf(a.consumed[0]) == shield) {
        ++next_exchange_;
        return a;
      }
  }
  const std::vector<Kind> discards = Kinds(p_.discards);
  if (next_discard_ < discards.size()) {
    for (const Action& a : legal)
      if (a.type == ActionType::kDiscard && KindOf(a.tile) == discards[next_discard_]) {
        ++next_discard_;
        return a;
      }
  }
  for (const Action& a : legal) {
    if (p_.open_riichi && a.type == ActionType::kOpenRiichi && a.tile == view.drawn()) return a;
    if (p_.win && (a.type == ActionType::kRon || a.type == ActionType::kTsumo)) return a;
    if (p_.nine && a.type == ActionType::kNineTerminals) return a;
    if (p_.kan && a.type == ActionType::kAnkan) return a;
    if (p_.riichi && a.type == ActionType::kRiichi && a.tile == view.drawn()) return a;
  }
  for (const Action& a : legal)
    if (a.type == ActionType::kDiscard && a.tile == view.drawn()) return a;
  for (const Action& a : legal)
    if (a.type == ActionType::kDiscard || a.type == ActionType::kPass) return a;
  return legal.front();
}

std::array<Policy, 4> ShieldDealPolicies() {
  std::array<Policy, 4> p{};
  p[0].shields = "7z7z";
  p[0].discards = "7z";
  p[1].shields = "5z5z";
  p[2].shields = "6z6z";
  p[3].shields = "1z2z";
  return p;
}

}  // namespace mj::test
