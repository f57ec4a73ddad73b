#!/usr/bin/env bash
# The replay viewer's browser test (ctest ReplayViewerBrowser): plays games of every preset with
# mj_table_counts (replay + the engine's per-event table counts), writes their viewer pages with
# `mahjong replay html DIR`, and runs viewer_test.js in headless Chromium.
#   run.sh MAHJONG MJ_TABLE_COUNTS CHROMIUM WORKDIR [SHARED]
# With SHARED (the folder holding realgames/): real games of each outside format are imported too,
# and some games are reviewed (mahjong replay review) and shown with their review.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mahjong="$1" counts="$2" chromium="$3" work="$4" shared="${5:-}"
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
if [ -n "$shared" ] && [ -d "$shared/realgames" ]; then
  # Imported games, one per format: a hanchan with riichi rons (tenhou.net/6), a double ron
  # (mjlog), a bot match (mjai, Mortal-style events without draw reasons).
  "$counts" --import "$shared/realgames/tenhou6/2019081518gm-00a9-0000-cce9d00c.json" "$work/games" tenhou6 >/dev/null
  "$counts" --import "$shared/realgames/mjlog/double-ron.mjlog" "$work/games" mjlog >/dev/null
  "$counts" --import "$shared/realgames/mjai/bot_matches/riichienv_126_204_0_mjai.jsonl" "$work/games" mjai >/dev/null
fi
# A match in which seat 1's bot exits at its 100th answer and a substitute plays its seat
# (--bot-fault substitute): the replay's fault is shown on the page and in the index.
"$mahjong" match --agents "greedy,mjai-stdio:python3 $here/../data/mjai_bad_bot.py --mode exit --after 100,greedy,greedy" \
  --games 1 --seed 7 --bot-fault substitute --out "$work/fault-match" >/dev/null 2>&1
cp "$work/fault-match/game-0001.json" "$work/games/fault.json"
"$mahjong" replay html "$work/games" >/dev/null
# Reviewed games: an imported one and a Dunpai one (choices only: the built-in agents give no
# estimates), each page rewritten with its review.
mkdir -p "$work/reviews"
for g in tenhou6:greedy dunpai:defensive ningbo:greedy; do
  name="${g%%:*}" agent="${g#*:}"
  [ -f "$work/games/$name.json" ] || continue
  "$mahjong" replay review "$work/games/$name.json" --agent "$agent" -o "$work/reviews/$name.json" >/dev/null
  "$mahjong" replay html "$work/games/$name.json" --review "$work/reviews/$name.json" -o "$work/games/$name.html" >/dev/null
done
exec node "$here/viewer_test.js" "$chromium" "$work"
