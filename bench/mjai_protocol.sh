#!/usr/bin/env bash
# The mjai protocol's overhead end to end, with bots that answer at once (our greedy agent
# wrapped as an mjai bot by `mahjong mjai-client`), riichi hanchan (issue 11's targets):
#   engine only     the four agents inside the engine, no protocol (for scale);
#   stdio batched   `match` with four `mjai-stdio:` bots in the batched exchange, the processes
#                   kept for the whole match (--bot-lifetime match) or started per game (game);
#   tcp lock-step   `serve` and four `mjai-client` processes over TCP loopback in the reference
#                   server's dialect (every seat answers every event).
# Prints games/s, CPU time per game (every process together) and CPU time per message (one
# event to one seat, or one answer). The same seeds everywhere, so the games are the same.
#   bench/mjai_protocol.sh [MAHJONG] [GAMES] [JOBS]      (defaults build/mahjong 200 2)
set -euo pipefail
M=$(realpath "${1:-build/mahjong}") N=${2:-200} J=${3:-2}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
bot="mjai-stdio:$M mjai-client --stdio --dialect batched --agent greedy --games 1000000000"

# timed NAME COMMAND...: wall, user and sys seconds (children included) in $T/NAME.time.
timed() { local name=$1; shift; /usr/bin/time -f "%e %U %S" -o "$T/$name.time" "$@" > "$T/$name.out" 2>&1; }
# report NAME LABEL GAMES MESSAGES
report() {
  read -r wall user sys < "$T/$1.time"
  awk -v l="$2" -v g="$3" -v w="$wall" -v u="$user" -v s="$sys" -v m="$4" 'BEGIN {
    cpu = u + s
    printf "%-30s %5d games %6.2f s %7.1f games/s %7.2f ms CPU/game", l, g, w, g / w, 1000 * cpu / g
    if (m > 0) printf " %6.2f us CPU/message", 1e6 * cpu / m
    printf "\n" }'
}
# Events in the replays of a directory (lines of the "events" array: one event per line).
events() { cat "$1"/*.json | grep -c '^{"type"' || true; }

echo "load before: $(uptime | sed 's/.*load average: //')"
timed engine "$M" match --agents greedy,greedy,greedy,greedy --games "$N" --seed 1 --jobs "$J" --out "$T/engine"
ev=$(events "$T/engine")
echo "$N games, $ev events (each sent to 4 seats)"
report engine "engine only (greedy)" "$N" 0
timed kept "$M" match --agents "$bot,$bot,$bot,$bot" --bot-lifetime match --games "$N" --seed 1 --jobs "$J" --replays none
# batched: each event reaches each seat once; answers are fewer (only when a seat may act).
report kept "stdio batched, kept bots" "$N" $((ev * 4))
few=$((N / 10 > 10 ? N / 10 : 10))
timed fresh "$M" match --agents "$bot,$bot,$bot,$bot" --bot-lifetime game --games "$few" --seed 1 --jobs "$J" --replays none
report fresh "stdio batched, bot per game" "$few" 0

cat > "$T/tcp.sh" <<TCP
"$M" serve --port 0 --games $N --seed 1 --out "$T/served" > "$T/serve.out" 2>&1 &
server=\$!
for _ in \$(seq 200); do port=\$(sed -n 's/.* port \([0-9]*\),.*/\1/p' "$T/serve.out"); [ -n "\$port" ] && break; sleep 0.05; done
for i in 1 2 3 4; do "$M" mjai-client --agent greedy --games $N mjsonp://127.0.0.1:\$port/default > "$T/client\$i.out" 2>&1 & done
wait
TCP
timed tcp bash "$T/tcp.sh"
[ "$(grep -c '^game ' "$T/serve.out")" = "$N" ] || { echo "tcp: not all games were served"; cat "$T/serve.out"; exit 1; }
# lock-step: every event to every seat, one answer each.
report tcp "tcp lock-step, 4 clients" "$N" $(($(events "$T/served") * 8))
echo "load after: $(uptime | sed 's/.*load average: //')"
