// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/main.c: the driver of the kernel workloads (`workloads`),
// a static aarch64 program that bench/bench-kernel.sh packs into the
// initramfs as /bin/workloads and harness/initramfs/init runs.
//
//   workloads [-n ITERATIONS] NAME... | all    run them, in the order given
//   workloads -l                               list them: NAME ITERATIONS OP
//   workloads --time NAME REQUESTS CMD [ARG...]
//       runs CMD (a load client: redis-benchmark, memcslap, ab), waits for
//       it, and prints "metric NAME instructions_per_request VALUE REQUESTS",
//       VALUE being the elapsed CLOCK_MONOTONIC nanoseconds of the whole
//       client run (its start-up included) over REQUESTS; CMD's standard
//       output goes to standard error, so that stdout holds only that line
//
// Output, one line per workload on stdout, nothing else:
//   metric NAME instructions_per_op VALUE ITERATIONS
// VALUE is elapsed CLOCK_MONOTONIC nanoseconds over ITERATIONS, with one
// decimal: instructions per op under -icount shift=0 (workload.h). A failed
// workload prints "error NAME: WHAT: REASON" instead, the others still run,
// and the exit status is 1. Usage errors: a message on stderr, exit 2.
// Each timed loop (and each --time client run) is a measured region of
// guestprof, between its two marker NOPs; the regions come in the order of
// the metric lines.
// (`--exec-child` is what fork_exec executes: it exits at once.)
//
// Test hook, for the kernel tests of guest profiles only (the init's
// test:HOOK run item, testsuite/kernel/guest-profile/); never in a
// measurement:
//   workloads --test-hook open-region   opens a measured region and exits
//                                        without closing it (guestprof must
//                                        mark the profile incomplete)
// The init runs it with `exec` for test:die-in-region, so that PID 1 exits
// inside the region and the kernel panics.
#include "workload.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// The measured-region markers of guestprof, inlinetune's QEMU plugin
// (docs/guest-profile.md): HINT-space encodings Arm leaves unallocated, so
// NOPs on every core and under QEMU without the plugin. (Compiled for the
// build machine, as the harness's own tests do, they are nothing.)
#if defined(__aarch64__)
#define REGION_START() __asm__ volatile("hint #126" ::: "memory")
#define REGION_END() __asm__ volatile("hint #127" ::: "memory")
#else
#define REGION_START() __asm__ volatile("" ::: "memory")
#define REGION_END() __asm__ volatile("" ::: "memory")
#endif

const char *wl_self;
static const char *current = "?";

static const struct workload *const families[] = {wl_syscall, wl_files,   wl_pipe,   wl_tcp,
                                                  wl_epoll,   wl_process, wl_memory, wl_futex};
#define NFAMILIES (sizeof families / sizeof families[0])

int wl_fail(const char *what) {
  printf("error %s: %s: %s\n", current, what, strerror(errno));
  fflush(stdout);
  return -1;
}

static const struct workload *find(const char *name) {
  for (size_t f = 0; f < NFAMILIES; ++f)
    for (const struct workload *w = families[f]; w->name; ++w)
      if (strcmp(w->name, name) == 0)
        return w;
  return NULL;
}

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// Runs one workload; 0 when it printed its metric line.
static int measure(const struct workload *w, long iterations) {
  void *state = NULL;
  long warm = iterations / 10 > 0 ? iterations / 10 : 1;
  long long t0, t1;
  int rc = 0;
  current = w->name;
  if (w->setup && w->setup(&state) != 0)
    return -1;
  if (w->run(state, warm) != 0) {
    rc = -1;
  } else {
    t0 = now_ns();
    REGION_START();
    rc = w->run(state, iterations);
    REGION_END();
    t1 = now_ns();
    if (rc == 0) {
      // Integer arithmetic: no floating point in the measured program's output path.
      long long tenths = ((t1 - t0) * 10 + iterations / 2) / iterations;
      printf("metric %s instructions_per_op %lld.%lld %ld\n", w->name, tenths / 10, tenths % 10,
             iterations);
      fflush(stdout);
    }
  }
  if (w->teardown)
    w->teardown(state);
  return rc;
}

