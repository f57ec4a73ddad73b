#!/usr/bin/env bash
# `mahjong mjai-client` against the reference mjai server (../shared/mjai-reference, gimite/mjai):
# the server plays GAME_TYPE (tonnan = a whole hanchan) with its own bundled players at two seats
# (started by the server: PLAYER_A, PLAYER_B) and two of our clients (AGENT_1, AGENT_2) that
# connect over TCP. Passes when both clients reach end_game without error, the server ends the
# game normally, and the server's own .mjson log passes the reference implementation's
# validate.rb (its legality checks and re-scoring of every win).
#   usage: mjai_client_reference.sh MAHJONG SHARED_DIR GAME_TYPE AGENT_1 AGENT_2 PLAYER_A PLAYER_B
set -euo pipefail
mahjong=$(realpath "$1") shared=$(realpath "$2") game_type=$3 agent1=$4 agent2=$5 player_a=$6 player_b=$7
command -v ruby >/dev/null || { echo "ruby is not installed (scripts/install_deps.sh installs it)" >&2; exit 1; }

work=$(mktemp -d)
server_pid="" c1="" c2=""
cleanup() {
  # The server runs in its own process group with the players it started.
  [ -n "$server_pid" ] && kill -- -"$server_pid" 2>/dev/null || true
  for c in $c1 $c2; do kill "$c" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
# The server writes its viewer's stylesheet into its own tree: run a copy.
cp -r "$shared/mjai-reference/gimite-mjai" "$work/gimite"
cd "$work"  # (and its sass cache into the current folder)
chmod -R u+w "$work/gimite"
export RUBYLIB="$work/gimite/lib"
mkdir -p "$work/log"
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
g="$work/gimite/bin"
setsid ruby "$g/mjai" server --host=127.0.0.1 --port="$port" --game_type="$game_type" --room=default \
  --log_dir="$work/log" "ruby $g/$player_a" "ruby $g/$player_b" >"$work/server.out" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  grep -q "^Listening" "$work/server.out" 2>/dev/null && break
  sleep 0.1
done
grep -q "^Listening" "$work/server.out" || { echo "the reference server did not start:" >&2; cat "$work/server.out" >&2; exit 1; }

"$mahjong" mjai-client --agent "$agent1" --seed 1 "mjsonp://127.0.0.1:$port/default" 2>"$work/c1.err" &
c1=$!
"$mahjong" mjai-client --agent "$agent2" --seed 2 "mjsonp://127.0.0.1:$port/default" 2>"$work/c2.err" &
c2=$!
status=0
wait "$c1" || status=1
wait "$c2" || status=1
# Given fewer than four player commands the server waits for the next game's players instead of
# exiting: wait for its log of this game to be complete, then stop it.
for _ in $(seq 1 300); do
  [ $status -ne 0 ] && break
  grep -q '"type":"end_game"' "$work"/log/*.mjson 2>/dev/null && break
  sleep 0.1
done
sleep 0.5
kill -- -"$server_pid" 2>/dev/null || true
wait "$server_pid" 2>/dev/null || true
server_pid="" c1="" c2=""
cat "$work/c1.err" "$work/c2.err"
if [ $status -ne 0 ] || ! grep -q "game over" "$work/c1.err" || ! grep -q "game over" "$work/c2.err"; then
  echo "FAILED: a client or the server did not end the game normally; server output (tail):" >&2
  tail -n 30 "$work/server.out" >&2
  exit 1
fi
if grep -q '"type":"error"' "$work/server.out"; then
  echo "FAILED: the server reported an error:" >&2
  grep '"type":"error"' "$work/server.out" | head -5 >&2
  exit 1
fi
log=$(ls "$work"/log/*.mjson)
grep -c '"type":"start_kyoku"' "$log" | sed 's/^/hands played: /'
ruby "$shared/mjai-reference/validate.rb" "$log"
