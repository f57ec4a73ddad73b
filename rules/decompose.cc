#include "rules/decompose.h"

namespace mj {
namespace {

struct SplitSearch {
  KindCounts c;
  StandardSplit current;
  bool have_pair = false;
  SplitList* out;

  void Run(int from) {
    int k = from;
    while (k < kNumKinds && c[k] == 0) ++k;
    if (k == kNumKinds) {
      if (have_pair && out->size() < kMaxSplits) out->push_back(current);
      return;
    }
    // The lowest remaining tile must belong to a pair, a pung or a sequence that starts here.
    if (!have_pair && c[k] >= 2) {
      c[k] -= 2;
      have_pair = true;
      current.pair = static_cast<Kind>(k);
      Run(k);
      have_pair = false;
      c[k] += 2;
    }
    if (c[k] >= 3 && current.sets.size() < current.sets.capacity()) {
      c[k] -= 3;
      current.sets.push_back({SetType::kPung, static_cast<Kind>(k), false, false});
      Run(k);
      current.sets.pop_back();
      c[k] += 3;
    }
    if (k < 27 && k % 9 <= 6 && c[k + 1] && c[k + 2] && current.sets.size() < current.sets.capacity()) {
      --c[k], --c[k + 1], --c[k + 2];
      current.sets.push_back({SetType::kSequence, static_cast<Kind>(k), false, false});
      Run(k);
      current.sets.pop_back();
      ++c[k], ++c[k + 1], ++c[k + 2];
    }
  }
};

}  // namespace

void SplitStandard(const KindCounts& counts, int num_sets, SplitList* out) {
  out->clear();
  int total = 0;
  for (uint8_t n : counts) total += n;
  if (num_sets < 0 || num_sets > 4 || total != 3 * num_sets + 2) return;
  SplitSearch search{counts, {}, false, out};
  search.Run(0);
}

bool IsSevenPairs(const KindCounts& counts) {
  int pairs = 0;
  for (uint8_t n : counts) {
    if (n == 2) {
      ++pairs;
    } else if (n != 0) {
      return false;
    }
  }
  return pairs == 7;
}

bool IsThirteenOrphans(const KindCounts& counts) {
  static constexpr Kind kOrphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
  int total = 0;
  for (uint8_t n : counts) total += n;
  if (total != 14) return false;
  bool pair = false;
  for (Kind k : kOrphans) {
    if (counts[k] == 0 || counts[k] > 2) return false;
    if (counts[k] == 2) pair = true;
  }
  return pair;  // 13 kinds present, 14 tiles, one pair: no other tile can be there
}

}  // namespace mj

namespace mj {

std::string_view WaitShapeName(WaitShape s) {
  switch (s) {
    case WaitShape::kRyanmen: return "ryanmen";
    case WaitShape::kKanchan: return "kanchan";
    case WaitShape::kPenchan: return "penchan";
    case WaitShape::kShanpon: return "shanpon";
    case WaitShape::kTanki: return "tanki";
    default: return "?";
  }
}

}  // namespace mj
