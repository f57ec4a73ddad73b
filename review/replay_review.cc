#include "review/replay_review.h"

#include <algorithm>
#include <memory>

#include "agents/registry.h"
#include "replays/mjai_events.h"
#include "replays/replay.h"
#include "replays/replay_verify.h"

namespace mj {
namespace {

using nlohmann::json;

bool Has(std::span<const Action> legal, ActionType t) {
  return std::any_of(legal.begin(), legal.end(), [t](const Action& a) { return a.type == t; });
}
bool IsCall(ActionType t) { return t == ActionType::kChi || t == ActionType::kPon || t == ActionType::kDaiminkan; }
bool IsKan(ActionType t) { return t == ActionType::kAnkan || t == ActionType::kKakan || t == ActionType::kDaiminkan; }
bool IsRiichi(ActionType t) { return t == ActionType::kRiichi || t == ActionType::kOpenRiichi; }

// Which decision this was: what was at stake among the legal actions, and what either side did.
DecisionKind KindOf(std::span<const Action> legal, const Action& taken, const Action& choice,
                    const std::string& note_taken, const std::string& note_choice) {
  if (Has(legal, ActionType::kTsumo) || Has(legal, ActionType::kRon)) return DecisionKind::kWin;
  if (Has(legal, ActionType::kSetShield)) return DecisionKind::kShield;
  if (Has(legal, ActionType::kNineTerminals) && (taken.type == ActionType::kNineTerminals || choice.type == ActionType::kNineTerminals))
    return DecisionKind::kAbort;
  if (taken.type == ActionType::kExchange || choice.type == ActionType::kExchange) return DecisionKind::kExchange;
  if (IsCall(taken.type) || IsCall(choice.type) || (Has(legal, ActionType::kPass) && !Has(legal, ActionType::kDiscard)))
    return IsKan(taken.type) || IsKan(choice.type) ? DecisionKind::kKan : DecisionKind::kCall;
  if (IsKan(taken.type) || IsKan(choice.type)) return DecisionKind::kKan;
  if (IsRiichi(taken.type) || IsRiichi(choice.type)) return DecisionKind::kRiichi;
  if (note_taken == "fold" || note_choice == "fold") return DecisionKind::kFold;
  return DecisionKind::kDiscard;
}

// Two actions are the same decision when they differ only in which copy of a tile moves.
bool SameDecision(const Action& a, const Action& b, const Ruleset& rules) {
  if (a.type != b.type || a.num_consumed != b.num_consumed) return false;
  if ((a.tile == kNoTile) != (b.tile == kNoTile)) return false;
  if (a.tile != kNoTile && !(MjaiNameOf(a.tile, rules) == MjaiNameOf(b.tile, rules))) return false;
  std::vector<std::string> x, y;
  for (int i = 0; i < a.num_consumed; ++i) {
    x.push_back(MjaiTile(a.consumed[i], rules));
    y.push_back(MjaiTile(b.consumed[i], rules));
  }
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return x == y;
}

json ActionJson(const Action& a, const Ruleset& rules) {
  json j = {{"type", std::string(ActionTypeName(a.type))}};
  if (a.tile != kNoTile) j["pai"] = MjaiTile(a.tile, rules);
  if (a.num_consumed > 0) {
    json c = json::array();
    for (int i = 0; i < a.num_consumed; ++i) c.push_back(MjaiTile(a.consumed[i], rules));
    j["consumed"] = std::move(c);
  }
  return j;
}

double Round3(double v) { return static_cast<double>(static_cast<long long>(v * 1000.0 + (v < 0 ? -0.5 : 0.5))) / 1000.0; }

}  // namespace

const char* DecisionKindName(DecisionKind k) {
  switch (k) {
    case DecisionKind::kDiscard: return "discard";
    case DecisionKind::kRiichi: return "riichi";
    case DecisionKind::kCall: return "call";
    case DecisionKind::kWin: return "win";
    case DecisionKind::kKan: return "kan";
    case DecisionKind::kShield: return "shield";
    case DecisionKind::kExchange: return "exchange";
    case DecisionKind::kFold: return "fold";
    case DecisionKind::kAbort: return "abort";
    case DecisionKind::kCount: break;
  }
  return "?";
}

Result<Review> ReviewGame(const GameRecord& record, const ReviewOptions& options) {
  std::array<std::unique_ptr<Agent>, 4> reviewers;
  for (int p = 0; p < 4; ++p) {
    if (!options.seats[p]) continue;
    if (options.make_agent) {
      reviewers[p] = options.make_agent();
    } else {
      auto made = MakeAgent(options.agent);
      if (!made) return Error{"--agent " + options.agent + ": " + made.error()};
      reviewers[p] = std::move(made).value();
    }
    reviewers[p]->BeginGame(p, AgentSeed(record.seed, p));
  }
  Review review;
  review.agent = options.agent;
  const Ruleset& rules = record.rules;
  DecisionHook hook = [&](int seat, const PlayerView& view, std::span<const Action> legal, const Action& taken,
                          size_t next_event) {
    Agent* agent = reviewers[seat].get();
    if (agent == nullptr) return;
    ReviewedDecision d;
    d.event = next_event == 0 ? 0 : next_event - 1;
    d.seat = seat;
    d.legal = static_cast<int>(legal.size());
    d.taken = taken;
    // Evaluate first: it must not change what Choose answers (engine/agent.h).
    std::vector<ActionEstimate> est = agent->Evaluate(view, legal);
    d.choice = agent->Choose(view, legal);
    d.match = SameDecision(d.choice, taken, rules);
    std::string note_taken, note_choice;
    if (est.size() == legal.size()) {
      review.estimates = true;
      double best = est.front().value;
      const ActionEstimate* took = nullptr;
      for (const ActionEstimate& e : est) {
        best = std::max(best, e.value);
        if (took == nullptr && SameDecision(e.action, taken, rules)) took = &e;
        if (SameDecision(e.action, d.choice, rules) && note_choice.empty()) note_choice = e.note;
      }
      if (took != nullptr) {
        d.loss = std::max(0.0, best - took->value);
        note_taken = took->note;
      }
      std::stable_sort(est.begin(), est.end(), [](const ActionEstimate& a, const ActionEstimate& b) { return a.value > b.value; });
      for (const ActionEstimate& e : est) {
        // Keep the top ones, and always the taken and the chosen action.
        const bool keep = options.top <= 0 || static_cast<int>(d.estimates.size()) < options.top ||
                          SameDecision(e.action, taken, rules) || SameDecision(e.action, d.choice, rules);
        if (keep) d.estimates.push_back({e.action, e.value, e.win_chance, e.deal_in_chance, e.note});
      }
    }
    d.kind = KindOf(legal, taken, d.choice, note_taken, note_choice);
    review.decisions.push_back(std::move(d));
  };
  const GameRecord sim = ResimulateRecord(record, hook);
  if (sim.events.size() != record.events.size() || (record.complete && !sim.complete))
    return Error{"the replay does not re-simulate (run `mahjong replay verify` on it); reviewed up to event " +
                 std::to_string(sim.events.size())};
  return review;
}

json ReviewToJson(const Review& review, const GameRecord& record, const ReviewOptions& options,
                  const std::string& replay_file) {
  const Ruleset& rules = record.rules;
  json doc;
  doc["format"] = "mahjong-review";
  doc["version"] = 1;
  doc["replay"] = replay_file;
  doc["agent"] = review.agent;
  doc["estimates"] = review.estimates;
  json seats = json::array();
  for (int p = 0; p < 4; ++p)
    if (options.seats[p]) seats.push_back(p);
  doc["seats"] = seats;
  // Per seat: agreement, by kind, the largest losses.
  json summary = json::array();
  for (int p = 0; p < 4; ++p) {
    if (!options.seats[p]) continue;
    int n = 0, agree = 0;
    double loss = 0.0;
    std::array<int, static_cast<size_t>(DecisionKind::kCount)> kn{}, ka{};
    std::array<double, static_cast<size_t>(DecisionKind::kCount)> kl{};
    std::vector<size_t> lossy;
    for (size_t i = 0; i < review.decisions.size(); ++i) {
      const ReviewedDecision& d = review.decisions[i];
      if (d.seat != p) continue;
      const size_t k = static_cast<size_t>(d.kind);
      ++n;
      ++kn[k];
      if (d.match) {
        ++agree;
        ++ka[k];
      }
      if (d.loss) {
        loss += *d.loss;
        kl[k] += *d.loss;
        if (*d.loss > 0) lossy.push_back(i);
      }
    }
    std::stable_sort(lossy.begin(), lossy.end(),
                     [&](size_t a, size_t b) { return *review.decisions[a].loss > *review.decisions[b].loss; });
    if (lossy.size() > 10) lossy.resize(10);
    json kinds = json::object();
    for (size_t k = 0; k < kn.size(); ++k) {
      if (kn[k] == 0) continue;
      json one = {{"decisions", kn[k]}, {"matches", ka[k]}, {"agreement", Round3(static_cast<double>(ka[k]) / kn[k])}};
      if (review.estimates) one["loss"] = Round3(kl[k]);
      kinds[DecisionKindName(static_cast<DecisionKind>(k))] = std::move(one);
    }
    json s = {{"seat", p}, {"name", record.agents[p]}, {"decisions", n}, {"matches", agree},
              {"agreement", n ? Round3(static_cast<double>(agree) / n) : 0.0}, {"by_kind", kinds}};
    if (review.estimates) {
      s["loss"] = Round3(loss);
      s["largest_losses"] = lossy;
    }
    // Without estimates, the disagreements are what there is to look at.
    json mismatches = json::array();
    for (size_t i = 0; i < review.decisions.size(); ++i)
      if (review.decisions[i].seat == p && !review.decisions[i].match) mismatches.push_back(i);
    s["mismatches"] = std::move(mismatches);
    summary.push_back(std::move(s));
  }
  doc["summary"] = std::move(summary);
  json decisions = json::array();
  for (const ReviewedDecision& d : review.decisions) {
    json j = {{"event", d.event}, {"seat", d.seat}, {"kind", DecisionKindName(d.kind)}, {"legal", d.legal},
              {"taken", ActionJson(d.taken, rules)}, {"choice", ActionJson(d.choice, rules)}, {"match", d.match}};
    if (d.loss) j["loss"] = Round3(*d.loss);
    if (!d.estimates.empty()) {
      json es = json::array();
      for (const ReviewedAction& e : d.estimates) {
        json one = {{"action", ActionJson(e.action, rules)}, {"value", Round3(e.value)}};
        if (e.win_chance >= 0) one["win"] = Round3(e.win_chance);
        if (e.deal_in_chance >= 0) one["deal_in"] = Round3(e.deal_in_chance);
        if (!e.note.empty()) one["note"] = e.note;
        es.push_back(std::move(one));
      }
      j["estimates"] = std::move(es);
    }
    decisions.push_back(std::move(j));
  }
  doc["decisions"] = std::move(decisions);
  return doc;
}

}  // namespace mj
