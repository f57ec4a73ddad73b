#pragma once
// TcpLobby: the reference server's front door (gimite/mjai tcp_game_server.rb). Listens on a TCP
// port; greets each connection with {"type":"hello","protocol":"mjsonp","protocol_version":3};
// accepts {"type":"join","name":NAME,"room":ROOM}; a wrong room, bad JSON, a silent client or a
// full table gets {"type":"error","message":...} and the socket is closed. Every wait is a
// poll() (no busy loop); connections, joins and refusals are logged through spdlog.
//
// Joins are read concurrently: every connection greeted and not yet joined waits in one poll()
// with a deadline of its own (the join timeout), so a silent or slow connection never delays
// another player's join. At most kMaxWaiting connections wait at once (a further one is refused
// at once), and a join line is at most kMaxJoinLine bytes: whatever peers send, the lobby holds
// at most kMaxWaiting * (kMaxJoinLine + 64 KiB). A join's name must be 1 to kMaxNameBytes bytes of
// valid UTF-8 without control characters (it goes into logs and replays), and may not be a
// built-in agent's spec or an mjai-stdio: spec (a replay's agents name who played each seat).
//
// While a game is played, StartRefusing answers every new connection at once with an error
// ("The room is busy. Retry after a while.", the reference server's words) on a thread of its
// own; after StopRefusing, connections wait in the listen queue for the next AcceptJoin, so a
// player joining again right after end_game is seated in the next game, not refused.

#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "mjai/line_channel.h"
#include "tiles/result.h"

namespace mj {

struct TcpPlayer {
  std::string name;         // from join
  std::string peer;         // "127.0.0.1:53412"
  std::unique_ptr<LineChannel> channel;
};

// Why `name` may not be a TCP player's name; empty when it may.
[[nodiscard]] std::string JoinNameProblem(const std::string& name);

class TcpLobby {
 public:
  static constexpr size_t kMaxWaiting = 64;
  static constexpr size_t kMaxJoinLine = 4096;
  static constexpr size_t kMaxNameBytes = 64;
  // Binds host:port (port 0: any free port) and listens.
  [[nodiscard]] static Result<std::unique_ptr<TcpLobby>> Listen(const std::string& host, int port);
  ~TcpLobby();
  TcpLobby(const TcpLobby&) = delete;
  TcpLobby& operator=(const TcpLobby&) = delete;

  [[nodiscard]] int port() const { return port_; }
  // Waits (without limit when `wait` is zero) for the next connection that joins `room`; a
  // connection that fails the greeting (within `join_timeout` of its arrival) is answered with
  // an error, closed and logged, and the wait goes on. Connections that joined beyond the one
  // returned are kept for the next call. An error only when the listening socket fails, or when
  // `wait` runs out.
  [[nodiscard]] Result<TcpPlayer> AcceptJoin(const std::string& room, std::chrono::milliseconds join_timeout,
                                             std::chrono::milliseconds wait = std::chrono::milliseconds(0));
  // Refuses the connections already waiting, with the error message `why`, without waiting.
  void RefusePending(const std::string& why);
  // Refuses every connection with `why` as it arrives, on a thread, until StopRefusing (or the
  // destructor); the connections waiting to join, or joined and not taken, are refused with it
  // first. Does nothing if already refusing. AcceptJoin must not be called meanwhile.
  void StartRefusing(const std::string& why);
  // Stops and joins the refusing thread; connections arriving from now on stay queued.
  void StopRefusing();

 private:
  explicit TcpLobby(int fd, int port) : fd_(fd), port_(port) {}
  struct Waiting {
    std::string peer;
    std::unique_ptr<LineChannel> channel;
    std::chrono::steady_clock::time_point deadline;
  };
  // Accepts one connection, greets it and adds it to waiting_ (or refuses it when too many wait).
  void AcceptOne(std::chrono::milliseconds join_timeout);
  // Reads what waiting_[i] sent; true when it is done with (joined, refused or gone).
  bool ReadJoin(Waiting& w, const std::string& room);
  // Refuses every waiting and every joined connection with `why`.
  void RefuseWaiting(const std::string& why);
  // The refusing thread's loop: poll the listening socket and stop_read_.
  void RefuseUntilStopped(std::string why);
  int fd_;
  int port_;
  std::vector<Waiting> waiting_;  // greeted, no join yet
  std::deque<TcpPlayer> joined_;  // joined, not yet returned by AcceptJoin
  std::thread refuser_;
  int stop_read_ = -1;   // a pipe: StopRefusing writes a byte to stop_write_
  int stop_write_ = -1;
};

}  // namespace mj
