#include "mjai/json_line.h"

#include <cstdint>
#include <string>

#include "rules/bounded_json.h"

namespace mj {
namespace {

using nlohmann::json;

json Tree(simdjson::dom::element e) {
  switch (e.type()) {
    case simdjson::dom::element_type::OBJECT: {
      json out(json::value_t::object);
      auto& members = out.get_ref<json::object_t&>();
      for (const simdjson::dom::key_value_pair kv : simdjson::dom::object(e))
        members.insert_or_assign(std::string(kv.key), Tree(kv.value));  // the last of repeated keys
      return out;
    }
    case simdjson::dom::element_type::ARRAY: {
      json out(json::value_t::array);
      auto& items = out.get_ref<json::array_t&>();
      const simdjson::dom::array a(e);
      items.reserve(a.size());
      for (const simdjson::dom::element x : a) items.push_back(Tree(x));
      return out;
    }
    case simdjson::dom::element_type::STRING: return json(std::string(std::string_view(e.get_string().value_unsafe())));
    case simdjson::dom::element_type::INT64: {
      const int64_t v = e.get_int64().value_unsafe();
      if (v >= 0) return json(static_cast<uint64_t>(v));
      return json(v);
    }
    case simdjson::dom::element_type::UINT64: return json(e.get_uint64().value_unsafe());
    case simdjson::dom::element_type::DOUBLE: return json(e.get_double().value_unsafe());
    case simdjson::dom::element_type::BOOL: return json(e.get_bool().value_unsafe());
    case simdjson::dom::element_type::NULL_VALUE: return json(nullptr);
  }
  return json(nullptr);
}

}  // namespace

JsonLineParser::JsonLineParser() : parser_(kMessageLimits.max_bytes) {
  // (On failure, here only out of memory, the parser allocates at its first line as before.)
  if (parser_.allocate(4096, static_cast<size_t>(kMessageLimits.max_depth)) != simdjson::SUCCESS) return;
}

json JsonLineParser::Parse(std::string_view line) {
  simdjson::dom::element doc;
  if (parser_.parse(line.data(), line.size()).get(doc) == simdjson::SUCCESS) return Tree(doc);
  // Only what simdjson refused reaches nlohmann's parser, and only within the message bounds
  // (its tree, and dumping it, recurse per level).
  if (line.size() > kMessageLimits.max_bytes || JsonNestingDepth(line, kMessageLimits.max_depth) > kMessageLimits.max_depth)
    return json(json::value_t::discarded);
  return json::parse(line, nullptr, false);
}

}  // namespace mj
