#pragma once
// The mjai client transports (docs/MJAI.md, "mjai-client"): an MjaiBot playing on an mjai
// server over TCP (mjsonp://HOST:PORT/ROOM, the reference server's lock-step dialect), or as a
// bot over stdin/stdout that a server starts as a child process.
//
// TCP: the server greets with "hello", the client answers "join" (name, room); then every event
// gets exactly one answer line. {"type":"error"} from the server ends the client with that
// message; end_game ends it normally (no answer). A socket that closes before end_game is an
// error.
//
// stdio, lock-step: one event per input line, one answer line per event. Batched (the
// convention of later bots: Mortal, mjai.app): an input line holds the events since the last
// answer (a JSON array, or a single event object) and gets one answer line. In both, end_game or
// the end of input between games ends the client.

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

#include "mjai/client_bot.h"
#include "tiles/result.h"

namespace mj {

struct MjsonpAddress {
  std::string host;
  std::string port;
  std::string room;
};
// "mjsonp://HOST:PORT/ROOM" (the room defaults to "default").
[[nodiscard]] Result<MjsonpAddress> ParseMjsonpUrl(const std::string& url);

enum class MjaiStdioDialect : uint8_t { kLockstep, kBatched };

struct MjaiClientResult {
  bool game_ended = false;   // end_game was received
  std::array<int, 4> final_scores{};
  long lines_in = 0;
  long lines_out = 0;
};

// What the client accepts from its server: a line longer than `max_line` bytes is an error (so a
// server can never make the client hold more), and over TCP so is a server silent for
// `read_timeout` (the reference server gives each player 60 s an answer, so between two lines of
// a game the server may wait for three players' answers, and before start_game for players to join).
struct MjaiClientLimits {
  size_t max_line = 1 << 20;
  std::chrono::milliseconds read_timeout{600000};
};

// Connects, joins as `name` and plays until end_game.
[[nodiscard]] Result<MjaiClientResult> RunMjaiTcpClient(const MjsonpAddress& address, const std::string& name,
                                                        MjaiBot& bot, const MjaiClientLimits& limits = {});

// Reads events from `in` and writes answers to `out` (flushed per line), until the end of input or
// the `games`-th end_game (further games follow on the same stream). Input that ends between
// a start_game and its end_game is an error.
[[nodiscard]] Result<MjaiClientResult> RunMjaiStdioClient(std::istream& in, std::ostream& out,
                                                          MjaiStdioDialect dialect, MjaiBot& bot, int games = 1,
                                                          const MjaiClientLimits& limits = {});

}  // namespace mj
