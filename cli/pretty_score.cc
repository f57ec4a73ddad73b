#include "cli/pretty_score.h"

#include <sstream>

namespace mj::cli {

std::string PrettyScore(const nlohmann::json& input, const nlohmann::json& out) {
  std::ostringstream s;
  const auto str = [&](const char* key) {
    return input.is_object() && input.contains(key) && input.at(key).is_string() ? input.at(key).get<std::string>()
                                                                                 : std::string();
  };
  s << "hand " << out.value("id", nlohmann::json()).dump() << ": " << str("concealed");
  if (input.is_object() && input.contains("melds") && input.at("melds").is_array())
    for (const auto& m : input.at("melds"))
      if (m.is_object()) s << " [" << m.value("type", "?") << " " << m.value("tiles", "?") << "]";
  s << "  win " << str("win_tile");
  if (input.is_object() && input.value("tsumo", false)) s << " (tsumo)";
  s << "\n";
  if (!out.value("ok", false)) {
    s << "  cannot score: " << out.value("error", "?") << ": " << out.value("message", "") << "\n";
    return s.str();
  }
  for (const auto& y : out.at("yaku")) s << "  " << y.at("name").get<std::string>() << " " << y.at("han").dump() << "\n";
  s << "  fu:";
  for (const auto& f : out.at("fu_breakdown")) s << " " << f.at("reason").get<std::string>() << " " << f.at("fu").dump() << ";";
  s << " = " << out.at("fu").dump() << "\n";
  s << "  " << out.at("han").dump() << " han " << out.at("fu").dump() << " fu";
  if (out.at("limit") != "none") s << " (" << out.at("limit").get<std::string>() << ")";
  s << ": payment " << out.at("payment").dump() << ", honba +" << out.at("honba_bonus").dump() << ", deposits +"
    << out.at("deposits").dump() << ", total " << out.at("total").dump() << "\n";
  return s.str();
}

}  // namespace mj::cli
