#pragma once
// Names shared by reading and writing mjai events (mjai_tile_names.cc, mjai_events_write.cc,
// mjai_events_read.cc). Internal to replays/.

#include <array>
#include <string>
#include <string_view>

namespace mj::mjai_names {

inline constexpr std::array<std::string_view, 7> kHonorNames = {"E", "S", "W", "N", "P", "F", "C"};
inline constexpr std::string_view kWindNames = "ESWN";
inline constexpr std::string_view kNagashiReason = "nagashimangan";

inline std::string Quote(const std::string& s) { return "\"" + s + "\""; }

}  // namespace mj::mjai_names
