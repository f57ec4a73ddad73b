#!/usr/bin/env bash
# Speed work must not change a single decision. This plays the same fixed set of matches with two
# builds of the program (every agent, several option mixes, every ruleset family) and compares the
# replay files byte for byte.
#
#   bash scripts/same_replays.sh OLD/mahjong NEW/mahjong
#
# Prints "same replays (N files)" and exits 0, or lists the files that differ and exits 1.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 OLD_BINARY NEW_BINARY" >&2
  exit 2
fi
old_bin=$1
new_bin=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

play() {  # play BINARY OUTDIR
  local bin=$1 out=$2 i=0
  mkdir -p "$out"
  while read -r rules agents games seed; do
    i=$((i + 1))
    "$bin" match --rules "$rules" --agents "$agents" --games "$games" --seed "$seed" --out "$out/$i" \
      >/dev/null 2>"$out/$i.log" || { echo "match $i failed ($rules $agents):" >&2; cat "$out/$i.log" >&2; exit 1; }
    rm -f "$out/$i.log"
  done <<'EOF'
dunpai greedy,defensive,greedy,defensive 30 7
riichi greedy,defensive,greedy,defensive 30 7
dunpai greedy,defensive,greedy,defensive 300 11
riichi greedy,defensive,greedy,defensive 200 11
dunpai greedy,greedy,greedy,greedy 100 3
dunpai random,greedy,random,defensive 100 5
riichi random,greedy,random,defensive 100 5
dunpai random,random,random,random 100 6
dunpai greedy:bank_pairs=true,defensive:open_riichi_wait=1,greedy:min_win_han_per_shield=1,defensive:exchange_min_danger=0 100 8
dunpai greedy:exchange=false,defensive:fold_shanten=2,greedy:shield_max_danger=11,defensive:push_when_tenpai=false 100 9
dunpai greedy:open_riichi_wait=4,defensive:bank_pairs=true,greedy:riichi=false,defensive:calls=false 100 10
dunpai greedy:kans=false,defensive:min_win_han_per_shield=2,greedy:nine_terminals_shanten=2,defensive:exchange_min_danger=5 100 12
riichi greedy:nine_terminals_shanten=2,defensive:fold_shanten=2,greedy:kans=false,defensive:push_when_tenpai=false 100 13
fuless greedy,defensive,random,greedy 50 14
ayame-blend greedy,defensive,random,greedy 50 15
ningbo greedy,defensive,random,greedy 50 16
riichi expert,defensive,expert,greedy 40 17
dunpai expert,greedy,defensive,expert 40 18
ayame-competition expert,defensive,greedy,random 30 19
EOF
}

play "$old_bin" "$work/old"
play "$new_bin" "$work/new"
if diff -rq "$work/old" "$work/new"; then
  echo "same replays ($(find "$work/old" -type f | wc -l) files)"
else
  exit 1
fi
