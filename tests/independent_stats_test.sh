#!/usr/bin/env bash
# The match statistics against an independent computation from the replays alone
# (tests/independent_stats.py, Python, none of the engine's code): every preset, a duplicate match
# of random, greedy and defensive agents on two threads, its --summary, `mahjong stats` over
# the same replays, and each ruleset of a playtest. Every count behind every figure must be equal.
#   usage: independent_stats_test.sh MAHJONG SOURCE_DIR
set -euo pipefail
MAHJONG=$1 SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for rules in riichi fuless ayame-blend dunpai ningbo; do
  "$MAHJONG" match --rules "$rules" --agents random,greedy,defensive,random --games 32 --duplicate --seed 77 \
    --jobs 2 --out "$T/$rules" --summary "$T/$rules.json" > "$T/$rules.out" 2>&1 || { cat "$T/$rules.out"; exit 1; }
  python3 "$SRC/tests/independent_stats.py" "$T/$rules" "$T/$rules.json"
  "$MAHJONG" stats "$T/$rules" --summary "$T/$rules.stats.json" > /dev/null
  python3 "$SRC/tests/independent_stats.py" "$T/$rules" "$T/$rules.stats.json"
done
# playtest: each ruleset's summary against its own replays.
"$MAHJONG" playtest --rules riichi,dunpai --agents greedy,defensive,random,random --games 32 --seed 5 --jobs 2 \
  --out "$T/playtest" --summary "$T/playtest.json" > "$T/playtest.out" 2>&1 || { cat "$T/playtest.out"; exit 1; }
python3 - "$T/playtest.json" "$T" <<'PY'
import json, sys
for entry in json.load(open(sys.argv[1]))["rulesets"]:
    json.dump(entry["summary"], open(f"{sys.argv[2]}/playtest-{entry['rules']}.json", "w"))
PY
for rules in riichi dunpai; do
  python3 "$SRC/tests/independent_stats.py" "$T/playtest/$rules" "$T/playtest-$rules.json"
done
