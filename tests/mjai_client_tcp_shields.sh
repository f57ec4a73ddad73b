#!/usr/bin/env bash
# `mahjong mjai-client` over TCP (mjsonp://, the lock-step dialect) in shield rulesets: `serve
# --rules dunpai` with two clients (greedy, defensive) beside two built-in agents, a whole game:
# both clients reach end_game (exit 0), the server reports no fault, the replay verifies, and
# each client's hints agreed with its own legal actions (no hinted action its rules do not allow,
# none of its actions missing from the hints).
# Usage: mjai_client_tcp_shields.sh MAHJONG
set -euo pipefail
MAHJONG=$1
T=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$T"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in "$T"/*.out "$T"/*.log; do [ -f "$f" ] && { echo "== $f"; tail -5 "$f"; }; done; exit 1; }

"$MAHJONG" serve --rules dunpai --port 0 --bot-timeout 30000 --seats mjai,greedy,mjai,random --games 1 --seed 7 \
  --out "$T/served" --log-file "$T/serve.log" > "$T/serve.out" 2>&1 &
SERVER=$!
pids+=($SERVER)
PORT=
for _ in $(seq 100); do
  PORT=$(sed -n 's/.* port \([0-9]*\),.*/\1/p' "$T/serve.out" 2>/dev/null || true)
  [ -n "$PORT" ] && break
  sleep 0.1
done
[ -n "$PORT" ] || fail "the server did not start"
"$MAHJONG" mjai-client --rules dunpai --agent greedy "mjsonp://127.0.0.1:$PORT/default" > "$T/c1.out" 2> "$T/c1.log" &
C1=$!
pids+=($C1)
for _ in $(seq 200); do grep -q 'joined as' "$T/serve.log" 2>/dev/null && break; sleep 0.05; done
"$MAHJONG" mjai-client --rules dunpai --agent defensive "mjsonp://127.0.0.1:$PORT/default" > "$T/c2.out" 2> "$T/c2.log" &
C2=$!
pids+=($C2)
wait "$C1" || fail "client 1 exited with $?"
wait "$C2" || fail "client 2 exited with $?"
wait "$SERVER" || fail "serve exited with $?"
grep -q 'game over' "$T/c1.log" || fail "client 1 did not reach end_game"
grep -q 'game over' "$T/c2.log" || fail "client 2 did not reach end_game"
for c in c1 c2; do
  grep -q " 0 actions left out by the server's hints, 0 hinted actions the engine did not offer" "$T/$c.log" ||
    fail "$c: the server's hints and the client's legal actions differ"
done
"$MAHJONG" replay verify "$T/served/game-0001.json" | grep -q ': ok' || fail "the replay does not verify"
grep -q '"faults"' "$T/served/game-0001.json" && fail "the replay lists faults"
for t in shield_set exchange shields_lost; do
  grep -q "\"type\":\"$t\"" "$T/served/game-0001.json" || fail "the game has no $t"
done
echo "ok: served Dunpai game with two TCP clients: $(grep '^game 1' "$T/serve.out")"
