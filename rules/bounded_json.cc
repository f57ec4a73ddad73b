#include "rules/bounded_json.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <vector>

namespace mj {
namespace {

// Length of the valid UTF-8 sequence starting at text[i] (1..4), or 0 when it is not one
// (overlong forms, surrogates and code points above U+10FFFF are not valid).
size_t Utf8SequenceLength(std::string_view text, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  if (b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
  return n;
}

// "[json.exception.parse_error.101] parse error at ..." -> "parse error at ...".
std::string WithoutExceptionTag(std::string what) {
  if (!what.empty() && what[0] == '[') {
    const size_t close = what.find("] ");
    if (close != std::string::npos) what = what.substr(close + 2);
  }
  return what;
}

}  // namespace

int JsonNestingDepth(std::string_view text, int stop_above) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;  // skips the escaped character
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > stop_above) return deepest;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

Result<nlohmann::json> ParseBoundedJson(std::string_view text, const JsonLimits& limits) {
  if (text.size() > limits.max_bytes)
    return Error{std::to_string(text.size()) + " bytes; at most " + std::to_string(limits.max_bytes)};
  if (JsonNestingDepth(text, limits.max_depth) > limits.max_depth)
    return Error{"arrays and objects nested more than " + std::to_string(limits.max_depth) + " deep"};
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    return Error{PrintableText(WithoutExceptionTag(e.what()), 300)};
  }
}

namespace {

// A SAX reader that remembers the keys of each open object and stops at the first repeat.
class RepeatedKeyFinder : public nlohmann::json_sax<nlohmann::json> {
 public:
  std::optional<std::string> found;

  bool null() override { return Value(); }
  bool boolean(bool) override { return Value(); }
  bool number_integer(number_integer_t) override { return Value(); }
  bool number_unsigned(number_unsigned_t) override { return Value(); }
  bool number_float(number_float_t, const string_t&) override { return Value(); }
  bool string(string_t&) override { return Value(); }
  bool binary(binary_t&) override { return Value(); }
  bool start_object(std::size_t) override {
    Value();
    frames_.push_back(Frame{true, {}, {}, 0});
    return true;
  }
  bool key(string_t& k) override {
    Frame& f = frames_.back();
    if (std::find(f.keys.begin(), f.keys.end(), k) != f.keys.end()) {
      std::string path;
      for (const Frame& g : frames_) path += "/" + (g.object ? g.last_key : std::to_string(g.index - 1));
      found = PrintableText(path.substr(0, path.size() - f.last_key.size()) + k, 200);
      return false;
    }
    f.keys.push_back(k);
    f.last_key = k;
    return true;
  }
  bool end_object() override {
    frames_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override {
    Value();
    frames_.push_back(Frame{false, {}, {}, 0});
    return true;
  }
  bool end_array() override {
    frames_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  struct Frame {
    bool object;
    std::vector<std::string> keys;  // an object's keys so far (rulesets have few per object)
    std::string last_key;
    size_t index;  // an array's items so far
  };
  bool Value() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    return true;
  }
  std::vector<Frame> frames_;
};

}  // namespace

std::optional<std::string> FindRepeatedKey(std::string_view text) {
  RepeatedKeyFinder finder;
  try {
    (void)nlohmann::json::sax_parse(text, &finder);
  } catch (const std::exception&) {
    return std::nullopt;  // not JSON: the parser's own error says so
  }
  return finder.found;
}

Result<std::string> ReadBoundedFile(const std::string& path, size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read " + path};
  std::string text;
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    text.append(buffer, static_cast<size_t>(in.gcount()));
    if (text.size() > max_bytes) {
      in.seekg(0, std::ios::end);
      const auto size = in.tellg();
      return Error{path + ": " + (size > 0 ? std::to_string(size) : "more than " + std::to_string(max_bytes)) +
                   " bytes; at most " + std::to_string(max_bytes)};
    }
  }
  if (in.bad()) return Error{"cannot read " + path};
  return text;
}

bool ReadBoundedLine(std::istream& in, size_t max_bytes, std::string& line, bool* too_long) {
  line.clear();
  *too_long = false;
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (c == '\n') return true;
    if (line.size() < max_bytes) line.push_back(static_cast<char>(c));
    else *too_long = true;
  }
}

std::string PrintableText(std::string_view text, size_t max_bytes) {
  std::string out;
  size_t i = 0;
  while (i < text.size() && out.size() < max_bytes) {
    const size_t n = Utf8SequenceLength(text, i);
    const auto c = static_cast<unsigned char>(text[i]);
    if (n == 0 || (n == 1 && (c < 0x20 || c == 0x7F))) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      out += hex;
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string QuotedText(std::string_view text, size_t max_bytes) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(std::min(text.size(), max_bytes) + 8);
  size_t i = 0;
  while (i < text.size()) {
    const size_t n = Utf8SequenceLength(text, i);
    const auto c = static_cast<unsigned char>(text[i]);
    std::string_view piece;
    char escape[6] = {'\\', 'u', '0', '0', 0, 0};
    if (n == 0) {
      piece = kReplacement;
    } else if ((n == 1 && (c < 0x20 || c == 0x7F)) || (n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0)) {
      const unsigned char code = n == 1 ? c : static_cast<unsigned char>(text[i + 1]);  // C1: U+0080..U+009F
      escape[4] = kHex[code >> 4];
      escape[5] = kHex[code & 0xF];
      piece = std::string_view(escape, 6);
    } else {
      piece = text.substr(i, n);
    }
    if (out.size() + piece.size() > max_bytes) {
      out += "...";
      return out;
    }
    out.append(piece);
    i += n == 0 ? 1 : n;
  }
  return out;
}

std::string ValidUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const size_t n = Utf8SequenceLength(text, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

bool IsValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t n = Utf8SequenceLength(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string DescribeJson(const nlohmann::json& v, size_t max_bytes) {
  // Parsed JSON holds valid UTF-8 only; the replacing handler keeps a value built in code safe too.
  return PrintableText(v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), max_bytes);
}

std::optional<int64_t> JsonInt64(const nlohmann::json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<int64_t>();
  return std::nullopt;
}

std::optional<int64_t> JsonIntIn(const nlohmann::json& v, int64_t lo, int64_t hi) {
  const auto n = JsonInt64(v);
  if (!n || *n < lo || *n > hi) return std::nullopt;
  return n;
}

}  // namespace mj
