// Import and review speed (issue 28's targets; docs/REPLAY.md "Importing", "Review"):
//   BM_ImportTenhou6   every whole game of shared/realgames/tenhou6 imported in turn (text ->
//                      replay record: read, replay every hand through the engine, play the game
//                      from the walls); items = games. Target: 1,000 games in under 10 s.
//   BM_ImportMjlog / BM_ImportMjai  the same games from the other formats.
//   BM_ReviewHanchan   `replay review --seat all` of one imported hanchan with a given agent
//                      (every decision of the four seats). Target: under 5 s.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "formats/replay_import.h"
#include "review/replay_review.h"

namespace mj {
namespace {

namespace fs = std::filesystem;

// The logs' file names (a Tenhou id's date picks the era's rules) and texts.
std::vector<std::pair<std::string, std::string>> Texts(const std::string& dir, const std::string& ext) {
  std::vector<std::pair<std::string, std::string>> out;
  std::vector<fs::path> files;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext && e.path().filename() != "MANIFEST.json" &&
        e.path().filename().string().find("-no-") == std::string::npos)
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    out.emplace_back(f.filename().string(), ss.str());
  }
  return out;
}

void Import(benchmark::State& state, const std::string& sub, const std::string& ext, ImportFormat format) {
  const std::vector<std::pair<std::string, std::string>> texts = Texts(std::string(MJ_SHARED_DIR) + "/realgames/" + sub, ext);
  if (texts.empty()) {
    state.SkipWithError("no games in shared/realgames");
    return;
  }
  size_t i = 0, games = 0;
  for (auto _ : state) {
    auto rec = ImportGame(texts[i].second, format, texts[i].first);
    if (!rec) {
      state.SkipWithError(rec.error().c_str());
      return;
    }
    benchmark::DoNotOptimize(rec->events.size());
    i = (i + 1) % texts.size();
    ++games;
  }
  state.SetItemsProcessed(static_cast<int64_t>(games));
}

void BM_ImportTenhou6(benchmark::State& state) { Import(state, "tenhou6", ".json", ImportFormat::kTenhou6); }
void BM_ImportMjlog(benchmark::State& state) { Import(state, "mjlog", ".mjlog", ImportFormat::kMjlog); }
void BM_ImportMjai(benchmark::State& state) { Import(state, "mjai", ".jsonl", ImportFormat::kMjai); }
BENCHMARK(BM_ImportTenhou6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportMjlog)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportMjai)->Unit(benchmark::kMillisecond);

void BM_ReviewHanchan(benchmark::State& state, const char* agent) {
  // The longest whole game of the corpus (2019081518gm..., a hanchan).
  auto rec = ImportFile(std::string(MJ_SHARED_DIR) + "/realgames/tenhou6/2019081518gm-00a9-0000-cce9d00c.json");
  if (!rec) {
    state.SkipWithError(rec.error().c_str());
    return;
  }
  ReviewOptions options;
  options.agent = agent;
  size_t decisions = 0;
  for (auto _ : state) {
    auto review = ReviewGame(*rec, options);
    if (!review) {
      state.SkipWithError(review.error().c_str());
      return;
    }
    decisions = review->decisions.size();
    benchmark::DoNotOptimize(decisions);
  }
  state.counters["decisions"] = static_cast<double>(decisions);
}
BENCHMARK_CAPTURE(BM_ReviewHanchan, greedy, "greedy")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReviewHanchan, defensive, "defensive")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace mj
