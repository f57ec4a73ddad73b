#include "formats/replay_import.h"

#include <filesystem>

#include "replays/compression.h"
#include "formats/mjai_log_read.h"
#include "formats/mjlog_read.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"
#include "replays/replay_writer.h"
#include "formats/tenhou6.h"
#include "formats/tenhou_verify.h"
#include "rules/bounded_json.h"

namespace mj {
namespace {

std::string_view SkipSpace(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\r' || s.front() == '\t' ||
                        static_cast<unsigned char>(s.front()) == 0xEF || static_cast<unsigned char>(s.front()) == 0xBB ||
                        static_cast<unsigned char>(s.front()) == 0xBF))
    s.remove_prefix(1);
  return s;
}

// The hand label ("E2-1") of the hand that holds event `index` of `events`.
std::string HandAt(const std::vector<Event>& events, size_t index) {
  static constexpr const char* kWinds = "ESWN";
  std::string label = "the game start";
  for (size_t i = 0; i <= index && i < events.size(); ++i)
    if (events[i].type == EventType::kStartKyoku && events[i].start)
      label = std::string(1, kWinds[events[i].start->bakaze & 3]) + std::to_string(events[i].start->kyoku) + "-" +
              std::to_string(events[i].start->honba);
  return label;
}

std::string LineOf(EventTextWriter& w, const Event& e) {
  std::string s;
  w.Append(e, &s);
  return s;
}

}  // namespace

const char* ImportFormatName(ImportFormat f) {
  switch (f) {
    case ImportFormat::kTenhou6: return "tenhou6";
    case ImportFormat::kMjlog: return "mjlog";
    case ImportFormat::kMjai: return "mjai";
  }
  return "?";
}

std::optional<ImportFormat> ParseImportFormat(std::string_view name) {
  for (ImportFormat f : {ImportFormat::kTenhou6, ImportFormat::kMjlog, ImportFormat::kMjai})
    if (name == ImportFormatName(f)) return f;
  return std::nullopt;
}

std::optional<ImportFormat> DetectImportFormat(std::string_view text) {
  std::string_view s = SkipSpace(text);
  if (s.substr(0, 5) == "<?xml") {
    const size_t end = s.find("?>");
    if (end == std::string_view::npos) return std::nullopt;
    s = SkipSpace(s.substr(end + 2));
  }
  if (s.substr(0, 8) == "<mjloggm") return ImportFormat::kMjlog;
  if (s.empty() || s.front() != '{') return std::nullopt;
  // mjai: the first line is one event object with a "type"; tenhou6: one object with "log".
  const size_t nl = s.find('\n');
  const std::string_view first = s.substr(0, nl);
  if (first.find("\"type\"") != std::string_view::npos && first.find("\"log\"") == std::string_view::npos)
    return ImportFormat::kMjai;
  if (s.find("\"log\"") != std::string_view::npos) return ImportFormat::kTenhou6;
  return std::nullopt;
}

