#include "mjai/tcp_lobby.h"

#include <arpa/inet.h>

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
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, 16) != 0) {
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
  (void)ch.Write(json({{"type", "error"}, {"message", why}}).dump(), std::chrono::milliseconds(1000), &error);
  spdlog::warn("refused {}: {}", peer, why);
}

}  // namespace

Result<TcpPlayer> TcpLobby::AcceptJoin(const std::string& room, std::chrono::milliseconds join_timeout,
                                       std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (true) {
    pollfd p{fd_, POLLIN, 0};
    int limit = -1;
    if (wait.count() > 0) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return Error{"no player joined in " + std::to_string(wait.count()) + " ms"};
      limit = static_cast<int>(left);
    }
    const int n = poll(&p, 1, limit);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Error{std::string("waiting for players: ") + std::strerror(errno)};
    if (n == 0) continue;
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    const int fd = accept4(fd_, reinterpret_cast<sockaddr*>(&addr), &len, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED || errno == EAGAIN) continue;
      return Error{std::string("accepting a connection: ") + std::strerror(errno)};
    }
    const int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    TcpPlayer player;
    player.peer = PeerName(addr);
    player.channel = std::make_unique<LineChannel>(fd, fd);
    spdlog::info("connection from {}", player.peer);
    std::string error, line;
    const json hello = {{"type", "hello"}, {"protocol", "mjsonp"}, {"protocol_version", 3}};
    if (player.channel->Write(hello.dump(), join_timeout, &error) != LineChannel::Status::kOk) {
      spdlog::warn("{}: {}", player.peer, error);
      continue;
    }
    if (player.channel->ReadLine(&line, join_timeout, &error) != LineChannel::Status::kOk) {
      Refuse(*player.channel, player.peer, "expected a join: " + error);
      continue;
    }
    spdlog::debug("{} <- {}", player.peer, line);
    const json join = json::parse(line, nullptr, false);
    if (join.is_discarded()) {
      Refuse(*player.channel, player.peer, "JSON syntax error: " + line.substr(0, 200));
      continue;
    }
    if (!join.is_object() || join.value("type", json()) != "join" || !join.contains("name") ||
        !join["name"].is_string() || !join.contains("room") || !join["room"].is_string()) {
      Refuse(*player.channel, player.peer,
             "Expected e.g. " + json({{"type", "join"}, {"name", "noname"}, {"room", room}}).dump());
      continue;
    }
    if (join["room"] != room) {
      Refuse(*player.channel, player.peer, "No such room. Available room: " + room);
      continue;
    }
    player.name = join["name"].get<std::string>();
    spdlog::info("{} joined as \"{}\"", player.peer, player.name);
    return player;
  }
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
  while (true) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0) return;
    if (!RefuseOne(fd_, why)) return;
  }
}

void TcpLobby::StartRefusing(const std::string& why) {
  if (refuser_.joinable()) return;
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
