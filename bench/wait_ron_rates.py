#!/usr/bin/env python3
"""Which waits the others discard into (issue 22): over the replays of matches (`mahjong match
... --out DIR`, every hand known), for every tenpai hand after each of its discards, every wait
kind that is not in the waiting seat's own river, and the unseen copies of that kind (four less
the waiting hand, every river, every meld and the dora indicators): did another seat discard it
into a ron before the waiting seat's next draw? Printed per state of the waiting hand (riichi,
open, closed and silent) and per class of the wait kind, as ron per unseen copy per go-round
against the state's mean:

- terminals 1/9, 2/8, 3/7, 4/5/6, honours;
- `-suji`: the waiting seat threw the tile three away (both of them for 4..6), so the others
  take it for safer; `-half`: a 4..6 with one of the two thrown.

The `expert` agent's win-chance program gives every winning tile the same chance of being
discarded; this measures how far that is from what the others do. Tenpai and waits are the
standard form and seven pairs (bench/expert_diagnose.py). Shields rulesets are read as any other
(their face-up shields are not counted as seen).

Usage: bench/wait_ron_rates.py DIR...
"""
import glob
import json
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from expert_diagnose import apply_hand_event, apply_visible_event, kind, waits  # noqa: E402


def wait_class(k, river):
    """The class of wait kind k for a seat whose river holds the kinds in `river`."""
    if k >= 27:
        return "honour"
    r = k % 9 + 1
    base = {1: "1/9", 9: "1/9", 2: "2/8", 8: "2/8", 3: "3/7", 7: "3/7"}.get(r, "4/5/6")
    if r <= 3:
        suji = k + 3 in river
    elif r >= 7:
        suji = k - 3 in river
    else:
        suji = k - 3 in river and k + 3 in river
    half = not suji and 4 <= r <= 6 and (k - 3 in river or k + 3 in river)
    return base + ("-suji" if suji else "-half" if half else "")


def count(path, copies, rons):
    d = json.load(open(path))
    hands = [[0] * 34 for _ in range(4)]
    melds = [0] * 4
    visible = [0] * 34
    rivers = riichi = opened = live = None
    for e in d["events"]:
        t = e["type"]
        if t == "start_kyoku":
            rivers = [set() for _ in range(4)]
            riichi = [False] * 4
            opened = [False] * 4
            live = [None] * 4  # per seat: (state, {wait kind: class}) until its next draw
        if rivers is None:
            continue
        apply_visible_event(visible, e)
        if t in ("chi", "pon", "daiminkan"):
            opened[e["actor"]] = True
        elif t == "reach":
            riichi[e["actor"]] = True
        elif t == "hora" and e["actor"] != e["target"] and live[e["actor"]]:
            state, ws = live[e["actor"]]
            k = kind(e["pai"])
            if k in ws:
                rons[state][ws[k]] += 1
        elif t == "tsumo":
            live[e["actor"]] = None
        elif t == "dahai":
            rivers[e["actor"]].add(kind(e["pai"]))
        apply_hand_event(hands, melds, e)
        if t == "dahai":
            a = e["actor"]
            state = "riichi" if riichi[a] else "open" if opened[a] else "silent"
            ws = {}
            for k in waits(hands[a], melds[a]):
                if k in rivers[a]:
                    continue
                ws[k] = wait_class(k, rivers[a])
                copies[state][ws[k]] += max(0, 4 - hands[a][k] - visible[k])
            live[a] = (state, ws) if ws else None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    files = []
    for d in sys.argv[1:]:
        files += sorted(glob.glob(os.path.join(d, "**", "game-*.json"), recursive=True))
    if not files:
        sys.exit("wait_ron_rates.py: no game-*.json under " + " ".join(sys.argv[1:]))
    copies, rons = defaultdict(Counter), defaultdict(Counter)
    for f in files:
        count(f, copies, rons)
    print(f"{len(files)} replays; ron per unseen copy of a wait per go-round, against the state's mean")
    for state in ("riichi", "open", "silent"):
        total = sum(copies[state].values())
        if not total:
            continue
        mean = sum(rons[state].values()) / total
        print(f"{state}: mean {mean:.4f} over {total} copy-go-rounds")
        for c in sorted(copies[state]):
            n = copies[state][c]
            rel = rons[state][c] / n / mean if mean else 0
            print(f"  {c:12s} x{rel:5.2f}  ({rons[state][c]} rons, {n} copy-go-rounds)")


if __name__ == "__main__":
    main()
