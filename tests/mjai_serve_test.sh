#!/usr/bin/env bash
# `mahjong serve` against the reference implementation's bundled players (gimite/mjai, Ruby):
# a whole hanchan of mjai-shanten and mjai-tsumogiri beside two built-in agents, a game
# of four Ruby players (four hands), refused joins, a busy room, and a served Dunpai game with the example
# stdio bot.
# Usage: mjai_serve_test.sh MAHJONG SOURCE_DIR SHARED_DIR
set -euo pipefail
MAHJONG=$1 SRC=$2 SHARED=$3
command -v ruby >/dev/null || { echo "ruby not installed: skipped"; exit 77; }
G=$SHARED/mjai-reference/gimite-mjai
export RUBYLIB=$G/lib
T=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$T"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in "$T"/*.out "$T"/*.log; do [ -f "$f" ] && { echo "== $f"; tail -5 "$f"; }; done; exit 1; }

# Starts `serve` with the given options; sets PORT once it listens.
serve() {
  local name=$1; shift
  # A generous answer time: a loaded CI machine must not turn a slow Ruby player into a fault.
  "$MAHJONG" serve --port 0 --bot-timeout 60000 --out "$T/$name" --log-file "$T/$name.log" "$@" > "$T/$name.out" 2>&1 &
  pids+=($!)
  SERVER=$!
  for _ in $(seq 100); do
    PORT=$(sed -n 's/.* port \([0-9]*\),.*/\1/p' "$T/$name.out" 2>/dev/null || true)
    [ -n "$PORT" ] && return 0
    sleep 0.1
  done
  fail "$name: the server did not start"
}
player() { ruby "$G/bin/mjai-$1" "mjsonp://127.0.0.1:$PORT/default" > "$T/$2.rb.log" 2>&1 & pids+=($!); }

# 1. A whole hanchan: two Ruby players and two built-in agents.
serve hanchan --seats mjai,greedy,mjai,defensive --games 1 --seed 3
# The Ruby players take the mjai seats in the order they join: the second starts once the first
# has joined, so the seating (and with the fixed seed, the game) is the same on every run.
player shanten p1
joined() {
  for _ in $(seq 200); do grep -q "joined as \"$1\"" "$T/$2.log" 2>/dev/null && return 0; sleep 0.05; done
  fail "$2: $1 did not join"
}
joined shanten hanchan
player tsumogiri p2
wait "$SERVER" || fail "hanchan: serve exited with $?"
grep -q '^game 1: shanten:-\?[0-9]* greedy:-\?[0-9]* tsumogiri:-\?[0-9]* defensive:' "$T/hanchan.out" ||
  fail "hanchan: no result line"
"$MAHJONG" replay verify "$T/hanchan/game-0001.json" | grep -q ': ok' || fail "hanchan: replay does not verify"
# A whole hanchan ends in the South round or earlier only by a score below zero (tobi).
grep -q '"bakaze":"S"' "$T/hanchan/game-0001.json" ||
  grep '^game 1' "$T/hanchan.out" | grep -q ':-[0-9]' || fail "hanchan: ended before the South round without a bust"
"$MAHJONG" replay export --format mjai "$T/hanchan/game-0001.json" > "$T/hanchan.mjson"
ruby "$SHARED/mjai-reference/validate.rb" "$T/hanchan.mjson" > "$T/validate.out" || fail "hanchan: validate.rb"
grep -q 'joined as "shanten"' "$T/hanchan.log" || fail "hanchan: the join is not logged"
echo "ok: whole hanchan, $(grep -c . "$T/hanchan.mjson") events: $(grep '^game 1' "$T/hanchan.out")"

# 2. Four Ruby players, a whole hanchan; lock-step lines logged at trace.
# Four Ruby players fill the table (the whole hanchan is the game above's; four hands here keep
# CI short: the Ruby players are most of this test's time).
serve four --games 1 --hands 4 --seed 5 --log-level trace
player shanten q1
joined shanten four
player tsumogiri q2; player tsumogiri q3; player tsumogiri q4
wait "$SERVER" || fail "four: serve exited with $?"
grep -q '^game 1: shanten:-\?[0-9]* tsumogiri:-\?[0-9]* tsumogiri:-\?[0-9]* tsumogiri:' "$T/four.out" || fail "four: no result line"
[ "$(grep -o '"type":"end_kyoku"' "$T/four/game-0001.json" | wc -l)" -ge 1 ] || fail "four: no hand played to its end"
grep -q 'server <- seat [123] (tsumogiri)	{"type":"none"}' "$T/four.log" || fail "four: wire lines not logged"
"$MAHJONG" replay verify "$T/four/game-0001.json" | grep -q ': ok' || fail "four: replay does not verify"
"$MAHJONG" replay export --format mjai "$T/four/game-0001.json" > "$T/four.mjson"
ruby "$SHARED/mjai-reference/validate.rb" "$T/four.mjson" > "$T/validate4.out" || fail "four: validate.rb"
echo "ok: four Ruby players, four hands, $(grep -c . "$T/four.mjson") events: $(grep '^game 1' "$T/four.out")"

# 3. Refused joins: wrong room, not JSON. The server answers with an error and goes on waiting.
serve refuse --seats mjai,greedy,greedy,greedy --hands 1
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
read -r hello <&3
[[ $hello == '{"protocol":"mjsonp","protocol_version":3,"type":"hello"}' ]] || fail "hello was $hello"
echo '{"type":"join","name":"x","room":"nope"}' >&3
read -r answer <&3
[[ $answer == *'"type":"error"'*'No such room'* || $answer == *'No such room'*'"type":"error"'* ]] || fail "wrong room: $answer"
exec 3>&-
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
read -r hello <&3
echo 'not json' >&3
read -r answer <&3
[[ $answer == *'JSON syntax error'* ]] || fail "bad JSON: $answer"
exec 3>&-
player tsumogiri r1
wait "$SERVER" || fail "refuse: serve exited with $?"
grep -q '^game 1: tsumogiri:' "$T/refuse.out" || fail "refuse: the game after the refusals"
echo "ok: refused joins"

# 4. The room while a game is played: a second connection is refused at once ("The room is
# busy", as the reference server says it); the player joining again after end_game is seated.
serve busy --seats mjai,greedy,greedy,greedy --games 2 --hands 1
python3 "$SRC/tests/mjai_room_busy.py" "$PORT" > "$T/busy.py.log" 2>&1 || { cat "$T/busy.py.log"; fail "busy"; }
wait "$SERVER" || fail "busy: serve exited with $?"
[ "$(grep -c '^game [12]: busy-check:' "$T/busy.out")" = 2 ] || fail "busy: two games expected"
grep -q 'refused .*busy' "$T/busy.log" || fail "busy: the refusal is not logged"
cat "$T/busy.py.log"

# 5. Dunpai served to a stdio bot beside built-in agents (no TCP seat: nothing to wait for).
serve dunpai --rules dunpai --seats "mjai-stdio:python3 $SRC/examples/mjai_bot.py,greedy,defensive,greedy" --bot-exchange batched
wait "$SERVER" || fail "dunpai: serve exited with $?"
grep -q '^game 1: mjai-stdio' "$T/dunpai.out" || fail "dunpai: no result line"
"$MAHJONG" replay verify "$T/dunpai/game-0001.json" | grep -q ': ok' || fail "dunpai: replay does not verify"
echo "ok: Dunpai game with a stdio bot"
