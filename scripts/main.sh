#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: a match between the built-in agents
# (replays in out/match/), then the first hand of the first game told move by move.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
rules="${RULES:-riichi}"
build/mahjong match --rules "$rules" --agents greedy,greedy,defensive,random --games 20 --seed 1 --out out/match
build/mahjong replay show out/match/game-0001.json --hand 0
