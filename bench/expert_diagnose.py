#!/usr/bin/env python3
"""Where the `expert` agent wins and loses value (issue 22): reads the replays of a duplicate
match (`mahjong match --agents expert,defensive,defensive,defensive --duplicate --out DIR`) and
compares the seats by agent on the same deals, per hand played:

- outcome: win, deal-in, other's tsumo, draw tenpai / noten, mean win and deal-in points;
- tenpai: share of hands that reach it, own discards before the first tenpai (standard form and
  seven pairs, counted with a small shanten routine below); speed: the share of all hands one
  from tenpai, and tenpai, by the own 3rd, 5th, 7th, 9th and 12th discard;
- riichi: rate, turn (own discards before it), unseen winning tiles at the declaration (what the
  seat could see: four copies less its hand, every river, meld and dora indicator), declared
  against a riichi already standing, its win / deal-in / draw shares and win points;
- dama: closed tenpai hands that never declare although riichi was possible (enough points and
  tiles), and their outcome;
- calls: rate, turn of the first call, open hands' win / deal-in / noten shares;
- defence: hands facing another seat's riichi while not in riichi themselves, split by the own
  state at that moment (tenpai, one-shanten, worse), with the win and deal-in shares after it.

Usage: bench/expert_diagnose.py DIR [--agent expert]
"""
import argparse
import functools
import glob
import json
import os
import sys
from collections import defaultdict

# Own discards by which the speed rows count hands one from tenpai and tenpai.
SPEED_TURNS = (3, 5, 7, 9, 12)

HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}


def kind(name):
    """Kind 0..33 of an mjai tile name; the red-five mark `r` and Dunpai's peach mark `*` ignored."""
    name = name.rstrip("r*")
    if name in HONORS:
        return HONORS[name]
    n = int(name[0])
    suit = "mps".index(name[1])
    return suit * 9 + n - 1


def apply_hand_event(hands, melds, e):
    """Every seat's concealed kind counts (`hands`, four lists of 34) and open or concealed meld
    count (`melds`) after replay event `e`, updated in place: the deal, draws, discards, calls and
    kans, and Dunpai's shields (`shield_set` takes a tile of the deal out of the hand; `exchange`
    puts a hand tile face up and brings the face-down shield into the hand, to be discarded)."""
    t, a = e["type"], e.get("actor")
    if t == "start_kyoku":
        for s in range(4):
            hands[s] = [0] * 34
            for p in e["tehais"][s]:
                hands[s][kind(p)] += 1
            melds[s] = 0
    elif t == "tsumo":
        hands[a][kind(e["pai"])] += 1
    elif t in ("dahai", "kakan", "shield_set"):
        hands[a][kind(e["pai"])] -= 1
    elif t in ("chi", "pon", "daiminkan", "ankan"):
        for p in e["consumed"]:
            hands[a][kind(p)] -= 1
        melds[a] += 1
    elif t == "exchange":
        hands[a][kind(e["pai"])] -= 1
        hands[a][kind(e["shield"])] += 1


def apply_visible_event(visible, e):
    """The kind counts every seat sees (`visible`, 34 entries: dora indicators, every river,
    every meld's tiles taken from a hand) after replay event `e`, updated in place; the deal
    starts them afresh from its dora indicator."""
    t = e["type"]
    if t == "start_kyoku":
        visible[:] = [0] * 34
        if e.get("dora_marker"):
            visible[kind(e["dora_marker"])] += 1
    elif t == "dora":
        visible[kind(e["dora_marker"])] += 1
    elif t in ("dahai", "kakan"):
        visible[kind(e["pai"])] += 1
    elif t in ("chi", "pon", "daiminkan", "ankan"):
        for p in e["consumed"]:
            visible[kind(p)] += 1


@functools.lru_cache(maxsize=None)
def suit_options(counts, honors):
    """Pareto set of (sets, partial shapes, has_pair) over one suit's counts."""
    out = set()

    def rec(c, i, sets, parts, pair):
        while i < len(c) and c[i] == 0:
            i += 1
        if i >= len(c):
            out.add((sets, parts, pair))
            return
        c = list(c)
        if c[i] >= 3:
            c[i] -= 3
            rec(tuple(c), i, sets + 1, parts, pair)
            c[i] += 3
        if not honors and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            rec(tuple(c), i, sets + 1, parts, pair)
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1
        if c[i] >= 2:
            c[i] -= 2
            rec(tuple(c), i, sets, parts + 1, pair)
            if not pair:
                rec(tuple(c), i, sets, parts, True)
            c[i] += 2
        if not honors and i + 1 < len(c) and c[i + 1]:
            c[i] -= 1; c[i + 1] -= 1
            rec(tuple(c), i, sets, parts + 1, pair)
            c[i] += 1; c[i + 1] += 1
        if not honors and i + 2 < len(c) and c[i + 2]:
            c[i] -= 1; c[i + 2] -= 1
            rec(tuple(c), i, sets, parts + 1, pair)
            c[i] += 1; c[i + 2] += 1
        c[i] -= 1
        rec(tuple(c), i, sets, parts, pair)

    rec(tuple(counts), 0, 0, 0, False)
    return tuple(out)


