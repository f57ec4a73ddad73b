#include "rules/shanten.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "tiles/bit_count.h"

namespace mj {
namespace {

// A group is one suit (9 kinds, sequences allowed) or the honors (7 kinds, no sequences). A
// group's configuration (count 0..4 per kind) is indexed in base 5, kind 0 the lowest digit.
// Its table entry holds, for m = 0..4 sets and p = 0..1 pair, the minimum number of tiles to
// add (keeping every count <= 4) so that the configuration contains m sets and p pairs,
// at position m * 2 + p.
constexpr int kMaxSets = 4;
constexpr int kEntrySize = 2 * (kMaxSets + 1);
constexpr std::array<uint32_t, 10> kPow5 = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};
constexpr int kSuitKinds = 9;
constexpr int kHonorKinds = 7;

using Entry = std::array<uint8_t, kEntrySize>;

// Most sets (capped at kMaxSets) that fit in each configuration without a pair (sets[0]) and
// alongside one pair (sets[1], -1 when no pair fits). Filled in increasing index order: each
// value comes from configurations with fewer tiles, by the fate of the lowest kind present
// (one copy unused, or a pung / sequence starting there / the pair).
void MaxSets(int num_kinds, bool sequences, std::vector<int8_t>& sets0,
             std::vector<int8_t>& sets1) {
  const uint32_t size = kPow5[num_kinds];
  sets0.assign(size, 0);
  sets1.assign(size, -1);
  std::array<uint8_t, kSuitKinds> digit{};
  for (uint32_t index = 1; index < size; ++index) {
    int k = 0;
    while (digit[k] == 4) digit[k++] = 0;
    ++digit[k];
    int low = 0;
    while (digit[low] == 0) ++low;
    const uint32_t w = kPow5[low];
    int s0 = sets0[index - w];
    int s1 = sets1[index - w];
    if (digit[low] >= 2) s1 = std::max<int>(s1, sets0[index - 2 * w]);
    if (digit[low] >= 3) {
      s0 = std::max(s0, sets0[index - 3 * w] + 1);
      if (sets1[index - 3 * w] >= 0) s1 = std::max(s1, sets1[index - 3 * w] + 1);
    }
    if (sequences && low + 2 < num_kinds && digit[low + 1] > 0 && digit[low + 2] > 0) {
      const uint32_t rest = index - 31 * w;  // one copy each of low, low + 1, low + 2
      s0 = std::max(s0, sets0[rest] + 1);
      if (sets1[rest] >= 0) s1 = std::max(s1, sets1[rest] + 1);
    }
    sets0[index] = static_cast<int8_t>(std::min(s0, kMaxSets));
    sets1[index] = static_cast<int8_t>(std::min(s1, kMaxSets));
  }
}

// Element-wise minimum of the entries at index + 5^k for every kind k whose count is below 4,
// in the first kEntrySize bytes of `best` (the rest is scratch). Each entry must be followed by
// 16 - kEntrySize readable bytes.
inline void MinOfExtensions(const Entry* table, uint32_t index, const uint8_t* digit,
                            int num_kinds, uint8_t* best) {
#if defined(__SSE2__)
  __m128i acc = _mm_set1_epi8(static_cast<char>(kEntrySize * 3));  // above any real distance
  for (int k = 0; k < num_kinds; ++k) {
    if (digit[k] == 4) continue;
    __m128i next;
    std::memcpy(&next, table[index + kPow5[k]].data(), sizeof(next));
    acc = _mm_min_epu8(acc, next);
  }
  std::memcpy(best, &acc, sizeof(acc));
#else
  std::fill(best, best + kEntrySize, kEntrySize * 3);
  for (int k = 0; k < num_kinds; ++k) {
    if (digit[k] == 4) continue;
    const Entry& next = table[index + kPow5[k]];
    for (int e = 0; e < kEntrySize; ++e) best[e] = std::min(best[e], next[e]);
  }
#endif
}

// The distance table of a group, with one spare entry at the end (so 16-byte loads of the last
// real entry stay inside the buffer). Filled in decreasing index order: a configuration that
// does not yet hold m sets + p pairs needs one tile more than its best one-tile extension.
std::vector<Entry> BuildGroupTable(int num_kinds, bool sequences) {
  static_assert(sizeof(Entry) == kEntrySize && 2 * kEntrySize >= 16);
  std::vector<int8_t> sets0, sets1;
  MaxSets(num_kinds, sequences, sets0, sets1);
  const uint32_t size = kPow5[num_kinds];
  std::vector<Entry> table(size + 1);
  std::array<uint8_t, kSuitKinds> digit{};
  for (int k = 0; k < num_kinds; ++k) digit[k] = 4;
  uint8_t best[16];
  for (uint32_t index = size; index-- > 0;) {
    if (index != size - 1) {
      int k = 0;
      while (digit[k] == 0) digit[k++] = 4;
      --digit[k];
    }
    MinOfExtensions(table.data(), index, digit.data(), num_kinds, best);
    Entry& out = table[index];
    for (int m = 0; m <= kMaxSets; ++m) {
      out[m * 2] = sets0[index] >= m ? 0 : best[m * 2] + 1;
      out[m * 2 + 1] = sets1[index] >= m ? 0 : best[m * 2 + 1] + 1;
    }
  }
  return table;
}

struct Tables {
  std::vector<Entry> suit = BuildGroupTable(kSuitKinds, true);
  std::vector<Entry> honor = BuildGroupTable(kHonorKinds, false);
};

const Tables& GetTables() {
  static const Tables tables;
  return tables;
}

// Base-5 index of a group's counts, kind 0 the lowest digit (written out so that it compiles to
// independent multiply-adds rather than a loop-carried chain).
inline uint32_t SuitIndex(const uint8_t* c) {
  const uint32_t index = c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3] + 625u * c[4] +
                         3125u * c[5] + 15625u * c[6] + 78125u * c[7] + 390625u * c[8];
  return std::min(index, kPow5[kSuitKinds] - 1);  // only counts above 4 reach the clamp
}

