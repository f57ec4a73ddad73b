#include "viewer/replay_html.h"

#include <cstdio>
#include <string>

#include "replays/safe_path.h"

namespace mj {
namespace {

// MJ_VIEWER_INC is generated from viewer/ by the build: kViewerJs, kViewerCss.
#include MJ_VIEWER_INC

using nlohmann::json;

std::string EscapeHtml(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// JSON text safe inside <script>: every "<" written as the JSON escape \u003c.
std::string ScriptJson(const json& j) {
  const std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size() + 64);
  for (char c : text) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

// The page's head. Its Content-Security-Policy allows nothing the page does not need: no
// network at all, no base or form target; inline styles; inline script only on a viewer page
// (`script`), the index page has none.
std::string Head(const std::string& title, bool script) {
  return std::string("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
                     "style-src 'unsafe-inline'; ") +
         (script ? "script-src 'unsafe-inline'; " : "script-src 'none'; ") +
         "base-uri 'none'; form-action 'none'\">"
         "<title>" + EscapeHtml(title) + "</title>\n<style>\n" + kViewerCss + "</style></head>\n";
}

// "25000" or "" for a missing value.
std::string Cell(const json& j) {
  if (j.is_number_integer()) return std::to_string(j.get<long long>());
  if (j.is_number()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f", j.get<double>());
    return buf;
  }
  if (j.is_string()) return j.get<std::string>();
  return "";
}

}  // namespace

std::string ReplayHtml(const json& doc, const std::string& title) {
  json data = doc;
  data["title"] = title;
  std::string html = Head(title, true);
  html += "<body><div id=\"app\"></div>\n<script id=\"mj-replay\" type=\"application/json\">";
  html += ScriptJson(data);
  html += "</script>\n<script>\n";
  html += kViewerJs;
  html += "</script></body></html>\n";
  return html;
}

std::string ReplayIndexHtml(const std::vector<ReplayIndexEntry>& entries, const std::string& title) {
  std::string html = Head(title, false);
  html += "<body><div id=\"app\"><div class=\"top\"><div class=\"title\">" + EscapeHtml(title) + " · " +
          std::to_string(entries.size()) + " replay" + (entries.size() == 1 ? "" : "s") +
          "</div></div>\n<table class=\"games\"><thead><tr><th>game</th><th>ruleset</th><th>hands</th>"
          "<th>seat 0</th><th>seat 1</th><th>seat 2</th><th>seat 3</th><th>result</th></tr></thead><tbody>\n";
  for (const ReplayIndexEntry& e : entries) {
    const std::string name = EscapeHtml(e.file);
    html += "<tr><td>" + (e.page.empty() ? name : "<a href=\"" + EscapeHtml(RelativeLink(e.page)) + "\">" + name + "</a>") + "</td>";
    if (e.doc.is_null()) {
      html += "<td colspan=\"7\" class=\"stop\">not loaded: " + EscapeHtml(e.error) + "</td></tr>\n";
      continue;
    }
    const json& d = e.doc;
    const json& final = d.value("final", json());
    size_t hands = d.contains("hands") ? d["hands"].size() : 0;
    html += "<td>" + EscapeHtml(d["ruleset"].value("name", std::string("?"))) + "</td><td>" + std::to_string(hands) + "</td>";
    for (int p = 0; p < 4; ++p) {
      std::string cell = EscapeHtml(d["agents"][p].get<std::string>());
      if (final.is_object())
        cell += "<br><b>" + Cell(final["ranks"][p]) + ".</b> " + Cell(final["scores"][p]) + " (" +
                Cell(final["results"][p]) + ")";
      html += "<td>" + cell + "</td>";
    }
    // A bot's faults (docs/MJAI.md): how many, the first one's seat and error.
    std::string faults;
    if (d.contains("faults") && d["faults"].is_array() && !d["faults"].empty()) {
      const json& f = d["faults"][0];
      faults = "<br><span class=\"fault\">" + std::to_string(d["faults"].size()) + " fault" +
               (d["faults"].size() == 1 ? "" : "s") + ": seat " + Cell(f.value("seat", json())) + " " +
               EscapeHtml(f.value("error", std::string())) +
               (f.value("substituted", false) ? " (substituted from then on)" : "") + "</span>";
    }
    if (d.value("complete", false)) {
      html += "<td>complete" + faults + "</td></tr>\n";
    } else {
      const size_t events = d.contains("events") ? d["events"].size() : 0;
      html += "<td class=\"stop\">stopped after event " + std::to_string(events == 0 ? 0 : events - 1) + " (hand " +
              std::to_string(hands == 0 ? 0 : hands - 1) + "): " + EscapeHtml(d.value("error", std::string())) + faults +
              "</td></tr>\n";
    }
  }
  html += "</tbody></table></div></body></html>\n";
  return html;
}

}  // namespace mj
