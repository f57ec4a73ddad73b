// The floor under the mjai protocol's speed on this machine: the bare transport of its
// exchanges, with no JSON, no game and no agent, between this process (the server) and four
// child processes (the bots) that answer each line at once with {"type":"none"}.
//   LockStepTcp   one event: a 60-byte line to each of 4 sockets over TCP loopback
//                 (TCP_NODELAY), then one answer read from each (the reference server's
//                 exchange: every seat answers every event; `mahjong serve` with mjai-client);
//   LockStepTcpOneProcess  the same, the four sockets held by one child process that answers
//                 whichever is readable (`mjai-client --connections 4`: several bots hosted in
//                 one process, as evaluation harnesses do);
//   LockStepPipe  the same over pipes (mjai-stdio bots in the lock-step exchange);
//   BatchedPipe   one decision: a 400-byte batch line to one bot over a pipe and its answer,
//                 the bots asked in turn (mjai-stdio bots in the batched exchange).
// Counters per exchange (event or decision): cpu_us, the CPU time of all five processes
// (getrusage of this process and of its children, reaped at the end of each run);
// switches, their context switches.
// Real time per exchange is the wall time of the exchange. Multiply by the exchanges of a game
// (a riichi hanchan of greedy agents: about 915 events, so 915 lock-step events; about 560
// batched decisions) for the floor per game.

#include <benchmark/benchmark.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstring>
#include <string>

namespace {

// Reads until a newline; false at the end of the stream.
bool ReadLine(int fd, std::string* buffer) {
  char chunk[4096];
  while (true) {
    const size_t nl = buffer->find('\n');
    if (nl != std::string::npos) {
      buffer->erase(0, nl + 1);
      return true;
    }
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n <= 0) return false;
    buffer->append(chunk, static_cast<size_t>(n));
  }
}

bool WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// A bot: answers every line with {"type":"none"} until the end of its input.
[[noreturn]] void Bot(int in, int out) {
  std::string buffer;
  const std::string none = "{\"type\":\"none\"}\n";
  while (ReadLine(in, &buffer))
    if (!WriteAll(out, none)) break;
  _exit(0);
}

// Four bots in one process: answers a line on whichever of the sockets is readable, until
// every one is at its end.
[[noreturn]] void Bots(const std::array<int, 4>& fds) {
  std::array<std::string, 4> buffers;
  std::array<pollfd, 4> polls{};
  for (int s = 0; s < 4; ++s) polls[s] = pollfd{fds[s], POLLIN, 0};
  const std::string none = "{\"type\":\"none\"}\n";
  int open = 4;
  char chunk[4096];
  while (open > 0) {
    if (poll(polls.data(), polls.size(), -1) < 0) _exit(1);
    for (int s = 0; s < 4; ++s) {
      if (polls[s].fd < 0 || polls[s].revents == 0) continue;
      const ssize_t n = read(polls[s].fd, chunk, sizeof chunk);
      if (n <= 0) {
        polls[s].fd = -1;
        --open;
        continue;
      }
      buffers[s].append(chunk, static_cast<size_t>(n));
      for (size_t nl; (nl = buffers[s].find('\n')) != std::string::npos;) {
        buffers[s].erase(0, nl + 1);
        if (!WriteAll(fds[s], none)) _exit(1);
      }
    }
  }
  _exit(0);
}

double CpuSeconds(const rusage& r) {
  return static_cast<double>(r.ru_utime.tv_sec + r.ru_stime.tv_sec) +
         static_cast<double>(r.ru_utime.tv_usec + r.ru_stime.tv_usec) * 1e-6;
}

struct Table {
  std::array<int, 4> to{};    // the server writes here
  std::array<int, 4> from{};  // and reads here
  std::array<pid_t, 4> pids{};
  std::array<std::string, 4> buffers;
};

Table StartPipes() {
  Table t;
  for (int s = 0; s < 4; ++s) {
    int down[2], up[2];
    if (pipe(down) != 0 || pipe(up) != 0) std::abort();
    const pid_t pid = fork();
    if (pid == 0) {
      close(down[1]);
      close(up[0]);
      Bot(down[0], up[1]);
    }
    close(down[0]);
    close(up[1]);
    t.to[s] = down[1];
    t.from[s] = up[0];
    t.pids[s] = pid;
  }
  return t;
}

