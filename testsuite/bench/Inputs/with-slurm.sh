#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/bench/Inputs/with-slurm.sh DIR COMMAND...: runs COMMAND with
# SLURM_CONF naming a one-node Slurm cluster of its own: munged (a key made
# for this run), slurmctld and slurmd from Debian's slurm-wlm, on free
# ports, their state, spool and logs in DIR, their process ids in
# DIR/daemons.pids.  All three are stopped, and waited for, when COMMAND
# ends; nothing is left outside DIR.
set -eu
dir=$1
shift
mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
chmod 700 "$dir/munge"
head -c 128 /dev/urandom >"$dir/munge/munge.key"
chmod 600 "$dir/munge/munge.key"
sock=$dir/munge/munge.socket
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
host=$(hostname -s)
cat >"$dir/slurm.conf" <<CFG
ClusterName=inlinetune-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CFG
export SLURM_CONF=$dir/slurm.conf
munged -f -F --socket="$sock" --key-file="$dir/munge/munge.key" --log-file="$dir/munge/munged.log" \
  --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/seed" 2>"$dir/munged.err" &
munged=$!
slurmctld -D -i 2>"$dir/slurmctld.err" &
ctld=$!
slurmd -D 2>"$dir/slurmd.err" &
slurmd=$!
# For the caller to check that they are gone (other clusters may run beside).
echo "$munged $ctld $slurmd" >"$dir/daemons.pids"
stop() {
  kill "$slurmd" "$ctld" 2>/dev/null || true
  wait "$slurmd" "$ctld" 2>/dev/null || true
  kill "$munged" 2>/dev/null || true
  wait "$munged" 2>/dev/null || true
}
trap stop EXIT
for _ in $(seq 100); do
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  sleep 0.2
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || {
  echo "with-slurm: the test's cluster did not come up; sinfo: $(sinfo 2>&1 | tr '\n' ' ')" >&2
  tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
  exit 1
}
"$@"
