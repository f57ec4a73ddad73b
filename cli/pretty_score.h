#pragma once
// A readable, multi-line account of one score result (for `score --pretty` and the demo).

#include <string>

#include <nlohmann/json.hpp>

namespace mj::cli {

[[nodiscard]] std::string PrettyScore(const nlohmann::json& input, const nlohmann::json& output);

}  // namespace mj::cli
