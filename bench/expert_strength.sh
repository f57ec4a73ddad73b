#!/usr/bin/env bash
# Strength of the `expert` agent (issue 22): a duplicate 1-versus-3 match per ruleset,
# `mahjong match --rules R --agents <expert>,<opp>,<opp>,<opp> --duplicate`, so every deal is
# played by the expert from every seat, then the expert's mean rank with its 95% interval (the
# match's bootstrap over duplicate sets), its 1st and 4th place shares, and its win and deal-in
# rates per hand, from the match summary (docs/PLAYTEST.md).
#
# Usage: bench/expert_strength.sh [-g GAMES] [-j JOBS] [-e EXPERT_SPEC] [-o OPPONENT_SPEC]
#                                 [-s SEED] [-d OUTDIR] [RULES...]
#   GAMES (default 2000; rounded down to a multiple of 4) per ruleset; RULES default: riichi
#   dunpai fuless ayame-competition ayame-blend ningbo; a ruleset file (any path ending in .json,
#   e.g. one this repository does not ship) is played too, its outputs named after the file. Run it niced: it is long (about 0.3 s
#   of CPU per game per job on a 2-core machine).
# Output: one line per ruleset, e.g.
#   riichi  2000 games  mean rank 2.21 [2.17, 2.25]  1st 31.0%  4th 17.2%  win 24.1%  deal-in 9.8%
set -euo pipefail
here=$PWD  # a ruleset file given relative to where the script was started
cd "$(dirname "$0")/.."
games=2000 jobs=2 expert=expert opponent=defensive seed=22 outdir=""
while getopts "g:j:e:o:s:d:" opt; do
  case "$opt" in
    g) games=$OPTARG ;;
    j) jobs=$OPTARG ;;
    e) expert=$OPTARG ;;
    o) opponent=$OPTARG ;;
    s) seed=$OPTARG ;;
    d) outdir=$OPTARG ;;
    *) sed -n 2,16p "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
rules=()
for r in "$@"; do
  case "$r" in *.json) [[ "$r" = /* ]] || r="$here/$r" ;; esac
  rules+=("$r")
done
[ ${#rules[@]} -gt 0 ] || rules=(riichi dunpai fuless ayame-competition ayame-blend ningbo)
games=$((games / 4 * 4))
[ "$games" -ge 4 ] || { echo "expert_strength.sh: need at least 4 games" >&2; exit 2; }
program=${MJ_PROGRAM:-build/mahjong}  # MJ_PROGRAM: another build of the program
[ -x "$program" ] || { echo "expert_strength.sh: $program not built (bash scripts/build.sh)" >&2; exit 1; }
[ -n "$outdir" ] || outdir=$(mktemp -d)
mkdir -p "$outdir"
for r in "${rules[@]}"; do
  name=$(basename "$r" .json)  # a preset's name, or a ruleset file's name without .json
  summary="$outdir/$name.summary.json"
  "$program" match --rules "$r" --agents "$expert,$opponent,$opponent,$opponent" --duplicate \
    --games "$games" --jobs "$jobs" --seed "$seed" --replays none --out "$outdir/$name" \
    --summary "$summary" >"$outdir/$name.table.txt" 2>"$outdir/$name.log" ||
    { echo "expert_strength.sh: $r: $(tail -n 1 "$outdir/$name.log")" >&2; exit 1; }
  python3 - "$name" "$summary" "$expert" <<'PY'
import json, sys
rules, path, expert = sys.argv[1], sys.argv[2], sys.argv[3]
doc = json.load(open(path))
agents = doc["statistics"]["agents"]
row = next((a for a in agents if a.get("label", a.get("agent")) == expert), agents[0])
def est(x): return x["estimate"] if isinstance(x, dict) else x
mr = row["mean_rank"]
shares = row["rank_share"]
games = doc.get("games", "?")
if isinstance(games, list): games = len(games)
print(f"{rules:18s} {games} games  mean rank {est(mr):.3f} [{mr['ci95'][0]:.3f}, {mr['ci95'][1]:.3f}]"
      f"  1st {100*est(shares[0]):.1f}%  4th {100*est(shares[3]):.1f}%"
      f"  win {100*est(row['win_rate']):.1f}%  deal-in {100*est(row['deal_in_rate']):.1f}%"
      f"  riichi {100*est(row.get('riichi_rate', 0)):.1f}%  call {100*est(row.get('call_rate', 0)):.1f}%"
      f"  win value {est(row.get('mean_win_value', 0)):.0f}")
PY
done
