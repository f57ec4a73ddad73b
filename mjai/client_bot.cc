#include "mjai/client_bot.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "engine/game.h"
#include "mjai/action_json.h"
#include "replays/match_stats.h"

namespace mj {
namespace {

using json = nlohmann::json;

const json& NoneAnswer() {
  static const json none = {{"type", "none"}};
  return none;
}

// The hint key of an action: the mjai type, and for calls and kans the tile and the sorted
// consumed tile names. Wins and nine terminals match on the type alone, riichi on the type and
// whether it is open (the reference server's hints carry no riichi tile; an open riichi is
// {"type":"reach","open":true}, another action than a closed one). Empty for discards, passes
// and shield actions, which hints do not list.
std::string KeyOf(const Action& a, const MjaiSeatState& fold) {
  std::string type;
  switch (a.type) {
    case ActionType::kTsumo:
    case ActionType::kRon: return "hora";
    case ActionType::kRiichi: return "reach";
    case ActionType::kOpenRiichi: return "reach|open";
    case ActionType::kNineTerminals: return "ryukyoku";
    case ActionType::kChi: type = "chi"; break;
    case ActionType::kPon: type = "pon"; break;
    case ActionType::kDaiminkan: type = "daiminkan"; break;
    case ActionType::kKakan: type = "kakan"; break;
    case ActionType::kAnkan: type = "ankan"; break;
    default: return {};
  }
  std::vector<std::string> consumed;
  for (int i = 0; i < a.num_consumed; ++i) consumed.push_back(fold.TileName(a.consumed[i]));
  std::sort(consumed.begin(), consumed.end());
  std::string key = type + "|" + (a.type == ActionType::kAnkan ? "" : fold.TileName(a.tile));
  for (const auto& c : consumed) key += "|" + c;
  return key;
}

std::string KeyOfHint(const json& h) {
  if (!h.is_object() || !h.contains("type") || !h["type"].is_string()) return "?";
  const std::string type = h["type"].get<std::string>();
  if (type == "reach") {
    const auto open = h.find("open");
    return open != h.end() && *open == true ? "reach|open" : "reach";
  }
  if (type == "hora" || type == "ryukyoku") return type;
  std::vector<std::string> consumed;
  if (const auto c = h.find("consumed"); c != h.end() && c->is_array())
    for (const json& t : *c)
      if (t.is_string()) consumed.push_back(t.get<std::string>());
  std::sort(consumed.begin(), consumed.end());
  const auto pai = h.find("pai");
  std::string key = type + "|" + (type != "ankan" && pai != h.end() && pai->is_string() ? pai->get<std::string>() : "");
  for (const auto& c : consumed) key += "|" + c;
  return key;
}

}  // namespace

MjaiBot::MjaiBot(const Ruleset& rules, std::unique_ptr<Agent> agent, uint64_t seed)
    : fold_(rules), agent_(std::move(agent)), seed_(seed) {
  legal_.reserve(64);
}

Result<bool> MjaiBot::Fold(const json& event) {
  ++stats_.events;
  auto r = fold_.Apply(event);
  if (!r) return r;
  if (!begun_ && fold_.seat() >= 0) {
    ++games_begun_;
    const uint64_t game_seed = per_game_ ? MatchGameSeed(game_seed_, games_begun_) : game_seed_;
    agent_->BeginGame(fold_.seat(), derive_seed_ ? AgentSeed(game_seed, fold_.seat()) : seed_);
    begun_ = true;
  }
  if (event.is_object())
    if (const auto t = event.find("type"); t != event.end() && *t == "end_game") begun_ = false;
  return true;
}

Result<json> MjaiBot::React(const json& event) {
  auto r = Fold(event);
  if (!r) return Error{r.error()};
  return Answer(event);
}

Result<json> MjaiBot::ReactAll(std::span<const json> events) {
  for (const json& e : events) {
    auto r = Fold(e);
    if (!r) return Error{r.error()};
  }
  if (events.empty()) return NoneAnswer();
  return Answer(events.back());
}

void MjaiBot::ApplyHints(const json& event) {
  const auto possible = event.find("possible_actions");
  const auto cannot = event.find("cannot_dahai");
  const bool has_possible = possible != event.end() && possible->is_array();
  const bool has_cannot = cannot != event.end() && cannot->is_array();
  if (!has_possible && !has_cannot) return;
  std::vector<std::string> hinted;
  if (has_possible)
    for (const json& h : *possible) hinted.push_back(KeyOfHint(h));
  std::vector<std::string> forbidden;
  if (has_cannot)
    for (const json& t : *cannot)
      if (t.is_string()) forbidden.push_back(t.get<std::string>());
  std::vector<bool> used(hinted.size(), false);
  std::vector<Action> kept;
  kept.reserve(legal_.size());
  bool kept_a_discard = false;
  for (const Action& a : legal_) {
    const bool discard_like = a.type == ActionType::kDiscard ||
                              (fold_.decision() == MjaiDecision::kRiichiDiscard);
    if (discard_like && has_cannot &&
        std::find(forbidden.begin(), forbidden.end(), fold_.TileName(a.tile)) != forbidden.end()) {
      ++stats_.hint_removed;
      continue;
    }
    const std::string key = fold_.decision() == MjaiDecision::kRiichiDiscard ? std::string() : KeyOf(a, fold_);
    if (!key.empty() && has_possible) {
      const auto it = std::find(hinted.begin(), hinted.end(), key);
      if (it == hinted.end()) {
        ++stats_.hint_removed;
        spdlog::debug("mjai-client: seat {} leaves out {}: not in the server's possible_actions", fold_.seat(),
                      ActionToString(a));
        continue;
      }
      used[static_cast<size_t>(it - hinted.begin())] = true;
    }
    kept_a_discard = kept_a_discard || discard_like;
    kept.push_back(a);
  }
  for (size_t i = 0; i < hinted.size(); ++i)
    if (!used[i] && hinted[i] != "?") {
      ++stats_.hint_unknown;
      if (spdlog::should_log(spdlog::level::debug)) {
        std::string hand;
        for (Tile t : fold_.state().seats[fold_.seat()].hand) hand += fold_.TileName(t) + " ";
        spdlog::debug("mjai-client: seat {}: the server offers {} which the engine's rules do not (hand {}, {} tiles left)",
                      fold_.seat(), hinted[i], hand, fold_.state().TilesLeft());
      }
    }
  // A turn needs a discard: if the hints removed every one, they disagree with the hand; keep
  // the engine's list (the server will say what it rejects).
  const bool turn = fold_.decision() == MjaiDecision::kTurn || fold_.decision() == MjaiDecision::kRiichiDiscard;
  if (kept.empty() || (turn && !kept_a_discard)) {
    spdlog::warn("mjai-client: seat {}: the server's hints leave no discard; ignoring them", fold_.seat());
    return;
  }
  legal_ = std::move(kept);
}

Result<json> MjaiBot::Answer(const json& event) {
  const MjaiDecision decision = fold_.decision();
  if (decision == MjaiDecision::kNone) return NoneAnswer();
  ++stats_.decisions;
  fold_.LegalActions(&legal_);
  if (legal_.empty()) {
    if (decision == MjaiDecision::kRiichiDiscard)
      return Error{"reach event: the hand has no discard that keeps it tenpai"};
    return NoneAnswer();
  }
  if (legal_.size() == 1 && legal_.front().type == ActionType::kPass) return NoneAnswer();
  ApplyHints(event);
  if (legal_.size() == 1 && legal_.front().type == ActionType::kPass) return NoneAnswer();
  const RoundState& s = fold_.state();
  Action chosen = legal_.front();
  const auto planned = std::find_if(legal_.begin(), legal_.end(), [&](const Action& a) { return a.tile == riichi_tile_; });
  if (decision == MjaiDecision::kRiichiDiscard && planned != legal_.end()) {
    chosen = *planned;
  } else if (legal_.size() > 1) {
    ++stats_.agent_calls;
    chosen = agent_->Choose(fold_.view(), legal_);
    if (std::find(legal_.begin(), legal_.end(), chosen) == legal_.end())
      return Error{"agent \"" + agent_->Name() + "\" answered \"" + ActionToString(chosen) +
                   "\", which is not a legal action"};
  }
  riichi_tile_ = kNoTile;
  MjaiActionContext ctx;
  ctx.drawn = s.drawn;
  ctx.target = decision == MjaiDecision::kKanResponse ? s.kan_actor
               : decision == MjaiDecision::kDiscardResponse ? s.last_discarder
                                                          : fold_.seat();
  std::vector<json> messages = ActionToMjai(chosen, ctx, fold_.rules());
  if (chosen.type == ActionType::kRiichi || chosen.type == ActionType::kOpenRiichi) {
    if (decision == MjaiDecision::kRiichiDiscard) return std::move(messages.back());
    riichi_tile_ = chosen.tile;
    return std::move(messages.front());
  }
  return std::move(messages.front());
}

}  // namespace mj
