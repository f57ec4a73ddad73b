#pragma once
// SimdJsonValue: a read-only view of a simdjson DOM value with the few nlohmann::json calls the
// replay readers use (at, contains, size, operator[], begin/end, is_null, get<T>), so that one
// reader (EventsFromJson, ScoreFromJson) serves both libraries. Every mismatch (a missing key, a
// wrong type) throws simdjson::simdjson_error, as nlohmann throws json::exception.
// Arrays are walked with begin/end: simdjson's operator[] on an array is linear.

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace mj {

class SimdJsonValue {
 public:
  explicit SimdJsonValue(simdjson::dom::element e) : e_(e) {}

  [[nodiscard]] SimdJsonValue at(std::string_view key) const { return SimdJsonValue(e_.at_key(key).value()); }
  [[nodiscard]] bool contains(std::string_view key) const {
    return e_.is_object() && e_.at_key(key).error() == simdjson::SUCCESS;
  }
  [[nodiscard]] size_t size() const {
    if (e_.is_array()) return simdjson::dom::array(e_).size();
    return simdjson::dom::object(e_).size();
  }
  [[nodiscard]] SimdJsonValue operator[](size_t i) const { return SimdJsonValue(e_.at(i).value()); }
  [[nodiscard]] bool is_null() const { return e_.is_null(); }

  class Iterator {
   public:
    explicit Iterator(simdjson::dom::array::iterator it) : it_(it) {}
    SimdJsonValue operator*() const { return SimdJsonValue(*it_); }
    Iterator& operator++() {
      ++it_;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return it_ != o.it_; }

   private:
    simdjson::dom::array::iterator it_;
  };
  [[nodiscard]] Iterator begin() const { return Iterator(simdjson::dom::array(e_.get_array().value()).begin()); }
  [[nodiscard]] Iterator end() const { return Iterator(simdjson::dom::array(e_.get_array().value()).end()); }

  template <class T>
  [[nodiscard]] T get() const {
    if constexpr (std::is_same_v<T, std::string>) {
      return std::string(std::string_view(e_.get_string().value()));
    } else if constexpr (std::is_same_v<T, bool>) {
      return e_.get_bool().value();
    } else if constexpr (std::is_same_v<T, int>) {
      const int64_t v = e_.get_int64().value();
      if (v < INT32_MIN || v > INT32_MAX) throw simdjson::simdjson_error(simdjson::NUMBER_OUT_OF_RANGE);
      return static_cast<int>(v);
    } else if constexpr (std::is_same_v<T, double>) {
      return e_.get_double().value();
    } else {  // std::array<int|bool|double, 4>
      T out{};
      simdjson::dom::array a = e_.get_array().value();
      if (a.size() != out.size()) throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
      size_t i = 0;
      for (simdjson::dom::element x : a) out[i++] = SimdJsonValue(x).get<typename T::value_type>();
      return out;
    }
  }

 private:
  simdjson::dom::element e_;
};

}  // namespace mj
