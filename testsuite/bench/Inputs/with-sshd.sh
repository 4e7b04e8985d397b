#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# testsuite/bench/Inputs/with-sshd.sh DIR COMMAND...: runs COMMAND while an
# sshd of its own listens on 127.0.0.1 (a free port, host and user keys made
# in DIR for this run, root's login by that key only), with
# DIR/sshloginfile naming it for GNU parallel ("1/ssh -p PORT ... root@127.0.0.1").
# The sshd is stopped when COMMAND ends; nothing is left outside DIR.
set -eu
dir=$1
shift
mkdir -p "$dir"
ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$dir/user_key"
cp "$dir/user_key.pub" "$dir/authorized_keys"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$dir/sshd_config" <<CFG
Port $port
ListenAddress 127.0.0.1
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
CFG
# sshd wants its privilege separation directory.
mkdir -p /run/sshd
/usr/sbin/sshd -f "$dir/sshd_config" -D -e 2>"$dir/sshd.log" &
sshd=$!
# Stopped with its connections' processes (sshd re-executes itself for
# each, with the same arguments), waited for.
stop() {
  kill "$sshd" 2>/dev/null || true
  wait "$sshd" 2>/dev/null || true
  pkill -f "$dir/sshd_config" 2>/dev/null || true
  for _ in $(seq 50); do
    pgrep -f "$dir/sshd_config" >/dev/null || return 0
    sleep 0.1
  done
  echo "with-sshd: the test's sshd processes did not end" >&2
  return 1
}
trap stop EXIT
ssh_cmd="ssh -p $port -i $dir/user_key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
for _ in $(seq 50); do
  $ssh_cmd root@127.0.0.1 true 2>/dev/null && break
  sleep 0.1
done
$ssh_cmd root@127.0.0.1 true || { echo "with-sshd: cannot log in to the test's sshd; its log:" >&2; cat "$dir/sshd.log" >&2; exit 1; }
echo "1/$ssh_cmd root@127.0.0.1" >"$dir/sshloginfile"
"$@"