inline uint32_t HonorIndex(const uint8_t* c) {
  const uint32_t index = c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3] + 625u * c[4] +
                         3125u * c[5] + 15625u * c[6];
  return std::min(index, kPow5[kHonorKinds] - 1);
}

#if defined(__SSE2__)
// Convolve's terms with m1 sets from `a`, over all lanes at once: a[m1][0] plus b moved up by m1
// sets (any pair from b), and a[m1][1] plus b's no-pair entries moved into the one-pair lanes
// (`b_pair`: lane m * 2 + 1 holds b[m][0], the even lanes 255). Lanes below m1 sets get 255.
template <int kM1>
__m128i ConvolveTerms(const uint8_t* a, __m128i b, __m128i b_pair) {
  const __m128i vacated = _mm_srli_si128(_mm_set1_epi8(-1), 16 - 2 * kM1);
  const __m128i no_pair = _mm_or_si128(_mm_slli_si128(b, 2 * kM1), vacated);
  const __m128i pair = _mm_or_si128(_mm_slli_si128(b_pair, 2 * kM1), vacated);
  return _mm_min_epu8(_mm_adds_epu8(_mm_set1_epi8(static_cast<char>(a[kM1 * 2])), no_pair),
                      _mm_adds_epu8(_mm_set1_epi8(static_cast<char>(a[kM1 * 2 + 1])), pair));
}
#endif

