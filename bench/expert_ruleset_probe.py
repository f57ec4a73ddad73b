#!/usr/bin/env python3
"""The `expert` agent in rulesets nobody wrote by hand (issue 22's check "expert will be played in
rulesets this repository does not ship"): mutated presets, each played for a few games.

Each trial takes a preset (rules/presets/*.json), changes one to six of its keys (a boolean
flipped; an integer halved, doubled, tripled, one up or down, zeroed or set to a value from a
fixed menu; any other value taken from another preset that differs), writes the ruleset file and
plays `mahjong match --rules FILE --agents AGENTS --games 4`. A trial passes when the match ends
normally, or when the ruleset is refused with an error (exit status 1 or 2, one message naming
the key); it fails on a crash, a signal, any other exit status or a game that takes more than
two minutes. Prints every refused and failed trial with its changes, then a count.

Usage: bench/expert_ruleset_probe.py [--seed N] [--trials N] [--agents SPEC,SPEC,SPEC,SPEC]
                                     [--program build/mahjong] [--dir DIR]
Exit status 1 if any trial failed.
"""
import argparse
import glob
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MENU = [0, 1, 2, 3, 4, 8, 10, 13, 100, 300, 1000, 1500, 3000, 10000, 25000, 50000]


def mutate(rng, presets):
    name = rng.choice(sorted(presets))
    doc = json.loads(json.dumps(presets[name]))
    keys = [k for k in doc if k not in ("name", "yaku")]
    changes = []
    for _ in range(rng.randint(1, 6)):
        key = rng.choice(keys)
        value = doc[key]
        if isinstance(value, bool):
            new = not value
        elif isinstance(value, int):
            near = [0, value // 2, value * 2, value * 3, value + 1, max(0, value - 1)]
            new = rng.choice(near) if rng.random() < 0.85 else rng.choice(MENU)
        else:
            others = [p[key] for p in presets.values() if key in p and p[key] != value]
            if not others:
                continue
            new = json.loads(json.dumps(rng.choice(others)))
        doc[key] = new
        changes.append(f"{key}={json.dumps(new)[:40]}")
    return name, doc, changes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--agents", default="expert,expert,expert,expert")
    ap.add_argument("--program", default=os.path.join(ROOT, "build", "mahjong"))
    ap.add_argument("--dir", default=None, help="where the ruleset files are kept (default: a temporary folder)")
    args = ap.parse_args()
    out = args.dir or tempfile.mkdtemp(prefix="ruleset-probe-")
    os.makedirs(out, exist_ok=True)
    presets = {os.path.basename(p)[:-5]: json.load(open(p)) for p in glob.glob(os.path.join(ROOT, "rules/presets/*.json"))}
    rng = random.Random(args.seed)
    played = refused = failed = 0
    for t in range(args.trials):
        base, doc, changes = mutate(rng, presets)
        doc["name"] = f"probe-{args.seed}-{t}"
        path = os.path.join(out, doc["name"] + ".json")
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
        cmd = [args.program, "match", "--rules", path, "--agents", args.agents, "--games", "4", "--jobs", "1",
               "--seed", str(t), "--replays", "none", "--out", os.path.join(out, doc["name"])]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
            rc, last = r.returncode, (r.stderr.strip().splitlines() or [""])[-1]
        except subprocess.TimeoutExpired:
            rc, last = "timeout", ""
        if rc == 0:
            played += 1
            continue
        ok = rc in (1, 2)
        refused += ok
        failed += not ok
        print(f"{t} {base} {'refused' if ok else 'FAILED'} ({rc}): {'; '.join(changes)} | {last[:300]}", flush=True)
    print(f"{args.trials} mutated rulesets: {played} played, {refused} refused with an error, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
