// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/workload.h: what a workload is, for the driver (main.c)
// and the family files (syscall.c, files.c, pipe.c, tcp.c, epoll.c,
// process.c, memory.c, futex.c).
//
// A workload repeats one kernel operation ("op": open+close, one pipe round
// trip, ...) ITERATIONS times. The driver calls setup, then run with a
// tenth of the iterations (the warm-up: slab caches, page cache, dentries),
// then run again with all of them between two clock_gettime(CLOCK_MONOTONIC)
// reads, then teardown. Under QEMU's -icount shift=0,sleep=off the guest
// clock advances one nanosecond per executed instruction, so the elapsed
// nanoseconds over ITERATIONS are instructions per op: the whole machine's,
// the kernel's path, the program's loop and any interrupt that falls inside
// included. Outside QEMU the same number is nanoseconds per op.
//
// run() must do nothing but the ops (setup and teardown are not timed) and
// must behave the same on every boot: no randomness, no time-dependent branch.
#pragma once

struct workload {
  const char *name;                // [a-z0-9_]+, as on the command line and in the output
  const char *op;                  // what one op is, for -l
  long iterations;                 // the default count (about 20-100 million instructions)
  int (*setup)(void **state);      // optional; 0 or -1 (errno set, wl_error called)
  int (*run)(void *state, long n); // n ops; 0 or -1
  void (*teardown)(void *state);   // optional
};

// Reports "error NAME: WHAT: strerror(errno)" on stdout and returns -1.
int wl_fail(const char *what);
// The program's own path (for exec), argv[0] as the driver was started.
extern const char *wl_self;
// A scratch directory on tmpfs, made by the driver.
#define WL_DIR "/tmp/inlinetune-workloads"

// The families' tables, each ended by an entry with a null name.
extern const struct workload wl_syscall[], wl_files[], wl_pipe[], wl_tcp[], wl_epoll[],
    wl_process[], wl_memory[], wl_futex[];
