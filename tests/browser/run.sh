#!/usr/bin/env bash
# The replay viewer's browser test (ctest ReplayViewerBrowser): plays games of every preset with
# mj_table_counts (replay + the engine's per-event table counts), writes their viewer pages with
# `mahjong replay html DIR`, and runs viewer_test.js in headless Chromium.
#   run.sh MAHJONG MJ_TABLE_COUNTS CHROMIUM WORKDIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mahjong="$1" counts="$2" chromium="$3" work="$4"
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --silent)
fi
rm -rf "$work" && mkdir -p "$work/games" "$work/screenshots"
# name rules seed agents [stop_after]: every preset, mixed agents (calls, kans, riichi, draws;
# Dunpai seed 4: a closed kan, exhaustive draws, every way to lose shields; seed 2: a tsumo
# protection; ningbo-limit: a 十三不搭 win, a limit hand), and a game stopped by an agent error.
games=(
  "riichi riichi 3 greedy,greedy,defensive,random"
  "fuless fuless 11 greedy,defensive,greedy,random"
  "ayame-blend ayame-blend 5 greedy,greedy,defensive,greedy"
  "ayame-competition ayame-competition 2 defensive,greedy,random,greedy"
  "dunpai dunpai 4 greedy,defensive,greedy,greedy"
  "dunpai-protection dunpai 2 greedy,defensive,greedy,greedy"
  "ningbo ningbo 3 greedy,greedy,defensive,random"
  "ningbo-limit ningbo 6885707634579109225 greedy,greedy,greedy,greedy"
  "stopped riichi 5 random,random,random,random 150"
)
for g in "${games[@]}"; do
  set -- $g
  "$counts" "$2" "$3" "$4" "$work/games" "$1" ${5:-} >/dev/null
done
"$mahjong" replay html "$work/games" >/dev/null
exec node "$here/viewer_test.js" "$chromium" "$work"
