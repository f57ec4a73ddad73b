#!/usr/bin/env bash
# Runs the test suite built with AddressSanitizer + UndefinedBehaviorSanitizer and fails on any
# report: memory error, leak, or undefined behaviour (-fno-sanitize-recover=undefined).
# scripts/test.sh (CI) runs it after scripts/fuzz.sh.
#
#   bash scripts/sanitize.sh [--all]
#
# The tests are built in build-fuzz/, the tree scripts/fuzz.sh configures (clang, RelWithDebInfo,
# -DMJ_FUZZ=ON: every file compiled with -fsanitize=address,undefined -fno-sanitize-recover=undefined
# and libFuzzer's coverage hooks), so the sanitized libraries the fuzz targets linked are reused
# and only test files are compiled on top. A tree of its own (-DMJ_SANITIZE=ON, no coverage
# hooks) would compile every library again. The coverage hooks cost the tests some speed, nothing
# in what the sanitizers see.
#
# CI (no argument) runs mj_sanitized_tests (CMakeLists.txt), a subset of the test files: compiled
# with the sanitizers, all of mj_tests (42 files, and the program its command tests run) takes
# about 610 CPU seconds, 5 minutes of CI's 2 cores, which the budget (15 minutes, 12 used) does
# not have; the subset takes about 125 CPU seconds to build and 55 to run (about 1.5 minutes in
# all). It holds the files whose code takes a decision, scores, or reads what comes from outside:
#   agents_test, dunpai_agents_test  every built-in agent (greedy, defensive, random) in games
#                                    of every preset and every agent mix (decisions, hand evaluation)
#   dunpai_engine_test, ningbo_engine_test, game_options_test, presets_play_test
#                                    the engine: shields, settlement, pao, aborts, every game
#                                    option, whole games of every preset
#   score_cases_test                 scoring: riichi's hand-worked score cases (the other
#                                    modules score every win of the preset games above)
#   replay_writer_test               replays written, then read by the fast and the thorough reader,
#                                    corrupted texts included, and compressed replays
#   tenhou_verify_test               tenhou.net/6 records read and replayed through the engine
#   mjai_action_json_test            mjai answers read
#   fuzz_regression_test             every input that once crashed a parser
#   hostile_peers_test               hostile peers, files and settings (issue 23): text that is not
#                                    UTF-8, unbounded JSON and lines, the lobby under idle
#                                    connections, points conservation, faults in replays, names
#                                    as paths and links
#   rl_stepped_game_test             rl/: games stepped on Boost.Context fibers (their stack
#                                    switches announced to ASan, rl/stepped_game.cc) and VecEnv
#                                    threads; about 2 s
#   expert_rule_variants_test        the expert's decisions (every estimate, the scoring module
#                                    behind its values) in twelve ruleset files no preset is, four
#                                    experts and a mixed table; about 14 s
# Left to --all: the command tests (they run the program, which would have to be compiled too),
# the 1,000-game conformance runs and the mutation property tests (minutes even in Release), and
# the pure unit tests of tiles, shanten and rulesets (their code runs under the files above).
#
# --all builds mj_tests in the same tree and runs every case (long: run it before landing
# changes to the engine, agents or readers).
#
# Reports go to build-fuzz/sanitizer/ as well as failing the test, so a report from a program a
# test runs (--all: build-fuzz/mahjong, sanitized too) fails this step even when that test only
# checks that the program failed.
set -euo pipefail
cd "$(dirname "$0")/.."
all=0
[ "${1:-}" = "--all" ] && all=1

command -v clang++ >/dev/null || { echo "sanitize.sh: clang++ missing (scripts/install_deps.sh)" >&2; exit 2; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# The same configuration as scripts/fuzz.sh (MJ_WERROR=ON from scripts/test.sh: no warning either).
CXX=clang++ cmake -S . -B build-fuzz -DMJ_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMJ_WERROR="${MJ_WERROR:-OFF}" \
  "${launcher[@]}" >/dev/null
tests=mj_sanitized_tests
[ "$all" = 1 ] && tests=mj_tests
cmake --build build-fuzz -j"$(nproc)" --target "$tests" -- --no-print-directory | { grep -E 'error|warning' || true; }
test -x "build-fuzz/$tests" || { echo "sanitize.sh: build-fuzz/$tests was not built" >&2; exit 1; }

reports=build-fuzz/sanitizer
rm -rf "$reports"
mkdir -p "$reports"
# Any report stops the process with a non-zero exit; leaks are reports too.
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:log_path=$PWD/$reports/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$PWD/$reports/ubsan"

# The cases split over the cores (gtest sharding), each shard a process of its own.
shards=$(nproc)
status=0
pids=()
for ((i = 0; i < shards; ++i)); do
  (cd build-fuzz && GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i "./$tests" --gtest_brief=1) \
    > "$reports/shard-$i.log" 2>&1 &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    status=1
    echo "sanitize.sh: shard $i failed:" >&2
    grep -E 'FAILED|ERROR|SUMMARY|runtime error' "$reports/shard-$i.log" | head -20 >&2
  fi
done
for f in "$reports"/asan* "$reports"/ubsan*; do
  [ -e "$f" ] || continue
  status=1
  echo "sanitize.sh: sanitizer report $f:" >&2
  head -40 "$f" >&2
done
if [ "$status" = 0 ]; then
  echo "sanitized tests: $(grep -h -E '^\[==========\].*ran' "$reports"/shard-*.log | awk '{s += $2} END {print s}') cases passed, no sanitizer report"
fi
exit $status
