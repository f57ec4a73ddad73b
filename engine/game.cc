#include "engine/game.h"

#include <algorithm>
#include <string>

#include "engine/invariants.h"
#include "engine/rng.h"

namespace mj {

std::array<int, 4> RankSeats(const std::array<int, 4>& scores) {
  std::array<int, 4> order{0, 1, 2, 3};
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scores[a] > scores[b]; });
  std::array<int, 4> ranks{};
  for (int i = 0; i < 4; ++i) ranks[order[i]] = i + 1;
  return ranks;
}

NextHand AdvanceGame(const Ruleset& rules, const RoundSetup& played, const RoundOutcome& o) {
  NextHand next;
  RoundSetup& setup = next.setup;
  setup = played;
  const int dealer = played.kyoku;
  setup.scores = o.scores;
  setup.riichi_sticks = o.riichi_sticks;
  setup.shields_carried = o.shields_kept;
  setup.hands_played = played.hands_played + 1;
  // Without renchan (Dunpai) the deal always passes and there is no honba.
  const bool renchan = rules.renchan &&
                       (o.dealer_won || (o.exhaustive && o.dealer_tenpai && rules.tenpai_renchan) || o.abortive);
  setup.honba = !rules.renchan ? 0 : (o.win && !o.dealer_won) ? 0 : played.honba + 1;

  const int last_round = rules.length == GameLength::kHanchan ? 1 : 0;  // South or East
  const int final_round = last_round + (rules.west_extension ? 1 : 0);
  bool end = false;
  const int top_score = *std::max_element(setup.scores.begin(), setup.scores.end());
  const bool someone_reached = top_score >= rules.return_points;
  const int low_score = *std::min_element(setup.scores.begin(), setup.scores.end());
  if (rules.bust_ends_game && std::any_of(setup.scores.begin(), setup.scores.end(), [](int s) { return s < 0; })) {
    end = true;
  } else if (top_score > kPointsLimit || low_score < -kPointsLimit) {
    end = true;  // the points limit (engine/invariants.h): no later hand can wrap a score
  } else if (rules.max_hands > 0 && setup.hands_played >= rules.max_hands) {
    end = true;  // every hand counts, draws included
  } else if (rules.end_point_gap > 0 && top_score - low_score > rules.end_point_gap) {
    end = true;
  } else if (rules.length == GameLength::kUnlimited) {
    end = false;  // no round ends the game
  } else if (played.round_wind > last_round || (played.round_wind == last_round && played.kyoku == 3)) {
    // All-last, or an extension hand.
    const bool dealer_top = RankSeats(setup.scores)[dealer] == 1;
    if (renchan) {
      const bool stop_win = rules.agari_yame && o.dealer_won;
      const bool stop_tenpai = rules.tenpai_yame && o.exhaustive && o.dealer_tenpai;
      end = dealer_top && someone_reached && (stop_win || stop_tenpai);
      if (played.round_wind > last_round && someone_reached && !dealer_top) end = false;
    } else {
      end = someone_reached || !rules.west_extension || (played.round_wind >= final_round && played.kyoku == 3);
    }
  }
  next.game_over = end;
  if (!end && !renchan) {
    if (++setup.kyoku == 4) {
      setup.kyoku = 0;
      ++setup.round_wind;
      if (rules.length == GameLength::kUnlimited) setup.round_wind %= 4;  // after North, East again
    }
  }
  return next;
}

std::array<int, 4> FinalScores(const Ruleset& rules, const std::array<int, 4>& scores, int riichi_sticks) {
  std::array<int, 4> out = scores;
  const std::array<int, 4> ranks = RankSeats(scores);
  for (int p = 0; p < 4; ++p)
    if (ranks[p] == 1) out[p] += riichi_sticks * rules.riichi_deposit;
  return out;
}

