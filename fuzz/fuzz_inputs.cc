#include "fuzz/fuzz_inputs.h"

#include <array>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <span>
#include <string>
#include <vector>

#include "agents/random_agent.h"
#include "engine/game.h"
#include "mjai/action_json.h"
#include "mjai/client.h"
#include "mjai/client_bot.h"
#include "playtest/game_summary.h"
#include "playtest/match_statistics.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "formats/tenhou6.h"
#include "formats/tenhou_verify.h"
#include "rules/bounded_json.h"
#include "rules/ruleset.h"
#include "rules/score_json.h"

namespace mj::fuzz {
namespace {

const Ruleset& Preset(size_t i) {
  static const std::array<Ruleset, 6> presets = [] {
    std::array<Ruleset, 6> out;
    const char* names[] = {"riichi", "fuless", "ayame-blend", "ayame-competition", "dunpai", "ningbo"};
    for (size_t k = 0; k < out.size(); ++k) out[k] = LoadRuleset(names[k]).value();
    return out;
  }();
  return presets[i % presets.size()];
}

// Decision points of one real game: the seat, its legal actions and the tile it just drew.
struct Decision {
  int seat = 0;
  std::vector<Action> legal;
  Tile drawn = kNoTile;
};

class RecordingAgent final : public Agent {
 public:
  explicit RecordingAgent(std::vector<Decision>* out) : out_(out) {}
  [[nodiscard]] std::string Name() const override { return "random"; }
  void BeginGame(int seat, uint64_t seed) override { inner_.BeginGame(seat, seed); }
  [[nodiscard]] Action Choose(const PlayerView& view, std::span<const Action> legal) override {
    if (out_->size() < 256) out_->push_back({view.seat(), {legal.begin(), legal.end()}, view.drawn()});
    return inner_.Choose(view, legal);
  }

 private:
  RandomAgent inner_;
  std::vector<Decision>* out_;
};

const std::vector<Decision>& Decisions() {
  static const std::vector<Decision> decisions = [] {
    std::vector<Decision> out;
    std::array<RecordingAgent, 4> a{RecordingAgent(&out), RecordingAgent(&out), RecordingAgent(&out),
                                    RecordingAgent(&out)};
    (void)PlayGame(Preset(0), 2024, {&a[0], &a[1], &a[2], &a[3]});
    return out;
  }();
  return decisions;
}

}  // namespace

void ScoreLine(std::string_view data) {
  if (data.empty()) return;
  const std::string out = ScoreInputLine(data.substr(1), Preset(static_cast<unsigned char>(data[0])));
  // Every answer is one line of valid JSON.
  if (out.find('\n') != std::string::npos || !nlohmann::json::accept(out)) std::abort();
}

void RulesetFile(std::string_view data) {
  auto doc = ParseBoundedJson(data, kRulesetLimits);
  if (!doc) return;
  auto rules = RulesetFromJson(*doc);
  if (!rules) return;
  // An accepted ruleset is written whole and reads back the same.
  const nlohmann::json written = RulesetToJson(*rules);
  auto back = RulesetFromJson(written);
  if (!back || RulesetToJson(*back) != written) std::abort();
}

void ReplayFile(std::string_view data) {
  auto doc = ParseBoundedJson(data, kReplayLimits);
  if (!doc) return;
  auto record = ReplayFromJson(*doc);
  if (!record) return;
  (void)VerifyReplay(*record);
}

void TenhouRecord(std::string_view data) {
  auto doc = ParseBoundedJson(data, kTenhouRecordLimits);
  if (!doc) return;
  auto game = tenhou::ParseGame(*doc);
  if (!game) return;
  tenhou::VerifyOptions options;
  options.max_replays_per_hand = 8;  // keeps one input within the fuzzer's time
  (void)tenhou::VerifyGame(*game, "fuzz", options);
}

void MjaiAction(std::string_view data) {
  if (data.empty()) return;
  const std::vector<Decision>& decisions = Decisions();
  const Decision& d = decisions[static_cast<unsigned char>(data[0]) % decisions.size()];
  auto msg = ParseBoundedJson(data.substr(1), kMessageLimits);
  if (!msg) return;
  const MjaiActionContext ctx{(d.seat + 3) % 4, d.drawn};
  auto answer = MjaiToAction(*msg, d.seat, d.legal, ctx, Preset(0), (data[0] & 0x40) != 0, (data[0] & 0x20) != 0);
  if (!answer || answer->kind != MjaiAnswer::kAction) return;
  // An answer read is one of the legal actions.
  bool found = false;
  for (const Action& a : d.legal) found = found || a == answer->action;
  if (!found) std::abort();
}

void MjaiClient(std::string_view data) {
  if (data.empty()) return;
  const auto selector = static_cast<unsigned char>(data[0]);
  MjaiBot bot(Preset(selector), std::make_unique<RandomAgent>(), selector);
  std::istringstream in{std::string(data.substr(1))};
  std::ostringstream out;
  const auto dialect = (selector & 0x80) != 0 ? MjaiStdioDialect::kBatched : MjaiStdioDialect::kLockstep;
  MjaiClientLimits limits;
  limits.max_line = 4096;  // the fuzzer's inputs are shorter; a longer line is refused whole
  (void)RunMjaiStdioClient(in, out, dialect, bot, 2, limits);
  // Every answer written is one line of JSON.
  std::istringstream answers(out.str());
  std::string line;
  while (std::getline(answers, line))
    if (!nlohmann::json::accept(line)) std::abort();
}

void Summary(std::string_view data) {
  auto doc = ParseBoundedJson(data, kSummaryLimits);
  if (!doc) return;
  auto summary = SummaryFromJson(*doc);
  if (!summary) return;
  // Every accepted record is written back to what it was read from, and reads back the same.
  for (const GameSummary& g : summary->second) {
    const nlohmann::json written = GameSummaryToJson(g);
    auto back = GameSummaryFromJson(written, "/games");
    if (!back || GameSummaryToJson(*back) != written) std::abort();
  }
  if (summary->second.size() <= 16) (void)MatchStatistics(summary->first, summary->second, 1);
}

Target TargetNamed(std::string_view name) {
  if (name == "score_line") return ScoreLine;
  if (name == "ruleset") return RulesetFile;
  if (name == "replay") return ReplayFile;
  if (name == "tenhou6") return TenhouRecord;
  if (name == "mjai_action") return MjaiAction;
  if (name == "mjai_client") return MjaiClient;
  if (name == "summary") return Summary;
  return nullptr;
}

}  // namespace mj::fuzz
