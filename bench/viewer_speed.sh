#!/usr/bin/env bash
# Issue 28's speed targets, measured: a real tenhou.net/6 hanchan imported (1,765 events),
# reviewed by `expert` at every decision of all four seats (target: under 5 s), its page written
# with the review, and opened in headless Chromium (target: under 200 ms to the first picture, a
# step under 16 ms; bench/viewer_speed.js); then 1,000 tenhou.net/6 games imported (target:
# under 10 s; the 54 real games of ../shared/realgames, copied to 1,000 files).
#   bash bench/viewer_speed.sh [ROUNDS]        (needs build/mahjong, chromium, tests/browser's npm packages)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
shared=../shared/realgames
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -d tests/browser/node_modules/playwright-core ]; then (cd tests/browser && npm ci --no-audit --no-fund --silent); fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
game=$shared/tenhou6/2019081518gm-00a9-0000-cce9d00c.json
replay=$work/imported.json
build/mahjong replay import --from tenhou6 "$game" -o "$replay" >/dev/null
TIMEFORMAT='%R s wall, %U s user'
echo -n "review, all four seats, expert: "
{ time build/mahjong replay review "$replay" --seat all --agent expert -o "$work/review.json" >/dev/null; } 2>&1
build/mahjong replay html "$replay" --review "$work/review.json" -o "$work/reviewed.html" >/dev/null
build/mahjong replay html "$replay" -o "$work/plain.html" >/dev/null
node bench/viewer_speed.js "$(command -v chromium)" "$rounds" "$work/reviewed.html" "$work/plain.html"
mkdir -p "$work/thousand" "$work/real"
# The whole games among the real logs (fragments are refused by design), copied to 1,000 files.
build/mahjong replay import --from tenhou6 "$shared"/tenhou6/*.json -o "$work/real" >/dev/null 2>&1 || true
files=()
for f in "$shared"/tenhou6/*.json; do [ -f "$work/real/$(basename "$f")" ] && files+=("$f"); done
for i in $(seq 1 1000); do cp "${files[$(( (i - 1) % ${#files[@]} ))]}" "$work/thousand/g$i.json"; done
echo -n "import of 1,000 tenhou.net/6 games: "
{ time build/mahjong replay import --from tenhou6 "$work/thousand" -o "$work/thousand-out" >/dev/null 2>"$work/import.err"; } 2>&1 || true
echo "  $(ls "$work/thousand-out" | wc -l) replays written; $(grep -c refused "$work/import.err" || true) refused"
