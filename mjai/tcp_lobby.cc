#include "mjai/tcp_lobby.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "mjai/stdio_bots.h"
#include "rules/bounded_json.h"

namespace mj {

using nlohmann::json;

Result<std::unique_ptr<TcpLobby>> TcpLobby::Listen(const std::string& host, int port) {
  std::signal(SIGPIPE, SIG_IGN);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0)
    return Error{"cannot resolve host \"" + host + "\": " + gai_strerror(rc)};
  std::string last = "no address";
  for (addrinfo* a = found; a; a = a->ai_next) {
    const int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      last = std::strerror(errno);
      continue;
    }
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
      last = std::strerror(errno);
      close(fd);
      continue;
    }
    sockaddr_storage bound{};
    socklen_t len = sizeof bound;
    getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len);
    const int actual = bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                                   : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    freeaddrinfo(found);
    spdlog::info("listening on {}:{}", host, actual);
    return std::unique_ptr<TcpLobby>(new TcpLobby(fd, actual));
  }
  freeaddrinfo(found);
  return Error{"cannot listen on " + host + ":" + service + ": " + last};
}

TcpLobby::~TcpLobby() {
  StopRefusing();
  if (fd_ >= 0) close(fd_);
}

namespace {

std::string PeerName(const sockaddr_storage& a) {
  char host[INET6_ADDRSTRLEN] = "?";
  int port = 0;
  if (a.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&a);
    inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
    port = ntohs(in->sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto* in = reinterpret_cast<const sockaddr_in6*>(&a);
    inet_ntop(AF_INET6, &in->sin6_addr, host, sizeof host);
    port = ntohs(in->sin6_port);
  }
  return std::string(host) + ":" + std::to_string(port);
}

void Refuse(LineChannel& ch, const std::string& peer, const std::string& why) {
  std::string error;
  // A short wait: the message is small and a fresh socket's buffer takes it at once; a peer
  // that reads nothing cannot hold the lobby.
  (void)ch.Write(json({{"type", "error"}, {"message", why}}).dump(-1, ' ', false, json::error_handler_t::replace),
                 std::chrono::milliseconds(100), &error);
  spdlog::warn("refused {}: {}", peer, QuotedText(why, 300));
}

}  // namespace

std::string JoinNameProblem(const std::string& name) {
  if (name.empty()) return "the name is empty";
  if (name.size() > TcpLobby::kMaxNameBytes)
    return "the name is " + std::to_string(name.size()) + " bytes long; at most " +
           std::to_string(TcpLobby::kMaxNameBytes);
  if (QuotedText(name) != name) return "the name holds control characters or is not valid UTF-8";
  if (IsStdioBotSpec(name) || CheckAgentSpec(name))
    return "\"" + name + "\" is a built-in agent's name; a player must take another (a replay names who played each seat)";
  return {};
}

void TcpLobby::AcceptOne(std::chrono::milliseconds join_timeout) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  const int fd = accept4(fd_, reinterpret_cast<sockaddr*>(&addr), &len, SOCK_CLOEXEC | SOCK_NONBLOCK);
  if (fd < 0) return;  // gone already (ECONNABORTED), or nothing there: the next poll says
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  Waiting w;
  w.peer = PeerName(addr);
  w.channel = std::make_unique<LineChannel>(fd, fd);
  w.channel->set_max_line(kMaxJoinLine);
  w.deadline = std::chrono::steady_clock::now() + join_timeout;
  spdlog::info("connection from {}", w.peer);
  if (waiting_.size() >= kMaxWaiting) {
    Refuse(*w.channel, w.peer,
           "Too many connections waiting to join (" + std::to_string(kMaxWaiting) + "). Retry after a while.");
    return;
  }
  std::string error;
  const json hello = {{"type", "hello"}, {"protocol", "mjsonp"}, {"protocol_version", 3}};
  if (w.channel->Write(hello.dump(), std::chrono::milliseconds(100), &error) != LineChannel::Status::kOk) {
    spdlog::warn("{}: {}", w.peer, error);
    return;
  }
  waiting_.push_back(std::move(w));
}

bool TcpLobby::ReadJoin(Waiting& w, const std::string& room) {
  std::string error, line;
  const auto st = w.channel->ReadLine(&line, std::chrono::milliseconds(0), &error);
  if (st == LineChannel::Status::kTimeout) return false;  // no whole line yet
  if (st != LineChannel::Status::kOk) {
    Refuse(*w.channel, w.peer, "expected a join: " + error);
    return true;
  }
  spdlog::debug("{} <- {}", w.peer, QuotedText(line, 300));
  auto join = ParseBoundedJson(line, kMessageLimits);
  if (!join) {
    Refuse(*w.channel, w.peer, "JSON syntax error: " + QuotedText(line, 200));
    return true;
  }
  if (!join->is_object() || join->value("type", json()) != "join" || !join->contains("name") ||
      !(*join)["name"].is_string() || !join->contains("room") || !(*join)["room"].is_string()) {
    Refuse(*w.channel, w.peer, "Expected e.g. " + json({{"type", "join"}, {"name", "noname"}, {"room", room}}).dump());
    return true;
  }
  if ((*join)["room"] != room) {
    Refuse(*w.channel, w.peer, "No such room. Available room: " + room);
    return true;
  }
  TcpPlayer player;
  player.name = (*join)["name"].get<std::string>();
  if (const std::string problem = JoinNameProblem(player.name); !problem.empty()) {
    Refuse(*w.channel, w.peer, "Bad name: " + QuotedText(problem, 300));
    return true;
  }
  player.peer = w.peer;
  player.channel = std::move(w.channel);
  spdlog::info("{} joined as \"{}\"", player.peer, player.name);
  joined_.push_back(std::move(player));
  return true;
}

