#include "tests/scenario.h"

#include <gtest/gtest.h>

#include "engine/round.h"

namespace mj::test {

Wall ScenarioWall(const std::array<std::string, 4>& hands, const std::string& draws, int dealer,
                  const std::string& dora, const std::string& rinshan) {
  std::array<bool, kNumTiles> used{};
  // Marked specs (red fives) take copy 0; plain ones the highest free copy, then copy 0.
  auto take = [&](const std::string& text) {
    std::vector<Tile> out;
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
  };
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

Action PolicyAgent::Choose(const PlayerView& view, std::span<const Action> legal) {
  for (const Action& a : legal) {
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

}  // namespace mj::test
