#!/usr/bin/env python3
"""What the `expert` agent's own choices are worth (issue 22), read from a duplicate match
(`mahjong match --agents expert,defensive,defensive,defensive --duplicate --out DIR`).

In a duplicate set the same deal is played four times with the expert in a different seat. A
hand that starts identically in two games of a set (always the first hand; a later one when the
games have not drifted apart) is a controlled experiment: in game A the expert holds seat s, in
game B the baseline agent holds it. Up to the first event where the two games differ, both seats s
saw exactly the same things. When that first difference is a decision of seat s (a different
discard, a call taken or passed, riichi or not, a win taken or not), the difference of seat s's
points in that hand (A - B) is what the expert's deviation was worth, with everything after it
played out by the two agents' own continuations. Averaged per kind of deviation, with a 95%
interval, it shows where the expert's departures from the baseline help and where they cost.

Deviation kinds: `discard S A for B` (S: the expert's discard leaves the hand `slower` (more
shanten), `faster` or at the `same` shanten as the baseline's; A and B: honour, terminal, 2/8,
middle), or `X vs Y` for other decisions (`pass` where a seat did not act, e.g. `chi vs pass`:
the expert called, the baseline let the tile go). Context: `riichi-up` when another seat had
declared riichi, else `quiet`; `shN`: the own shanten before the decision (14 tiles on the own turn,
13 on another's discard; -1 complete, 0 tenpai).

Usage: bench/expert_regret.py DIR [--agent expert] [--min N] [--coarse] [--examples SUBSTRING]
  --coarse        group discards by speed only (`discard slower`, ...)
  --examples S    list the pairs whose context + kind contains S: game file, seat and the decision's
                  `event` number as `mahjong replay review FILE --seat N --agent expert --top 0`
                  prints it
"""
import argparse
import glob
import json
import math
import os
import signal
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from expert_diagnose import apply_hand_event, kind, shanten  # noqa: E402

DECISIONS = {"dahai", "reach", "pon", "chi", "daiminkan", "ankan", "kakan", "hora", "ryukyoku",
             "shield_set", "exchange"}  # the last two: Dunpai's shields
NAMES = "123456789"


def tile_class(k):
    if k >= 27:
        return "honour"
    n = k % 9
    return "terminal" if n in (0, 8) else ("2/8" if n in (1, 7) else "middle")


def hands_of(game):
    """The game's hands as lists of events, each from its start_kyoku to its end_kyoku."""
    out, cur = [], None
    for e in game["events"]:
        if e["type"] == "start_kyoku":
            cur = [e]
        elif cur is not None:
            cur.append(e)
            if e["type"] == "end_kyoku":
                out.append(cur)
                cur = None
    return out


def state_before(events, i, s):
    """Seat s's kind counts and meld count, and whether another seat is in riichi, before events[i]."""
    hands, melds, riichi, pending = [None] * 4, [0] * 4, [False] * 4, None
    for e in events[:i]:
        apply_hand_event(hands, melds, e)
        if e["type"] == "reach":
            pending = e["actor"]
        elif e["type"] == "dahai" and pending == e["actor"]:
            riichi[pending], pending = True, None
    return hands[s], melds[s], any(riichi[x] for x in range(4) if x != s)