namespace {

// The error of a game stopped by a broken invariant.
std::string BrokenAt(size_t event, EventType type, int hand_index, const std::string& what) {
  return "invariant broken after event " + std::to_string(event) + " (" + std::string(EventTypeName(type)) +
         ", hand " + std::to_string(hand_index + 1) + "): " + what;
}

}  // namespace

uint64_t AgentSeed(uint64_t game_seed, int seat) {
  return SplitMix64(game_seed ^ (0xA5A5A5A5ULL + static_cast<uint64_t>(seat)));
}

GameRecord PlayGame(const Ruleset& rules, uint64_t seed, const std::array<Agent*, 4>& agents,
                    const GameOptions& options) {
  GameRecord rec;
  rec.rules = rules;
  rec.seed = seed;
  for (int p = 0; p < 4; ++p) {
    rec.agents[p] = agents[p]->Name();
    agents[p]->BeginGame(p, AgentSeed(seed, p));
  }
  // Room for a whole game's events (about 1,900 with random agents, 900 to 1,100 with the
  // others) so the log rarely moves them while growing.
  rec.events.reserve(2048);
  Event start;
  start.type = EventType::kStartGame;
  rec.events.push_back(start);

  RoundSetup setup;
  setup.scores.fill(rules.starting_points);
  int hand_index = 0;
  std::string broken;  // the first invariant broken (the game stops at its hand's end)
  TileLedger ledger;
  const int total = 4 * rules.starting_points;
  const bool debug_checks =
#ifndef NDEBUG
      !options.observer;
#else
      false;
#endif
  while (true) {
    std::optional<Wall> wall;
    if (options.wall_for_hand) wall = options.wall_for_hand(hand_index);
    if (!wall) wall = Wall::Shuffled(HandSeed(seed, static_cast<uint64_t>(hand_index)));
    Round round(rules, *wall, setup, &rec.events);
    // Every build checks tile conservation (each of the 136 tiles in exactly one place, carried
    // shields included) after every event: the full count at the hand's deal and end, the ledger
    // in between (engine/invariants.h); the first failure stops the game with an error. Debug
    // builds without an observer of their own run every invariant's full check after every event.
    if (debug_checks) {
      round.set_observer([&](const RoundState& s, const Event& e) {
        if (!broken.empty()) return;
        if (std::string b = CheckInvariants(s, total); !b.empty())
          broken = BrokenAt(rec.events.size() - 1, e.type, hand_index, b);
      });
    } else {
      round.set_ledger(&ledger);
      if (options.observer) round.set_observer(options.observer);
    }
    auto outcome = round.Play(agents);
    if (broken.empty() && !ledger.error().empty())
      broken = BrokenAt(ledger.error_event(), ledger.error_event_type(), hand_index, ledger.error());
    if (!broken.empty()) {
      rec.error = broken;
      return rec;
    }
    if (!outcome) {
      rec.error = outcome.error();
      return rec;
    }
    if (auto b = CheckScoreConservation(rules, outcome->scores, outcome->riichi_sticks); !b.empty()) return rec.error = "invariant broken after hand " + std::to_string(hand_index + 1) + ": " + b, rec;
    ++hand_index;
    const NextHand next = AdvanceGame(rules, setup, *outcome);
    setup = next.setup;
    if (next.game_over || (options.max_hands > 0 && hand_index >= options.max_hands)) break;
  }
  // Leftover deposits go to first place; then oka and uma.
  auto info = std::make_shared<EndGameInfo>();
  info->scores = FinalScores(rules, setup.scores, setup.riichi_sticks);
  info->ranks = RankSeats(info->scores);
  const int oka = (rules.return_points - rules.starting_points) * 4;
  for (int p = 0; p < 4; ++p) {
    const int rank = info->ranks[p];
    info->results[p] = (info->scores[p] - rules.return_points + rules.uma[rank - 1] + (rank == 1 ? oka : 0)) / 1000.0;
  }
  Event end;
  end.type = EventType::kEndGame;
  end.end = info;
  rec.events.push_back(end);
  rec.end = *info;
  rec.complete = true;
  return rec;
}

}  // namespace mj