def shanten(counts, melds):
    """Standard-form shanten (and seven pairs for a closed hand) of 34 kind counts."""
    groups = [suit_options(tuple(counts[0:9]), False), suit_options(tuple(counts[9:18]), False),
              suit_options(tuple(counts[18:27]), False), suit_options(tuple(counts[27:34]), True)]
    best = 8
    states = {(melds, 0, False)}
    for g in groups:
        nxt = set()
        for s, p, pr in states:
            for s2, p2, pr2 in g:
                if pr and pr2:
                    continue
                nxt.add((s + s2, p + p2, pr or pr2))
        states = nxt
    for s, p, pr in states:
        p = min(p, 4 - s) if s <= 4 else 0
        best = min(best, 8 - 2 * s - p - (1 if pr else 0))
    if melds == 0:
        pairs = sum(1 for c in counts if c >= 2)
        kinds = sum(1 for c in counts if c >= 1)
        best = min(best, 6 - pairs + max(0, 7 - kinds))
    return best


def waits(counts, melds):
    w = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, melds) == -1:
            w.append(k)
        counts[k] -= 1
    return w


class Acc:
    def __init__(self):
        self.n = defaultdict(float)

    def add(self, key, v=1.0):
        self.n[key] += v


def analyse(path, acc, focus):
    d = json.load(open(path))
    agents = d["agents"]
    state = None
    for e in d["events"]:
        t = e["type"]
        if t == "start_kyoku":
            state = {
                "hand": [[0] * 34 for _ in range(4)],
                "melds": [0] * 4, "open": [False] * 4, "river": [[] for _ in range(4)],
                "riichi": [False] * 4, "riichi_info": [None] * 4, "tenpai_turn": [None] * 4,
                "one_shanten_turn": [None] * 4,
                "call_turn": [None] * 4, "faced": [None] * 4, "visible": [0] * 34,
                "pending_reach": [False] * 4, "tenpai_no_riichi": [False] * 4, "scores": e["scores"],
            }
            for s in range(4):
                for p in e["tehais"][s]:
                    state["hand"][s][kind(p)] += 1
            apply_visible_event(state["visible"], e)
            continue
        if state is None:
            continue
        S = state
        apply_visible_event(S["visible"], e)
        if t == "tsumo":
            S["hand"][e["actor"]][kind(e["pai"])] += 1
        elif t == "reach":
            S["pending_reach"][e["actor"]] = True
        elif t == "dahai":
            a = e["actor"]
            k = kind(e["pai"])
            S["hand"][a][k] -= 1
            S["river"][a].append(k)
            turn = len(S["river"][a])
            h = S["hand"][a]
            sh = shanten(h, S["melds"][a])
            if sh == 0 and S["tenpai_turn"][a] is None:
                S["tenpai_turn"][a] = turn
            if sh <= 1 and S["one_shanten_turn"][a] is None:
                S["one_shanten_turn"][a] = turn
            if S["pending_reach"][a]:
                S["pending_reach"][a] = False
                S["riichi"][a] = True
                w = waits(list(h), S["melds"][a])
                seen = [S["visible"][x] for x in range(34)]
                unseen = sum(4 - seen[x] - h[x] for x in w)
                S["riichi_info"][a] = {"turn": turn, "unseen": unseen,
                                       "chase": any(S["riichi"][o] for o in range(4) if o != a)}
            elif sh == 0 and not S["open"][a] and not S["riichi"][a]:
                S["tenpai_no_riichi"][a] = True
            # Facing another seat's riichi for the first time (after this seat's discard).
            for o in range(4):
                if o != a and S["riichi"][a] and S["faced"][o] is None and not S["riichi"][o]:
                    so = shanten(S["hand"][o], S["melds"][o]) if sum(S["hand"][o]) % 3 == 1 else None
                    if so is not None:
                        S["faced"][o] = "tenpai" if so == 0 else "1-shanten" if so == 1 else "2+"
        elif t in ("chi", "pon", "daiminkan"):
            a = e["actor"]
            for p in e["consumed"]:
                S["hand"][a][kind(p)] -= 1
            S["melds"][a] += 1
            S["open"][a] = True
            if S["call_turn"][a] is None:
                S["call_turn"][a] = len(S["river"][a])
        elif t == "ankan":
            a = e["actor"]
            for p in e["consumed"]:
                S["hand"][a][kind(p)] -= 1
            S["melds"][a] += 1
        elif t == "kakan":
            a = e["actor"]
            S["hand"][a][kind(e["pai"])] -= 1
        elif t in ("hora", "ryukyoku"):
            S.setdefault("ends", []).append(e)
            for x in range(4):
                S.setdefault("net", [0] * 4)[x] += e["deltas"][x]
        elif t == "reach_accepted":
            for x in range(4):
                S.setdefault("net", [0] * 4)[x] += e["deltas"][x]
        elif t == "end_kyoku":
            finish_hand(S, agents, acc, focus)
            state = None


