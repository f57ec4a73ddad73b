#!/usr/bin/env python3
"""Paired comparison of two duplicate matches played on the same seeds (issue 22): for each
game of `mahjong match --duplicate ... --summary FILE`, the rank of entry 0 (the expert) in the
baseline and in the variant, the mean difference (variant - baseline) and a 95% bootstrap
interval over duplicate sets. The same deals are played in both, so the difference is measured
more tightly than either mean rank alone.

Usage: bench/danger_paired.py BASELINE.summary.json VARIANT.summary.json
"""
import json
import random
import sys


def ranks(path):
    doc = json.load(open(path))
    fields = doc["record_fields"]["seats"]
    ri = fields.index("rank")
    out = {}
    for g in doc["games"]:
        seat = g["seating"].index(0)
        out[(g["seed"], g["rotation"])] = (g["set"], g["seats"][seat][ri])
    return out


def main():
    a, b = ranks(sys.argv[1]), ranks(sys.argv[2])
    sets = {}
    for key, (s, r) in a.items():
        if key in b:
            sets.setdefault(s, []).append(b[key][1] - r)
    diffs = [sum(v) / len(v) for v in sets.values()]
    n = len(diffs)
    mean = sum(diffs) / n
    rng = random.Random(22)
    boot = sorted(sum(rng.choice(diffs) for _ in range(n)) / n for _ in range(2000))
    ma = sum(r for _, r in a.values()) / len(a)
    mb = sum(r for _, r in b.values()) / len(b)
    print(f"games {sum(len(v) for v in sets.values())} in {n} sets: baseline {ma:.3f}, variant {mb:.3f}, "
          f"difference {mean:+.3f} [{boot[49]:+.3f}, {boot[1949]:+.3f}]")


if __name__ == "__main__":
    main()
