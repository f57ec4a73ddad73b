#pragma once
// The replay viewer: one self-contained HTML page per replay (the replay document embedded as
// JSON, the viewer's script and styles from viewer/ inlined, tile faces drawn as SVG by
// the script; no network, no other file), and an index page listing the games of a directory.
// docs/REPLAY.md "Viewer".

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace mj {

// The viewer page of `doc` (a replay document as ReplayToJson writes it). `title` heads the page
// (the file name, say). The JSON is embedded with "<" escaped, so no text in it can end the script.
[[nodiscard]] std::string ReplayHtml(const nlohmann::json& doc, const std::string& title);

// One line of the index page: a replay that loaded (`doc` set) or one that did not (`error`).
struct ReplayIndexEntry {
  std::string file;   // the replay file, as shown
  std::string page;   // the viewer page's address relative to the index page ("" when none)
  nlohmann::json doc;  // the replay document (null when it did not load)
  std::string error;  // why it did not load
};

// The index page: one row per entry with the agents, final scores and ranks (or where and why
// a stopped game stopped), the ruleset, the hand count and a link to its page.
[[nodiscard]] std::string ReplayIndexHtml(const std::vector<ReplayIndexEntry>& entries, const std::string& title);

}  // namespace mj
