#include "cli/progress_line.h"

#include <algorithm>
#include <cstdio>

namespace mj::cli {

void ProgressLine::Started(long total) {
  total_ = total;
  start_ = std::chrono::steady_clock::now();
  Show(0, true);
}

void ProgressLine::GameDone(long done, long /*total*/) { Show(done, false); }

void ProgressLine::Problem(const std::string& line) {
  Clear();
  std::fprintf(stderr, "%s: %s\n", label_.c_str(), line.c_str());
}

void ProgressLine::Finished(long done, long /*total*/) {
  Show(done, true);
  std::fprintf(stderr, "\n");
}

void ProgressLine::Show(long done, bool force) {
  const auto now = std::chrono::steady_clock::now();
  if (!force && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(kWidth * done / std::max(1L, total_));
  std::string bar(static_cast<size_t>(filled), '=');
  if (filled < kWidth) bar += done > 0 ? ">" : " ";
  bar.resize(kWidth, ' ');
  const double secs = std::chrono::duration<double>(now - start_).count();
  const double rate = secs > 0 ? done / secs : 0.0;
  char left[32] = "";
  if (rate > 0 && done < total_) {
    const long s = static_cast<long>((total_ - done) / rate + 0.5);
    std::snprintf(left, sizeof left, "  %ld:%02ld left", s / 60, s % 60);
  }
  std::fprintf(stderr, "\r[%s] %ld/%ld games  %.1f games/s%s ", bar.c_str(), done, total_, rate, left);
  std::fflush(stderr);
  shown_ = true;
}

void ProgressLine::Clear() {
  if (shown_) std::fprintf(stderr, "\r%*s\r", 90, "");
  shown_ = false;
}

}  // namespace mj::cli
