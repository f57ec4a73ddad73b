#!/usr/bin/env python3
"""Calibration of the `expert` agent's win chance (issue 22): does the chance `Evaluate` gives the
action it takes come true? For the expert's seat of each replay of a match, `mahjong replay
review --agent expert` re-runs the expert's estimates on every decision; this script takes the
estimate of the action the expert took (discard, riichi, pass on another seat's tile, call) and
the hand's outcome (did that seat win it), and prints, per group (the action, closed or open
hand, the hand's shanten after the action), the mean predicted win chance beside the share of
those hands the seat went on to win.

A well calibrated model has the two columns equal in every group. A group whose hands win more
often than predicted is undervalued against the others when the expert compares actions across
groups (push against fold, call against pass, tenpai now against a better shape).

Usage: bench/expert_calibration.py [--program build/mahjong] [--games N] [--agent SPEC] DIR
  DIR: replays of a match with one expert seat, e.g.
    build/mahjong match --rules riichi --agents expert,defensive,defensive,defensive \\
        --duplicate --games 400 --jobs 2 --seed 22 --out DIR
  --agent: the reviewing agent (default `expert`; the replays' own expert spec if different).
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from expert_diagnose import apply_hand_event, kind, shanten  # noqa: E402  (the hands from events, tile names, shanten)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--program", default="build/mahjong")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--agent", default="expert")
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(args.dir, "game-*.json")))[:args.games]
    if not files:
        sys.exit(f"expert_calibration.py: no game-*.json in {args.dir}")
    groups = collections.defaultdict(lambda: [0, 0.0, 0])  # n, predicted, won
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "review.json")
        for f in files:
            game = json.load(open(f))
            names = game["agents"]
            seats = [i for i, n in enumerate(names) if n.split(":")[0] == "expert"]
            if len(seats) != 1:
                sys.exit(f"{f}: needs exactly one expert seat, agents are {names}")
            seat = seats[0]
            subprocess.run([args.program, "replay", "review", f, "--seat", str(seat), "--agent", args.agent,
                            "--top", "100", "-o", out], check=True, capture_output=True)
            review = json.load(open(out))
            decisions = {d["event"]: d for d in review["decisions"]}
            events = game["events"]
            # The seat's hand after each event, its melds, and which hands it won.
            hands, melds, hand_no = [None] * 4, [0] * 4, -1
            won = []
            states = {}
            for i, e in enumerate(events):
                apply_hand_event(hands, melds, e)
                if e["type"] == "start_kyoku":
                    hand_no += 1
                    won.append(False)
                elif e["type"] == "hora" and e["actor"] == seat:
                    won[hand_no] = True
                if i in decisions:
                    states[i] = (hand_no, list(hands[seat]), melds[seat])
            for i, d in decisions.items():
                taken = d["taken"]
                est = next((x for x in d["estimates"] if x["action"] == taken), None)
                if est is None:
                    continue
                hand_no, counts, nmelds = states[i]
                typ = taken["type"]
                if typ in ("discard", "riichi", "open_riichi", "exchange"):
                    c = list(counts)
                    c[kind(taken["pai"])] -= 1
                    key = (typ if typ != "discard" else ("fold" if est["note"] == "fold" else "discard"),
                           "open" if nmelds else "closed", f"shanten {shanten(c, nmelds)}")
                elif typ == "pass":
                    key = ("pass", "open" if nmelds else "closed", f"shanten {shanten(counts, nmelds)}")
                elif typ in ("chi", "pon"):
                    key = (typ, "open" if nmelds else "closed", "after the call")
                else:
                    continue
                g = groups[key]
                g[0] += 1
                g[1] += est["win"]
                g[2] += won[hand_no]
    print(f"{len(files)} replays in {args.dir}; the expert's taken action: predicted win chance "
          f"against the share of those hands won")
    print(f"{'action':10s} {'hand':7s} {'state':15s} {'decisions':>9s} {'predicted':>9s} {'won':>7s} {'won/pred':>8s}")
    for key, (n, pred, w) in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2])):
        if n < 30:
            continue
        p, a = pred / n, w / n
        ratio = f"{a / p:8.2f}" if p > 0 else "       -"
        print(f"{key[0]:10s} {key[1]:7s} {key[2]:15s} {n:9d} {p:9.3f} {a:7.3f} {ratio}")


if __name__ == "__main__":
    main()
