#!/usr/bin/env bash
# Installs what is missing, builds every target with warnings as errors (-Wall -Wextra -Werror),
# and runs every test (ctest), then fuzzes every parser of outside input for a bounded time
# (scripts/fuzz.sh: clang, ASan + UBSan, -Werror too; 10 s per target, two at a time), then runs
# the sanitized tests (scripts/sanitize.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export MJ_WERROR=ON
# No benchmark runs here (they are bench/'s, run by hand): the build leaves mj_bench out.
export MJ_BENCH=OFF
bash scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)")
bash scripts/fuzz.sh 10
# The tests that play decisions, score and read outside input, built with ASan + UBSan in the
# fuzz tree just built (scripts/sanitize.sh says which and why): any report fails CI.
bash scripts/sanitize.sh
