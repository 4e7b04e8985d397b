// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/futex.c: futexes, under every pthread mutex and condition
// variable (Memcached's worker threads, Redis's I/O threads): a wake with
// no waiter (the hash lookup alone), and a wait/wake round trip between two
// threads (the sleeping and waking paths, two switches).
#include "workload.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static long futex(atomic_int *word, int op, int value) {
  return syscall(SYS_futex, word, op | FUTEX_PRIVATE_FLAG, value, NULL, NULL, 0);
}

struct pingpong {
  atomic_int turn; // 1: the partner's turn, 0: main's
  atomic_int stop;
  pthread_t partner;
};

static int wake_run(void *state, long n) {
  static atomic_int word;
  (void)state;
  for (long i = 0; i < n; ++i)
    if (futex(&word, FUTEX_WAKE, 1) < 0)
      return wl_fail("futex WAKE");
  return 0;
}

// Waits while *word == value.
static void wait_while(atomic_int *word, int value) {
  while (atomic_load(word) == value)
    if (futex(word, FUTEX_WAIT, value) != 0 && errno != EAGAIN && errno != EINTR)
      abort();
}

static void *partner(void *arg) {
  struct pingpong *p = arg;
  for (;;) {
    wait_while(&p->turn, 0);
    if (atomic_load(&p->stop))
      return NULL;
    atomic_store(&p->turn, 0);
    futex(&p->turn, FUTEX_WAKE, 1);
  }
}

static int pingpong_setup(void **state) {
  struct pingpong *p = calloc(1, sizeof *p);
  if (!p)
    return wl_fail("calloc");
  if ((errno = pthread_create(&p->partner, NULL, partner, p)) != 0) {
    free(p);
    return wl_fail("pthread_create");
  }
  *state = p;
  return 0;
}

static void pingpong_teardown(void *state) {
  struct pingpong *p = state;
  atomic_store(&p->stop, 1);
  atomic_store(&p->turn, 1);
  futex(&p->turn, FUTEX_WAKE, 1);
  pthread_join(p->partner, NULL);
  free(p);
}

static int pingpong_run(void *state, long n) {
  struct pingpong *p = state;
  for (long i = 0; i < n; ++i) {
    atomic_store(&p->turn, 1);
    if (futex(&p->turn, FUTEX_WAKE, 1) < 0)
      return wl_fail("futex WAKE");
    wait_while(&p->turn, 1);
  }
  return 0;
}

const struct workload wl_futex[] = {
    {"futex_wake", "FUTEX_WAKE of a private futex with no waiter", 100000, 0, wake_run, 0},
    {"futex_pingpong", "FUTEX_WAKE of a waiting thread and FUTEX_WAIT until it wakes this one",
     10000, pingpong_setup, pingpong_run, pingpong_teardown},
    {0},
};
