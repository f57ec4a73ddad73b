#pragma once
// LineChannel: newline-delimited text over a pair of file descriptors (a child's pipes or one
// TCP socket), every wait a poll() with a deadline: a slow peer costs no CPU, a silent one is a
// timeout, a closed one is an error. Lines are written whole or not at all (a peer that stops
// reading times out too).

#include <chrono>
#include <string>
#include <string_view>

namespace mj {

class LineChannel {
 public:
  // Takes ownership of the descriptors (closed on destruction; read_fd may equal write_fd).
  LineChannel(int read_fd, int write_fd);
  ~LineChannel();
  LineChannel(const LineChannel&) = delete;
  LineChannel& operator=(const LineChannel&) = delete;

  enum class Status : uint8_t { kOk, kTimeout, kClosed, kError };
  // Writes `line` and a newline. kClosed when the peer is gone.
  Status Write(std::string_view line, std::chrono::milliseconds timeout, std::string* error);
  // Writes `bytes` as they are (whole lines, newlines included); `written` (optional) tells how
  // many went out, also on a failure.
  Status WriteBytes(std::string_view bytes, std::chrono::milliseconds timeout, std::string* error,
                    size_t* written = nullptr);
  // Reads the next line (without its newline, a trailing '\r' dropped). kClosed at end of file.
  Status ReadLine(std::string* line, std::chrono::milliseconds timeout, std::string* error);
  // Closes the writing side (a child sees end of file on stdin).
  void CloseWrite();
  [[nodiscard]] bool write_open() const { return write_fd_ >= 0; }

 private:
  int read_fd_;
  int write_fd_;
  std::string buffer_;
  size_t scanned_ = 0;  // bytes of buffer_ known to hold no newline
  bool peer_was_slow_ = false;  // the last line had to be waited for
};

}  // namespace mj
