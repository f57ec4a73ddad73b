#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: scores the example hands.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
build/mahjong score --pretty < examples/hands.jsonl