def deviation(ea, eb, s, counts, melds, coarse):
    da = ea["type"] if ea.get("actor") == s else "pass"
    db = eb["type"] if eb.get("actor") == s else "pass"
    if da == "dahai" and db == "dahai":
        ka, kb = kind(ea["pai"]), kind(eb["pai"])
        after = []
        for k in (ka, kb):
            counts[k] -= 1
            after.append(shanten(tuple(counts), melds))
            counts[k] += 1
        speed = "slower" if after[0] > after[1] else ("faster" if after[0] < after[1] else "same")
        return f"discard {speed}" if coarse else f"discard {speed} {tile_class(ka)} for {tile_class(kb)}"
    return f"{da} vs {db}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--agent", default="expert")
    ap.add_argument("--min", type=int, default=30, help="smallest group printed (default 30)")
    ap.add_argument("--coarse", action="store_true")
    ap.add_argument("--examples", default=None)
    args = ap.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head

    sets = defaultdict(dict)  # set number -> seat of the agent -> (file, game)
    for f in sorted(glob.glob(os.path.join(args.dir, "*.json"))):
        if f.endswith(".summary.json"):
            continue
        try:
            with open(f) as fh:
                g = json.load(fh)
        except (OSError, ValueError) as e:
            print(f"expert_regret.py: skipping {f}: not a readable replay ({e})", file=sys.stderr)
            continue
        if not isinstance(g, dict) or not isinstance(g.get("agents"), list) or "events" not in g:
            continue  # another JSON file (a summary, a report)
        dup = (g.get("match") or {}).get("duplicate")
        if not dup or g["agents"].count(args.agent) != 1:
            continue
        sets[dup["set"]][g["agents"].index(args.agent)] = (os.path.basename(f), g)
    if not sets:
        sys.exit(f"expert_regret.py: no duplicate games with one '{args.agent}' seat in {args.dir}")

    groups, examples, pairs = defaultdict(list), [], 0
    for _, by_seat in sorted(sets.items()):
        hands = {s: hands_of(g) for s, (_, g) in by_seat.items()}
        for s in by_seat:
            for t in by_seat:
                if t == s:
                    continue
                for h, (A, B) in enumerate(zip(hands[s], hands[t])):
                    if A[0] != B[0]:
                        continue  # the games drifted apart before this hand
                    i = next((j for j in range(min(len(A), len(B))) if A[j] != B[j]), None)
                    if i is None:
                        continue  # played identically
                    ea, eb = A[i], B[i]
                    owners = {e.get("actor") for e in (ea, eb) if e["type"] in DECISIONS}
                    if owners != {s}:
                        continue  # the first difference is another seat's (the expert's in B)
                    counts, melds, threat = state_before(A, i, s)
                    ctx = ("riichi-up" if threat else "quiet") + " sh%d" % min(shanten(tuple(counts), melds), 3)
                    dev = deviation(ea, eb, s, counts, melds, args.coarse)
                    results = (by_seat[s][1]["hands"], by_seat[t][1]["hands"])
                    if h >= min(len(results[0]), len(results[1])):
                        continue  # a game that stopped inside this hand
                    end_a = next((e for e in A if e["type"] in ("hora", "ryukyoku")), {"type": "?"})
                    gain = results[0][h]["deltas"][s] - results[1][h]["deltas"][s]
                    for key in (("all", "*"), ("all", dev), (ctx, "*"), (ctx, dev)):
                        groups[key].append(gain)
                    pairs += 1
                    if args.examples and args.examples in f"{ctx} {dev}":
                        # `replay review` numbers a decision by the event before it
                        idx = by_seat[s][1]["events"].index(A[0]) + i - 1
                        examples.append((by_seat[s][0], s, idx, by_seat[t][0], gain, end_a["type"]))

    print(f"{pairs} first deviations of '{args.agent}' in {len(sets)} duplicate sets "
          f"(points of the hand, the {args.agent} seat minus the same seat played by the other agent)")
    rows = []
    for key, v in groups.items():
        n = len(v)
        if n < args.min:
            continue
        m = sum(v) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) if n > 1 else 0.0
        rows.append((key, n, m, 1.96 * sd / math.sqrt(n)))
    print(f"{'pairs':>6} {'mean':>8} {'95%':>8} {'total':>10}  context          deviation")
    for (ctx, dev), n, m, ci in sorted(rows, key=lambda r: (r[0] != ("all", "*"), r[1] * r[2])):
        print(f"{n:6d} {m:+8.0f} {ci:8.0f} {n * m:+10.0f}  {ctx:16s} {dev}")
    if args.examples:
        print(f"\n{len(examples)} pairs matching '{args.examples}' (file, seat, the decision's `event` in `replay review`, other file, gain, end)")
        for x in examples[:40]:
            print("  %s seat %d event %d  vs %s  %+d  %s" % x)


if __name__ == "__main__":
    main()
