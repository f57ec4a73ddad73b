// Every input kept from fuzzing (fuzz/regressions/<target>/: inputs that once crashed, hung or
// broke a property) and every seed of fuzz/corpus/<target>/ goes through its parser again in the
// ordinary build: each must be answered, not crash (fuzz/fuzz_inputs.h).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz/fuzz_inputs.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace fuzz_regression_test {
namespace {

namespace fs = std::filesystem;

int ReplayInputs(const fs::path& root) {
  int n = 0;
  if (!fs::is_directory(root)) return 0;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    const fuzz::Target target = fuzz::TargetNamed(dir.path().filename().string());
    EXPECT_NE(target, nullptr) << "no fuzz target named " << dir.path().filename();
    if (target == nullptr) continue;
    for (const auto& file : fs::directory_iterator(dir.path())) {
      std::ifstream in(file.path(), std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      SCOPED_TRACE(file.path().string());
      target(bytes.str());
      ++n;
    }
  }
  return n;
}

TEST(FuzzRegression, KeptInputsAreAnswered) {
  const int n = ReplayInputs(fs::path(MJ_FUZZ_DIR) / "regressions");
  std::printf("%d regression inputs\n", n);
}

TEST(FuzzRegression, SeedsAreAnswered) { EXPECT_GT(ReplayInputs(fs::path(MJ_FUZZ_DIR) / "corpus"), 10); }

}  // namespace
}  // namespace fuzz_regression_test
}  // namespace mj