Table StartTcp(bool one_process) {
  Table t;
  const int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || listen(listener, 8) != 0) std::abort();
  socklen_t len = sizeof addr;
  getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  const int one = 1;
  if (one_process) {
    const pid_t pid = fork();
    if (pid == 0) {
      close(listener);
      std::array<int, 4> fds{};
      for (int s = 0; s < 4; ++s) {
        fds[s] = socket(AF_INET, SOCK_STREAM, 0);
        if (connect(fds[s], reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) _exit(1);
        setsockopt(fds[s], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      }
      Bots(fds);
    }
    for (int s = 0; s < 4; ++s) {
      const int fd = accept(listener, nullptr, nullptr);
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      t.to[s] = t.from[s] = fd;
      t.pids[s] = s == 0 ? pid : -1;
    }
    close(listener);
    return t;
  }
  for (int s = 0; s < 4; ++s) {
    const pid_t pid = fork();
    if (pid == 0) {
      close(listener);
      const int fd = socket(AF_INET, SOCK_STREAM, 0);
      if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) _exit(1);
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      Bot(fd, fd);
    }
    const int fd = accept(listener, nullptr, nullptr);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    t.to[s] = t.from[s] = fd;
    t.pids[s] = pid;
  }
  close(listener);
  return t;
}

// Closes the bots' input, reaps them, and sets the counters per exchange.
void Finish(benchmark::State& state, Table& t, const rusage& self_before, const rusage& children_before,
            bool same_fd) {
  rusage self{};
  getrusage(RUSAGE_SELF, &self);
  for (int s = 0; s < 4; ++s) {
    if (same_fd) {
      shutdown(t.to[s], SHUT_WR);
    } else {
      close(t.to[s]);
    }
  }
  for (int s = 0; s < 4; ++s)
    if (t.pids[s] > 0) waitpid(t.pids[s], nullptr, 0);
  for (int s = 0; s < 4; ++s) close(t.from[s]);
  rusage children{};
  getrusage(RUSAGE_CHILDREN, &children);
  const double n = static_cast<double>(state.iterations());
  const double cpu = CpuSeconds(self) - CpuSeconds(self_before) + CpuSeconds(children) - CpuSeconds(children_before);
  const long switches = self.ru_nvcsw + self.ru_nivcsw - self_before.ru_nvcsw - self_before.ru_nivcsw +
                        children.ru_nvcsw + children.ru_nivcsw - children_before.ru_nvcsw - children_before.ru_nivcsw;
  state.counters["cpu_us"] = 1e6 * cpu / n;
  state.counters["switches"] = static_cast<double>(switches) / n;
}

void LockStep(benchmark::State& state, bool tcp, bool one_process = false) {
  rusage self_before{}, children_before{};
  getrusage(RUSAGE_SELF, &self_before);
  getrusage(RUSAGE_CHILDREN, &children_before);
  Table t = tcp ? StartTcp(one_process) : StartPipes();
  const std::string event = "{\"actor\":1,\"pai\":\"5mr\",\"possible_actions\":[],\"tsumogiri\":false,\"type\":\"dahai\"}\n";
  for (auto _ : state) {
    for (int s = 0; s < 4; ++s)
      if (!WriteAll(t.to[s], event)) state.SkipWithError("write failed");
    for (int s = 0; s < 4; ++s)
      if (!ReadLine(t.from[s], &t.buffers[s])) state.SkipWithError("read failed");
  }
  Finish(state, t, self_before, children_before, tcp);
}

void BM_LockStepTcp(benchmark::State& state) { LockStep(state, true); }
void BM_LockStepTcpOneProcess(benchmark::State& state) { LockStep(state, true, true); }
void BM_LockStepPipe(benchmark::State& state) { LockStep(state, false); }

void BM_BatchedPipe(benchmark::State& state) {
  rusage self_before{}, children_before{};
  getrusage(RUSAGE_SELF, &self_before);
  getrusage(RUSAGE_CHILDREN, &children_before);
  Table t = StartPipes();
  std::string batch = "[";
  while (batch.size() < 400) batch += "{\"actor\":1,\"pai\":\"?\",\"type\":\"tsumo\"},";
  batch.back() = ']';
  batch += '\n';
  int s = 0;
  for (auto _ : state) {
    if (!WriteAll(t.to[s], batch) || !ReadLine(t.from[s], &t.buffers[s])) state.SkipWithError("exchange failed");
    s = (s + 1) % 4;
  }
  Finish(state, t, self_before, children_before, false);
}

}  // namespace

BENCHMARK(BM_LockStepTcp)->UseRealTime()->MinTime(1.0);
BENCHMARK(BM_LockStepTcpOneProcess)->UseRealTime()->MinTime(1.0);
BENCHMARK(BM_LockStepPipe)->UseRealTime()->MinTime(1.0);
BENCHMARK(BM_BatchedPipe)->UseRealTime()->MinTime(1.0);
