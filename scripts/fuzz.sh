#!/usr/bin/env bash
# Fuzzes every parser of outside input with libFuzzer (ASan + UBSan): a `score` line, a ruleset
# file, a replay, a tenhou.net/6 record, an mjai answer, a server's event stream to the mjai
# client, a match summary. Builds the targets in build-fuzz/ with
# clang (-DMJ_FUZZ=ON), seeds each from the shipped inputs, runs two targets at a time for
# SECONDS each and fails on any crash, hang (a run over 10 s), leak or sanitizer report. The
# input that failed is left in build-fuzz/findings/<target>/; fix the cause and keep the input in
# fuzz/regressions/<target>/ (tests/fuzz_regression_test.cc replays it in every build).
#
#   scripts/fuzz.sh [SECONDS]        # default 20
#
# CI (scripts/test.sh) runs it with 10 s per target: seven targets two at a time take four
# rounds, about 40 s; the sanitized build of the libraries is most of the step (about 5 CPU
# minutes of clang, so 2 to 3 minutes on two cores), and together they stay near the step's
# 2.5-minute budget. 10 s runs every seed and thousands to tens of thousands of mutations of the
# small inputs (score lines, rulesets, mjai answers), fewer of replays and records, whose seeds
# are whole games; a longer local run is `scripts/fuzz.sh 600`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
targets=(score_line ruleset replay tenhou6 mjai_action mjai_client summary)
shared=${MJ_SHARED_DIR:-../shared}

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ missing (scripts/install_deps.sh)" >&2; exit 2; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# MJ_WERROR=ON (set by scripts/test.sh) makes a clang warning fail the build here too.
CXX=clang++ cmake -S . -B build-fuzz -DMJ_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMJ_WERROR="${MJ_WERROR:-OFF}" \
  "${launcher[@]}" >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]/#/fuzz_}" -- --no-print-directory |
  { grep -E 'error|warning' || true; }
for t in "${targets[@]}"; do test -x "build-fuzz/fuzz_$t" || { echo "fuzz.sh: fuzz_$t was not built" >&2; exit 1; }; done

# Seeds: fuzz/corpus/ (score lines from examples/ and tests/data/, mjai answers), the presets,
# a few replays played now (one per preset, East only), the real tenhou.net/6 records.
seeds=build-fuzz/seeds
rm -rf "$seeds" build-fuzz/findings build-fuzz/work
mkdir -p "$seeds"/{ruleset,replay,tenhou6} build-fuzz/findings build-fuzz/work
cp rules/presets/*.json "$seeds/ruleset/"
for p in riichi fuless ayame-blend dunpai ningbo; do
  printf '{"base":"%s","name":"short-%s","length":"east"}' "$p" "$p" > "build-fuzz/work/$p.json"
  build/mahjong match --rules "build-fuzz/work/$p.json" --agents random,greedy,random,defensive --games 1 \
    --seed 5 --out "build-fuzz/work/replays-$p" >/dev/null 2>&1 &&
    cp "build-fuzz/work/replays-$p/game-0001.json" "$seeds/replay/$p.json" || true
done
[ -d "$shared/realgames/tenhou6" ] && cp "$shared"/realgames/tenhou6/*.json "$seeds/tenhou6/"

run() {  # target
  local t=$1 dirs=()
  mkdir -p "build-fuzz/work/corpus-$t" "build-fuzz/findings/$t"
  dirs+=("build-fuzz/work/corpus-$t")
  [ -d "fuzz/corpus/$t" ] && dirs+=("fuzz/corpus/$t")
  [ -d "fuzz/regressions/$t" ] && dirs+=("fuzz/regressions/$t")
  [ -d "$seeds/$t" ] && dirs+=("$seeds/$t")
  local max_len=4096
  case $t in replay|tenhou6|summary) max_len=262144 ;; esac
  if "build-fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=$max_len \
      -artifact_prefix="build-fuzz/findings/$t/" -print_final_stats=1 "${dirs[@]}" \
      > "build-fuzz/work/$t.log" 2>&1; then
    echo "fuzz $t: $(grep -E '^stat::number_of_executed_units' "build-fuzz/work/$t.log" | awk '{print $2}') runs in ${seconds}s, nothing found"
  else
    echo "fuzz $t: FAILED; input in build-fuzz/findings/$t/:" >&2
    grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "build-fuzz/work/$t.log" | head -10 >&2
    return 1
  fi
}

status=0
pids=()
for t in "${targets[@]}"; do
  run "$t" &
  pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
