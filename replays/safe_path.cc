#include "replays/safe_path.h"

#include <fcntl.h>
#include <cstdio>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>

namespace mj {
namespace {

bool Unreserved(unsigned char c) { return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~'; }

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

}  // namespace

std::string SafeFileName(std::string_view name) {
  constexpr size_t kMaxBytes = 80;
  std::string out;
  for (const char ch : name.substr(0, kMaxBytes)) {
    const auto c = static_cast<unsigned char>(ch);
    const bool keep = c < 0x80 && (std::isalnum(c) || c == '-' || c == '_' || c == '.');
    out.push_back(keep ? ch : '_');
  }
  if (!out.empty() && out.front() == '.') out.front() = '_';
  if (out.empty()) out = "unnamed";
  return out;
}

std::vector<std::string> UniqueSafeFileNames(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::vector<std::string> taken;  // lower case
  for (const std::string& n : names) {
    const std::string base = SafeFileName(n);
    std::string name = base;
    for (int k = 2; std::find(taken.begin(), taken.end(), Lower(name)) != taken.end(); ++k) {
      name = base;
      name.append("-").append(std::to_string(k));
    }
    taken.push_back(Lower(name));
    out.push_back(name);
  }
  return out;
}

std::vector<std::string> RulesetFolderNames(const std::vector<Ruleset>& rulesets) {
  std::vector<std::string> names;
  for (const Ruleset& r : rulesets) names.push_back(r.name);
  return UniqueSafeFileNames(names);
}

std::string RelativeLink(std::string_view relative_path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  // A first component that is empty would make "/x" (the site's root) or "//host" (another
  // host): a relative path never starts with '/', but say so in the link too.
  if (!relative_path.empty() && relative_path.front() == '/') out.push_back('.');
  for (const char ch : relative_path) {
    const auto c = static_cast<unsigned char>(ch);
    if (Unreserved(c) || c == '/') {
      out.push_back(ch);
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 0xF]);
    }
  }
  return out;
}

Result<bool> WriteFileNoFollow(const std::string& path, std::string_view bytes) {
  // A fresh file beside the target (O_EXCL: never an existing file or link), renamed over it:
  // rename replaces the directory entry, so neither a symbolic nor a hard link planted at `path`
  // leads the bytes anywhere else.
  static std::atomic<unsigned long> counter{0};
  std::string temp = path;
  temp.append(".tmp-").append(std::to_string(getpid())).append("-").append(std::to_string(counter++));
  const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"cannot write " + path + ": " + std::strerror(errno)};
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = n < 0 ? errno : EIO;
      close(fd);
      unlink(temp.c_str());
      return Error{"cannot write " + path + ": " + std::strerror(err)};
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0 || rename(temp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    unlink(temp.c_str());
    return Error{"cannot write " + path + ": " + std::strerror(err)};
  }
  return true;
}

}  // namespace mj
