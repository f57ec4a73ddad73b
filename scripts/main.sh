#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: a Dunpai (shield variant) match between
# the built-in agents (replays in out/match/), then the first hand of the first game move by move,
# then a few hands valued under every shipped scoring system side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
rules="${RULES:-dunpai}"   # RULES=riichi bash scripts/main.sh for standard riichi
build/mahjong match --rules "$rules" --agents greedy,greedy,defensive,random --games 20 --seed 1 --out out/match
build/mahjong replay show out/match/game-0001.json --hand 0
echo
echo "The same hands under five scoring systems (docs/examples/compare_hands.jsonl; docs/SCORE.md):"
build/mahjong score --compare riichi,fuless,ayame-blend,dunpai,ningbo --table < docs/examples/compare_hands.jsonl
