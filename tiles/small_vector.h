#pragma once
// SmallVector<T, N>: a fixed-capacity vector on the stack, for hot paths (melds, yaku lists,
// legal actions). Pushing past capacity is a programming error (assert), never input-driven.

#include <array>
#include <cassert>
#include <cstddef>

namespace mj {

template <typename T, size_t N>
class SmallVector {
 public:
  void push_back(const T& v) {
    assert(size_ < N);
    data_[size_++] = v;
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  [[nodiscard]] size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] static constexpr size_t capacity() { return N; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  T* begin() { return data_.data(); }
  T* end() { return data_.data() + size_; }
  const T* begin() const { return data_.data(); }
  const T* end() const { return data_.data() + size_; }

 private:
  std::array<T, N> data_{};
  size_t size_ = 0;
};

}  // namespace mj
