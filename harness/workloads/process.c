// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/process.c: process creation (pre-forking servers, shells,
// ftracetest itself): fork of this small static process, and fork with exec
// of it (its glibc start-up included).
#include "workload.h"

#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int wait_child(pid_t pid) {
  int status;
  if (waitpid(pid, &status, 0) != pid)
    return wl_fail("waitpid");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    wl_fail("child did not exit with 0");
    return -1;
  }
  return 0;
}

static int fork_wait_run(void *state, long n) {
  (void)state;
  for (long i = 0; i < n; ++i) {
    pid_t pid = fork();
    if (pid < 0)
      return wl_fail("fork");
    if (pid == 0)
      _exit(0);
    if (wait_child(pid) != 0)
      return -1;
  }
  return 0;
}

// The child runs this program again with --exec-child, which exits at once.
static int fork_exec_run(void *state, long n) {
  (void)state;
  for (long i = 0; i < n; ++i) {
    pid_t pid = fork();
    if (pid < 0)
      return wl_fail("fork");
    if (pid == 0) {
      char *argv[] = {"workloads", "--exec-child", 0};
      execve("/proc/self/exe", argv, environ);
      _exit(127);
    }
    if (wait_child(pid) != 0)
      return -1;
  }
  return 0;
}

const struct workload wl_process[] = {
    {"fork_wait", "fork(), _exit(0) in the child, waitpid() in the parent", 1000, 0, fork_wait_run,
     0},
    {"fork_exec", "fork(), execve() of this static program, which exits, and waitpid()", 300, 0,
     fork_exec_run, 0},
    {0},
};
