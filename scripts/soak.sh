#!/usr/bin/env bash
# Soak: per preset, many random-agent games and greedy/defensive games through `mahjong soak`,
# every invariant (136 tiles conserved, points plus deposits conserved, hand sizes) checked after
# every event and each game's final points checked. Prints games, hands, time and peak memory
# per preset and every failure; exits 1 on any failure or crash.
#
#   scripts/soak.sh                 # the full soak: 1,000,000 random + 100,000 greedy/defensive per preset
#   scripts/soak.sh --short         # CI: 200 random + 20 greedy/defensive per preset (seconds)
# Options: --random N --greedy N (games per preset), --chunks K (each preset's games are played
# in K chunks, scheduled round-robin over the presets, so a soak stopped early has done about
# the same share of every preset), --jobs J (chunks run at once, as separate processes; run the
# whole script under `nice -n 19` on a shared machine), --presets "a b", --seed S,
# --replays DIR (failing games' replays are written there; none are written otherwise),
# --keep-every K (with --replays: every K-th game's replay too), --bin PATH, --log DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

random_games=1000000
greedy_games=100000
chunks=50
jobs=1
presets="riichi fuless ayame-blend ayame-competition dunpai ningbo"
seed=12
replays=""
keep_every=0
bin=build/mahjong
log=""
while [ $# -gt 0 ]; do
  case "$1" in
    --short) random_games=200; greedy_games=20; chunks=1; jobs=2 ;;
    --random) random_games=$2; shift ;;
    --greedy) greedy_games=$2; shift ;;
    --chunks) chunks=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --presets) presets=$2; shift ;;
    --seed) seed=$2; shift ;;
    --replays) replays=$2; shift ;;
    --keep-every) keep_every=$2; shift ;;
    --bin) bin=$2; shift ;;
    --log) log=$2; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "soak.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$bin" ] || { echo "soak.sh: $bin not found (build it: cmake --build build --target mahjong)" >&2; exit 2; }
[ -n "$log" ] || log=$(mktemp -d /tmp/mj_soak.XXXXXX)
mkdir -p "$log"
rm -f "$log"/*.rc "$log"/*.out "$log"/*.err  # a log directory used before holds no stale results
timer=""
[ -x /usr/bin/time ] && timer="/usr/bin/time -v"

# The work list: "preset kind agents first count", chunk by chunk, round-robin over the presets.
work=()
for ((c = 0; c < chunks; c++)); do
  for p in $presets; do
    for kind in random greedy; do
      if [ $kind = random ]; then total=$random_games; agents=random,random,random,random
      else total=$greedy_games; agents=greedy,defensive,greedy,defensive; fi
      size=$(( (total + chunks - 1) / chunks ))
      first=$(( c * size + 1 ))
      count=$(( total - c * size < size ? total - c * size : size ))
      [ "$count" -gt 0 ] && work+=("$p $kind $agents $first $count")
    done
  done
done

echo "soak: presets [$presets], $random_games random + $greedy_games greedy/defensive games each, seed $seed," \
     "${#work[@]} chunks, $jobs at a time; logs in $log"
start=$(date +%s)
run_chunk() {  # preset kind agents first count
  local name="$log/$1-$2-$4"
  local args=(soak --rules "$1" --agents "$3" --seed "$seed" --first-game "$4" --games "$5" -q)
  [ -n "$replays" ] && args+=(--replays "$replays/$1-$2" --keep-every "$keep_every")
  local rc=0
  $timer "$bin" "${args[@]}" > "$name.out" 2> "$name.err" || rc=$?
  echo "$rc" > "$name.rc"
}

running=0
done_chunks=0
for item in "${work[@]}"; do
  # shellcheck disable=SC2086
  run_chunk $item &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
    done_chunks=$((done_chunks + 1))
    echo "  [$(( $(date +%s) - start )) s] $done_chunks/${#work[@]} chunks done" \
         "($(cat "$log"/*.out 2>/dev/null | grep -c 'failures') finished, $(cat "$log"/*.out 2>/dev/null |
            awk '{for(i=1;i<=NF;i++) if($i=="failures") s+=$(i-1)} END{print s+0}') failures)"
  fi
done
wait

# Per preset and kind: games, hands, failures, time, peak memory; every failure line.
status=0
printf '%-18s %-7s %9s %10s %8s %9s %9s\n' preset agents games hands failures "run s" "peak MB"
for p in $presets; do
  for kind in random greedy; do
    games=0 hands=0 fails=0 secs=0 peak=0 missing=0
    for f in "$log/$p-$kind"-*.rc; do
      [ -e "$f" ] || continue
      base=${f%.rc}
      rc=$(cat "$f")
      line=$(grep '^soak ' "$base.out" || true)
      if [ "$rc" != 0 ] && [ "$rc" != 1 ] || [ -z "$line" ]; then
        echo "CRASH or error in $base (exit $rc):" >&2; tail -5 "$base.err" >&2; status=1; missing=1; continue
      fi
      read -r g h fl s < <(echo "$line" | awk '{for(i=1;i<=NF;i++){if($i=="games,")g=$(i-1); if($i=="hands,")h=$(i-1);
                                 if($i=="failures")f=$(i-1); if($i=="s")s=$(i-1)} print g, h, f, s}')
      games=$((games + g)); hands=$((hands + h)); fails=$((fails + fl))
      secs=$(awk -v a="$secs" -v b="$s" 'BEGIN{print a + b}')
      kb=$(grep 'Maximum resident set size' "$base.err" | awk '{print $NF}')
      mb=${kb:+$(awk -v k="$kb" 'BEGIN{printf "%.1f", k / 1024}')}
      [ -n "$mb" ] || mb=$(echo "$line" | awk '{for(i=1;i<=NF;i++) if($i=="RSS") print $(i+1)}')
      peak=$(awk -v a="$peak" -v b="$mb" 'BEGIN{print (b > a ? b : a)}')
      if [ "$fl" != 0 ]; then grep 'FAILURE' "$base.err" >&2 || true; status=1; fi
    done
    printf '%-18s %-7s %9d %10d %8d %9.1f %9.1f%s\n' "$p" "$kind" "$games" "$hands" "$fails" "$secs" "$peak" \
      "$([ $missing = 1 ] && echo '  (a chunk crashed)')"
  done
done
echo "soak: $(( $(date +%s) - start )) s wall; $([ $status = 0 ] && echo 'no failures' || echo 'FAILURES (above)')"
exit $status
