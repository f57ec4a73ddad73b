#pragma once
// BitCount: the number of set bits of a 64-bit mask (kind masks: which of the 34 kinds a hand
// holds, pairs, orphans). std::popcount compiles to a call into libgcc (__popcountdi2, about 20
// instructions and a call) unless the build targets a CPU with POPCNT, which the portable x86-64
// baseline does not; the shanten and hand-evaluation code asks it several times a decision.
// This is the same count, inline: the POPCNT instruction where the target has it, else the
// usual SWAR sum (a dozen arithmetic instructions, no branch, no table).

#include <bit>
#include <cstdint>

namespace mj {

[[nodiscard]] constexpr int BitCount(uint64_t x) {
#if defined(__POPCNT__)
  return std::popcount(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

static_assert(BitCount(0) == 0 && BitCount(1) == 1 && BitCount(0x3FFFFFFFFULL) == 34 && BitCount(~0ULL) == 64 &&
              BitCount(0x8000000000000001ULL) == 2);

}  // namespace mj
