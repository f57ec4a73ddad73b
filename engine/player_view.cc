#include "engine/player_view.h"

namespace mj {

Kind EngineMeld::LowestKind() const {
  Kind k = KindOf(tiles[0]);
  for (int i = 1; i < num_tiles; ++i) k = std::min(k, KindOf(tiles[i]));
  return k;
}

KindCounts PlayerView::VisibleCounts() const {
  KindCounts c = counts();
  for (int p = 0; p < 4; ++p) {
    for (const RiverTile& r : s_.seats[p].river)
      if (!r.called) ++c[KindOf(r.tile)];
    for (const EngineMeld& m : s_.seats[p].melds)
      for (int i = 0; i < m.num_tiles; ++i) ++c[KindOf(m.tiles[i])];
  }
  for (int i = 0; i < s_.dora_revealed; ++i) ++c[KindOf(s_.wall.DoraIndicator(i))];
  for (auto& n : c) n = std::min<uint8_t>(n, 4);
  return c;
}

}  // namespace mj
