#include "cli/score_compare.h"

#include <algorithm>
#include <sstream>

#include "rules/score_json.h"

namespace mj::cli {
namespace {

using nlohmann::json;

constexpr size_t kHandWidth = 34;  // the table's first column
constexpr size_t kCellWidth = 24;  // each ruleset's column

std::string Pad(std::string s, size_t width) {
  if (s.size() > width) s = s.substr(0, width - 1) + "~";
  s.resize(width, ' ');
  return s;
}

// "2 han 30 fu 2000", "1 2/3 han 1600", "yakuman 32000", "limit 1200", "no_yaku".
std::string Cell(const json& out) {
  if (!out.value("ok", false)) return out.value("error", std::string("error"));
  std::string s;
  const int yakuman = out.value("yakuman", 0);
  const std::string limit = out.value("limit", std::string("none"));
  if (limit == "limit" || limit == "half_limit") {  // a Ningbo limit hand: no han
    s = limit;
  } else if (yakuman > 0) {
    s = yakuman == 1 ? "yakuman" : std::to_string(yakuman) + "x yakuman";
  } else {
    s = HanToText(out.value("han_sixths", 0)) + " han";
    const int fu = out.value("fu", 0);
    if (fu > 0) s += " " + std::to_string(fu) + " fu";
    if (limit != "none") s += " " + limit;
  }
  return s + " " + std::to_string(out.value("total", 0));
}

// The hand column: the id when there is one, else the tiles.
std::string HandLabel(const json& input) {
  if (!input.is_object()) return "(not an object)";
  if (input.contains("id") && !input["id"].is_null())
    return input["id"].is_string() ? input["id"].get<std::string>() : input["id"].dump();
  std::string s = input.value("concealed", input.value("hand", std::string("?")));
  if (input.contains("win_tile") && input["win_tile"].is_string()) s += " +" + input["win_tile"].get<std::string>();
  return s;
}

}  // namespace

Result<std::vector<NamedRuleset>> LoadCompareList(std::string_view list) {
  std::vector<NamedRuleset> out;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string name(list.substr(start, comma - start));
    if (name.empty())
      return Error{"--compare: empty ruleset name at entry " + std::to_string(out.size() + 1) +
                   " of \"" + std::string(list) + "\""};
    // Each entry is a key of the output row, so each may appear once.
    for (size_t i = 0; i < out.size(); ++i)
      if (out[i].label == name)
        return Error{"--compare: \"" + name + "\" is listed twice (entries " + std::to_string(i + 1) + " and " +
                     std::to_string(out.size() + 1) + ")"};
    auto r = LoadRuleset(name);
    if (!r.ok()) return Error{"--compare entry " + std::to_string(out.size() + 1) + ": " + r.error()};
    out.push_back({name, std::move(r).value()});
    start = comma + 1;
  }
  return out;
}

std::vector<json> CompareOutputs(const json& input, const std::vector<NamedRuleset>& sets) {
  std::vector<json> outs;
  outs.reserve(sets.size());
  for (const NamedRuleset& s : sets) {
    json out = ScoreInputJson(input, s.rules);
    out.erase("id");
    outs.push_back(std::move(out));
  }
  return outs;
}

std::string CompareRowJson(const json& id, const std::vector<NamedRuleset>& sets, const std::vector<json>& outputs) {
  std::string row = "{\"id\":" + id.dump() + ",\"results\":{";
  for (size_t i = 0; i < sets.size(); ++i) {
    if (i > 0) row += ",";
    row += json(sets[i].label).dump() + ":" + DumpScoreOutput(outputs[i]);
  }
  return row + "}}";
}

std::string CompareTableHeader(const std::vector<NamedRuleset>& sets) {
  std::string head = Pad("hand", kHandWidth), rule(kHandWidth, '-');
  for (const NamedRuleset& s : sets) {
    head += " | " + Pad(s.label, kCellWidth);
    rule += "-+-" + std::string(kCellWidth, '-');
  }
  while (!head.empty() && head.back() == ' ') head.pop_back();
  return head + "\n" + rule;
}

std::string CompareTableRow(const json& input, const std::vector<NamedRuleset>& sets, const std::vector<json>& outputs) {
  std::string row = Pad(HandLabel(input), kHandWidth);
  for (size_t i = 0; i < sets.size(); ++i) row += " | " + Pad(Cell(outputs[i]), kCellWidth);
  while (!row.empty() && row.back() == ' ') row.pop_back();
  return row;
}

}  // namespace mj::cli
