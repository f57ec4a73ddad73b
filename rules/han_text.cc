#include "rules/han_text.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "rules/ruleset_reading.h"

namespace mj::ruleset_json {
namespace {

// A non-negative decimal integer of at most 9 digits.
std::optional<int64_t> ParseDigits(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// w + n/d in sixths, if exact.
std::optional<int> RationalToSixths(int64_t whole, int64_t num, int64_t den) {
  if (den <= 0) return std::nullopt;
  const int64_t scaled = (whole * den + num) * kSixthsPerHan;
  if (scaled % den != 0) return std::nullopt;
  const int64_t sixths = scaled / den;
  if (sixths > kMaxHan * kSixthsPerHan) return std::nullopt;
  return static_cast<int>(sixths);
}

std::optional<int> DoubleToSixths(double x) {
  if (!std::isfinite(x) || x < 0 || x > kMaxHan) return std::nullopt;
  const double scaled = std::round(x * kSixthsPerHan);
  if (std::abs(x - scaled / kSixthsPerHan) > 1e-9) return std::nullopt;
  return static_cast<int>(scaled);
}

}  // namespace

using nlohmann::json;

// "2", "2/3", "1 2/3", "2.5".
std::optional<int> HanTextToSixths(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) parts.push_back(text.substr(start, i - start));
  }
  auto fraction = [](std::string_view s, int64_t whole, bool proper) -> std::optional<int> {
    const size_t slash = s.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const auto num = ParseDigits(s.substr(0, slash));
    const auto den = ParseDigits(s.substr(slash + 1));
    if (!num || !den || *den == 0 || (proper && (*num == 0 || *num >= *den))) return std::nullopt;
    return RationalToSixths(whole, *num, *den);
  };
  if (parts.size() == 2) {
    const auto whole = ParseDigits(parts[0]);
    if (!whole) return std::nullopt;
    return fraction(parts[1], *whole, /*proper=*/true);
  }
  if (parts.size() != 1) return std::nullopt;
  const std::string_view p = parts[0];
  if (p.find('/') != std::string_view::npos) return fraction(p, 0, /*proper=*/false);
  if (const auto whole = ParseDigits(p)) return RationalToSixths(*whole, 0, 1);
  const size_t dot = p.find('.');
  if (dot == std::string_view::npos || !ParseDigits(p.substr(0, dot)) ||
      !ParseDigits(p.substr(dot + 1)))
    return std::nullopt;
  return DoubleToSixths(std::strtod(std::string(p).c_str(), nullptr));
}

// A JSON han value (number or fraction string) in sixths; null means 0 when allowed.
std::optional<int> JsonToSixths(const json& v, bool null_is_zero) {
  if (v.is_null()) return null_is_zero ? std::optional<int>(0) : std::nullopt;
  if (v.is_number()) return DoubleToSixths(v.get<double>());
  if (v.is_string()) return HanTextToSixths(v.get<std::string>());
  return std::nullopt;
}

// Whole and half han as JSON numbers, other values as fraction text ("1 2/3", "1/6").
json SixthsToJson(int sixths) {
  if (sixths % kSixthsPerHan == 0) return sixths / kSixthsPerHan;
  if (sixths % 3 == 0) return sixths / static_cast<double>(kSixthsPerHan);
  const int whole = sixths / kSixthsPerHan;
  int num = sixths % kSixthsPerHan;
  int den = kSixthsPerHan;
  if (num % 2 == 0) num /= 2, den /= 2;
  std::string text = std::to_string(num) + "/" + std::to_string(den);
  return whole > 0 ? std::to_string(whole) + " " + text : text;
}

}  // namespace mj::ruleset_json
