// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/epoll.c: epoll, the event loop of Redis, Memcached
// (libevent) and Nginx: a wait that finds one ready descriptor, and the
// add/remove pair a server makes per connection.
#include "workload.h"

#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

struct ep {
  int epfd, fds[2];
};

static void ep_teardown(void *state) {
  struct ep *e = state;
  close(e->epfd);
  close(e->fds[0]);
  close(e->fds[1]);
  free(e);
}

// A pipe with one byte in it: its read end is always ready.
static int ep_setup(void **state) {
  struct ep *e = calloc(1, sizeof *e);
  if (!e)
    return wl_fail("calloc");
  if (pipe(e->fds) != 0) {
    free(e);
    return wl_fail("pipe");
  }
  e->epfd = epoll_create1(0);
  if (e->epfd < 0 || write(e->fds[1], "x", 1) != 1) {
    wl_fail("epoll_create1");
    ep_teardown(e);
    return -1;
  }
  *state = e;
  return 0;
}

static int wait_setup(void **state) {
  struct epoll_event ev = {.events = EPOLLIN};
  struct ep *e;
  if (ep_setup(state) != 0)
    return -1;
  e = *state;
  ev.data.fd = e->fds[0];
  if (epoll_ctl(e->epfd, EPOLL_CTL_ADD, e->fds[0], &ev) != 0) {
    wl_fail("epoll_ctl");
    ep_teardown(e);
    return -1;
  }
  return 0;
}

static int wait_run(void *state, long n) {
  struct ep *e = state;
  struct epoll_event events[8];
  for (long i = 0; i < n; ++i)
    if (epoll_wait(e->epfd, events, 8, 0) != 1)
      return wl_fail("epoll_wait");
  return 0;
}

static int ctl_run(void *state, long n) {
  struct ep *e = state;
  struct epoll_event ev = {.events = EPOLLIN};
  ev.data.fd = e->fds[0];
  for (long i = 0; i < n; ++i) {
    if (epoll_ctl(e->epfd, EPOLL_CTL_ADD, e->fds[0], &ev) != 0)
      return wl_fail("epoll_ctl ADD");
    if (epoll_ctl(e->epfd, EPOLL_CTL_DEL, e->fds[0], NULL) != 0)
      return wl_fail("epoll_ctl DEL");
  }
  return 0;
}

const struct workload wl_epoll[] = {
    {"epoll_wait", "epoll_wait() with a timeout of 0 returning one ready pipe (level-triggered)",
     40000, wait_setup, wait_run, ep_teardown},
    {"epoll_ctl", "epoll_ctl() ADD then DEL of a ready pipe", 20000, ep_setup, ctl_run,
     ep_teardown},
    {0},
};
