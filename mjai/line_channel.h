#pragma once
// LineChannel: newline-delimited text over a pair of file descriptors (a child's pipes or one
// TCP socket), every wait a poll() with a deadline: a slow peer costs no CPU, a silent one is a
// timeout, a closed one is an error. Lines are written whole or not at all (a peer that stops
// reading times out too). A line read is at most max_line() bytes (kDefaultMaxLine unless set):
// a longer one is an error as soon as that many bytes have come without a newline, so a peer can
// never make the reader hold more than the limit and one read's chunk (64 KiB).

#include <chrono>
#include <cstddef>
#include <cstdint>
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
  // The longest line read by default: far above any mjai message (an answer is under 200
  // bytes, an event with a win's score breakdown under 4 KiB, a batch of a hand's events under
  // 64 KiB).
  static constexpr size_t kDefaultMaxLine = 1 << 20;
  void set_max_line(size_t bytes) { max_line_ = bytes; }
  [[nodiscard]] size_t max_line() const { return max_line_; }
  // Writes `line` and a newline. kClosed when the peer is gone.
  Status Write(std::string_view line, std::chrono::milliseconds timeout, std::string* error);
  // Writes `bytes` as they are (whole lines, newlines included); `written` (optional) tells how
  // many went out, also on a failure.
  Status WriteBytes(std::string_view bytes, std::chrono::milliseconds timeout, std::string* error,
                    size_t* written = nullptr);
  // Reads the next line (without its newline, a trailing '\r' dropped). kClosed at end of file;
  // kError ("a line longer than N bytes") for a line over max_line(), after which the channel
  // reads nothing more.
  Status ReadLine(std::string* line, std::chrono::milliseconds timeout, std::string* error);
  // Closes the writing side (a child sees end of file on stdin).
  void CloseWrite();
  [[nodiscard]] bool write_open() const { return write_fd_ >= 0; }
  // The descriptor read (for a caller that polls many channels at once).
  [[nodiscard]] int read_fd() const { return read_fd_; }

 private:
  int read_fd_;
  int write_fd_;
  std::string buffer_;
  size_t scanned_ = 0;  // bytes of buffer_ known to hold no newline
  bool peer_was_slow_ = false;  // the last line had to be waited for
  size_t max_line_ = kDefaultMaxLine;
  bool overflowed_ = false;  // a line went over max_line_: nothing more is read
};

}  // namespace mj
