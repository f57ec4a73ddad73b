#!/bin/bash
# Submits a match as N shards (a job array) and the merge that waits for all of them
# (docs/SCALE.md):
#
#   examples/slurm/submit.sh N RUN_DIR MATCH_ARGS...
#   e.g. MAHJONG=$PWD/build/mahjong examples/slurm/submit.sh 100 /shared/runs/m1 \
#          --rules riichi --agents greedy,greedy,defensive,random --games 1000000 --seed 1 \
#          --compress zstd
#
# Prints "ARRAY_JOB_ID MERGE_JOB_ID". Logs go to RUN_DIR/logs/. RUN_DIR must be on a file
# system every node sees. Extra sbatch options (partition, time limit, account) can be given in
# $SBATCH_OPTIONS (split on spaces) or the usual SBATCH_* environment variables.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 N RUN_DIR MATCH_ARGS..." >&2
  exit 2
fi
shards=$1
run_dir=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$run_dir/logs"
run_dir=$(cd "$run_dir" && pwd)
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="0-$((shards - 1))" \
  --output="$run_dir/logs/shard-%a.out" "$here/match_shard.sbatch" "$run_dir" "$@")
array=${array%%;*}  # "ID;CLUSTER" on multi-cluster setups
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$run_dir/logs/merge.out" "$here/merge.sbatch" "$run_dir" "$shards")
merge=${merge%%;*}
echo "$array $merge"
