#include "rl/replay_decisions.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "replays/replay.h"
#include "formats/replay_import.h"
#include "replays/replay_verify.h"
#include "rl/action_encoding.h"
#include "rl/observation.h"

namespace mj::rl {

Result<bool> AppendDecisions(const GameRecord& record, int32_t game, bool masks, DecisionBatch* out) {
  DecisionBatch mine;
  ReplayFollowOptions options;
  options.rederive_agents = false;
  options.on_decision = [&](const PlayerView& view, std::span<const Action> legal, const Action& answer) {
    const size_t i = mine.count++;
    mine.seat.push_back(view.seat());
    mine.action.push_back(EncodeAction(answer, view.drawn(), view.rules()));
    mine.game.push_back(game);
    mine.planes.resize((i + 1) * kNumPlanes * kNumKinds);
    mine.scalars.resize((i + 1) * kNumScalars);
    EncodeObservation(view, mine.planes.data() + i * kNumPlanes * kNumKinds, mine.scalars.data() + i * kNumScalars);
    if (masks) {
      mine.mask.resize((i + 1) * kNumActions);
      FillActionMask(legal, view.drawn(), view.rules(), mine.mask.data() + i * kNumActions);
    }
    mine.legal_count.push_back(static_cast<int32_t>(legal.size()));
    for (const Action& a : legal) mine.legal.push_back(EncodeAction(a, view.drawn(), view.rules()));
  };
  auto verified = VerifyReplay(record, options);
  if (!verified) return Error{verified.error()};
  if (!verified->ok()) return Error{"the record cannot be followed: " + verified->divergence->ToString()};
  auto append = [](auto& to, const auto& from) { to.insert(to.end(), from.begin(), from.end()); };
  out->count += mine.count;
  append(out->seat, mine.seat);
  append(out->action, mine.action);
  append(out->game, mine.game);
  append(out->planes, mine.planes);
  append(out->scalars, mine.scalars);
  append(out->mask, mine.mask);
  append(out->legal_count, mine.legal_count);
  append(out->legal, mine.legal);
  return true;
}

DecisionBatch ReadDecisions(const std::vector<std::string>& paths, bool masks, int threads) {
  const size_t n = paths.size();
  std::vector<DecisionBatch> parts(n);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++) {
      auto record = ReadGameFile(paths[i]);  // ours, or an outside log imported
      if (!record) {
        parts[i].errors.push_back(paths[i] + ": " + record.error());
        continue;
      }
      auto added = AppendDecisions(*record, static_cast<int32_t>(i), masks, &parts[i]);
      if (!added) parts[i].errors.push_back(paths[i] + ": " + added.error());
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, threads); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  DecisionBatch out;
  auto append = [](auto& to, const auto& from) { to.insert(to.end(), from.begin(), from.end()); };
  for (const DecisionBatch& p : parts) {
    out.count += p.count;
    append(out.seat, p.seat);
    append(out.action, p.action);
    append(out.game, p.game);
    append(out.planes, p.planes);
    append(out.scalars, p.scalars);
    append(out.mask, p.mask);
    append(out.legal_count, p.legal_count);
    append(out.legal, p.legal);
    append(out.errors, p.errors);
  }
  return out;
}

}  // namespace mj::rl
