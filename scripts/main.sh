#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: a Dunpai (shield variant) match between
# the built-in agents (replays in out/match/), then the first hand of the first game move by move,
# then a few hands valued under every shipped scoring system side by side, and finally a short
# playtest: riichi against Dunpai, duplicate games, luck against skill and seed 003's claims with
# 95% intervals and a verdict per claim, and an HTML report with plots (out/playtest/index.html;
# docs/PLAYTEST.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
rules="${RULES:-dunpai}"   # RULES=riichi bash scripts/main.sh for standard riichi
build/mahjong match --rules "$rules" --agents greedy,greedy,defensive,random --games 20 --seed 1 --out out/match
build/mahjong replay show out/match/game-0001.json --hand 0
echo
echo "The same hands under five scoring systems (docs/examples/compare_hands.jsonl; docs/SCORE.md):"
build/mahjong score --compare riichi,fuless,ayame-blend,dunpai,ningbo --table < docs/examples/compare_hands.jsonl
echo
echo "Playtest: riichi against Dunpai, 400 duplicate games each, expert against defensive; seed 003's claims (docs/PLAYTEST.md):"
build/mahjong playtest --rules riichi,dunpai --agents expert,defensive,expert,defensive --games 400 --seed 1 \
  --jobs 2 --report out/playtest 2>/dev/null | sed -n '/^rulesets by skill share/,$p'
