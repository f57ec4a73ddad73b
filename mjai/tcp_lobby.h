#pragma once
// TcpLobby: the reference server's front door (gimite/mjai tcp_game_server.rb). Listens on a TCP
// port; greets each connection with {"type":"hello","protocol":"mjsonp","protocol_version":3};
// accepts {"type":"join","name":NAME,"room":ROOM}; a wrong room, bad JSON, a silent client or a
// full table gets {"type":"error","message":...} and the socket is closed. Every wait is a
// poll() (no busy loop); connections, joins and refusals are logged through spdlog.

#include <chrono>
#include <memory>
#include <string>

#include "mjai/line_channel.h"
#include "tiles/result.h"

namespace mj {

struct TcpPlayer {
  std::string name;         // from join
  std::string peer;         // "127.0.0.1:53412"
  std::unique_ptr<LineChannel> channel;
};

class TcpLobby {
 public:
  // Binds host:port (port 0: any free port) and listens.
  [[nodiscard]] static Result<std::unique_ptr<TcpLobby>> Listen(const std::string& host, int port);
  ~TcpLobby();
  TcpLobby(const TcpLobby&) = delete;
  TcpLobby& operator=(const TcpLobby&) = delete;

  [[nodiscard]] int port() const { return port_; }
  // Waits (without limit when `wait` is zero) for the next connection that joins `room`; a
  // connection that fails the greeting is answered with an error, closed and logged, and the
  // wait goes on. An error only when the listening socket fails, or when `wait` runs out.
  [[nodiscard]] Result<TcpPlayer> AcceptJoin(const std::string& room, std::chrono::milliseconds join_timeout,
                                             std::chrono::milliseconds wait = std::chrono::milliseconds(0));
  // Refuses connections arriving while a game is played ("the room is busy"), without waiting.
  void RefusePending(const std::string& why);

 private:
  explicit TcpLobby(int fd, int port) : fd_(fd), port_(port) {}
  int fd_;
  int port_;
};

}  // namespace mj