// out[m][p] = min over m1 + m2 = m, p1 + p2 = p of a[m1][p1] + b[m2][p2], for m <= kSets (the
// rest of out's 16 bytes is scratch). `b` must be followed by 16 - kEntrySize readable bytes.
template <int kSets>
void Convolve(const uint8_t* a, const uint8_t* b, uint8_t (&out)[16]) {
#if defined(__SSE2__)
  __m128i vb;
  std::memcpy(&vb, b, sizeof(vb));
  const __m128i b_pair = _mm_or_si128(_mm_slli_si128(vb, 1), _mm_set1_epi16(0x00FF));
  __m128i acc = _mm_set1_epi8(-1);
  [&]<int... kM1>(std::integer_sequence<int, kM1...>) {
    ((acc = _mm_min_epu8(acc, ConvolveTerms<kM1>(a, vb, b_pair))), ...);
  }(std::make_integer_sequence<int, kSets + 1>{});
  std::memcpy(out, &acc, sizeof(acc));
#else
  for (int m = 0; m <= kSets; ++m) {
    int r0 = 255, r1 = 255;
    for (int m1 = 0; m1 <= m; ++m1) {
      const int m2 = (m - m1) * 2;
      r0 = std::min(r0, a[m1 * 2] + b[m2]);
      r1 = std::min(r1, std::min(a[m1 * 2] + b[m2 + 1], a[m1 * 2 + 1] + b[m2]));
    }
    out[m * 2] = static_cast<uint8_t>(r0);
    out[m * 2 + 1] = static_cast<uint8_t>(r1);
  }
#endif
}

// Tiles to add for kSets sets + 1 pair over the four groups: (man * pin) and (sou * honor) are
// independent convolutions (instruction-level parallelism), then one entry of their product.
template <int kSets>
int Distance(const uint8_t* man, const uint8_t* pin, const uint8_t* sou, const uint8_t* honor) {
  uint8_t mp[16], sh[16];
  Convolve<kSets>(man, pin, mp);
  Convolve<kSets>(sou, honor, sh);
  int best = 255;
  for (int m1 = 0; m1 <= kSets; ++m1) {
    const int m2 = (kSets - m1) * 2;
    best = std::min(best, std::min(mp[m1 * 2] + sh[m2 + 1], mp[m1 * 2 + 1] + sh[m2]));
  }
  return best;
}

// The sets still to find with num_melds melds, as ShantenStandard reads it (0 outside 0..4).
int SetsToFind(int num_melds) { return num_melds >= 0 && num_melds <= kMaxSets ? kMaxSets - num_melds : 0; }

// Rearranges `rest`, an entry of the rest of a hand, for the last step of Distance<kSets>
// against a group's entry as one lane-wise sum and minimum (JoinByLanes): lane m * 2 + p gets
// rest[kSets - m][1 - p], which meets the group's entry for m sets and p pairs. Lanes past
// kSets * 2 + 1 get 255 (the sums saturate there, above any real distance).
template <int kSets>
std::array<uint8_t, 16> JoinLanes(const uint8_t* rest) {
  std::array<uint8_t, 16> lanes;
  lanes.fill(255);
  for (int m = 0; m <= kSets; ++m) {
    lanes[m * 2] = rest[(kSets - m) * 2 + 1];
    lanes[m * 2 + 1] = rest[(kSets - m) * 2];
  }
  return lanes;
}

// For each group g (man, pin, sou, honor): JoinLanes of the convolution of the other three
// groups' entries, built from the halves mp = (man * pin) and sh = (sou * honor). With
// `changed` in 0..3, mp, sh and others already hold those of a hand that differs from this one
// only in group `changed`: only what involves that group is recomputed (others[changed] does
// not). With `changed` -1 everything is built.
template <int kSets>
void CombineOthers(const std::array<const uint8_t*, 4>& group, int changed, std::array<uint8_t, 16>& mp,
                   std::array<uint8_t, 16>& sh, std::array<std::array<uint8_t, 16>, 4>& others) {
  uint8_t rest[16];
  auto convolve = [](const uint8_t* a, const uint8_t* b, std::array<uint8_t, 16>& out) {
    uint8_t r[16];
    Convolve<kSets>(a, b, r);
    std::memcpy(out.data(), r, sizeof(r));
  };
  const bool all = changed < 0;
  if (all || changed <= 1) convolve(group[0], group[1], mp);
  if (all || changed >= 2) convolve(group[2], group[3], sh);
  if (changed != 0) {  // needs sh and pin
    Convolve<kSets>(sh.data(), group[1], rest);
    others[0] = JoinLanes<kSets>(rest);
  }
  if (changed != 1) {  // sh and man
    Convolve<kSets>(sh.data(), group[0], rest);
    others[1] = JoinLanes<kSets>(rest);
  }
  if (changed != 2) {  // mp and honours
    Convolve<kSets>(mp.data(), group[3], rest);
    others[2] = JoinLanes<kSets>(rest);
  }
  if (changed != 3) {  // mp and sou
    Convolve<kSets>(mp.data(), group[2], rest);
    others[3] = JoinLanes<kSets>(rest);
  }
}

