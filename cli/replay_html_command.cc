// `mahjong replay html FILE|DIR [-o OUT]`: the replay viewer pages (docs/REPLAY.md "Viewer").

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "replays/compression.h"
#include "replays/replay.h"
#include "viewer/replay_html.h"
#include "formats/replay_import.h"
#include "replays/safe_path.h"

namespace mj::cli {
namespace {

namespace fs = std::filesystem;

int ReplayHtmlCommandUsage(const std::string& problem) {
  std::cerr << "mahjong replay html: " << problem
            << "\nusage: mahjong replay html FILE [--review REVIEW.json] [-o OUT.html]   (default OUT: FILE with .html;\n"
               "         FILE: a replay or a tenhou6 / mjlog / mjai log; REVIEW: from mahjong replay review -o)\n"
               "       mahjong replay html DIR [-o OUTDIR]      (one page per *.json below DIR + OUTDIR/index.html;\n"
               "                                                 default OUTDIR: DIR)\n";
  return 2;
}

// Writes a page: a link planted where it goes is replaced, not followed (WriteFileNoFollow), and
// with `inside` given, the page's folder must be inside it once links are resolved (a folder
// below it that is a link to elsewhere is refused).
bool WriteText(const fs::path& path, const std::string& text, std::string* error, const fs::path& inside = {}) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  if (!inside.empty()) {
    const fs::path root = fs::weakly_canonical(inside, ec);
    const fs::path parent = fs::weakly_canonical(path.has_parent_path() ? path.parent_path() : fs::path("."), ec);
    const auto [r, p] = std::mismatch(root.begin(), root.end(), parent.begin(), parent.end());
    if (ec || r != root.end()) {
      *error = "cannot write " + path.string() + ": its folder leads out of " + inside.string() + " (a symbolic link?)";
      return false;
    }
  }
  if (auto written = WriteFileNoFollow(path.string(), text); !written) {
    *error = written.error();
    return false;
  }
  return true;
}

// The page of each replay file (relative paths): "x.json" -> "x.html", any other name gets
// ".html" appended ("x.json.gz.html", "x.json.zst.html"), and a page name met before (or the
// index's, "index.html"; compared without regard to case) gets "-2", "-3", ... before ".html".
std::vector<fs::path> PageNames(const std::vector<fs::path>& relative) {
  std::vector<fs::path> pages;
  std::vector<std::string> taken = {"index.html"};
  auto lower = [](std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
  };
  for (const fs::path& rel : relative) {
    std::string stem = rel.generic_string();
    if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0) stem.resize(stem.size() - 5);
    std::string page = stem + ".html";
    for (int k = 2; std::find(taken.begin(), taken.end(), lower(page)) != taken.end(); ++k)
      page = stem + "-" + std::to_string(k) + ".html";
    taken.push_back(lower(page));
    pages.emplace_back(page);
  }
  return pages;
}

