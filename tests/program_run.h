#pragma once
// Running the `mahjong` program from a test (MJ_PROGRAM, set by CMake) and reading what it
// wrote: shared by the tests of the match command's scale features.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace mj::test {

struct ProgramRun {
  int status = -1;
  std::string out;  // stdout and stderr
};

// Runs `mahjong ARGS` (ARGS as a shell would split them).
inline ProgramRun Program(const std::string& args) {
  ProgramRun r;
  const std::string cmd = std::string(MJ_PROGRAM) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::string Slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh work directory of this process (several checkouts may run the tests at once).
inline std::filesystem::path FreshDir(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::path(testing::TempDir()) / (name + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// A summary file's text without its "command" line (the one line that names how it was made).
inline std::string WithoutCommand(const std::string& summary_text) {
  std::istringstream in(summary_text);
  std::string out, line;
  while (std::getline(in, line))
    if (line.rfind("\"command\": ", 0) != 0) out += line + "\n";
  return out;
}

}  // namespace mj::test
