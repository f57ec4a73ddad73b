#!/usr/bin/env bash
# Installs the Debian packages the project builds with, only those that are missing.
# Idempotent and quiet when everything is already there.
set -euo pipefail
packages=(g++ cmake make libboost-dev libboost-program-options-dev libspdlog-dev
          nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
          libsimdjson-dev libzstd-dev zlib1g-dev  # fast and compressed replays
          libvalijson-dev json-schema-test-suite  # the schema check against valijson, the official suite's cases
          libboost-context-dev  # rl/: a stepped game runs on its own stack (fiber)
          pybind11-dev python3-pybind11 python3-numpy python3-pytest  # the Python module and its tests
          python3-torch  # examples/python/: behaviour cloning
          chromium  # the replay viewer's and the playtest report's browser tests (tests/browser/)
          fonts-vlgothic  # Japanese text (Ningbo yaku names, 満貫) in those tests' screenshots, not boxes
          python3-matplotlib  # the playtest report's plots (scripts/playtest_report.py)
          ruby ruby-json ruby-nokogiri ruby-sass  # ruby*: the reference mjai server in the tests
          slurm-wlm munge  # tests/slurm_test.sh: a one-node Slurm cluster runs a match's shards
          clang libfuzzer-14-dev)  # scripts/fuzz.sh: the libFuzzer targets (ASan + UBSan)
# Node and npm drive that test (tests/browser/run.sh runs `npm ci` there when node_modules is missing).
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
