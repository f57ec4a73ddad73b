// The streamed replay writer, the fast reader and compressed files, each against the reference
// it replaces: ReplayText == the document layout of ReplayToJson byte for byte (every preset,
// every agent, stopped games, strings that need escaping); the fast reader accepts exactly the
// documents the thorough reader (schema + FirstDifference) accepts and gives the same record,
// also on thousands of corrupted texts; zstd / gzip files decompress to exactly the text.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "replays/compression.h"
#include "playtest/match_stats.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/replay_fast_read.h"
#include "replays/replay_writer.h"
#include "rules/ruleset.h"

namespace mj {
// This file's own names: a unity build (CMakeLists.txt) compiles several test files as one.
namespace replay_writer_test {
namespace {

using nlohmann::json;

GameRecord Play(const std::string& preset, const std::array<std::string, 4>& specs, uint64_t seed) {
  auto rules = LoadRuleset(preset);
  EXPECT_TRUE(rules.ok()) << rules.error();
  std::array<std::unique_ptr<Agent>, 4> owned;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < 4; ++s) {
    owned[s] = std::move(MakeAgent(specs[s])).value();
    agents[s] = owned[s].get();
  }
  GameRecord rec = PlayGame(*rules, seed, agents);
  rec.agents = specs;
  return rec;
}

const std::vector<GameRecord>& Games() {
  static const std::vector<GameRecord> games = [] {
    std::vector<GameRecord> out;
    const std::array<std::string, 4> mixed = {"greedy", "defensive", "random", "greedy:riichi=false"};
    for (const char* preset : {"riichi", "dunpai", "fuless", "ayame-blend", "ayame-competition", "ningbo"})
      for (uint64_t seed = 1; seed <= 4; ++seed) {
        out.push_back(Play(preset, {"random", "random", "random", "random"}, seed));
        out.push_back(Play(preset, mixed, 100 + seed));
      }
    return out;
  }();
  return games;
}

// A game stopped by an agent after `events` events, with an error and names that need JSON
// escaping.
GameRecord Stopped(size_t game = 1, size_t events = 40) {
  GameRecord rec = Games()[game];
  while (rec.events.size() > events) rec.events.pop_back();
  rec.complete = false;
  rec.end = EndGameInfo{};
  rec.error = "seat 2 answered \"dahai 5z\"\n\tcontrol \x01\x1f, back\\slash, non-ASCII: 東";
  rec.agents[1] = "quote\"and\\back\nslash";
  return rec;
}

TEST(ReplayWriterTest, StreamedTextIsTheDocumentLayoutByteForByte) {
  for (const GameRecord& g : Games()) {
    const std::string reference = ReplayDocumentText(ReplayToJson(g));
    ASSERT_EQ(ReplayText(g), reference) << g.rules.name << " seed " << g.seed;
  }
  const GameRecord s = Stopped();
  EXPECT_EQ(ReplayText(s), ReplayDocumentText(ReplayToJson(s)));
}

TEST(ReplayWriterTest, EventLinesAreDumpOrderedOfEventsToJson) {
  const GameRecord& g = Games()[3];
  const std::vector<json> reference = EventsToJson(g.events, g.rules, g.agents);
  EventTextWriter writer(g.rules, g.agents);
  for (size_t i = 0; i < g.events.size(); ++i) {
    std::string line;
    writer.Append(g.events[i], &line);
    ASSERT_EQ(line, DumpOrdered(reference[i])) << "event " << i;
  }
}

TEST(ReplayFastReadTest, ReadsWhatTheWriterWritesAsTheThoroughReaderDoes) {
  for (size_t i = 0; i < Games().size(); ++i) {
    const GameRecord& g = Games()[i];
    const std::string text = ReplayText(g);
    auto fast = ReadCanonicalReplay(text);
    ASSERT_TRUE(fast.has_value()) << g.rules.name << " seed " << g.seed << " is not read by the fast path";
    EXPECT_EQ(ReplayToJson(*fast), ReplayToJson(g));
    if (i % 5 != 0) continue;  // the thorough reader takes about 0.1 s a game
    auto slow = ReplayFromJson(json::parse(text));
    ASSERT_TRUE(slow.ok()) << slow.error();
    EXPECT_EQ(ReplayToJson(*fast), ReplayToJson(*slow));
  }
  const std::string stopped = ReplayText(Stopped());
  auto fast = ReadCanonicalReplay(stopped);
  ASSERT_TRUE(fast.has_value());
  EXPECT_EQ(fast->error, Stopped().error);
  EXPECT_EQ(fast->agents, Stopped().agents);
}

TEST(ReplayFastReadTest, OtherLayoutsGoTheThoroughWay) {
  const GameRecord& g = Games()[0];
  const json doc = ReplayToJson(g);
  const std::string pretty = doc.dump(1);
  EXPECT_FALSE(ReadCanonicalReplay(pretty).has_value());
  auto read = ReplayFromText(pretty);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(ReplayToJson(*read), doc);
  auto bad = ReplayFromText("{\"format\": ");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("invalid JSON"), std::string::npos) << bad.error();
}

// Corruptions: digits, tile names, keys and whole lines changed at deterministic places. The fast
// reader must never accept what the thorough one refuses, and must agree with it otherwise.
// Games cut after 100 events (the thorough reader is slow on whole games), one per preset.
TEST(ReplayFastReadTest, CorruptedTextsAreJudgedAsTheThoroughReaderJudgesThem) {
  uint64_t state = 12345;
  auto next = [&](uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % n;
  };
  static const std::vector<std::string> kSwaps = {"1m", "5mr", "E", "C", "9s", "7p*", "0", "3", "4", "5", "-1",
                                                  "136", "13", "true", "null", "\"x\"", "[]", "{}"};
  int fast_accepted = 0, slow_accepted = 0, tried = 0;
  std::vector<std::string> texts;
  for (size_t gi = 1; gi < Games().size(); gi += 8) texts.push_back(ReplayText(Stopped(gi, 100)));
  for (size_t ti = 0; ti < texts.size(); ++ti) {
    const std::string& text = texts[ti];
    for (int k = 0; k < 70; ++k) {
      std::string mutated = text;
      const size_t at = next(mutated.size());
      switch (next(4)) {
        case 0: {  // a digit changed
          const size_t d = mutated.find_first_of("0123456789", at);
          if (d == std::string::npos) continue;
          mutated[d] = static_cast<char>('0' + next(10));
          break;
        }
        case 1: {  // a string value (tile name, type, ...) replaced
          const size_t q = mutated.find(":\"", at);
          if (q == std::string::npos) continue;
          const size_t end = mutated.find('"', q + 2);
          mutated.replace(q + 1, end - q, "\"" + kSwaps[next(6)] + "\"");
          break;
        }
        case 2: {  // a value replaced by another JSON value
          const size_t c = mutated.find(':', at);
          if (c == std::string::npos) continue;
          const size_t end = mutated.find_first_of(",}]", c + 1);
          mutated.replace(c + 1, end - c - 1, kSwaps[next(kSwaps.size())]);
          break;
        }
        case 3: {  // a line duplicated or dropped
          const size_t nl = mutated.find('\n', at);
          if (nl == std::string::npos) continue;
          const size_t end = mutated.find('\n', nl + 1);
          if (end == std::string::npos) continue;
          const std::string line = mutated.substr(nl, end - nl);
          if (next(2)) {
            mutated.insert(end, line);
          } else {
            mutated.erase(nl, end - nl);
          }
          break;
        }
      }
      ++tried;
      auto fast = ReadCanonicalReplay(mutated);
      const json doc = json::parse(mutated, nullptr, false);
      const Result<GameRecord> slow = doc.is_discarded() ? Result<GameRecord>(Error{"invalid JSON"}) : ReplayFromJson(doc);
      fast_accepted += fast.has_value();
      slow_accepted += slow.ok();
      if (fast) {
        ASSERT_TRUE(slow.ok()) << "the fast reader accepts what the thorough one refuses (" << slow.error()
                               << "):\n"
                               << mutated.substr(at > 200 ? at - 200 : 0, 400);
        EXPECT_EQ(ReplayToJson(*fast), ReplayToJson(*slow));
      }
      const Result<GameRecord> either = ReplayFromText(mutated);
      EXPECT_EQ(either.ok(), slow.ok());
      if (!either.ok() && !slow.ok() && !doc.is_discarded()) {
        EXPECT_EQ(either.error(), slow.error());
      }
    }
  }
  std::printf("%d corrupted texts: %d accepted by the fast reader, %d by the thorough one\n", tried, fast_accepted,
              slow_accepted);
  EXPECT_GT(tried, 400);
}

TEST(CompressionTest, RoundTripsExactlyAndDeterministically) {
  const std::string text = ReplayText(Games()[0]);
  for (Compression c : {Compression::kZstd, Compression::kGzip}) {
    auto a = Compress(text, c);
    auto b = Compress(text, c);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(*a, *b) << "compression is not deterministic";
    EXPECT_LT(a->size(), text.size() / 5);
    auto back = Decompress(*a);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, text);
    // Two frames / members one after the other are one text.
    auto twice = Decompress(*a + *a);
    ASSERT_TRUE(twice.ok()) << twice.error();
    EXPECT_EQ(*twice, text + text);
    // Truncated and corrupted data are errors, not crashes.
    auto cut = Decompress(a->substr(0, a->size() / 2));
    ASSERT_FALSE(cut.ok());
    EXPECT_NE(cut.error().find("cannot decompress"), std::string::npos) << cut.error();
    std::string flipped = *a;
    for (size_t i = 20; i < flipped.size(); i += 97) flipped[i] = static_cast<char>(flipped[i] ^ 0x5a);
    EXPECT_FALSE(Decompress(flipped).ok());
  }
  auto plain = Decompress(text);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(*plain, text);
  EXPECT_EQ(ParseCompression("zstd"), Compression::kZstd);
  EXPECT_EQ(ParseCompression("gzip"), Compression::kGzip);
  EXPECT_EQ(ParseCompression("none"), Compression::kNone);
  EXPECT_FALSE(ParseCompression("xz").has_value());
}

TEST(CompressionTest, CompressedReplayFilesReadLikePlainOnes) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "mj_replay_writer_test";
  std::filesystem::create_directories(dir);
  const GameRecord& g = Games()[2];
  for (Compression c : {Compression::kNone, Compression::kZstd, Compression::kGzip}) {
    const std::string path = (dir / ("game" + std::string(ReplayExtension(c)))).string();
    auto written = WriteReplayFile(g, path, c);
    ASSERT_TRUE(written.ok()) << written.error();
    auto text = ReadMaybeCompressedFile(path, size_t{1} << 26);
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, ReplayText(g));
    auto read = ReadReplayFile(path);
    ASSERT_TRUE(read.ok()) << read.error();
    EXPECT_EQ(ReplayToJson(*read), ReplayToJson(g));
    EXPECT_TRUE(IsReplayFileName(path));
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace replay_writer_test
}  // namespace mj