int OneFile(const std::string& file, std::string out, const std::string& review_file) {
  auto record = ReadGameFile(file);
  if (!record) {
    std::cerr << "mahjong replay html: " << file << ": " << record.error() << "\n";
    return 1;
  }
  if (out.empty()) out = fs::path(file).replace_extension(".html").string();
  nlohmann::json doc = ReplayToJson(*record);
  if (!review_file.empty()) {  // a review (replay review -o) shown beside the decisions
    std::ifstream in(review_file, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto review = nlohmann::json::parse(text, nullptr, false);
    if (!in.good() && text.empty()) {
      std::cerr << "mahjong replay html: cannot read " << review_file << "\n";
      return 1;
    }
    if (review.is_discarded() || !review.is_object() || review.value("format", "") != "mahjong-review" ||
        !review.contains("decisions") || !review["decisions"].is_array()) {
      std::cerr << "mahjong replay html: " << review_file << ": not a review (mahjong replay review -o)\n";
      return 1;
    }
    for (const auto& d : review["decisions"])
      if (!d.is_object() || !d.contains("event") || !d["event"].is_number_unsigned() ||
          d["event"].get<size_t>() >= record->events.size()) {
        std::cerr << "mahjong replay html: " << review_file << ": a decision's event is not in " << file << "\n";
        return 1;
      }
    doc["review"] = std::move(review);
  }
  std::string error;
  if (!WriteText(out, ReplayHtml(doc, fs::path(file).filename().string()), &error)) {
    std::cerr << "mahjong replay html: " << error << "\n";
    return 1;
  }
  std::cout << "wrote " << out << "\n";
  return 0;
}

int Directory(const std::string& dir, std::string out) {
  if (out.empty()) out = dir;
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && (IsReplayFileName(it->path().filename().string()) ||
                                    IsImportFileName(it->path().filename().string())))
      files.push_back(it->path());
  if (ec) {
    std::cerr << "mahjong replay html: cannot list " << dir << ": " << ec.message() << "\n";
    return 2;
  }
  std::sort(files.begin(), files.end());
  std::vector<fs::path> relative;
  for (const fs::path& f : files) relative.push_back(f.lexically_relative(dir));
  const std::vector<fs::path> pages = PageNames(relative);
  // Pages are independent: written by one worker per core, each taking the next file.
  std::vector<ReplayIndexEntry> entries(files.size());
  std::vector<std::string> problems(files.size());
  std::atomic<size_t> next{0};
  auto work = [&]() {
    for (size_t i = next++; i < files.size(); i = next++) {
      const fs::path& file = files[i];
      ReplayIndexEntry& entry = entries[i];
      const fs::path& rel = relative[i];
      entry.file = rel.generic_string();
      auto record = ReadGameFile(file.string());
      if (!record) {
        entry.error = record.error();
        problems[i] = file.string() + ": " + record.error();
        continue;
      }
      entry.doc = ReplayToJson(*record);
      const fs::path& page = pages[i];
      std::string error;
      if (WriteText(fs::path(out) / page, ReplayHtml(entry.doc, entry.file), &error, out)) {
        entry.page = page.generic_string();
      } else {
        problems[i] = error;
      }
    }
  };
  const size_t workers = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, std::max<size_t>(files.size(), 1));
  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers; ++w) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  bool all_ok = true;
  for (const std::string& p : problems) {
    if (p.empty()) continue;
    std::cerr << "mahjong replay html: " << p << "\n";
    all_ok = false;
  }
  const fs::path index = fs::path(out) / "index.html";
  std::string error;
  if (!WriteText(index, ReplayIndexHtml(entries, fs::path(dir).lexically_normal().generic_string()), &error, out)) {
    std::cerr << "mahjong replay html: " << error << "\n";
    return 1;
  }
  std::cout << "wrote " << index.string() << " and " << std::count_if(entries.begin(), entries.end(), [](const auto& e) {
    return !e.page.empty();
  }) << " of " << entries.size() << " replay pages\n";
  return all_ok ? 0 : 1;
}

}  // namespace

int RunReplayHtml(const std::vector<std::string>& args) {
  std::string in, out, review;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-o" || args[i] == "--out") {
      if (i + 1 >= args.size()) return ReplayHtmlCommandUsage(args[i] + " needs a path");
      out = args[++i];
    } else if (args[i] == "--review") {
      if (i + 1 >= args.size()) return ReplayHtmlCommandUsage("--review needs a file");
      review = args[++i];
    } else if (in.empty()) {
      in = args[i];
    } else {
      return ReplayHtmlCommandUsage("html takes one FILE or DIR");
    }
  }
  if (in.empty()) return ReplayHtmlCommandUsage("html needs a FILE or DIR");
  std::error_code ec;
  if (fs::is_directory(in, ec)) {
    if (!review.empty()) return ReplayHtmlCommandUsage("--review goes with one FILE");
    return Directory(in, out);
  }
  return OneFile(in, out, review);
}

}  // namespace mj::cli