// min over the first kEntrySize lanes of entry[i] + lanes[i] (JoinLanes). The entry must be
// followed by 16 - kEntrySize readable bytes.
inline int JoinByLanes(const uint8_t* entry, const std::array<uint8_t, 16>& lanes) {
#if defined(__SSE2__)
  __m128i e, r;
  std::memcpy(&e, entry, sizeof(e));
  std::memcpy(&r, lanes.data(), sizeof(r));
  __m128i v = _mm_adds_epu8(e, r);  // lanes past kEntrySize: 255 + anything
  v = _mm_min_epu8(v, _mm_srli_si128(v, 8));
  v = _mm_min_epu8(v, _mm_srli_si128(v, 4));
  v = _mm_min_epu8(v, _mm_srli_si128(v, 2));
  v = _mm_min_epu8(v, _mm_srli_si128(v, 1));
  return _mm_cvtsi128_si32(v) & 0xFF;
#else
  int best = 255;
  for (int i = 0; i < kEntrySize; ++i) best = std::min(best, entry[i] + lanes[i]);
  return best;
#endif
}

// Bit k set when kind k is held at least once (present) / at least twice (paired).
struct KindMasks {
  uint64_t present = 0;
  uint64_t paired = 0;
};

KindMasks MasksOf(const KindCounts& counts) {
  KindMasks masks;
  int k = 0;
#if defined(__SSE2__)
  // Kinds 0..31 sixteen at a time. Counts are 0..4 (below 128 at worst), so signed compares do.
  const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
  for (; k + 16 <= kNumKinds; k += 16) {
    __m128i v;
    std::memcpy(&v, &counts[k], sizeof(v));
    const auto present = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(v, zero)));
    const auto paired = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(v, one)));
    masks.present |= static_cast<uint64_t>(present) << k;
    masks.paired |= static_cast<uint64_t>(paired) << k;
  }
#endif
  for (; k < kNumKinds; ++k) {
    masks.present |= static_cast<uint64_t>(counts[k] >= 1) << k;
    masks.paired |= static_cast<uint64_t>(counts[k] >= 2) << k;
  }
  return masks;
}

int ChiitoitsuFromMasks(const KindMasks& masks) {
  const int pairs = BitCount(masks.paired);
  const int kinds = BitCount(masks.present);
  return 6 - pairs + std::max(0, 7 - kinds);
}

// 1m 9m 1p 9p 1s 9s and the seven honors.
constexpr uint64_t kOrphanMask = (1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) |
                                 (1ULL << 18) | (1ULL << 26) | (0x7FULL << 27);

int KokushiFromMasks(const KindMasks& masks) {
  const int kinds = BitCount(masks.present & kOrphanMask);
  return 13 - kinds - ((masks.paired & kOrphanMask) != 0 ? 1 : 0);
}

}  // namespace

int ShantenStandard(const KindCounts& counts, int num_melds) {
  const Tables& tables = GetTables();
  const uint8_t* man = tables.suit[SuitIndex(&counts[0])].data();
  const uint8_t* pin = tables.suit[SuitIndex(&counts[9])].data();
  const uint8_t* sou = tables.suit[SuitIndex(&counts[18])].data();
  const uint8_t* honor = tables.honor[HonorIndex(&counts[27])].data();
  switch (kMaxSets - num_melds) {
    case 4: return Distance<4>(man, pin, sou, honor) - 1;
    case 3: return Distance<3>(man, pin, sou, honor) - 1;
    case 2: return Distance<2>(man, pin, sou, honor) - 1;
    case 1: return Distance<1>(man, pin, sou, honor) - 1;
    default: return Distance<0>(man, pin, sou, honor) - 1;
  }
}

