// `mahjong replay html FILE|DIR [-o OUT]`: the replay viewer pages (docs/REPLAY.md "Viewer").

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "replays/compression.h"
#include "replays/replay.h"
#include "replays/replay_html.h"
#include "replays/replay_import.h"

namespace mj::cli {
namespace {

namespace fs = std::filesystem;

int Usage(const std::string& problem) {
  std::cerr << "mahjong replay html: " << problem
            << "\nusage: mahjong replay html FILE [--review REVIEW.json] [-o OUT.html]   (default OUT: FILE with .html;\n"
               "         FILE: a replay or a tenhou6 / mjlog / mjai log; REVIEW: from mahjong replay review -o)\n"
               "       mahjong replay html DIR [-o OUTDIR]      (one page per *.json below DIR + OUTDIR/index.html;\n"
               "                                                 default OUTDIR: DIR)\n";
  return 2;
}

bool WriteText(const fs::path& path, const std::string& text, std::string* error) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    *error = "cannot write " + path.string();
    return false;
  }
  return true;
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
  // Pages are independent: written by one worker per core, each taking the next file.
  std::vector<ReplayIndexEntry> entries(files.size());
  std::vector<std::string> problems(files.size());
  std::atomic<size_t> next{0};
  auto work = [&]() {
    for (size_t i = next++; i < files.size(); i = next++) {
      const fs::path& file = files[i];
      ReplayIndexEntry& entry = entries[i];
      const fs::path rel = file.lexically_relative(dir);
      entry.file = rel.generic_string();
      auto record = ReadGameFile(file.string());
      if (!record) {
        entry.error = record.error();
        problems[i] = file.string() + ": " + record.error();
        continue;
      }
      entry.doc = ReplayToJson(*record);
      fs::path page = rel;
      page.replace_extension(".html");
      std::string error;
      if (WriteText(fs::path(out) / page, ReplayHtml(entry.doc, entry.file), &error)) {
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
  if (!WriteText(index, ReplayIndexHtml(entries, fs::path(dir).lexically_normal().generic_string()), &error)) {
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
      if (i + 1 >= args.size()) return Usage(args[i] + " needs a path");
      out = args[++i];
    } else if (args[i] == "--review") {
      if (i + 1 >= args.size()) return Usage("--review needs a file");
      review = args[++i];
    } else if (in.empty()) {
      in = args[i];
    } else {
      return Usage("html takes one FILE or DIR");
    }
  }
  if (in.empty()) return Usage("html needs a FILE or DIR");
  std::error_code ec;
  if (fs::is_directory(in, ec)) {
    if (!review.empty()) return Usage("--review goes with one FILE");
    return Directory(in, out);
  }
  return OneFile(in, out, review);
}

}  // namespace mj::cli
