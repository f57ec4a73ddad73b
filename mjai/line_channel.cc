#include "mjai/line_channel.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rules/bounded_json.h"

namespace mj {
namespace {

using Clock = std::chrono::steady_clock;

void SetNonBlocking(int fd) {
  const int flags = fcntl(fd, F_GETFL, 0);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

// Waits for `events` on fd until `deadline`; false on timeout.
bool WaitFor(int fd, short events, Clock::time_point deadline, int* revents) {
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left < 0) return false;
    pollfd p{fd, events, 0};
    const int n = poll(&p, 1, static_cast<int>(left) + 1);
    if (n > 0) {
      *revents = p.revents;
      return true;
    }
    if (n < 0 && errno != EINTR) {
      *revents = POLLERR;
      return true;
    }
  }
}

}  // namespace

LineChannel::LineChannel(int read_fd, int write_fd) : read_fd_(read_fd), write_fd_(write_fd) {
  SetNonBlocking(read_fd_);
  if (write_fd_ != read_fd_) SetNonBlocking(write_fd_);
}

LineChannel::~LineChannel() {
  if (write_fd_ >= 0 && write_fd_ != read_fd_) close(write_fd_);
  if (read_fd_ >= 0) close(read_fd_);
}

void LineChannel::CloseWrite() {
  if (write_fd_ < 0) return;
  if (write_fd_ == read_fd_) {
    shutdown(write_fd_, SHUT_WR);
  } else {
    close(write_fd_);
  }
  write_fd_ = -1;
}

LineChannel::Status LineChannel::Write(std::string_view line, std::chrono::milliseconds timeout, std::string* error) {
  std::string data;
  data.reserve(line.size() + 1);
  data.append(line);
  data += '\n';
  return WriteBytes(data, timeout, error);
}

LineChannel::Status LineChannel::WriteBytes(std::string_view data, std::chrono::milliseconds timeout,
                                            std::string* error, size_t* written) {
  size_t done = 0;
  if (written) *written = 0;
  if (write_fd_ < 0) {
    *error = "the connection is closed";
    return Status::kClosed;
  }
  Clock::time_point deadline{};
  bool waited = false;
  while (done < data.size()) {
    const ssize_t n = write_fd_ == read_fd_ ? send(write_fd_, data.data() + done, data.size() - done, MSG_NOSIGNAL)
                                            : write(write_fd_, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
      if (written) *written = done;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!waited) {  // the clock is read only when the peer is slow
        deadline = Clock::now() + timeout;
        waited = true;
      }
      int revents = 0;
      if (!WaitFor(write_fd_, POLLOUT, deadline, &revents)) {
        *error = "the peer reads nothing (writing timed out after " + std::to_string(timeout.count()) + " ms)";
        return Status::kTimeout;
      }
      continue;
    }
    const int err = errno;
    *error = err == EPIPE || err == ECONNRESET ? "the peer closed the connection" : std::strerror(err);
    return err == EPIPE || err == ECONNRESET ? Status::kClosed : Status::kError;
  }
  return Status::kOk;
}

LineChannel::Status LineChannel::ReadLine(std::string* line, std::chrono::milliseconds timeout, std::string* error) {
  const auto deadline = Clock::now() + timeout;
  // A peer that had to be waited for last time (a bot thinking, the first seat of a lock-step
  // round) is waited for at once: no read() that would only say "not yet".
  bool wait_first = peer_was_slow_;
  const auto too_long = [&] {
    overflowed_ = true;
    buffer_.clear();
    buffer_.shrink_to_fit();
    scanned_ = 0;
    *error = "a line longer than " + std::to_string(max_line_) + " bytes (the limit)";
    return Status::kError;
  };
  if (overflowed_) {
    *error = "nothing is read after a line longer than " + std::to_string(max_line_) + " bytes";
    return Status::kError;
  }
  while (true) {
    const size_t nl = buffer_.find('\n', scanned_);
    if (nl != std::string::npos && nl > max_line_ + 1) return too_long();  // a '\r' may precede the newline
    if (nl == std::string::npos && buffer_.size() > max_line_ + 1) return too_long();
    if (nl != std::string::npos) {
      size_t end = nl;
      if (end > 0 && buffer_[end - 1] == '\r') --end;
      if (end > max_line_) return too_long();
      line->assign(buffer_, 0, end);
      buffer_.erase(0, nl + 1);
      scanned_ = 0;
      return Status::kOk;
    }
    scanned_ = buffer_.size();
    if (wait_first) {
      wait_first = false;
      const auto before = Clock::now();
      int revents = 0;
      if (!WaitFor(read_fd_, POLLIN, deadline, &revents)) {
        *error = "no answer in " + std::to_string(timeout.count()) + " ms";
        return Status::kTimeout;
      }
      // An answer that was there already: read first next time.
      peer_was_slow_ = Clock::now() - before > std::chrono::microseconds(20);
    }
    char chunk[65536];
    const ssize_t n = read(read_fd_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
      continue;
    }
    if (n == 0) {
      *error = buffer_.empty() ? "the peer closed the connection"
                               : "the peer closed the connection in the middle of a line: " + QuotedText(buffer_, 200);
      return Status::kClosed;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      peer_was_slow_ = true;
      int revents = 0;
      if (!WaitFor(read_fd_, POLLIN, deadline, &revents)) {
        *error = "no answer in " + std::to_string(timeout.count()) + " ms";
        return Status::kTimeout;
      }
      continue;
    }
    const int err = errno;
    *error = err == ECONNRESET ? "the peer closed the connection" : std::strerror(err);
    return err == ECONNRESET ? Status::kClosed : Status::kError;
  }
}

}  // namespace mj
