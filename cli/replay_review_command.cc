// `mahjong replay review FILE [--seat N|all] [--agent SPEC] [--top K] [-o OUT.json]`: every
// decision of the seats next to a reviewing agent's choice and estimates (review/replay_review.h,
// docs/REPLAY.md "Review"). FILE: a replay or an outside log (imported on the fly).

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "replays/mjai_events.h"
#include "formats/replay_import.h"
#include "review/replay_review.h"

namespace mj::cli {
namespace {

int ReplayReviewCommandUsage(const std::string& problem) {
  std::cerr << "mahjong replay review: " << problem
            << "\nusage: mahjong replay review FILE [--seat N|all] [--agent SPEC] [--top K] [-o OUT.json]\n"
               "         FILE: a replay, or a tenhou6 / mjlog / mjai log; SPEC: any agent (default greedy;\n"
               "         an agent that estimates its actions, e.g. expert, gives values and losses)\n";
  return 2;
}

}  // namespace

int RunReplayReview(const std::vector<std::string>& args) {
  ReviewOptions options;
  std::string file, out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--seat" || a == "--agent" || a == "--top" || a == "-o" || a == "--out") {
      if (i + 1 >= args.size()) return ReplayReviewCommandUsage(a + " needs a value");
      const std::string& v = args[++i];
      if (a == "--seat") {
        if (v == "all") {
          options.seats = {true, true, true, true};
        } else if (v.size() == 1 && v[0] >= '0' && v[0] <= '3') {
          options.seats = {false, false, false, false};
          options.seats[v[0] - '0'] = true;
        } else {
          return ReplayReviewCommandUsage("--seat takes 0-3 or all");
        }
      } else if (a == "--agent") {
        options.agent = v;
      } else if (a == "--top") {
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), options.top);
        if (ec != std::errc() || p != v.data() + v.size() || options.top < 0) return ReplayReviewCommandUsage("--top takes a count");
      } else {
        out = v;
      }
    } else if (!a.empty() && a[0] == '-') {
      return ReplayReviewCommandUsage("unknown option " + a);
    } else if (file.empty()) {
      file = a;
    } else {
      return ReplayReviewCommandUsage("review takes one FILE");
    }
  }
  if (file.empty()) return ReplayReviewCommandUsage("review needs a FILE");
  auto record = ReadGameFile(file);
  if (!record) {
    std::cerr << "mahjong replay review: " << file << ": " << record.error() << "\n";
    return 1;
  }
  auto review = ReviewGame(*record, options);
  if (!review) {
    std::cerr << "mahjong replay review: " << file << ": " << review.error() << "\n";
    return 1;
  }
  const nlohmann::json doc =
      ReviewToJson(*review, *record, options, std::filesystem::path(file).filename().string());
  if (out.empty()) {
    std::cout << doc.dump() << "\n";
    return 0;
  }
  std::ofstream f(out, std::ios::binary);
  f << doc.dump() << "\n";
  f.close();
  if (!f) {
    std::cerr << "mahjong replay review: cannot write " << out << "\n";
    return 1;
  }
  for (const auto& s : doc["summary"]) {
    char pct[16];
    std::snprintf(pct, sizeof pct, "%.1f", 100.0 * s["agreement"].get<double>());
    std::cout << "seat " << s["seat"].get<int>() << " " << s["name"].get<std::string>() << ": " << s["matches"].get<int>()
              << " of " << s["decisions"].get<int>() << " decisions as " << review->agent << " (" << pct << "%)";
    if (s.contains("loss")) std::cout << ", estimated loss " << s["loss"].get<double>();
    std::cout << "\n";
  }
  std::cout << "wrote " << out << "\n";
  return 0;
}

}  // namespace mj::cli
