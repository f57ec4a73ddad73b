#pragma once
// TcpLobby: the reference server's front door (gimite/mjai tcp_game_server.rb). Listens on a TCP
// port; greets each connection with {"type":"hello","protocol":"mjsonp","protocol_version":3};
// accepts {"type":"join","name":NAME,"room":ROOM}; a wrong room, bad JSON, a silent client or a
// full table gets {"type":"error","message":...} and the socket is closed. Every wait is a
// poll() (no busy loop); connections, joins and refusals are logged through spdlog.
//
// While a game is played, StartRefusing answers every new connection at once with an error
// ("The room is busy. Retry after a while.", the reference server's words) on a thread of its
// own; after StopRefusing, connections wait in the listen queue for the next AcceptJoin, so a
// player joining again right after end_game is seated in the next game, not refused.

#include <chrono>
#include <memory>
#include <string>
#include <thread>

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
  // Refuses the connections already waiting, with the error message `why`, without waiting.
  void RefusePending(const std::string& why);
  // Refuses every connection with `why` as it arrives, on a thread, until StopRefusing (or the
  // destructor). Does nothing if already refusing. AcceptJoin must not be called meanwhile.
  void StartRefusing(const std::string& why);
  // Stops and joins the refusing thread; connections arriving from now on stay queued.
  void StopRefusing();

 private:
  explicit TcpLobby(int fd, int port) : fd_(fd), port_(port) {}
  // The refusing thread's loop: poll the listening socket and stop_read_.
  void RefuseUntilStopped(std::string why);
  int fd_;
  int port_;
  std::thread refuser_;
  int stop_read_ = -1;   // a pipe: StopRefusing writes a byte to stop_write_
  int stop_write_ = -1;
};

}  // namespace mj
