#include "cli/pretty_score.h"

#include <sstream>

#include "rules/bounded_json.h"

namespace mj::cli {

std::string PrettyScore(const nlohmann::json& input, const nlohmann::json& out) {
  std::ostringstream s;
  // The input is shown as given where it has the expected type; anything else shows as "?"
  // (plain mode reports the type error; the breakdown below says "cannot score").
  const auto text_of = [](const nlohmann::json& obj, const char* key, size_t max_bytes = 80) {
    return obj.is_object() && obj.contains(key) && obj.at(key).is_string()
               ? PrintableText(obj.at(key).get_ref<const std::string&>(), max_bytes)
               : std::string(obj.is_object() && obj.contains(key) ? "?" : "");
  };
  const auto str = [&](const char* key) { return text_of(input, key); };
  s << "hand " << DescribeJson(out.value("id", nlohmann::json())) << ": " << str("concealed");
  if (input.is_object() && input.contains("melds") && input.at("melds").is_array())
    for (const auto& m : input.at("melds"))
      if (m.is_object()) s << " [" << text_of(m, "type") << " " << text_of(m, "tiles") << "]";
  s << "  win " << str("win_tile");
  if (input.is_object() && input.contains("tsumo") && input.at("tsumo") == true) s << " (tsumo)";
  s << "\n";
  if (!out.value("ok", false)) {
    s << "  cannot score: " << text_of(out, "error") << ": " << text_of(out, "message", 2000) << "\n";
    return s.str();
  }
  // A Ningbo limit hand (limit "limit"/"half_limit") is named by its value, not han.
  const auto limit_hand = [](const nlohmann::json& limit) {
    return limit == "limit" ? std::string("limit (満貫)") : limit == "half_limit" ? std::string("half_limit (半満貫)") : std::string();
  };
  for (const auto& y : out.at("yaku")) {
    const std::string limit = y.contains("limit") ? limit_hand(y.at("limit")) : std::string();
    s << "  " << y.at("name").get<std::string>() << " " << (limit.empty() ? y.at("han").dump() : limit) << "\n";
  }
  s << "  fu:";
  for (const auto& f : out.at("fu_breakdown")) s << " " << f.at("reason").get<std::string>() << " " << f.at("fu").dump() << ";";
  s << " = " << out.at("fu").dump() << "\n";
  if (const std::string limit = limit_hand(out.at("limit")); !limit.empty()) {
    s << "  " << limit;  // the fu line above is the reading's; the limit is paid
  } else {
    s << "  " << out.at("han").dump() << " han " << out.at("fu").dump() << " fu";
    if (out.at("limit") != "none") s << " (" << out.at("limit").get<std::string>() << ")";
  }
  s << ": payment " << out.at("payment").dump() << ", honba +" << out.at("honba_bonus").dump() << ", deposits +"
    << out.at("deposits").dump() << ", total " << out.at("total").dump() << "\n";
  return s.str();
}

}  // namespace mj::cli
