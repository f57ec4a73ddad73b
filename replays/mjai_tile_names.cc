// mjai tile names ("1m", "5mr", "E", our "3m*") <-> engine tiles.
#include "replays/mjai_events.h"

#include "engine/win_check.h"
#include "replays/mjai_names.h"
#include "replays/replay.h"

namespace mj {

using mjai_names::kHonorNames;

std::optional<MjaiTileName> ParseMjaiTile(std::string_view name) {
  for (size_t i = 0; i < kHonorNames.size(); ++i)
    if (name == kHonorNames[i]) return MjaiTileName{static_cast<Kind>(27 + i), false, false};
  if (name.size() < 2 || name.size() > 3 || name[0] < '1' || name[0] > '9') return std::nullopt;
  const size_t suit = std::string_view("mps").find(name[1]);
  if (suit == std::string_view::npos) return std::nullopt;
  const Kind kind = static_cast<Kind>(suit * 9 + (name[0] - '1'));
  if (name.size() == 2) return MjaiTileName{kind, false, false};
  if (name[2] == 'r' && name[0] == '5') return MjaiTileName{kind, true, false};
  if (name[2] == '*' && (name[0] == '3' || name[0] == '7')) return MjaiTileName{kind, false, true};
  return std::nullopt;
}

MjaiTileName MjaiNameOf(Tile t, const Ruleset& rules) {
  return {KindOf(t), IsRedFive(t, rules), rules.peach_tiles && IsPeachCopy(t)};
}

std::string MjaiTile(Tile t, const Ruleset& rules) {
  if (t >= kNumTiles) return "?";
  const Kind k = KindOf(t);
  if (IsHonor(k)) return std::string(kHonorNames[k - 27]);
  const MjaiTileName n = MjaiNameOf(t, rules);
  std::string s;
  s += static_cast<char>('0' + NumberOf(k));
  s += "mps"[k / 9];
  if (n.red) s += 'r';
  if (n.peach) s += '*';
  return s;
}
}  // namespace mj
