// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/syscall.c: the null system call, the floor under every
// other path (entry, exit, the syscall table).
#include "workload.h"

#include <sys/syscall.h>
#include <unistd.h>

static int getppid_run(void *state, long n) {
  (void)state;
  // syscall(): glibc caches nothing for getppid, but be explicit.
  for (long i = 0; i < n; ++i)
    syscall(SYS_getppid);
  return 0;
}

const struct workload wl_syscall[] = {
    {"getppid", "getppid()", 200000, 0, getppid_run, 0},
    {0},
};
