#!/usr/bin/env python3
"""Recomputes the statistics of a match from its replays alone, by the definitions of
docs/MATCH.md and docs/PLAYTEST.md, with none of the engine's code, and compares them with the
counts behind every figure of the match's --summary JSON (numerator and denominator, exactly).

  independent_stats.py REPLAY_DIR SUMMARY.json     prints what it compared; exit 1 on a difference

Per agent (all its seats): player-games, mean rank and mean final score (games that ended
normally), hands played, wins (each winner of a double ron), deal-ins (hands where a ron was won
on the seat's tile; a double ron is one), riichi (hands with a reach), calls (hands with a chi,
pon or open kan), mean payment of a win (ron payment, or the sum of the tsumo payments: each
non-dealer share, the dealer's share when the dealer pays), the rank shares. Per ruleset: hands
per game, draws (tsumo events) per hand, hands ending in a win / a draw / a ron, riichi and calls
per player-hand, games ended by a bust (where the ruleset ends a game so) or by the point gap
(Dunpai), the mean payment share of a win (payment / point scale). For a duplicate match, the
luck/skill measures (skill and luck shares, rank and score advantage, advantage per sd, games to
lead) from the final points and ranks. Under shield rules, the shield figures of docs/MATCH.md
(shields at the deal, exchanges, protections and the points they saved, shields lost by cause)
but the deal-ins avoided. Seed 003's claim measures (statistics.claims, docs/PLAYTEST.md) with the
hand reader of independent_claims.py: every ratio by its numerator and denominator, exactly, and
the first hand's choice share."""
import json
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from independent_claims import claim_sums  # noqa: E402


def payment_value(payment):
    if "ron" in payment:
        return payment["ron"]
    if "each" in payment:
        return 3 * payment["each"]
    return payment["dealer"] + 2 * payment["non_dealer"]


def luck_skill(replay_dir, files, ls, differences):
    """docs/PLAYTEST.md, "Luck against skill": the point estimates of a duplicate match."""
    games = [json.load(open(os.path.join(replay_dir, f))) for f in files]
    strong, weak = ls["strong"], ls["weak"]
    sets = {}
    for g in games:
        sets.setdefault(g["match"]["duplicate"]["set"], []).append(g)
    rotations = games[0]["match"]["duplicate"]["rotations"]
    # (b) over the whole sets of complete games: y = final points of a player-game, grouped by
    # agent (its label: an agent listed twice is one agent) and by deal position (set, seat).
    ys = []
    for k, set_games in sets.items():
        if len(set_games) == rotations and all(g["complete"] for g in set_games):
            for g in set_games:
                for seat in range(4):
                    ys.append((g["agents"][seat], (k, seat), g["final"]["scores"][seat]))
    mean = lambda xs: sum(xs) / len(xs)
    ybar = mean([y[2] for y in ys])
    ss_total = sum((y[2] - ybar) ** 2 for y in ys)

    def ss(key):
        groups = {}
        for y in ys:
            groups.setdefault(y[key], []).append(y[2])
        return sum(len(v) * (mean(v) - ybar) ** 2 for v in groups.values())

    # (a), (c): per complete game, the weaker's rank minus the stronger's, the stronger's points
    # minus the weaker's (each the mean over its seats).
    ranks, points = [], []
    for g in games:
        if not g["complete"]:
            continue
        st = [s for s in range(4) if g["agents"][s] == strong]
        wk = [s for s in range(4) if g["agents"][s] == weak]
        ranks.append(mean([g["final"]["ranks"][s] for s in wk]) - mean([g["final"]["ranks"][s] for s in st]))
        points.append(mean([g["final"]["scores"][s] for s in st]) - mean([g["final"]["scores"][s] for s in wk]))
    sd = math.sqrt(mean([(x - mean(points)) ** 2 for x in points]))  # divisor n
    d = mean(points) / sd
    want = {"skill_share": ss(0) / ss_total, "luck_share": ss(1) / ss_total, "rank_advantage": mean(ranks),
            "score_advantage": mean(points), "advantage_per_sd": d,
            "games_to_lead": math.ceil((1.6449 / d) ** 2) if d > 0 else None}
    for name, value in want.items():
        got = ls[name]["estimate"]
        same = got is None and value is None or (got is not None and value is not None and
                                                   math.isclose(got, value, rel_tol=1e-9, abs_tol=1e-12))
        if not same:
            differences.append(f"luck_skill {name}: summary {got}, from the replays {value}")
    return len(want)


