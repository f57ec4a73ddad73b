#!/usr/bin/env bash
# Builds the program and the tests with AddressSanitizer + UndefinedBehaviorSanitizer (any
# undefined behaviour is fatal) in build-asan/ and runs them. Meant to be called by
# scripts/test.sh (CI) as its last step; it is not called there yet, because neither a whole
# sanitized run nor its CI time has been measured (the build machine was too loaded): add
# `bash scripts/sanitize.sh` at the end of scripts/test.sh once a run is clean and fits the budget.
#
#   bash scripts/sanitize.sh [--all] [EXTRA CMAKE ARGS...]
#
# Without --all it runs the CI subset below; --all runs every test (ctest), which takes far longer
# than the CI budget (about 4 minutes of the 15 for this step) allows: run it before landing
# changes to the engine, agents or readers.
#
# The tree is configured with clang (Debian's `clang`; add it to scripts/install_deps.sh with the CI step) and
# -DMJ_SANITIZE=ON (CMakeLists.txt), RelWithDebInfo. Clang rather than g++ so that libFuzzer targets
# can live in the same tree: pass their CMake switch as an extra argument (or set
# MJ_SANITIZE_CMAKE_ARGS) and build them here after the tests, sharing the sanitized libraries
# instead of compiling everything a third time. g++ works too: CXX=g++ bash scripts/sanitize.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
all=0
if [ "${1:-}" = "--all" ]; then
  all=1
  shift
fi
cxx=${CXX:-clang++}
command -v "$cxx" >/dev/null || { echo "sanitize.sh: $cxx not found (apt-get install clang)" >&2; exit 1; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# shellcheck disable=SC2086  # MJ_SANITIZE_CMAKE_ARGS is a list of words
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMJ_SANITIZE=ON -DCMAKE_CXX_COMPILER="$cxx" \
  "${launcher[@]}" ${MJ_SANITIZE_CMAKE_ARGS:-} "$@" >/dev/null
cmake --build build-asan -j"$(nproc)" --target mahjong mj_tests -- --no-print-directory |
  grep -v -E '^\[ *[0-9]+%\]' || true
test -x build-asan/mj_tests || { echo "sanitized build failed" >&2; exit 1; }

# A finding stops the test with a report; leaks are findings too.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

if [ "$all" = 1 ]; then
  cd build-asan && ctest --output-on-failure -j"$(nproc)"
  exit
fi

# The CI subset: every test of mj_tests but the six Conformance.* runs. Those play 1,000 random
# games per preset with every invariant checked after every event: about 410 s of the suite's
# 425 s in a Release build, several times that sanitized, far beyond this step's budget; the other
# ~940 tests (unit, scoring, rulesets, replays, readers, commands, and the agent, engine and preset
# suites, which play hundreds of whole games of every preset and agent mix) take about 17 s in
# Release. --all runs everything, the conformance runs included.
build-asan/mj_tests --gtest_brief=1 --gtest_filter='-Conformance.*'
