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
python3 "$SRC/tests/independent_claims_selftest.py"
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
# A sweep (--vary shields.per_hand: 0 is Dunpai without shields, extra_tiles follows) on one thread and on two: the same document but the command;
# each variant's summary against its replays; each replay's ruleset is the one the playtest names.
for jobs in 1 2; do
  "$MAHJONG" playtest --rules dunpai --vary shields.per_hand=0,3 --agents greedy,defensive,random,random \
    --games 16 --seed 9 --jobs $jobs --out "$T/sweep$jobs" --summary "$T/sweep$jobs.json" > "$T/sweep$jobs.out" 2>&1 ||
    { cat "$T/sweep$jobs.out"; exit 1; }
done
grep -q "^seed 003's claims, dunpai\[shields.per_hand=3\] against riichi" "$T/sweep1.out" ||
  { echo "no verdicts printed"; cat "$T/sweep1.out"; exit 1; }
python3 - "$T" <<'PY'
import glob, json, os, sys
t = sys.argv[1]
docs = [json.load(open(f"{t}/sweep{j}.json")) for j in (1, 2)]
for d in docs:
    d.pop("command")
    for entry in d["rulesets"]:
        entry["summary"].pop("command")
if docs[0] != docs[1]:
    sys.exit("playtest --vary: --jobs 1 and --jobs 2 give different documents")
names = [e["rules"] for e in docs[0]["rulesets"]]
want = ["riichi", "dunpai[shields.per_hand=0]", "dunpai[shields.per_hand=3]"]
if names != want:
    sys.exit(f"sweep rulesets {names}, want {want}")
for entry in docs[0]["rulesets"]:
    json.dump(entry["summary"], open(f"{t}/sweep-{entry['rules']}.json", "w"))
    open(f"{t}/folder-{entry['rules']}", "w").write(entry["folder"])  # playtest.json says where its replays are
    for f in sorted(glob.glob(f"{t}/sweep1/{entry['folder']}/*.json"))[:3]:
        if json.load(open(f))["ruleset"] != entry["ruleset"]:
            sys.exit(f"{f}: its ruleset is not the one playtest.json names for {entry['rules']}")
if docs[0]["rulesets"][2]["ruleset"]["shields"]["per_hand"] != 3 or docs[0]["rulesets"][2]["ruleset"]["shields"]["extra_tiles"] != 3:
    sys.exit("the per_hand 3 variant does not have 3 shields a hand")
if docs[0]["rulesets"][1]["ruleset"]["shields"] != dict(docs[0]["rulesets"][2]["ruleset"]["shields"], enabled=False,
                                                        per_hand=0, extra_tiles=0):
    sys.exit("the per_hand 0 variant is not Dunpai's shields switched off")
PY
for rules in riichi "dunpai[shields.per_hand=0]" "dunpai[shields.per_hand=3]"; do
  python3 "$SRC/tests/independent_stats.py" "$T/sweep1/$(cat "$T/folder-$rules")" "$T/sweep-$rules.json"
done
# The verdicts' differences are the two rulesets' own figures (each checked above against its
# replays) subtracted, and each verdict follows from its interval by the rule of docs/PLAYTEST.md.
python3 - "$T/sweep1.json" <<'PY'
import json, math, sys
doc = json.load(open(sys.argv[1]))
stats = {e["rules"]: e["summary"]["statistics"] for e in doc["rulesets"]}
shields = {e["rules"]: e["ruleset"]["shields"]["enabled"] for e in doc["rulesets"]}
# Claims 4-7 are what the seed says shields do: no verdict on a ruleset without them.
about_shields = {"offence", "defence", "waves", "decline"}
def figure(s, name):
    if name == "luck/luck_share":
        return s["luck_skill"]["luck_share"]["estimate"]
    node = s["claims"]
    for part in name.split("/"):
        node = node[part]
    return node["estimate"]
bad, n = [], 0
for v in doc["comparison"]["verdicts"]:
    for c in v["claims"]:
        verdicts = []
        for p in c["parts"]:
            got = p["difference"]["estimate"]
            mine = figure(stats[v["rules"]], p["figure"])
            want = mine if p["own"] or mine is None else mine - figure(stats[v["baseline"]], p["figure"])
            n += 1
            if not (got is None and want is None or math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-12)):
                bad.append(f"{v['rules']} {p['figure']}: {got} against {want}")
            lo, hi = p["difference"]["ci95"]
            d = p["direction"]
            verdict = "undecided" if lo is None else ("supported" if min(lo * d, hi * d) > 0 else
                                                      "contradicted" if max(lo * d, hi * d) < 0 else "undecided")
            if c["id"] in about_shields and not shields[v["rules"]]:
                verdict = "no_shields"
            if verdict != p["verdict"]:
                bad.append(f"{v['rules']} {p['figure']}: verdict {p['verdict']}, by the rule {verdict}")
            verdicts.append(verdict)
        whole = ("no_shields" if "no_shields" in verdicts else "contradicted" if "contradicted" in verdicts else
                 "supported" if all(x == "supported" for x in verdicts) else "undecided")
        if whole != c["verdict"]:
            bad.append(f"{v['rules']} {c['id']}: verdict {c['verdict']}, by the rule {whole}")
print("\n".join(bad) or f"verdicts: {n} differences and their verdicts as the rule gives them")
sys.exit(1 if bad else 0)
PY
