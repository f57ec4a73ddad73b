#!/usr/bin/env bash
# Wall-clock speed-up of --jobs 2 over --jobs 1 (issues 14 and 16): `match` without replays and with
# replays written (random agents, plain .json and zstd; greedy/defensive duplicate play), a
# two-ruleset `playtest` (GAMES / 2 games per ruleset, statistics included) and `replay verify`,
# each run REPS times, the best wall time of each kept (the least disturbed by anything else on
# the machine; run it on an idle machine). Prints games/s and the ratio.
#   bench/jobs_speedup.sh [MAHJONG] [GAMES] [REPS]      (defaults build/mahjong 2000 3)
# On a machine shared with other work, JOBS_SPEEDUP_RT=1 runs each timed command under
# SCHED_FIFO (`chrt -f 1`, needs root): the other processes then cannot take the cores from it
# (the kernel still leaves them 5% of each second), so the wall times are about those of an idle
# machine. It holds both cores while each command runs: keep GAMES and REPS small.
set -euo pipefail
M=$(realpath "${1:-build/mahjong}") N=${2:-2000} R=${3:-3}
T=$(mktemp -d)
RT=""
[ "${JOBS_SPEEDUP_RT:-0}" = 1 ] && RT="chrt -f 1"
trap 'rm -rf "$T"' EXIT

# best NAME COMMAND...: the least wall seconds of R runs (the command's output dropped).
best() {
  local b=""
  for _ in $(seq "$R"); do
    rm -rf "$T/out"
    local s e
    s=$(date +%s.%N)
    $RT "$@" > /dev/null 2>&1
    e=$(date +%s.%N)
    b=$(awk -v b="$b" -v t="$(echo "$e - $s" | bc)" 'BEGIN { print (b == "" || t < b) ? t : b }')
  done
  echo "$b"
}
line() {  # LABEL GAMES T1 T2
  awk -v l="$1" -v n="$2" -v a="$3" -v b="$4" 'BEGIN {
    printf "%-62s jobs 1: %7.1f games/s   jobs 2: %7.1f games/s   x%.2f\n", l, n / a, n / b, a / b }'
}
echo "load before: $(uptime | sed 's/.*load average: //')${RT:+ (timed commands under $RT)}"
for spec in "random,random,random,random|none|--replays none" "random,random,random,random|none|" \
            "random,random,random,random|zstd|" "greedy,greedy,defensive,defensive|none|--duplicate --replays none" \
            "greedy,greedy,defensive,defensive|none|--duplicate"; do
  IFS='|' read -r agents compress extra <<< "$spec"
  t1=$(best "$M" match --agents "$agents" --games "$N" --seed 3 $extra --compress "$compress" --out "$T/out" --jobs 1)
  t2=$(best "$M" match --agents "$agents" --games "$N" --seed 3 $extra --compress "$compress" --out "$T/out" --jobs 2)
  line "match $agents $compress $extra" "$N" "$t1" "$t2"
done
# The whole playtest (issue 14): both rulesets' games, their statistics, the ruleset comparison.
P=$((N / 8 * 4))  # games per ruleset: half of GAMES, whole duplicate sets
t1=$(best "$M" playtest --rules riichi,dunpai --games "$P" --seed 3 --jobs 1)
t2=$(best "$M" playtest --rules riichi,dunpai --games "$P" --seed 3 --jobs 2)
line "playtest riichi,dunpai greedy,defensive,random,random" "$((2 * P))" "$t1" "$t2"
"$M" match --agents random,random,random,random --games "$N" --seed 3 --out "$T/replays" > /dev/null 2>&1
t1=$(best "$M" replay verify --jobs 1 "$T/replays")
t2=$(best "$M" replay verify --jobs 2 "$T/replays")
line "replay verify (random-agent riichi games)" "$N" "$t1" "$t2"
echo "load after: $(uptime | sed 's/.*load average: //')"