def finish_hand(S, agents, acc, focus):
    ends = S.get("ends", [])
    win_pts = [0] * 4
    won = [False] * 4
    dealt = [False] * 4
    lost = [0] * 4
    tsumo_by_other = [False] * 4
    draw = None
    for e in ends:
        if e["type"] == "hora":
            w, tg = e["actor"], e["target"]
            won[w] = True
            win_pts[w] += e["deltas"][w]
            if tg != w:
                dealt[tg] = True
                lost[tg] += -e["deltas"][tg]
            else:
                for s in range(4):
                    if s != w:
                        tsumo_by_other[s] = True
        else:
            draw = e
    for s in range(4):
        ag = "focus" if agents[s] == focus else "other"
        A = lambda key, v=1.0: acc.add((ag, key), v)
        A("hands")
        net = S.get("net", [0] * 4)[s]
        A("net", net)
        if S["riichi_info"][s]: A("riichi_net", net)
        if S["open"][s]: A("open_net", net)
        if S["faced"][s]: A("faced_" + S["faced"][s] + "_net", net)
        if not S["riichi_info"][s] and not S["open"][s]: A("closed_noriichi_net", net); A("closed_noriichi")
        if won[s]:
            A("win"); A("win_pts", win_pts[s])
        if dealt[s]:
            A("dealin"); A("dealin_pts", lost[s])
        if tsumo_by_other[s]:
            A("other_tsumo")
        if draw is not None and draw.get("reason") in ("fanpai", "nagashimangan"):
            A("draw")
            A("draw_tenpai" if draw["tenpais"][s] else "draw_noten")
        if S["tenpai_turn"][s] is not None:
            A("tenpai"); A("tenpai_turn", S["tenpai_turn"][s])
        for k in SPEED_TURNS:
            if S["tenpai_turn"][s] is not None and S["tenpai_turn"][s] <= k: A(f"tenpai_by_{k}")
            if S["one_shanten_turn"][s] is not None and S["one_shanten_turn"][s] <= k: A(f"one_by_{k}")
        ri = S["riichi_info"][s]
        if ri:
            A("riichi"); A("riichi_turn", ri["turn"]); A("riichi_unseen", ri["unseen"])
            if ri["chase"]:
                A("riichi_chase")
                if won[s]: A("riichi_chase_win")
                if dealt[s]: A("riichi_chase_dealin")
            if won[s]:
                A("riichi_win"); A("riichi_win_pts", win_pts[s])
            if dealt[s]:
                A("riichi_dealin")
            if ri["turn"] <= 6:
                A("riichi_early")
                if won[s]: A("riichi_early_win")
            elif ri["turn"] <= 11:
                A("riichi_mid")
                if won[s]: A("riichi_mid_win")
            else:
                A("riichi_late")
                if won[s]: A("riichi_late_win")
        elif S["tenpai_no_riichi"][s] and not S["open"][s]:
            A("dama")
            if won[s]:
                A("dama_win"); A("dama_win_pts", win_pts[s])
            if dealt[s]:
                A("dama_dealin")
        if S["open"][s]:
            A("open"); A("call_turn", S["call_turn"][s])
            if won[s]:
                A("open_win"); A("open_win_pts", win_pts[s])
            if dealt[s]:
                A("open_dealin")
            if draw is not None and draw.get("reason") == "fanpai" and not draw["tenpais"][s]:
                A("open_noten")
            if draw is not None and draw.get("reason") == "fanpai" and draw["tenpais"][s]:
                A("open_tenpai_draw")
        f = S["faced"][s]
        if f:
            A("faced_" + f)
            if won[s]: A("faced_" + f + "_win")
            if dealt[s]: A("faced_" + f + "_dealin")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--agent", default="expert")
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(args.dir, "**", "game-*.json"), recursive=True))
    if not files:
        sys.exit(f"expert_diagnose.py: no game-*.json under {args.dir}")
    acc = Acc()
    for f in files:
        analyse(f, acc, args.agent)
    n = acc.n

    def g(ag, key):
        return n.get((ag, key), 0.0)

    def pct(ag, num, den):
        d = g(ag, den)
        return f"{100 * g(ag, num) / d:5.1f}%" if d else "    -"

    def mean(ag, num, den):
        d = g(ag, den)
        return f"{g(ag, num) / d:6.1f}" if d else "     -"

    rows = [
        ("hands", lambda a: f"{g(a, 'hands'):6.0f}"),
        ("net points per hand", lambda a: mean(a, "net", "hands")),
        ("net per riichi hand", lambda a: mean(a, "riichi_net", "riichi")),
        ("net per open hand", lambda a: mean(a, "open_net", "open")),
        ("closed, no riichi: share / net", lambda a: pct(a, "closed_noriichi", "hands") + " " + mean(a, "closed_noriichi_net", "closed_noriichi")),
        ("win", lambda a: pct(a, "win", "hands")),
        ("win points", lambda a: mean(a, "win_pts", "win")),
        ("deal-in", lambda a: pct(a, "dealin", "hands")),
        ("deal-in points", lambda a: mean(a, "dealin_pts", "dealin")),
        ("other's tsumo", lambda a: pct(a, "other_tsumo", "hands")),
        ("draw: tenpai / hands", lambda a: pct(a, "draw_tenpai", "hands")),
        ("draw: noten / hands", lambda a: pct(a, "draw_noten", "hands")),
        ("tenpai reached", lambda a: pct(a, "tenpai", "hands")),
        ("first tenpai turn", lambda a: mean(a, "tenpai_turn", "tenpai")),
        ("1-shanten by discard " + "/".join(map(str, SPEED_TURNS)),
         lambda a: " ".join(f"{100 * g(a, f'one_by_{k}') / g(a, 'hands'):.1f}" for k in SPEED_TURNS) + "%"),
        ("tenpai by discard " + "/".join(map(str, SPEED_TURNS)),
         lambda a: " ".join(f"{100 * g(a, f'tenpai_by_{k}') / g(a, 'hands'):.1f}" for k in SPEED_TURNS) + "%"),
        ("riichi", lambda a: pct(a, "riichi", "hands")),
        ("riichi turn", lambda a: mean(a, "riichi_turn", "riichi")),
        ("riichi unseen waits", lambda a: mean(a, "riichi_unseen", "riichi")),
        ("riichi win", lambda a: pct(a, "riichi_win", "riichi")),
        ("riichi win points", lambda a: mean(a, "riichi_win_pts", "riichi_win")),
        ("riichi deal-in", lambda a: pct(a, "riichi_dealin", "riichi")),
        ("riichi early (<=6) / win", lambda a: pct(a, "riichi_early", "riichi") + " " + pct(a, "riichi_early_win", "riichi_early")),
        ("riichi mid (7-11) / win", lambda a: pct(a, "riichi_mid", "riichi") + " " + pct(a, "riichi_mid_win", "riichi_mid")),
        ("riichi late (12+) / win", lambda a: pct(a, "riichi_late", "riichi") + " " + pct(a, "riichi_late_win", "riichi_late")),
        ("riichi chasing / win / deal-in", lambda a: pct(a, "riichi_chase", "riichi") + " " + pct(a, "riichi_chase_win", "riichi_chase") + " " + pct(a, "riichi_chase_dealin", "riichi_chase")),
        ("dama closed tenpai", lambda a: pct(a, "dama", "hands")),
        ("dama win / deal-in", lambda a: pct(a, "dama_win", "dama") + " " + pct(a, "dama_dealin", "dama")),
        ("dama win points", lambda a: mean(a, "dama_win_pts", "dama_win")),
        ("open hands", lambda a: pct(a, "open", "hands")),
        ("first call turn", lambda a: mean(a, "call_turn", "open")),
        ("open win / deal-in", lambda a: pct(a, "open_win", "open") + " " + pct(a, "open_dealin", "open")),
        ("open win points", lambda a: mean(a, "open_win_pts", "open_win")),
        ("open noten / tenpai at draw", lambda a: pct(a, "open_noten", "open") + " " + pct(a, "open_tenpai_draw", "open")),
    ]
    for f in ("tenpai", "1-shanten", "2+"):
        rows.append((f"facing riichi {f}", lambda a, f=f: pct(a, "faced_" + f, "hands")))
        rows.append((f"  then net", lambda a, f=f: mean(a, f"faced_{f}_net", "faced_" + f)))
        rows.append((f"  then win / deal-in", lambda a, f=f: pct(a, f"faced_{f}_win", "faced_" + f) + " " + pct(a, f"faced_{f}_dealin", "faced_" + f)))
    print(f"{len(files)} replays in {args.dir}; '{args.agent}' against the other seats, per hand played")
    print(f"{'':34s} {args.agent:>16s} {'others':>16s}")
    for name, fn in rows:
        print(f"{name:34s} {fn('focus'):>16s} {fn('other'):>16s}")


if __name__ == "__main__":
    main()