int ShantenChiitoitsu(const KindCounts& counts) {
  const KindMasks masks = MasksOf(counts);
  return ChiitoitsuFromMasks(masks);
}

int ShantenKokushi(const KindCounts& counts) {
  const KindMasks masks = MasksOf(counts);
  return KokushiFromMasks(masks);
}

int Shanten(const KindCounts& counts, int num_melds) {
  const int standard = ShantenStandard(counts, num_melds);
  if (num_melds != 0) return standard;
  const KindMasks masks = MasksOf(counts);
  return std::min({standard, ChiitoitsuFromMasks(masks), KokushiFromMasks(masks)});
}

StandardShantenNeighbours::StandardShantenNeighbours(const KindCounts& counts, int num_melds) {
  static_assert(std::is_same_v<Entry, mj::Entry>);
  const Tables& tables = GetTables();
  table_ = {tables.suit.data(), tables.suit.data(), tables.suit.data(), tables.honor.data()};
  index_ = {SuitIndex(&counts[0]), SuitIndex(&counts[9]), SuitIndex(&counts[18]), HonorIndex(&counts[27])};
  sets_ = SetsToFind(num_melds);
  std::array<const uint8_t*, kGroups> group;
  for (int g = 0; g < kGroups; ++g) group[g] = table_[g][index_[g]].data();
  switch (sets_) {
    case 4: CombineOthers<4>(group, -1, man_pin_, sou_honor_, others_); break;
    case 3: CombineOthers<3>(group, -1, man_pin_, sou_honor_, others_); break;
    case 2: CombineOthers<2>(group, -1, man_pin_, sou_honor_, others_); break;
    case 1: CombineOthers<1>(group, -1, man_pin_, sou_honor_, others_); break;
    default: CombineOthers<0>(group, -1, man_pin_, sou_honor_, others_); break;
  }
}

StandardShantenNeighbours StandardShantenNeighbours::Without(Kind k) const {
  StandardShantenNeighbours out = *this;
  const int changed = k / 9;  // the honours (27..33) are group 3, digits 0..6
  // A count of 0 would wrap the index: clamped like SuitIndex (unspecified, never out of range).
  out.index_[changed] = std::min(index_[changed] - kPow5[k % 9], kPow5[changed == 3 ? kHonorKinds : kSuitKinds] - 1);
  std::array<const uint8_t*, kGroups> group;
  for (int g = 0; g < kGroups; ++g) group[g] = out.table_[g][out.index_[g]].data();
  switch (sets_) {
    case 4: CombineOthers<4>(group, changed, out.man_pin_, out.sou_honor_, out.others_); break;
    case 3: CombineOthers<3>(group, changed, out.man_pin_, out.sou_honor_, out.others_); break;
    case 2: CombineOthers<2>(group, changed, out.man_pin_, out.sou_honor_, out.others_); break;
    case 1: CombineOthers<1>(group, changed, out.man_pin_, out.sou_honor_, out.others_); break;
    default: CombineOthers<0>(group, changed, out.man_pin_, out.sou_honor_, out.others_); break;
  }
  return out;
}

int StandardShantenNeighbours::With(int group, uint32_t index) const {
  // An index past the table comes only from a count outside 0..4 (clamped like SuitIndex).
  index = std::min(index, kPow5[group == 3 ? kHonorKinds : kSuitKinds] - 1);
  return JoinByLanes(table_[group][index].data(), others_[group]) - 1;
}

// Kind k is digit k % 9 of group k / 9 (the honours: group 3, digits 0..6).
int StandardShantenNeighbours::Plus(Kind k) const { return With(k / 9, index_[k / 9] + kPow5[k % 9]); }

int StandardShantenNeighbours::Minus(Kind k) const { return With(k / 9, index_[k / 9] - kPow5[k % 9]); }

int StandardShantenNeighbours::Unchanged() const { return With(0, index_[0]); }

uint64_t BuildShantenTablesForBenchmark() {
  const Tables tables;
  uint64_t sum = 0;
  for (const Entry& e : tables.suit) sum += e[9];
  for (const Entry& e : tables.honor) sum += e[9];
  return sum;
}

}  // namespace mj
