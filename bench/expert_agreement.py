#!/usr/bin/env python3
"""How the `expert` agent's choices compare with strong human players' (issue 22): the real
Tenhou games of ../shared/realgames/tenhou6 (most of them Houou-table hanchan, lobby 00a9) are
imported through the engine (`mahjong replay import`), then `mahjong replay review --seat all
--agent SPEC` puts the agent's choice beside each human decision. Printed:
- agreement per kind of decision (the review's kinds: discard, call, riichi, fold, kan, win);
- where riichi was legal: how often the humans declared and how often the agent would;
- facing another seat's riichi: whether the human's and the agent's discard were genbutsu
  (safe against every riichi seat by its own river or the tiles passed after its declaration);
- discards where they differ: the kind of tile each threw (honour, terminal, 2-8), by turn.

Agreement with strong humans is not strength (the humans play each other, our agent is measured
against `defensive`), but a large, one-sided difference points at a decision the model makes
differently from players who win.

Usage: bench/expert_agreement.py [--program build/mahjong] [--agent expert] [--games DIR]
  --games: tenhou.net/6 JSON games (default ../shared/realgames/tenhou6)
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
from expert_diagnose import kind  # noqa: E402  (mjai tile name to kind 0..33)


def tile_class(k):
    if k >= 27:
        return "honour"
    return "terminal" if k % 9 in (0, 8) else "2-8"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--program", default="build/mahjong")
    ap.add_argument("--agent", default="expert")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--games", default=os.path.join(here, "..", "..", "shared", "realgames", "tenhou6"))
    args = ap.parse_args()
    sources = sorted(glob.glob(os.path.join(args.games, "*.json")))
    sources = [s for s in sources if not s.endswith("MANIFEST.json")]
    if not sources:
        sys.exit(f"expert_agreement.py: no tenhou.net/6 games in {args.games}")
    kinds = collections.Counter()
    riichi = collections.Counter()
    facing = collections.Counter()
    differ = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        imported = os.path.join(tmp, "replays")
        subprocess.run([args.program, "replay", "import", "--from", "tenhou6", *sources, "-o", imported],
                       check=True, capture_output=True)
        files = sorted(glob.glob(os.path.join(imported, "*.json")))
        out = os.path.join(tmp, "review.json")
        for f in files:
            subprocess.run([args.program, "replay", "review", f, "--seat", "all", "--agent", args.agent, "-o", out],
                           check=True, capture_output=True)
            review = json.load(open(out))
            for s in review["summary"]:
                for k, v in s["by_kind"].items():
                    kinds[(k, "decisions")] += v["decisions"]
                    kinds[(k, "matches")] += v["matches"]
            events = json.load(open(f))["events"]
            # Per event: each riichi seat's safe kinds (its river and what was passed after its
            # declaration), and each seat's discards so far in the hand.
            river, declared, state = {p: set() for p in range(4)}, {}, {}
            turns = [0] * 4
            for i, e in enumerate(events):
                t = e["type"]
                if t == "start_kyoku":
                    river, declared = {p: set() for p in range(4)}, {}
                    turns = [0] * 4
                elif t == "dahai":
                    river[e["actor"]].add(kind(e["pai"]))
                    turns[e["actor"]] += 1
                    for p in declared:
                        declared[p].add(kind(e["pai"]))
                elif t == "reach_accepted":
                    declared[e["actor"]] = set(river[e["actor"]])
                state[i] = ({p: v | river[p] for p, v in declared.items()}, list(turns))
            for d in review["decisions"]:
                taken, choice, seat = d["taken"], d["choice"], d["seat"]
                safe, turns = state[d["event"]]
                if d["kind"] == "riichi":
                    riichi["decisions"] += 1
                    riichi["human"] += taken["type"] == "riichi"
                    riichi["agent"] += choice["type"] == "riichi"
                threats = [v for p, v in safe.items() if p != seat]
                plain = taken["type"] == "discard" and choice["type"] == "discard"
                if threats:
                    if plain:
                        def label(a):
                            return "genbutsu" if all(kind(a["pai"]) in v for v in threats) else "not genbutsu"
                        facing[(label(taken), label(choice))] += 1
                elif d["kind"] == "discard" and plain and taken["pai"] != choice["pai"]:
                    when = "turns 1-6" if turns[seat] < 6 else "turns 7+"
                    differ[(when, tile_class(kind(taken["pai"])), tile_class(kind(choice["pai"])))] += 1
    print(f"{len(files)} Tenhou games, every seat, reviewed by {args.agent}")
    for k in sorted({k for k, _ in kinds}):
        n, m = kinds[(k, "decisions")], kinds[(k, "matches")]
        print(f"  {k:8s} agreement {m / n:6.1%} of {n}")
    if riichi["decisions"]:
        n = riichi["decisions"]
        print(f"riichi legal: {n} decisions; the humans declared {riichi['human'] / n:.1%}, "
              f"{args.agent} would {riichi['agent'] / n:.1%}")
    print("facing a riichi, plain discards (human, agent):")
    for k, v in facing.most_common():
        print(f"  {k[0]:13s} {k[1]:13s} {v}")
    print("unthreatened discards that differ (when, human's tile, agent's tile):")
    for k, v in differ.most_common(12):
        print(f"  {k[0]:10s} {k[1]:9s} {k[2]:9s} {v}")


if __name__ == "__main__":
    main()
