#!/usr/bin/env bash
# Strength of the `expert` agent against outside players (issue 22): the mjai reference
# implementation's `mjai-shanten` bots (../shared/mjai-reference/gimite-mjai, Ruby) take three
# seats of `mahjong serve` and the expert the fourth, one hanchan per seed; the expert's seat
# moves round the table from game to game (seat = game number mod 4), so every seat is played
# equally often. Each game is a real loopback mjai session (serve's lock-step protocol, the Ruby
# client as shipped). At the end: the expert's mean rank with a 95% bootstrap interval over
# games, its rank shares and mean final score, from the replays' `final` ranks.
#
# Usage: bench/expert_reference.sh [-g GAMES] [-s SEED] [-j STREAMS] [-e EXPERT_SPEC] [-d OUTDIR] [-r]
#   GAMES (default 100), seeds SEED+1 .. SEED+GAMES (default SEED 1000), STREAMS games at a time
#   (default 2; each game keeps about one core busy with the Ruby bots), OUTDIR keeps the replays
#   and logs (default: a new temporary directory). Run it niced; a game takes one to two minutes
#   of wall time on a 2-core machine (the Ruby bots are the slow part), so 100 games take about
#   an hour and a half with two streams. Games already in OUTDIR are kept and not played again,
#   so an interrupted run continues where it stopped; -r only reports the games OUTDIR holds.
# Output: one line per game as it ends, then e.g.
#   reference  100 games  mean rank 1.61 [1.47, 1.76]  1st 60.0%  2nd 20.0%  3rd 19.0%  4th 1.0%  score 36,120
set -euo pipefail
cd "$(dirname "$0")/.."
games=100 seed=1000 streams=2 expert=expert outdir="" report_only=0
while getopts "g:s:j:e:d:r" opt; do
  case "$opt" in
    g) games=$OPTARG ;;
    s) seed=$OPTARG ;;
    j) streams=$OPTARG ;;
    e) expert=$OPTARG ;;
    d) outdir=$OPTARG ;;
    r) report_only=1 ;;
    *) sed -n 2,19p "$0" >&2; exit 2 ;;
  esac
done
[ "$report_only" = 0 ] || [ -n "$outdir" ] || { echo "expert_reference.sh: -r needs -d OUTDIR" >&2; exit 2; }
program=${MJ_PROGRAM:-build/mahjong}  # MJ_PROGRAM: another build of the program
[ -x "$program" ] || { echo "expert_reference.sh: $program not built (bash scripts/build.sh)" >&2; exit 1; }
command -v ruby >/dev/null || { echo "expert_reference.sh: ruby not installed (apt-get install ruby)" >&2; exit 1; }
G=$(cd .. && pwd)/shared/mjai-reference/gimite-mjai
[ -d "$G" ] || { echo "expert_reference.sh: $G not found" >&2; exit 1; }
export RUBYLIB=$G/lib
yjit=""
ruby --yjit -e 1 2>/dev/null && yjit=--yjit  # Ruby's JIT where it has one: the bots run faster
[ -n "$outdir" ] || outdir=$(mktemp -d)
mkdir -p "$outdir"

# Plays game `i` (seed seed+i) unless its replay is there already.
play() {
  local i=$1 s=$((seed + $1)) seats=mjai,mjai,mjai,mjai
  local dir=$outdir/game-$s
  [ -f "$dir/game-0001.json" ] && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  seats=$(echo "$seats" | awk -F, -v e="$expert" -v k=$((i % 4)) 'BEGIN{OFS=","} {$(k+1)=e; print}')
  "$program" serve --port 0 --bot-timeout 600000 --seats "$seats" --games 1 --seed "$s" --out "$dir" \
    --log-file "$dir/serve.log" >"$dir/serve.out" 2>&1 &
  local server=$! port=""
  for _ in $(seq 200); do
    port=$(sed -n 's/.* port \([0-9]*\),.*/\1/p' "$dir/serve.out" 2>/dev/null || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "game $s: the server did not start" >&2; kill "$server" 2>/dev/null; return 1; }
  local bots=()
  for b in 1 2 3; do
    ruby $yjit "$G/bin/mjai-shanten" "mjsonp://127.0.0.1:$port/default" >"$dir/bot$b.log" 2>&1 &
    bots+=($!)
  done
  if ! wait "$server"; then
    echo "game $s: serve failed (see $dir/serve.log)" >&2
    kill "${bots[@]}" 2>/dev/null || true
    return 1
  fi
  wait "${bots[@]}" 2>/dev/null || true
  echo "game $s ($seats): $(grep '^game 1' "$dir/serve.out" | sed 's/^game 1: //; s/; replay.*//')"
}

# STREAMS workers, worker w plays games w+1, w+1+STREAMS, ...
if [ "$report_only" = 0 ]; then
  for w in $(seq 0 $((streams - 1))); do
    (for i in $(seq $((w + 1)) "$streams" "$games"); do play "$i" || true; done) &
  done
  wait
fi

python3 - "$outdir" "$seed" "$games" "$expert" <<'PY'
import glob, json, os, random, sys
outdir, seed, games, expert = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ranks, scores = [], []
for i in range(1, games + 1):
    path = os.path.join(outdir, f"game-{seed + i}", "game-0001.json")
    if not os.path.exists(path):
        continue
    doc = json.load(open(path))
    if not doc.get("complete"):
        continue
    seat = doc["agents"].index(expert)
    ranks.append(doc["final"]["ranks"][seat])
    scores.append(doc["final"]["scores"][seat])
n = len(ranks)
if n == 0:
    sys.exit("expert_reference.sh: no complete game")
random.seed(seed)
boot = sorted(sum(random.choice(ranks) for _ in range(n)) / n for _ in range(10000))
shares = "  ".join(f"{r}{s} {ranks.count(r) / n:.1%}" for r, s in zip(range(1, 5), ("st", "nd", "rd", "th")))
print(f"reference  {n} games  mean rank {sum(ranks) / n:.3f} [{boot[249]:.3f}, {boot[9749]:.3f}]  {shares}"
      f"  score {sum(scores) / n:,.0f}" + ("" if n == games else f"  ({games - n} of {games} not complete)"))
PY