Result<GameRecord> ImportGame(std::string_view text, ImportFormat format, const std::string& file,
                              ImportChecks* checks) {
  const std::string name = std::filesystem::path(file).filename().string();
  const std::string stem = std::filesystem::path(file).stem().string();
  auto fail = [&](const std::string& what) -> Result<GameRecord> { return Error{name + ": " + what}; };

  // 1. The log as hands (tenhou.net/6 record form).
  Result<tenhou::Game> parsed = Error{""};
  switch (format) {
    case ImportFormat::kTenhou6: {
      auto doc = ParseBoundedJson(text, kTenhouRecordLimits);
      if (!doc) return fail("invalid JSON: " + doc.error());
      parsed = tenhou::ParseGame(*doc);
      break;
    }
    case ImportFormat::kMjlog: parsed = tenhou::ParseMjlog(text, stem); break;
    case ImportFormat::kMjai: parsed = tenhou::ParseMjaiLog(text, stem); break;
  }
  if (!parsed) return fail(parsed.error());
  tenhou::Game g = std::move(parsed).value();
  if (g.title.empty()) g.title = stem;
  const tenhou::Game* game = &g;

  auto rules = tenhou::RulesetFor(*game);
  if (!rules) return fail(rules.error());
  {
    // A replay is a whole game: the log must start where a game starts.
    const tenhou::Kyoku& first = game->log.front();
    const std::array<int, 4> start{rules->starting_points, rules->starting_points, rules->starting_points,
                                   rules->starting_points};
    if (first.index != 0 || first.honba != 0 || first.kyotaku != 0 || first.scores != start)
      return fail("the log starts at " + first.Label() + " with scores " + std::to_string(first.scores[0]) + " " +
                  std::to_string(first.scores[1]) + " " + std::to_string(first.scores[2]) + " " +
                  std::to_string(first.scores[3]) + ": a fragment of a game (only whole games import; `mahjong " +
                  "tenhou verify` checks fragments hand by hand)");
  }

  // 2. Every hand through the engine, compared with the log.
  tenhou::VerifyOptions options;
  options.keep_hands = true;
  const tenhou::GameReport report = tenhou::VerifyGame(*game, name, options);
  if (!report.read_ok) return fail(report.error);
  if (!report.mismatches.empty()) {
    // Everything that differs in the first hand that differs (a wrong yaku shows with the points
    // it changed), and how many differences later hands have.
    const std::string& hand = report.mismatches.front().hand;
    std::string what = hand + ": the engine does not reproduce the log: ";
    size_t shown = 0;
    for (const tenhou::Mismatch& m : report.mismatches) {
      if (m.hand != hand) continue;
      if (shown++ > 0) what += "; ";
      what += m.what + ": log says " + m.expected + ", engine finds " + m.got;
    }
    if (report.mismatches.size() > shown)
      what += " (and " + std::to_string(report.mismatches.size() - shown) + " more in later hands)";
    return fail(what);
  }
  // 3. The hands as one game: the engine plays it from the walls the hands drew, each seat
  //    answering from the hands' events; the game flow between hands is the engine's and must
  //    lead exactly through the log's hands to the game's end.
  GameRecord draft;
  draft.rules = *rules;
  for (int p = 0; p < 4; ++p)
    draft.agents[p] = game->names[p].empty() ? "player " + std::to_string(p) : game->names[p];
  draft.walls = report.walls;
  draft.imported = ImportedFrom{ImportFormatName(format), name};
  draft.events.push_back(Event{});  // start_game
  for (const auto& hand : report.hand_events) draft.events.insert(draft.events.end(), hand.begin(), hand.end());
  draft.complete = false;
  GameRecord sim = ResimulateRecord(draft);
  sim.agents = draft.agents;
  EventTextWriter want(draft.rules, draft.agents), got(draft.rules, draft.agents);
  const size_t n = draft.events.size();
  for (size_t i = 0; i < n; ++i) {
    const std::string w = LineOf(want, draft.events[i]);
    if (i >= sim.events.size())
      return fail(HandAt(draft.events, i) + ": the engine's game stops before the log's event " + w +
                  (sim.error.empty() ? "" : " (" + sim.error + ")"));
    const std::string g = LineOf(got, sim.events[i]);
    if (w != g) return fail(HandAt(draft.events, i) + ": the engine's game parts from the log: log " + w + ", engine " + g);
  }
  if (!sim.complete || sim.events.size() != n + 1) {
    if (sim.events.size() > n && sim.events[n].type == EventType::kStartKyoku)
      return fail("the log ends after " + HandAt(draft.events, n - 1) + " but the engine's game goes on to " +
                  HandAt(sim.events, n) + " (a log cut short, or other game-end rules)");
    return fail("the engine's game does not end where the log does" + (sim.error.empty() ? "" : ": " + sim.error));
  }
  if (checks != nullptr) {
    *checks = {};
    for (const tenhou::Kyoku& k : game->log)
      for (const tenhou::Win& w : k.result.wins) {
        ++checks->wins;
        checks->scored += w.has_yaku ? 1 : 0;
      }
  }
  return sim;
}

bool IsImportFileName(std::string_view name) {
  if (name.size() > 3 && name.substr(name.size() - 3) == ".gz") name.remove_suffix(3);
  for (std::string_view ext : {".json", ".mjlog", ".xml", ".jsonl", ".mjson"})
    if (name.size() > ext.size() && name.substr(name.size() - ext.size()) == ext) return true;
  return false;
}

Result<GameRecord> ReadGameFile(const std::string& path) {
  auto text = ReadMaybeCompressedFile(path, kReplayLimits.max_bytes);
  if (!text) return Error{text.error()};
  const std::string_view head = std::string_view(*text).substr(0, 200);
  if (head.find("\"mahjong-replay\"") != std::string_view::npos) return ReplayFromText(*text);
  const auto format = DetectImportFormat(*text);
  if (!format) return ReplayFromText(*text);  // its errors say what is wrong with it as a replay
  auto rec = ImportGame(*text, *format, path);
  if (!rec) return Error{"import: " + rec.error()};
  return rec;
}

Result<GameRecord> ImportFile(const std::string& path, std::optional<ImportFormat> format, ImportChecks* checks) {
  auto text = ReadMaybeCompressedFile(path, kTenhouRecordLimits.max_bytes);
  if (!text) return Error{path + ": " + text.error()};
  if (!format) format = DetectImportFormat(*text);
  if (!format)
    return Error{path + ": not a tenhou.net/6 record, an mjlog or an mjai log (say which with --from)"};
  auto rec = ImportGame(*text, *format, path, checks);
  if (!rec) return Error{rec.error()};
  return rec;
}

}  // namespace mj
