#pragma once
// The terminal's view of a running match (playtest/match_progress.h): one updating line on
// stderr, "\r[=====>    ]  12/100 games  3.4 games/s  0:26 left", cleared for each problem,
// which is printed as "LABEL: line".

#include <chrono>
#include <string>

#include "playtest/match_progress.h"

namespace mj::cli {

class ProgressLine : public MatchProgress {
 public:
  explicit ProgressLine(std::string label) : label_(std::move(label)) {}
  void Started(long total) override;
  void GameDone(long done, long total) override;
  void Problem(const std::string& line) override;
  void Finished(long done, long total) override;

 private:
  void Show(long done, bool force);
  void Clear();

  std::string label_;
  long total_ = 0;
  std::chrono::steady_clock::time_point start_{};
  std::chrono::steady_clock::time_point last_{};
  bool shown_ = false;
};

}  // namespace mj::cli