Result<TcpPlayer> TcpLobby::AcceptJoin(const std::string& room, std::chrono::milliseconds join_timeout,
                                       std::chrono::milliseconds wait) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + wait;
  std::vector<pollfd> polled;
  while (true) {
    if (!joined_.empty()) {
      TcpPlayer p = std::move(joined_.front());
      joined_.pop_front();
      return p;
    }
    const auto now = Clock::now();
    // Connections whose join did not come in time.
    for (size_t i = 0; i < waiting_.size();) {
      if (waiting_[i].deadline <= now) {
        Refuse(*waiting_[i].channel, waiting_[i].peer,
               "expected a join: no answer in " + std::to_string(join_timeout.count()) + " ms");
        waiting_.erase(waiting_.begin() + static_cast<long>(i));
      } else {
        ++i;
      }
    }
    auto next = Clock::time_point::max();
    for (const Waiting& w : waiting_) next = std::min(next, w.deadline);
    if (wait.count() > 0) {
      if (deadline <= now) return Error{"no player joined in " + std::to_string(wait.count()) + " ms"};
      next = std::min(next, deadline);
    }
    int limit = -1;
    if (next != Clock::time_point::max())
      limit = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count()) + 1;
    polled.assign(1, pollfd{fd_, POLLIN, 0});
    for (const Waiting& w : waiting_) polled.push_back(pollfd{w.channel->read_fd(), POLLIN, 0});
    const int n = poll(polled.data(), polled.size(), limit);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Error{std::string("waiting for players: ") + std::strerror(errno)};
    if (n == 0) continue;
    // The waiting connections first (polled[1..] are waiting_ as it was), then a new one.
    size_t k = 1;
    for (size_t i = 0; i < waiting_.size(); ++k) {
      if (polled[k].revents != 0 && ReadJoin(waiting_[i], room)) {
        waiting_.erase(waiting_.begin() + static_cast<long>(i));
      } else {
        ++i;
      }
    }
    if (polled[0].revents & (POLLERR | POLLNVAL)) return Error{"waiting for players: the listening socket failed"};
    if (polled[0].revents != 0) AcceptOne(join_timeout);
  }
}

void TcpLobby::RefuseWaiting(const std::string& why) {
  for (Waiting& w : waiting_) Refuse(*w.channel, w.peer, why);
  waiting_.clear();
  for (TcpPlayer& p : joined_) Refuse(*p.channel, p.peer, why);
  joined_.clear();
}

namespace {

// Accepts one waiting connection and answers it with `why`; false when none was waiting.
bool RefuseOne(int listener, const std::string& why) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  const int fd = accept4(listener, reinterpret_cast<sockaddr*>(&addr), &len, SOCK_CLOEXEC | SOCK_NONBLOCK);
  if (fd < 0) return errno == EINTR || errno == ECONNABORTED;
  const std::string peer = PeerName(addr);
  spdlog::info("connection from {}", peer);
  LineChannel ch(fd, fd);
  Refuse(ch, peer, why);
  return true;
}

}  // namespace

void TcpLobby::RefusePending(const std::string& why) {
  RefuseWaiting(why);
  while (true) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0) return;
    if (!RefuseOne(fd_, why)) return;
  }
}

void TcpLobby::StartRefusing(const std::string& why) {
  if (refuser_.joinable()) return;
  RefuseWaiting(why);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    spdlog::warn("cannot start refusing connections during the game: {}", std::strerror(errno));
    return;  // connections then wait for the next game instead of being refused
  }
  stop_read_ = fds[0];
  stop_write_ = fds[1];
  refuser_ = std::thread([this, why] { RefuseUntilStopped(why); });
}

void TcpLobby::StopRefusing() {
  if (!refuser_.joinable()) return;
  const char stop = 1;
  while (write(stop_write_, &stop, 1) < 0 && errno == EINTR) {
  }
  refuser_.join();
  close(stop_read_);
  close(stop_write_);
  stop_read_ = stop_write_ = -1;
}

void TcpLobby::RefuseUntilStopped(std::string why) {
  while (true) {
    std::array<pollfd, 2> p{pollfd{stop_read_, POLLIN, 0}, pollfd{fd_, POLLIN, 0}};
    const int n = poll(p.data(), p.size(), -1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 || p[0].revents != 0) return;  // stopped (or poll failed: connections then queue)
    if (p[1].revents != 0) RefuseOne(fd_, why);
  }
}

}  // namespace mj
