// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/tcp.c: TCP over loopback (the guest's init brings lo up),
// the paths of every network server: a request and its reply on an open
// connection (tcp_send_recv), and a new connection (tcp_connect_accept).
#include "workload.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MESSAGE 64

struct tcp {
  int listener, client, server;
  struct sockaddr_in addr;
  char buf[MESSAGE];
};

static void tcp_teardown(void *state) {
  struct tcp *t = state;
  if (t->client >= 0)
    close(t->client);
  if (t->server >= 0)
    close(t->server);
  close(t->listener);
  free(t);
}

// A listener on 127.0.0.1, port chosen by the kernel.
static int listener_setup(void **state) {
  struct tcp *t = calloc(1, sizeof *t);
  socklen_t len = sizeof t->addr;
  if (!t)
    return wl_fail("calloc");
  t->client = t->server = -1;
  t->addr.sin_family = AF_INET;
  t->addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  t->listener = socket(AF_INET, SOCK_STREAM, 0);
  if (t->listener < 0) {
    free(t);
    return wl_fail("socket");
  }
  if (bind(t->listener, (struct sockaddr *)&t->addr, sizeof t->addr) != 0 ||
      listen(t->listener, 128) != 0 ||
      getsockname(t->listener, (struct sockaddr *)&t->addr, &len) != 0) {
    wl_fail("bind/listen on 127.0.0.1 (is lo up?)");
    tcp_teardown(t);
    return -1;
  }
  *state = t;
  return 0;
}

static int connect_accept_run(void *state, long n) {
  struct tcp *t = state;
  for (long i = 0; i < n; ++i) {
    int c = socket(AF_INET, SOCK_STREAM, 0), s;
    if (c < 0)
      return wl_fail("socket");
    if (connect(c, (struct sockaddr *)&t->addr, sizeof t->addr) != 0) {
      close(c);
      return wl_fail("connect");
    }
    s = accept(t->listener, NULL, NULL);
    if (s < 0) {
      close(c);
      return wl_fail("accept");
    }
    // The client closes first, as a load client does; its TIME_WAIT sockets
    // stay for the whole run (60 s is billions of instructions).
    close(c);
    close(s);
  }
  return 0;
}

// An established connection; TCP_NODELAY so that every send goes out at once.
static int connection_setup(void **state) {
  struct tcp *t;
  int one = 1;
  if (listener_setup(state) != 0)
    return -1;
  t = *state;
  memset(t->buf, 'x', sizeof t->buf);
  t->client = socket(AF_INET, SOCK_STREAM, 0);
  if (t->client < 0 || connect(t->client, (struct sockaddr *)&t->addr, sizeof t->addr) != 0 ||
      (t->server = accept(t->listener, NULL, NULL)) < 0 ||
      setsockopt(t->client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0 ||
      setsockopt(t->server, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) {
    wl_fail("connect/accept on 127.0.0.1");
    tcp_teardown(t);
    return -1;
  }
  return 0;
}

// Loopback delivers a segment within send() (the softirq runs when send
// re-enables bottom halves), so recv() finds it queued and does not block.
static int send_recv_run(void *state, long n) {
  struct tcp *t = state;
  for (long i = 0; i < n; ++i) {
    if (send(t->client, t->buf, MESSAGE, 0) != MESSAGE)
      return wl_fail("send");
    if (recv(t->server, t->buf, MESSAGE, MSG_WAITALL) != MESSAGE)
      return wl_fail("recv");
  }
  return 0;
}

const struct workload wl_tcp[] = {
    {"tcp_send_recv", "send() of 64 bytes on a loopback TCP connection and recv() at the other end",
     10000, connection_setup, send_recv_run, tcp_teardown},
    {"tcp_connect_accept", "socket(), connect() and accept() on loopback, then close() of both",
     1000, listener_setup, connect_accept_run, tcp_teardown},
    {0},
};