def claims(replay_dir, files, stats, scale, differences, check):
    """Seed 003's measures (independent_claims.py): every ratio under /claims by its numerator and
    denominator, exactly; the first hand's choice share to 1e-9."""
    games = [json.load(open(os.path.join(replay_dir, f))) for f in files]
    dup = games[0].get("match", {}).get("duplicate")
    rotations = dup["rotations"] if dup else 0
    sums, choice = claim_sums(games, scale, lambda g: g["match"]["duplicate"]["set"] if dup else id(g), rotations)
    compared = 0
    seen = set()

    def walk(node, path):
        nonlocal compared
        if isinstance(node, dict) and "num" in node:
            seen.add(path)
            num, den = sums.get(path, (0, 0))
            check("claims/" + path, node, num, den)
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(value, f"{path}/{key}" if path else key)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}/{i}")

    walk(stats["claims"], "")
    for path in sums:
        if path not in seen:
            differences.append(f"claims/{path}: not in the summary")
    got = stats["claims"].get("passive", {}).get("first_hand_choice_share", {}).get("estimate")
    if rotations:
        compared += 1
        same = (got is None and choice is None) or (got is not None and choice is not None and
                                                     math.isclose(got, choice, rel_tol=1e-9, abs_tol=1e-12))
        if not same:
            differences.append(f"claims/passive/first_hand_choice_share: summary {got}, from the replays {choice}")
    return compared


