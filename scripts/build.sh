#!/usr/bin/env bash
# Configures and builds the project in ./build (Release, all cores). MJ_WERROR=ON makes any
# compiler warning an error (scripts/test.sh, i.e. CI, sets it; scripts/main.sh does not, so a
# newer compiler's new warning never stops someone from running the program). A failed build
# fails this script.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
# MJ_BENCH=OFF (scripts/test.sh) leaves the benchmarks out; the default builds them.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMJ_WERROR="${MJ_WERROR:-OFF}" -DMJ_BENCH="${MJ_BENCH:-ON}" >/dev/null
cmake --build build -j"$(nproc)" -- --no-print-directory | { grep -v -E '^\[ *[0-9]+%\]' || true; }
test -x build/mahjong || { echo "build failed" >&2; exit 1; }
