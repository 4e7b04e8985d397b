#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs a command against a real distccd on 127.0.0.1, serving one compiler
with the inlinetune plugin.

usage: with_distccd.py --cc CC --plugin SO --log FILE [--share FILE]... -- COMMAND...

distccd refuses every job whose command line holds -fplugin= ("-fplugin=
and/or -specs= passed, which are insecure and not supported": a client must
not make the server load code of its choosing).  So the plugin is loaded by a
wrapper the server allows, as a server's administrator would set it up
(docs/log-format.md, "Parallel, cached and distributed builds"):

  DIR/bin/inlinetune-CC  exec CC -fplugin=DIR/inlinetune.so "$@"
  DIR/inlinetune.so      a copy of SO
  DIR/cmdlist            DISTCC_CMDLIST: the wrapper, the one compiler distccd
                         may run
  DIR/FILE               a copy of each --share FILE (policies: the server
                         reads them itself)

DIR is a fresh world-readable directory in /tmp, and DIR/tmp distccd's
TMPDIR: run by root, distccd drops to its own user, which may not be able to
read the build tree or $TMPDIR (lit's is private).  COMMAND runs through
`sh -c` in the current directory with INLINETUNE_DISTCC_DIR=DIR,
INLINETUNE_DISTCC_CC=inlinetune-CC, DIR/bin first on PATH, DISTCC_HOSTS naming
the server and nothing else, DISTCC_FALLBACK=0 and DISTCC_SKIP_LOCAL_RETRY=1
(a job the server refuses or fails fails the compile instead of running
locally), and its own DISTCC_DIR.  distccd writes its log, one "COMPILE_OK" line
per job it compiled, to FILE.  Afterwards, once every connection distccd
accepted has its summary line in the log, distccd is stopped and DIR removed;
the exit status is COMMAND's.
"""
import argparse
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_distccd(cmdlist, tmp, log):
    for _ in range(3):
        port = free_port()
        env = dict(os.environ, DISTCC_CMDLIST=cmdlist, TMPDIR=tmp)
        proc = subprocess.Popen(
            ["distccd", "--daemon", "--no-detach", "--listen", "127.0.0.1", "--allow", "127.0.0.1",
             "--port", str(port), "--jobs", "2", "--log-stderr", "--log-level=info"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env, start_new_session=True)
        deadline = time.time() + 10
        while time.time() < deadline and proc.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return proc, port
            except OSError:
                time.sleep(0.1)
        stop(proc)
    sys.exit("with_distccd.py: distccd did not start (see the log)")


def wait_for_summaries(log_path, timeout=30):
    """distccd's child writes a job's summary (COMPILE_OK ...) after the client
    has its object, so COMMAND can end before the last line is written:
    stopping distccd then lost it (9 of 10 COMPILE_OK, seen once in CI).  Waits
    until each accepted connection has its summary."""
    deadline = time.time() + timeout
    while True:
        with open(log_path, errors="replace") as f:
            text = f.read()
        if text.count("(dcc_job_summary)") >= text.count("(dcc_check_client) connection from"):
            return
        if time.time() > deadline:
            print(f"with_distccd.py: a job's summary is still missing from {log_path} after {timeout} s",
                  file=sys.stderr)
            return
        time.sleep(0.05)


def stop(proc):
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # distccd and the children it forked
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--share", action="append", default=[])
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    cc = shutil.which(args.cc)
    if not command or not cc:
        ap.error("need a COMMAND and a compiler on PATH")

    # Not in $TMPDIR: lit's is private to root.
    shared = tempfile.mkdtemp(prefix="inlinetune-distcc.", dir="/tmp" if os.path.isdir("/tmp") else None)
    try:
        os.chmod(shared, 0o755)
        os.mkdir(os.path.join(shared, "bin"), 0o755)
        os.mkdir(os.path.join(shared, "client"))  # DISTCC_DIR: the client's locks and state
        tmp = os.path.join(shared, "tmp")  # distccd's own, where it chdirs and compiles
        os.mkdir(tmp)
        os.chmod(tmp, 0o1777)
        plugin = os.path.join(shared, "inlinetune.so")
        shutil.copyfile(args.plugin, plugin)
        os.chmod(plugin, 0o644)
        for f in args.share:
            dest = os.path.join(shared, os.path.basename(f))
            shutil.copyfile(f, dest)
            os.chmod(dest, 0o644)
        name = "inlinetune-" + args.cc
        wrapper = os.path.join(shared, "bin", name)
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\nexec {cc} -fplugin={plugin} "$@"\n')
        os.chmod(wrapper, 0o755)
        cmdlist = os.path.join(shared, "cmdlist")
        with open(cmdlist, "w") as f:
            f.write(wrapper + "\n")
        os.chmod(cmdlist, 0o644)

        with open(args.log, "w") as log:
            proc, port = start_distccd(cmdlist, tmp, log)
            try:
                env = dict(os.environ,
                           PATH=os.path.join(shared, "bin") + os.pathsep + os.environ.get("PATH", ""),
                           INLINETUNE_DISTCC_DIR=shared, INLINETUNE_DISTCC_CC=name,
                           DISTCC_HOSTS=f"127.0.0.1:{port}/4", DISTCC_FALLBACK="0",
                           DISTCC_SKIP_LOCAL_RETRY="1", DISTCC_BACKOFF_PERIOD="0",
                           DISTCC_DIR=os.path.join(shared, "client"))
                status = subprocess.call(["sh", "-c", " ".join(command)], env=env)
                wait_for_summaries(args.log)
            finally:
                stop(proc)
        return status
    finally:
        shutil.rmtree(shared, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
