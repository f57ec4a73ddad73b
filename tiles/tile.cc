#include "tiles/tile.h"

#include <algorithm>

namespace mj {
namespace {

int SuitIndex(char c) {
  switch (c) {
    case 'm': return 0;
    case 'p': return 1;
    case 's': return 2;
    case 'z': return 3;
    default: return -1;
  }
}

constexpr char kSuitLetters[4] = {'m', 'p', 's', 'z'};

}  // namespace

std::string FormatKind(Kind k) {
  std::string s;
  s += static_cast<char>('0' + NumberOf(k));
  s += kSuitLetters[static_cast<int>(SuitOf(k))];
  return s;
}

std::string FormatTile(TileSpec t) {
  std::string s;
  const int n = NumberOf(t.kind);
  const bool suited = !IsHonor(t.kind);
  if (t.marked && suited && n == 5) {
    s += '0';
  } else {
    s += static_cast<char>('0' + n);
    if (t.marked && suited && (n == 3 || n == 7)) s += '*';
  }
  s += kSuitLetters[static_cast<int>(SuitOf(t.kind))];
  return s;
}

std::string FormatTileId(Tile t, bool red_fives, bool peach) {
  const bool marked = (red_fives && IsRedFiveCopy(t)) || (peach && IsPeachCopy(t));
  return FormatTile({KindOf(t), marked});
}

Result<std::vector<TileSpec>> ParseTiles(std::string_view text) {
  std::vector<TileSpec> out;
  std::vector<std::pair<char, size_t>> pending;  // digit (or '0') and its position
  std::vector<bool> pending_peach;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      pending.emplace_back(c, i);
      pending_peach.push_back(false);
    } else if (c == '*') {
      if (pending.empty() || pending_peach.back())
        return Error{"'*' at position " + std::to_string(i + 1) + " does not follow a digit"};
      pending_peach.back() = true;
    } else if (c == ' ') {
      if (!pending.empty())
        return Error{"space at position " + std::to_string(i + 1) + " before the suit letter"};
    } else {
      const int suit = SuitIndex(c);
      if (suit < 0) {
        std::string what = (c >= 32 && c < 127) ? std::string(1, c) : "\\x" + std::to_string(static_cast<unsigned char>(c));
        return Error{"unknown suit '" + what + "' at position " + std::to_string(i + 1)};
      }
      if (pending.empty())
        return Error{"suit '" + std::string(1, c) + "' at position " + std::to_string(i + 1) + " has no digits before it"};
      for (size_t j = 0; j < pending.size(); ++j) {
        const auto [d, pos] = pending[j];
        const int n = d - '0';
        TileSpec t;
        if (suit == 3) {
          if (n < 1 || n > 7)
            return Error{"honor tile '" + std::string(1, d) + "z' at position " + std::to_string(pos + 1) + " does not exist (1z-7z)"};
          if (pending_peach[j])
            return Error{"'*' (peach) at position " + std::to_string(pos + 2) + " is only for 3 and 7 of m, p, s"};
          t.kind = static_cast<Kind>(27 + n - 1);
        } else if (n == 0) {
          if (pending_peach[j])
            return Error{"'*' (peach) at position " + std::to_string(pos + 2) + " is only for 3 and 7 of m, p, s"};
          t.kind = static_cast<Kind>(suit * 9 + 4);
          t.marked = true;
        } else {
          if (pending_peach[j] && n != 3 && n != 7)
            return Error{"'*' (peach) at position " + std::to_string(pos + 2) + " is only for 3 and 7 of m, p, s"};
          t.kind = static_cast<Kind>(suit * 9 + n - 1);
          t.marked = pending_peach[j];
        }
        out.push_back(t);
      }
      pending.clear();
      pending_peach.clear();
    }
  }
  if (!pending.empty())
    return Error{"digits at position " + std::to_string(pending.front().second + 1) + " have no suit letter after them"};
  // Physical limits: 4 copies of a kind, one marked copy of each marked kind.
  KindCounts counts{};
  std::array<uint8_t, kNumKinds> marked{};
  for (const TileSpec& t : out) {
    ++counts[t.kind];
    if (t.marked) ++marked[t.kind];
  }
  for (int k = 0; k < kNumKinds; ++k) {
    if (counts[k] > 4)
      return Error{"\"" + FormatKind(static_cast<Kind>(k)) + "\" appears " + std::to_string(counts[k]) + " times"};
    if (marked[k] > 1)
      return Error{"\"" + FormatTile({static_cast<Kind>(k), true}) + "\" appears " + std::to_string(marked[k]) +
                   " times (there is one such tile)"};
  }
  return out;
}

Result<TileSpec> ParseTile(std::string_view text) {
  auto parsed = ParseTiles(text);
  if (!parsed) return Error{parsed.error()};
  if (parsed->size() != 1)
    return Error{"expected one tile, got " + std::to_string(parsed->size()) + " in \"" + std::string(text) + "\""};
  return parsed->front();
}

void SortTiles(std::vector<TileSpec>& tiles) {
  std::sort(tiles.begin(), tiles.end(), [](TileSpec a, TileSpec b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.marked && !b.marked;
  });
}

std::string FormatTiles(const std::vector<TileSpec>& tiles) {
  std::string out;
  std::string group;
  int group_suit = -1;
  for (const TileSpec& t : tiles) {
    const int suit = static_cast<int>(SuitOf(t.kind));
    if (suit != group_suit && group_suit >= 0) {
      out += group;
      out += kSuitLetters[group_suit];
      group.clear();
    }
    group_suit = suit;
    std::string one = FormatTile(t);
    one.pop_back();  // drop the suit letter
    group += one;
  }
  if (group_suit >= 0) {
    out += group;
    out += kSuitLetters[group_suit];
  }
  return out;
}

KindCounts CountKinds(const std::vector<TileSpec>& tiles) {
  KindCounts counts{};
  for (const TileSpec& t : tiles) ++counts[t.kind];
  return counts;
}

Result<std::vector<Tile>> AssignTileIds(const std::vector<TileSpec>& specs, bool plain_may_use_copy0) {
  std::array<uint8_t, kNumKinds> used{};  // bit per copy
  std::vector<Tile> ids;
  ids.reserve(specs.size());
  // Marked copies first so plain tiles never take them.
  for (const TileSpec& t : specs) {
    if (!t.marked) continue;
    if (used[t.kind] & 1) {
      std::string message(1, '"');
      message += FormatTile(t);
      message += "\" appears twice";
      return Error{std::move(message)};
    }
    used[t.kind] |= 1;
  }
  for (const TileSpec& t : specs) {
    if (t.marked) {
      ids.push_back(TileOf(t.kind, 0));
      continue;
    }
    int copy = -1;
    const Tile copy0 = TileOf(t.kind, 0);
    const bool copy0_is_marked = IsRedFiveCopy(copy0) || IsPeachCopy(copy0);
    for (int c = 3; c >= (plain_may_use_copy0 || !copy0_is_marked ? 0 : 1); --c) {
      if (!(used[t.kind] & (1 << c))) {
        copy = c;
        break;
      }
    }
    if (copy < 0) return Error{"too many plain \"" + FormatKind(t.kind) + "\" tiles"};
    used[t.kind] |= static_cast<uint8_t>(1 << copy);
    ids.push_back(TileOf(t.kind, copy));
  }
  return ids;
}

}  // namespace mj
