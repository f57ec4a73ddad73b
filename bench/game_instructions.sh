#!/usr/bin/env bash
# Instructions per game (callgrind), the measure that the machine's load does not move: the
# engine's loop over games 1..30 of BM_Game's seeds with random agents and 1..10 with greedy
# agents, riichi preset (docs/PERFORMANCE.md, issue 24).
#
#   bash bench/game_instructions.sh [BUILD_DIR [SOURCE_DIR]]
#
# BUILD_DIR (default build) is a Release build tree of SOURCE_DIR (default: this checkout); for an
# older commit give its build tree and a checkout of that commit's sources, e.g.
#   git worktree add /tmp/old 027f7a4 && cmake -S /tmp/old -B /tmp/old/build -DCMAKE_BUILD_TYPE=Release && \
#   cmake --build /tmp/old/build -j2 && bash bench/game_instructions.sh /tmp/old/build /tmp/old
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
src=$(cd "${2:-$here}" && pwd)
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -f "$build/libmj_core.a" ] && [ ! -f "$build/libmj_engine.a" ]; then
  libs=("$build/libmj_core.a")  # before the libraries were split by layer
else
  libs=()
  for l in agents engine rules tiles; do libs+=("$build/libmj_$l.a"); done
fi
c++ -std=c++20 -O3 -DNDEBUG -DFMT_SHARED -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL -DSPDLOG_SHARED_LIB \
  -I"$src" "$here/bench/instructions/game_loop.cc" -o "$work/game_loop" "${libs[@]}" -lspdlog -lfmt
for run in "random 30" "greedy 10"; do
  set -- $run
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1" --toggle-collect='mj::Loop*' \
    "$work/game_loop" "$1" "$2" >"$work/out.$1" 2>"$work/err.$1"
  total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/err.$1")
  events=$(sed -n 's/^events //p' "$work/out.$1")
  echo "$1: $2 games, $events events, $total instructions, $((total / $2)) a game"
done
