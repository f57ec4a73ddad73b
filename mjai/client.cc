#include "mjai/client.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <istream>
#include <optional>
#include <ostream>

#include <spdlog/spdlog.h>

#include "mjai/event_json.h"
#include "mjai/line_channel.h"
#include "rules/bounded_json.h"

namespace mj {
namespace {

using json = nlohmann::json;

// A line from outside quoted in an error: cut between whole characters, invalid UTF-8 as U+FFFD.
std::string Shorten(const std::string& line) { return QuotedText(line, 200); }

Result<int> Connect(const MjsonpAddress& a) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (const int rc = getaddrinfo(a.host.c_str(), a.port.c_str(), &hints, &found); rc != 0)
    return Error{"cannot resolve " + a.host + ":" + a.port + ": " + gai_strerror(rc)};
  std::string last = "no address";
  int fd = -1;
  for (addrinfo* p = found; p != nullptr; p = p->ai_next) {
    fd = socket(p->ai_family, p->ai_socktype | SOCK_CLOEXEC, p->ai_protocol);
    if (fd < 0) {
      last = std::strerror(errno);
      continue;
    }
    if (connect(fd, p->ai_addr, p->ai_addrlen) == 0) break;
    last = std::strerror(errno);
    close(fd);
    fd = -1;
  }
  freeaddrinfo(found);
  if (fd < 0) return Error{"cannot connect to " + a.host + ":" + a.port + ": " + last};
  const int one = 1;  // lock-step: every answer is one small line the server waits for
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  return fd;
}

// Parses one line as JSON; the error names the line.
Result<JsonValue> ParseLine(JsonLineDocument& document, const std::string& line, long number) {
  auto v = document.Parse(line);
  if (!v) return Error{"line " + std::to_string(number) + " is not JSON (" + v.error() + "): " + Shorten(line)};
  return v;
}

void NoteEnd(JsonValue e, MjaiClientResult* result) {
  result->game_ended = true;
  if (const auto s = JsonFind(e, "scores"); s && JsonSize(*s) == 4) {
    int p = 0;
    for (const JsonValue score : JsonItems(*s)) {
      if (JsonIsInteger(score)) result->final_scores[p] = static_cast<int>(JsonInteger(score));
      ++p;
    }
  }
}

std::string ServerError(JsonValue e) {
  const auto m = JsonFind(e, "message");
  return "the server sent an error: " + (m && JsonIsString(*m) ? QuotedText(JsonString(*m), 500) : JsonDump(e));
}

}  // namespace

Result<MjsonpAddress> ParseMjsonpUrl(const std::string& url) {
  const std::string scheme = "mjsonp://";
  if (url.compare(0, scheme.size(), scheme) != 0)
    return Error{"\"" + url + "\" is not an mjsonp://HOST:PORT/ROOM address"};
  const std::string rest = url.substr(scheme.size());
  const size_t slash = rest.find('/');
  const std::string hostport = rest.substr(0, slash);
  MjsonpAddress a;
  a.room = slash == std::string::npos || slash + 1 == rest.size() ? "default" : rest.substr(slash + 1);
  const size_t colon = hostport.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == hostport.size())
    return Error{"\"" + url + "\": HOST:PORT expected after mjsonp://"};
  a.host = hostport.substr(0, colon);
  if (a.host.size() > 2 && a.host.front() == '[' && a.host.back() == ']') a.host = a.host.substr(1, a.host.size() - 2);
  a.port = hostport.substr(colon + 1);
  if (a.port.find_first_not_of("0123456789") != std::string::npos || a.port.size() > 5 || std::stoi(a.port) > 65535)
    return Error{"\"" + url + "\": port \"" + a.port + "\" is not a port number"};
  return a;
}

