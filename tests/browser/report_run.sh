#!/usr/bin/env bash
# The playtest report's browser test (ctest PlaytestReportBrowser): a small riichi/dunpai
# playtest with --report, then report_test.js opens the page in headless Chromium.
#   report_run.sh MAHJONG CHROMIUM WORKDIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mahjong="$1" chromium="$2" work="$3"
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --silent)
fi
rm -rf "$work" && mkdir -p "$work"
"$mahjong" playtest --rules riichi,dunpai --agents greedy,defensive,random,random --games 40 --seed 5 --jobs 2 \
  --report "$work" >"$work/playtest.txt" 2>"$work/playtest.err" || { cat "$work/playtest.err" >&2; exit 1; }
grep -q "report: $work/index.html" "$work/playtest.txt"
exec node "$here/report_test.js" "$chromium" "$work"
