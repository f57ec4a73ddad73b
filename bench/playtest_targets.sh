#!/usr/bin/env bash
# Issue 26's targets, timed start to exit (wall and CPU seconds, /usr/bin/time):
#   (1) a 2-ruleset playtest (riichi, dunpai) of 1,000 duplicate games per ruleset with two
#       AGENT_A and two AGENT_B seats, report included: target under 10 minutes on 2 cores;
#   (2) a 5-value sweep of 500 games per value (dunpai, end_point_gap 30000..70000, against the
#       riichi baseline, 500 games too), report included: target under 15 minutes.
#   bench/playtest_targets.sh [MAHJONG] [AGENTS]      (defaults build/mahjong expert,expert,defensive,defensive)
# Prints one line per target with the seconds and whether it is met. Run it niced on a shared
# machine; the load average at the start and the end is printed beside the times.
set -euo pipefail
M=$(realpath "${1:-build/mahjong}") AGENTS=${2:-expert,expert,defensive,defensive}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
run() {  # run NAME TARGET_SECONDS COMMAND...
  local name=$1 target=$2
  shift 2
  local load0 load1
  load0=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S" -o "$T/time" "$@" > "$T/$name.out" 2> "$T/$name.err" || {
    echo "$name: FAILED"; tail -5 "$T/$name.err"; return 1; }
  load1=$(cut -d' ' -f1 /proc/loadavg)
  read -r wall user sys < "$T/time"
  awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v t="$target" -v l0="$load0" -v l1="$load1" \
    'BEGIN { printf "%-40s wall %7.1f s  cpu %7.1f s  target %4d s: %s  (load %s -> %s)\n", n, w, u + s, t,
             (w < t ? "met" : "NOT met"), l0, l1 }'
}
run "playtest riichi,dunpai 1000 games" 600 \
  "$M" playtest --rules riichi,dunpai --agents "$AGENTS" --games 1000 --seed 26 --jobs 2 --report "$T/report1"
run "sweep end_point_gap x5, 500 games" 900 \
  "$M" playtest --rules dunpai --vary end_point_gap=30000,40000,50000,60000,70000 --agents "$AGENTS" \
  --games 500 --seed 26 --jobs 2 --report "$T/report2"
