#include "mjai/client_bot.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "engine/game.h"
#include "mjai/action_json.h"
#include "engine/match_plan.h"

namespace mj {
namespace {

using json = nlohmann::json;

constexpr std::string_view kNoneAnswer = R"({"type":"none"})";

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

std::string KeyOfHint(JsonValue h) {
  const auto type_it = JsonFind(h, "type");
  if (!type_it || !JsonIsString(*type_it)) return "?";
  const std::string type(JsonString(*type_it));
  if (type == "reach") {
    const auto open = JsonFind(h, "open");
    return open && JsonTrue(*open) ? "reach|open" : "reach";
  }
  if (type == "hora" || type == "ryukyoku") return type;
  std::vector<std::string> consumed;
  if (const auto c = JsonFind(h, "consumed"))
    for (const JsonValue t : JsonItems(*c))
      if (JsonIsString(t)) consumed.emplace_back(JsonString(t));
  std::sort(consumed.begin(), consumed.end());
  const auto pai = JsonFind(h, "pai");
  std::string key = type + "|" + (type != "ankan" && pai ? std::string(JsonString(*pai)) : "");
  for (const auto& c : consumed) key += "|" + c;
  return key;
}

}  // namespace

MjaiBot::MjaiBot(const Ruleset& rules, std::unique_ptr<Agent> agent, uint64_t seed)
    : fold_(rules), agent_(std::move(agent)), seed_(seed) {
  legal_.reserve(64);
}

Result<bool> MjaiBot::Fold(JsonValue event) {
  ++stats_.events;
  auto r = fold_.Apply(event);
  if (!r) return r;
  if (!begun_ && fold_.seat() >= 0) {
    ++games_begun_;
    const uint64_t game_seed = per_game_ ? MatchGameSeed(game_seed_, games_begun_) : game_seed_;
    agent_->BeginGame(fold_.seat(), derive_seed_ ? AgentSeed(game_seed, fold_.seat()) : seed_);
    begun_ = true;
  }
  if (fold_.ended_game()) begun_ = false;
  return true;
}

Result<json> MjaiBot::React(const json& event) {
  thread_local JsonLineDocument document;
  auto e = document.ParseTree(event);
  if (!e) return Error{"the event is " + e.error()};
  auto r = Fold(*e);
  if (!r) return Error{r.error()};
  std::string answer;
  auto a = Answer(*e, &answer);
  if (!a) return Error{a.error()};
  return json::parse(answer);
}

void MjaiBot::ApplyHints(JsonValue event) {
  const auto possible = JsonFind(event, "possible_actions");
  const auto cannot = JsonFind(event, "cannot_dahai");
  const bool has_possible = possible && JsonIsArray(*possible);
  const bool has_cannot = cannot && JsonIsArray(*cannot);
  if (!has_possible && !has_cannot) return;
  std::vector<std::string> hinted;
  if (has_possible)
    for (const JsonValue h : JsonItems(*possible)) hinted.push_back(KeyOfHint(h));
  std::vector<std::string> forbidden;
  if (has_cannot)
    for (const JsonValue t : JsonItems(*cannot))
      if (JsonIsString(t)) forbidden.emplace_back(JsonString(t));
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

Result<bool> MjaiBot::Answer(JsonValue event, std::string* out) {
  const auto none = [&] {
    out->append(kNoneAnswer);
    return true;
  };
  const MjaiDecision decision = fold_.decision();
  if (decision == MjaiDecision::kNone) return none();
  ++stats_.decisions;
  fold_.LegalActions(&legal_);
  if (legal_.empty()) {
    if (decision == MjaiDecision::kRiichiDiscard)
      return Error{"reach event: the hand has no discard that keeps it tenpai"};
    return none();
  }
  if (legal_.size() == 1 && legal_.front().type == ActionType::kPass) return none();
  ApplyHints(event);
  if (legal_.size() == 1 && legal_.front().type == ActionType::kPass) return none();
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
  if (chosen.type == ActionType::kRiichi || chosen.type == ActionType::kOpenRiichi) {
    if (decision == MjaiDecision::kRiichiDiscard) {
      // The riichi's second message: the discard of its tile.
      Action discard = chosen;
      discard.type = ActionType::kDiscard;
      AppendMjaiAction(discard, ctx, fold_.rules(), out);
      return true;
    }
    riichi_tile_ = chosen.tile;
  }
  AppendMjaiAction(chosen, ctx, fold_.rules(), out);
  return true;
}

}  // namespace mj
