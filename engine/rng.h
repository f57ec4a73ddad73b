#pragma once
// The engine's one PRNG: boost::random::mt19937_64 (its output sequence is fixed by the
// algorithm, so identical on every platform), with our own bounded draw (rejection sampling)
// and Fisher-Yates shuffle; the standard library's distributions and std::shuffle are not
// portable. Seeds for each hand are derived with SplitMix64 so hand k of game s is the same
// wherever it is played.

#include <cstdint>
#include <span>

#include <boost/random/mersenne_twister.hpp>

namespace mj {

// SplitMix64 step: a well-mixed 64-bit hash, used to derive seeds.
[[nodiscard]] constexpr uint64_t SplitMix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Seed for hand `hand_index` (0-based, counting every hand played) of the game seeded `game_seed`.
[[nodiscard]] constexpr uint64_t HandSeed(uint64_t game_seed, uint64_t hand_index) {
  return SplitMix64(SplitMix64(game_seed) ^ (hand_index * 0xD1B54A32D192ED03ULL + 1));
}

class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  [[nodiscard]] uint64_t Next() { return engine_(); }
  // Uniform integer in [0, n), n > 0, by rejection sampling (no modulo bias).
  [[nodiscard]] uint64_t Below(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;  // largest multiple of n, exclusive
    uint64_t x;
    do {
      x = engine_();
    } while (x >= limit);
    return x % n;
  }
  // Fisher-Yates: for i from the end, swap with a uniform j in [0, i].
  template <typename T>
  void Shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      const size_t j = static_cast<size_t>(Below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  boost::random::mt19937_64 engine_;
};

}  // namespace mj