// workloads --time NAME REQUESTS CMD...: see the top of this file.
static int time_command(const char *name, const char *requests_arg, char **cmd) {
  char *end;
  long requests = strtol(requests_arg, &end, 10);
  long long t0, t1, tenths;
  int status;
  pid_t pid;
  current = name;
  if (*end || requests <= 0) {
    fprintf(stderr, "workloads: --time %s %s: not a positive number of requests\n", name,
            requests_arg);
    return 2;
  }
  fflush(stdout);
  t0 = now_ns();
  REGION_START();
  pid = fork();
  if (pid < 0) {
    REGION_END();
    wl_fail("fork");
    return 1;
  }
  if (pid == 0) {
    dup2(2, 1);
    execvp(cmd[0], cmd);
    fprintf(stderr, "workloads: --time %s: cannot run %s: %s\n", name, cmd[0], strerror(errno));
    _exit(127);
  }
  if (waitpid(pid, &status, 0) != pid) {
    REGION_END();
    wl_fail("waitpid");
    return 1;
  }
  REGION_END();
  t1 = now_ns();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    printf("error %s: %s exited with status %d\n", name, cmd[0],
           WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    return 1;
  }
  tenths = ((t1 - t0) * 10 + requests / 2) / requests;
  printf("metric %s instructions_per_request %lld.%lld %ld\n", name, tenths / 10, tenths % 10,
         requests);
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: workloads [-n ITERATIONS] NAME...|all\n       workloads -l\n"
                  "       workloads --time NAME REQUESTS CMD [ARG...]\n");
  return 2;
}

int main(int argc, char **argv) {
  long iterations = 0;
  int i = 1, failed = 0;
  wl_self = argv[0];
  if (argc == 2 && strcmp(argv[1], "--exec-child") == 0)
    _exit(0);
  if (argc == 3 && strcmp(argv[1], "--test-hook") == 0) {
    if (strcmp(argv[2], "open-region") != 0) {
      fprintf(stderr, "workloads: --test-hook %s: unknown (open-region)\n", argv[2]);
      return 2;
    }
    REGION_START();
    return 0;
  }
  if (argc >= 5 && strcmp(argv[1], "--time") == 0)
    return time_command(argv[2], argv[3], argv + 4);
  if (argc == 2 && strcmp(argv[1], "-l") == 0) {
    for (size_t f = 0; f < NFAMILIES; ++f)
      for (const struct workload *w = families[f]; w->name; ++w)
        printf("%s %ld %s\n", w->name, w->iterations, w->op);
    return 0;
  }
  if (i < argc && strcmp(argv[i], "-n") == 0) {
    char *end;
    if (i + 1 >= argc)
      return usage();
    iterations = strtol(argv[i + 1], &end, 10);
    if (*end || iterations <= 0) {
      fprintf(stderr, "workloads: -n %s: not a positive number\n", argv[i + 1]);
      return 2;
    }
    i += 2;
  }
  if (i >= argc)
    return usage();
  // Check every name before running anything.
  for (int j = i; j < argc; ++j)
    if (strcmp(argv[j], "all") != 0 && !find(argv[j])) {
      fprintf(stderr, "workloads: unknown workload '%s' (workloads -l lists them)\n", argv[j]);
      return 2;
    }
  if (mkdir(WL_DIR, 0755) != 0 && errno != EEXIST) {
    perror("workloads: mkdir " WL_DIR);
    return 1;
  }
  for (; i < argc; ++i) {
    if (strcmp(argv[i], "all") == 0) {
      for (size_t f = 0; f < NFAMILIES; ++f)
        for (const struct workload *w = families[f]; w->name; ++w)
          failed |= measure(w, iterations ? iterations : w->iterations) != 0;
    } else {
      const struct workload *w = find(argv[i]);
      failed |= measure(w, iterations ? iterations : w->iterations) != 0;
    }
  }
  return failed ? 1 : 0;
}
