#include "engine/player_view.h"

namespace mj {

Kind EngineMeld::LowestKind() const {
  Kind k = KindOf(tiles[0]);
  for (int i = 1; i < num_tiles; ++i) k = std::min(k, KindOf(tiles[i]));
  return k;
}

int PlayerView::peach_count(int seat) const {
  if (!s_.rules->peach_tiles) return 0;
  int n = 0;
  for (Tile t : s_.seats[seat].hand) n += IsPeachCopy(t);
  for (Tile t : s_.seats[seat].shields_down) n += IsPeachCopy(t);
  for (Tile t : s_.seats[seat].shields_up) n += IsPeachCopy(t);
  return n;
}

KindCounts PlayerView::VisibleCounts() const {
  KindCounts c = counts();
  for (int p = 0; p < 4; ++p) {
    for (const RiverTile& r : s_.seats[p].river)
      if (!r.called) ++c[KindOf(r.tile)];
    for (int mi = 0; mi < static_cast<int>(s_.seats[p].melds.size()); ++mi) {
      if (meld_hidden(p, mi)) continue;
      const EngineMeld& m = s_.seats[p].melds[mi];
      for (int i = 0; i < m.num_tiles; ++i) ++c[KindOf(m.tiles[i])];
    }
    for (Tile t : s_.seats[p].shields_up) ++c[KindOf(t)];
    if (p != seat_ && s_.seats[p].open_riichi)
      for (Tile t : s_.seats[p].hand) ++c[KindOf(t)];
  }
  for (int i = 0; i < s_.dora_revealed; ++i) ++c[KindOf(s_.wall.DoraIndicator(i))];
  for (Tile t : s_.seats[seat_].shields_down) ++c[KindOf(t)];
  for (auto& n : c) n = std::min<uint8_t>(n, 4);
  return c;
}

}  // namespace mj
