#!/usr/bin/env bash
# A real Slurm cluster runs a match as shards (docs/SCALE.md, examples/slurm/): starts munged,
# slurmctld and one slurmd on loopback (this machine, a generated slurm.conf in a temporary
# directory; proctrack/linuxproc and task/none, so no cgroups are needed), submits the job
# array of 4 shards of an 8-game match and the merge that depends on it
# (examples/slurm/submit.sh), waits (bounded), and checks that the merged summary and the
# shards' replays are byte for byte those of the same match run in one process. The cluster is
# shut down and every daemon it started is gone when the test ends, pass or fail.
#
#   tests/slurm_test.sh MAHJONG SOURCE_DIR
#
# Exit 0 pass, 1 fail, 77 skipped: Slurm/munge cannot be installed (Debian's slurm-wlm and
# munge; scripts/install_deps.sh installs them) or the daemons cannot start here (what failed
# is printed).
set -uo pipefail
mahjong=$(realpath "$1")
src=$(realpath "$2")
say() { echo "slurm_test: $*"; }
skip() { say "SKIP: $*"; exit 77; }
fail() { say "FAIL: $*"; exit 1; }

tools=(munged munge slurmctld slurmd sbatch squeue scontrol sinfo)
missing() { for t in "${tools[@]}"; do command -v "$t" >/dev/null 2>&1 || return 0; done; return 1; }
if missing; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing slurm-wlm and munge from Debian"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null 2>&1 ||
      { apt-get update -qq >/dev/null 2>&1 &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null 2>&1; }
  fi
  missing && skip "Slurm or munge is not installed and could not be installed (apt-get install slurm-wlm munge)"
fi
command -v python3 >/dev/null 2>&1 || skip "python3 (to pick free ports) is missing"

dir=$(mktemp -d "${TMPDIR:-/tmp}/mj_slurm.XXXXXX") || fail "cannot make a temporary directory"
chmod 755 "$dir"
pids=()  # every daemon this test started
cleanup() {
  local status=$?
  if [ -n "${SLURM_CONF:-}" ] && [ -f "$SLURM_CONF" ]; then scontrol shutdown >/dev/null 2>&1; fi
  local deadline=$((SECONDS + 20))
  for pid in "${pids[@]}"; do
    [ "$pid" = "${munged_pid:-}" ] && continue  # the Slurm daemons first: they talk to munged while stopping
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
  done
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && kill -TERM "$pid" 2>/dev/null; done
  deadline=$((SECONDS + 10))
  for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
      say "FAIL: daemon $pid did not stop; killing it"
      kill -KILL "$pid" 2>/dev/null
      status=1
    fi
    wait "$pid" 2>/dev/null
  done
  [ $status -eq 0 ] && rm -rf "$dir"
  [ $status -ne 0 ] && say "logs and files kept in $dir"
  exit $status
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# munge: a fresh key, the daemon in the foreground (so it is our child), its socket in $dir.
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge.key"
munged -F --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" >"$dir/munged.out" 2>&1 &
munged_pid=$!
pids+=("$munged_pid")
for _ in $(seq 50); do [ -S "$dir/munge.sock" ] && break; kill -0 "$munged_pid" 2>/dev/null || break; sleep 0.1; done
echo probe | munge --socket="$dir/munge.sock" 2>/dev/null | unmunge --socket="$dir/munge.sock" >/dev/null 2>&1 ||
  skip "munged does not start or does not answer here: $(tail -3 "$dir/munged.log" "$dir/munged.out" 2>/dev/null)"

read -r ctld_port node_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
mkdir -p "$dir/state" "$dir/spool"
cat >"$dir/slurm.conf" <<CONF
ClusterName=mjtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=mjnode NodeAddr=127.0.0.1 NodeHostname=$host CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=mj Nodes=mjnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N mjnode -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 &
pids+=($!)
start=$SECONDS
until [ "$(sinfo -h -n mjnode -o %t 2>/dev/null)" = "idle" ]; do
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || skip "a Slurm daemon (pid $pid) exited at start-up here: $(tail -5 "$dir"/slurm*.log "$dir"/slurm*.out 2>/dev/null)"
  done
  [ $((SECONDS - start)) -gt 30 ] &&
    skip "the node did not become idle in 30 s (state \"$(sinfo -h -n mjnode -o %t 2>&1)\"): $(tail -5 "$dir"/slurm*.log 2>/dev/null)"
  sleep 0.5
done
say "cluster up in $((SECONDS - start)) s: $(sinfo -h -o '%P %D %t %C')"

# The match, as 4 shards on the cluster and in one process.
match=(--rules riichi --agents greedy,defensive,random,greedy:calls=false --games 8 --seed 16 --compress zstd)
submitted=$SECONDS
ids=$(MAHJONG="$mahjong" bash "$src/examples/slurm/submit.sh" 4 "$dir/run" "${match[@]}") || fail "submit.sh failed"
read -r array merge <<<"$ids"
say "submitted array job $array and merge job $merge"
until [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ]; do
  [ $((SECONDS - submitted)) -gt 180 ] && fail "the jobs did not finish in 180 s: $(squeue 2>&1)"
  sleep 1
done
say "jobs done in $((SECONDS - submitted)) s"
states=$(scontrol -o show job "$array" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | tr -s ' ')
merge_state=$(scontrol -o show job "$merge" | grep -o 'JobState=[A-Z_]*')
say "array:$states; merge: $merge_state"
[ "$(scontrol -o show job "$array" | grep -c 'JobState=COMPLETED')" -eq 4 ] ||
  fail "not all 4 shards completed: $states; $(cat "$dir"/run/logs/shard-*.out)"
[ "$merge_state" = "JobState=COMPLETED" ] || fail "the merge job did not complete: $(cat "$dir/run/logs/merge.out")"

"$mahjong" match "${match[@]}" --out "$dir/whole" --summary "$dir/whole.json" >"$dir/whole.out" 2>&1 ||
  fail "the unsharded match failed: $(cat "$dir/whole.out")"
grep -v '^"command": ' "$dir/whole.json" >"$dir/whole.nocommand"
grep -v '^"command": ' "$dir/run/summary.json" >"$dir/merged.nocommand" || fail "no merged summary"
cmp -s "$dir/whole.nocommand" "$dir/merged.nocommand" ||
  fail "the merged summary differs from the unsharded one: $(diff "$dir/whole.nocommand" "$dir/merged.nocommand" | head -20)"
diff -r "$dir/whole" "$dir/run/replays" >/dev/null || fail "the shards' replays differ from the unsharded match's"
say "PASS: merged summary of 4 Slurm shards = unsharded summary ($(grep -c '"game":' "$dir/run/summary.json") games); replays identical"
