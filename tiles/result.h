#pragma once
// Result<T>: a value or an error message, for untrusted input (notation, JSON, agent answers).
// Invariants inside the engine use assert; input never does.

#include <string>
#include <utility>
#include <variant>

namespace mj {

struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}          // NOLINT(runtime/explicit)
  Result(Error error) : data_(std::move(error)) {}      // NOLINT(runtime/explicit)

  [[nodiscard]] bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  [[nodiscard]] const T& value() const& { return std::get<0>(data_); }
  [[nodiscard]] T& value() & { return std::get<0>(data_); }
  [[nodiscard]] T&& value() && { return std::get<0>(std::move(data_)); }
  [[nodiscard]] const std::string& error() const { return std::get<1>(data_).message; }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, Error> data_;
};

}  // namespace mj