def main():
    replay_dir, summary_path = sys.argv[1], sys.argv[2]
    summary = json.load(open(summary_path))
    scale = summary["header"]["point_scale"]
    agents = {}
    rules = dict(games=0, complete_games=0, hands=0, win_hands=0, draw_hands=0, ron_hands=0,
                 player_hands=0, riichi=0, calls=0, busts=0, gap_ends=0, early_ends=0, draws_from_wall=0,
                 wins=0, value_share=Fraction(0))

    def agent(name):
        return agents.setdefault(name, dict(games=0, ranked=0, rank_sum=0, score_sum=0, hands=0, wins=0,
                                            deal_ins=0, riichi=0, calls=0, win_value=0,
                                            rank_count=[0, 0, 0, 0], shields=0, exchanges=0, protected=0,
                                            saved=0, lost_won=0, lost_dealt_in=0, lost_noten=0,
                                            lost_tenpai_face_up=0))

    files = sorted(f for f in os.listdir(replay_dir) if f.endswith(".json"))
    for f in files:
        game = json.load(open(os.path.join(replay_dir, f)))
        names = game["agents"]
        rules["games"] += 1
        for s in range(4):
            agent(names[s])["games"] += 1
        hand = None
        for e in game["events"]:
            t = e["type"]
            if t == "start_kyoku":
                hand = dict(won=[False] * 4, dealt_in=[False] * 4, riichi=[False] * 4, called=[False] * 4,
                            win=False, ron=False, draw=False, dealer=e["oya"], shield=[{} for _ in range(4)],
                            protected=[])
            elif t == "shield_set":
                shield = hand["shield"][e["actor"]]
                shield["shields"] = shield.get("shields", 0) + 1
            elif t == "exchange":
                shield = hand["shield"][e["actor"]]
                shield["exchanges"] = shield.get("exchanges", 0) + 1
            elif t == "protection":
                hand["protected"].append(e["actor"])
            elif t == "shields_lost":
                shield = hand["shield"][e["actor"]]
                key = "lost_" + e["cause"]
                shield[key] = shield.get(key, 0) + e["count"] + len(e["tiles"])
            elif t == "tsumo":
                rules["draws_from_wall"] += 1
            elif t == "reach":
                hand["riichi"][e["actor"]] = True
            elif t in ("chi", "pon", "daiminkan"):
                hand["called"][e["actor"]] = True
            elif t == "hora":
                hand["won"][e["actor"]] = True
                hand["win"] = True
                value = payment_value(e["score"]["payment"])
                agent(names[e["actor"]])["win_value"] += value
                agent(names[e["actor"]])["wins"] += 1
                rules["wins"] += 1
                rules["value_share"] += Fraction(value, scale)
                for payer in hand["protected"]:  # the share it would have paid of this tsumo
                    payment = e["score"]["payment"]
                    share = payment.get("each") or payment["dealer" if payer == hand["dealer"] else "non_dealer"]
                    hand["shield"][payer]["protected"] = hand["shield"][payer].get("protected", 0) + 1
                    hand["shield"][payer]["saved"] = hand["shield"][payer].get("saved", 0) + share
                hand["protected"] = []
                if e["target"] != e["actor"]:
                    hand["ron"] = True
                    hand["dealt_in"][e["target"]] = True
            elif t == "ryukyoku":
                hand["draw"] = True
            elif t == "end_kyoku":
                rules["hands"] += 1
                rules["win_hands"] += hand["win"]
                rules["draw_hands"] += hand["draw"]
                rules["ron_hands"] += hand["ron"]
                for s in range(4):
                    a = agent(names[s])
                    a["hands"] += 1
                    a["deal_ins"] += hand["dealt_in"][s]
                    a["riichi"] += hand["riichi"][s]
                    a["calls"] += hand["called"][s]
                    for key, count in hand["shield"][s].items():
                        a[key] += count
                        rules[key] = rules.get(key, 0) + count
                    rules["player_hands"] += 1
                    rules["riichi"] += hand["riichi"][s]
                    rules["calls"] += hand["called"][s]
                hand = None
        if game.get("complete"):
            rules["complete_games"] += 1
            final = game["final"]
            ruleset = game["ruleset"]
            # A bust ends the game only where the ruleset says so; Dunpai's point gap likewise.
            bust = ruleset["bust_ends_game"] and min(final["scores"]) < 0
            # ... and a game whose last allowed hand (max_hands) also crossed the gap ended by its length.
            full_length = ruleset["max_hands"] > 0 and len(game["hands"]) >= ruleset["max_hands"]
            gap = (ruleset["end_point_gap"] > 0 and not full_length and
                   max(final["scores"]) - min(final["scores"]) > ruleset["end_point_gap"])
            rules["busts"] += bust
            rules["gap_ends"] += gap and not bust
            rules["early_ends"] += bust or gap
            for s in range(4):
                a = agent(names[s])
                a["ranked"] += 1
                a["rank_sum"] += final["ranks"][s]
                a["score_sum"] += final["scores"][s]
                a["rank_count"][final["ranks"][s] - 1] += 1

    differences = []
    compared = 0

    def check(where, figure, num, den):
        nonlocal compared
        compared += 1
        got = (Fraction(figure["num"]).limit_denominator(10**6), Fraction(figure["den"]))
        want = (Fraction(num), Fraction(den))
        if got != want:
            differences.append(f"{where}: summary {float(got[0])}/{float(got[1])}, from the replays {float(want[0])}/{float(want[1])}")

    stats = summary["statistics"]
    for row in stats["agents"]:
        name, a = row["agent"], agents[row["agent"]]
        if row["player_games"] != a["games"]:
            differences.append(f"{name}: player_games {row['player_games']} against {a['games']}")
        check(name + " mean_rank", row["mean_rank"], a["rank_sum"], a["ranked"])
        check(name + " mean_score", row["mean_score"], a["score_sum"], a["ranked"])
        check(name + " win_rate", row["win_rate"], a["wins"], a["hands"])
        check(name + " deal_in_rate", row["deal_in_rate"], a["deal_ins"], a["hands"])
        check(name + " riichi_rate", row["riichi_rate"], a["riichi"], a["hands"])
        check(name + " call_rate", row["call_rate"], a["calls"], a["hands"])
        check(name + " mean_win_value", row["mean_win_value"], a["win_value"], a["wins"])
        for k in range(4):
            share = row["rank_share"][k]
            check(f"{name} rank_share[{k}]", share, a["rank_count"][k], a["ranked"])
        if "shields" in row:  # docs/MATCH.md, shield statistics (all but deal-ins avoided)
            for figure, key in (("shields_per_hand", "shields"), ("exchanges_per_hand", "exchanges"),
                                ("protected_per_hand", "protected"), ("points_saved_per_hand", "saved"),
                                ("lost_won_per_hand", "lost_won"), ("lost_dealt_in_per_hand", "lost_dealt_in"),
                                ("lost_noten_per_hand", "lost_noten"), ("lost_tenpai_per_hand", "lost_tenpai_face_up")):
                check(f"{name} shields/{figure}", row["shields"][figure], a[key], a["hands"])
    r = stats["rules"]
    check("hands_per_game", r["hands_per_game"], rules["hands"], rules["complete_games"])
    check("win_rate", r["win_rate"], rules["win_hands"], rules["hands"])
    check("draw_rate", r["draw_rate"], rules["draw_hands"], rules["hands"])
    check("deal_in_rate", r["deal_in_rate"], rules["ron_hands"], rules["hands"])
    check("riichi_rate", r["riichi_rate"], rules["riichi"], rules["player_hands"])
    check("call_rate", r["call_rate"], rules["calls"], rules["player_hands"])
    check("bust_rate", r["bust_rate"], rules["busts"], rules["complete_games"])
    check("gap_end_rate", r["gap_end_rate"], rules["gap_ends"], rules["complete_games"])
    check("early_end_rate", r["early_end_rate"], rules["early_ends"], rules["complete_games"])
    check("turns_per_hand", r["turns_per_hand"], rules["draws_from_wall"], rules["hands"])
    check("mean_win_value_share", r["mean_win_value_share"], rules["value_share"], rules["wins"])
    if "shields" in r:
        for figure, key in (("shields_per_player_hand", "shields"), ("exchanges_per_player_hand", "exchanges"),
                            ("protected_per_player_hand", "protected")):
            check("shields/" + figure, r["shields"][figure], rules.get(key, 0), rules["player_hands"])
    if "luck_skill" in stats:
        compared += luck_skill(replay_dir, files, stats["luck_skill"], differences)
    n = claims(replay_dir, files, stats, scale, differences, check)
    compared += n
    for d in differences:
        print("DIFFERENT " + d)
    print(f"{summary['header']['rules']}: {len(files)} replays, {compared} figures compared, "
          f"{len(differences)} different")
    sys.exit(1 if differences else 0)


main()