Result<MjaiClientResult> RunMjaiTcpClient(const MjsonpAddress& address, const std::string& name, MjaiBot& bot,
                                          const MjaiClientLimits& limits) {
  auto fd = Connect(address);
  if (!fd) return Error{fd.error()};
  LineChannel channel(*fd, *fd);
  channel.set_max_line(limits.max_line);
  spdlog::info("mjai-client: connected to {}:{}", address.host, address.port);
  MjaiClientResult result;
  JsonLineDocument document;
  std::string line;
  std::string out;
  std::string error;
  while (true) {
    const auto st = channel.ReadLine(&line, limits.read_timeout, &error);
    if (st == LineChannel::Status::kClosed) break;
    if (st == LineChannel::Status::kTimeout)
      return Error{"the server sent nothing for " + std::to_string(limits.read_timeout.count() / 1000) +
                   " s (--read-timeout) after " + std::to_string(result.lines_in) + " lines"};
    if (st != LineChannel::Status::kOk)
      return Error{"reading line " + std::to_string(result.lines_in + 1) + " from the server: " + error};
    ++result.lines_in;
    if (line.empty()) continue;
    auto event = ParseLine(document, line, result.lines_in);
    if (!event) return Error{"from the server: " + event.error()};
    if (spdlog::should_log(spdlog::level::trace)) spdlog::trace("mjai-client <- {}", QuotedText(line));
    if (JsonIsType(*event, "error")) return Error{ServerError(*event)};
    out.clear();
    if (JsonIsType(*event, "hello")) {
      out = json{{"type", "join"}, {"name", name}, {"room", address.room}}.dump(-1, ' ', false,
                                                                                json::error_handler_t::replace);
    } else {
      auto r = bot.Fold(*event);
      if (r && JsonIsType(*event, "end_game")) {
        NoteEnd(*event, &result);
        return result;  // the reference client closes without answering
      }
      if (r) r = bot.Answer(*event, &out);
      if (!r) return Error{"line " + std::to_string(result.lines_in) + " from the server (" + Shorten(line) + "): " + r.error()};
    }
    spdlog::trace("mjai-client -> {}", out);
    if (channel.Write(out, limits.read_timeout, &error) != LineChannel::Status::kOk)
      return Error{"sending to the server failed: " + error};
    ++result.lines_out;
  }
  return Error{"the server closed the connection before end_game (after " + std::to_string(result.lines_in) +
               " lines)"};
}

Result<MjaiClientResult> RunMjaiStdioClient(std::istream& in, std::ostream& out, MjaiStdioDialect dialect,
                                            MjaiBot& bot, int games, const MjaiClientLimits& limits) {
  MjaiClientResult result;
  int ended_games = 0;
  JsonLineDocument document;
  std::string line;
  std::string answer;
  bool in_game = false;  // a start_game was read and its end_game not yet
  bool too_long = false;
  while (ReadBoundedLine(in, limits.max_line, line, &too_long)) {
    ++result.lines_in;
    if (too_long)
      return Error{"stdin line " + std::to_string(result.lines_in) + " is longer than " +
                   std::to_string(limits.max_line) + " bytes (--max-line)"};
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    auto parsed = ParseLine(document, line, result.lines_in);
    if (!parsed) return Error{"stdin: " + parsed.error()};
    const bool batch = JsonIsArray(*parsed);
    if (batch && dialect == MjaiStdioDialect::kLockstep)
      return Error{"stdin line " + std::to_string(result.lines_in) +
                   " is an array of events; the lock-step dialect takes one event per line (--dialect batched)"};
    // A batch (an array) is folded in order and its last event answered; a single event is both.
    bool ended = false;
    const auto check = [&](JsonValue e) -> Result<bool> {
      const std::string_view type = JsonType(e);
      if (type == "error") return Error{ServerError(e)};
      if (type == "start_game") in_game = true;
      if (type == "end_game") {
        NoteEnd(e, &result);
        ended = true;
        in_game = false;
      }
      return true;
    };
    Result<bool> r = true;
    std::optional<JsonValue> last;
    if (batch) {
      for (const JsonValue e : JsonItems(*parsed)) {
        auto c = check(e);
        if (!c) return Error{c.error()};
      }
      for (const JsonValue e : JsonItems(*parsed)) {
        r = bot.Fold(e);
        if (!r) break;
        last = e;
      }
    } else {
      auto c = check(*parsed);
      if (!c) return Error{c.error()};
      r = bot.Fold(*parsed);
      last = *parsed;
    }
    answer.clear();
    if (r && last) r = bot.Answer(*last, &answer);
    if (r && !last) answer = R"({"type":"none"})";  // an empty batch
    if (!r) return Error{"stdin line " + std::to_string(result.lines_in) + " (" + Shorten(line) + "): " + r.error()};
    if (ended) {
      if (++ended_games >= games) return result;
      continue;  // the next game's events follow on the same stream
    }
    answer += '\n';
    out << answer;
    out.flush();
    ++result.lines_out;
  }
  if (in_game)
    return Error{"stdin ended in the middle of a game, before end_game (after " + std::to_string(result.lines_in) +
                 " lines)"};
  if (!result.game_ended && result.lines_in > 0)
    spdlog::info("mjai-client: input ended before end_game (after {} lines)", result.lines_in);
  return result;
}

}  // namespace mj
