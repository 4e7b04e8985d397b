// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/pipe.c: pipes, within one process (the pipe code alone)
// and between two (wake-ups and context switches: the scheduler's path).
#include "workload.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

struct pipes {
  int to_child[2], to_parent[2];
  pid_t child;
};

static int pipe_setup(void **state) {
  struct pipes *p = calloc(1, sizeof *p);
  if (!p)
    return wl_fail("calloc");
  if (pipe(p->to_child) != 0) {
    free(p);
    return wl_fail("pipe");
  }
  *state = p;
  return 0;
}

static void pipe_teardown(void *state) {
  struct pipes *p = state;
  close(p->to_child[0]);
  close(p->to_child[1]);
  free(p);
}

static int pipe_rw_run(void *state, long n) {
  struct pipes *p = state;
  char c = 'x';
  for (long i = 0; i < n; ++i) {
    if (write(p->to_child[1], &c, 1) != 1)
      return wl_fail("write");
    if (read(p->to_child[0], &c, 1) != 1)
      return wl_fail("read");
  }
  return 0;
}

// The child echoes each byte back until the pipe to it is closed.
static int pingpong_setup(void **state) {
  struct pipes *p = calloc(1, sizeof *p);
  if (!p)
    return wl_fail("calloc");
  if (pipe(p->to_child) != 0 || pipe(p->to_parent) != 0) {
    free(p);
    return wl_fail("pipe");
  }
  p->child = fork();
  if (p->child < 0) {
    free(p);
    return wl_fail("fork");
  }
  if (p->child == 0) {
    char c;
    close(p->to_child[1]);
    close(p->to_parent[0]);
    while (read(p->to_child[0], &c, 1) == 1)
      if (write(p->to_parent[1], &c, 1) != 1)
        _exit(1);
    _exit(0);
  }
  close(p->to_child[0]);
  close(p->to_parent[1]);
  *state = p;
  return 0;
}

static void pingpong_teardown(void *state) {
  struct pipes *p = state;
  close(p->to_child[1]);
  waitpid(p->child, NULL, 0);
  close(p->to_parent[0]);
  free(p);
}

static int pingpong_run(void *state, long n) {
  struct pipes *p = state;
  char c = 'x';
  for (long i = 0; i < n; ++i) {
    if (write(p->to_child[1], &c, 1) != 1)
      return wl_fail("write");
    if (read(p->to_parent[0], &c, 1) != 1)
      return wl_fail("read");
  }
  return 0;
}

const struct workload wl_pipe[] = {
    {"pipe_rw", "write() and read() of 1 byte through a pipe, one process", 40000, pipe_setup,
     pipe_rw_run, pipe_teardown},
    {"pipe_pingpong", "1 byte to a child process and back through two pipes (2 switches)", 10000,
     pingpong_setup, pingpong_run, pingpong_teardown},
    {0},
};
