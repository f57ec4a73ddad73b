#!/usr/bin/env python3
"""How a seat folds against a riichi (issue 22): over the replays of a match, every discard of a
seat not in riichi itself while another seat is in riichi, by the seat's shanten before the
discard (standard form and seven pairs, after its draw), with: the share of discards that are
genbutsu against every riichi seat, the share where the hand held such a tile but threw another,
and the share of those discards that were a winning tile of a riichi seat (its true hand). Then
the deal-ins of hands that faced a riichi, by the hand's shanten when it first faced one and its
shanten at the discard that dealt in.

Usage: bench/danger_folds.py DIR [--agent expert]
"""
import argparse
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import danger_fit as fitmod  # noqa: E402
from expert_diagnose import shanten  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--agent", default="expert")
    args = ap.parse_args()
    stats = defaultdict(lambda: [0, 0, 0, 0])  # (agent kind, shanten) -> n, genbutsu thrown, held but not thrown, hit
    faced = defaultdict(int)       # (agent kind, shanten when first facing a riichi) -> hands
    dealt = defaultdict(int)       # (agent kind, that shanten, shanten at the dealing discard) -> deal-ins
    for doc in fitmod.load_dirs([args.dir]):
        agents = [a.split(":")[0] for a in doc.get("agents", ["?"] * 4)]
        seats = None
        after = []
        n = 0
        for e in doc["events"]:
            t = e["type"]
            if t == "start_kyoku":
                seats = [fitmod.Seat(h) for h in e["tehais"]]
                after, n = [], 0
                first = [None] * 4   # shanten when the seat first faced a riichi
                last = [None] * 4    # shanten at its last discard facing one
            elif seats is None:
                continue
            elif t == "tsumo":
                seats[e["actor"]].c[fitmod.kind(e["pai"])] += 1
            elif t == "reach":
                seats[e["actor"]].declaring = True
            elif t == "dahai":
                x = e["actor"]
                k = fitmod.kind(e["pai"])
                sx = seats[x]
                riichis = [y for y in range(4) if y != x and seats[y].riichi]
                if riichis and not sx.riichi and not sx.declaring:
                    safe = set(range(34))
                    hit = False
                    for y in riichis:
                        sy = seats[y]
                        g = {r[0] for r in sy.river} | {kk for i, kk in after if i > sy.riichi_at}
                        safe &= g
                        if k in fitmod.waits(sy.c, not sy.melds) and k not in g:
                            hit = True
                    sh = min(shanten_after_best(sx), 2)
                    who = agents[x] if agents[x] == args.agent else "others"
                    if first[x] is None:
                        first[x] = sh
                        faced[(who, sh)] += 1
                    last[x] = sh
                    key = (who, sh)
                    s = stats[key]
                    s[0] += 1
                    s[1] += k in safe
                    s[2] += (k not in safe) and any(sx.c[kk] for kk in safe)
                    s[3] += hit
                if not (riichis and not sx.riichi and not sx.declaring):
                    last[x] = None
                sx.c[k] -= 1
                sx.river.append([k, bool(e.get("tsumogiri")), False])
                if sx.declaring:
                    sx.riichi_at = n
                after.append((n, k))
                n += 1
            elif t == "reach_accepted":
                seats[e["actor"]].riichi, seats[e["actor"]].declaring = True, False
            elif t == "hora" and e["actor"] != e["target"]:
                x = e["target"]
                if first[x] is not None and last[x] is not None and seats[e["actor"]].riichi:
                    who = agents[x] if agents[x] == args.agent else "others"
                    dealt[(who, first[x], last[x])] += 1
            elif t in ("chi", "pon", "daiminkan"):
                a = seats[e["actor"]]
                for c in e["consumed"]:
                    a.c[fitmod.kind(c)] -= 1
                a.melds.append((t, [fitmod.kind(c) for c in e["consumed"]] + [fitmod.kind(e["pai"])]))
            elif t == "kakan":
                seats[e["actor"]].c[fitmod.kind(e["pai"])] -= 1
            elif t == "ankan":
                a = seats[e["actor"]]
                for c in e["consumed"]:
                    a.c[fitmod.kind(c)] -= 1
                a.melds.append(("ankan", [fitmod.kind(c) for c in e["consumed"]]))
    print("discards facing a riichi: seat, shanten after its best discard (2 = two or more): n, genbutsu thrown,"
          " a genbutsu held but another thrown, winning tile thrown")
    for key in sorted(stats):
        n, g, held, hit = stats[key]
        print(f"  {key[0]:8s} shanten {key[1]}{'+' if key[1] == 2 else ' '}: {n:6d}  genbutsu {100 * g / n:5.1f}%"
              f"  held one, threw another {100 * held / n:5.1f}%  dealt in {100 * hit / n:5.2f}%")
    print("hands facing a riichi, by shanten then: hands, dealt in to a riichi, by shanten at the dealing discard")
    for key in sorted(faced):
        h = faced[key]
        parts = [dealt.get((key[0], key[1], s2), 0) for s2 in range(3)]
        print(f"  {key[0]:8s} shanten {key[1]}{'+' if key[1] == 2 else ' '}: {h:5d} hands  dealt in {100 * sum(parts) / h:5.1f}%"
              f"  at tenpai {parts[0]}, one from tenpai {parts[1]}, two or more {parts[2]}")


def shanten_after_best(s):
    c = list(s.c)
    best = 9
    for k in range(34):
        if c[k]:
            c[k] -= 1
            best = min(best, shanten(c, len(s.melds)))
            c[k] += 1
    return best


if __name__ == "__main__":
    main()
