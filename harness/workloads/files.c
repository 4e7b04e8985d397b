// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/files.c: the VFS paths of file servers: path lookup and
// open (open_close, the path the RFC's fs/open.c hunk is about), stat, and
// page-cache reads and writes, on tmpfs (the initramfs has no disk).
#include "workload.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FILE_PATH WL_DIR "/file"
#define BLOCK 4096

struct files {
  int fd;
  char buf[BLOCK];
};

static int files_setup(void **state) {
  struct files *f = calloc(1, sizeof *f);
  if (!f)
    return wl_fail("calloc");
  memset(f->buf, 'x', sizeof f->buf);
  f->fd = open(FILE_PATH, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (f->fd < 0) {
    free(f);
    return wl_fail("open " FILE_PATH);
  }
  if (pwrite(f->fd, f->buf, BLOCK, 0) != BLOCK) {
    close(f->fd);
    free(f);
    return wl_fail("pwrite");
  }
  *state = f;
  return 0;
}

static void files_teardown(void *state) {
  struct files *f = state;
  close(f->fd);
  free(f);
}

static int open_close_run(void *state, long n) {
  (void)state;
  for (long i = 0; i < n; ++i) {
    int fd = open(FILE_PATH, O_RDONLY);
    if (fd < 0)
      return wl_fail("open");
    close(fd);
  }
  return 0;
}

static int stat_run(void *state, long n) {
  struct stat st;
  (void)state;
  for (long i = 0; i < n; ++i)
    if (stat(FILE_PATH, &st) != 0)
      return wl_fail("stat");
  return 0;
}

static int read_run(void *state, long n) {
  struct files *f = state;
  for (long i = 0; i < n; ++i)
    if (pread(f->fd, f->buf, BLOCK, 0) != BLOCK)
      return wl_fail("pread");
  return 0;
}

static int write_run(void *state, long n) {
  struct files *f = state;
  for (long i = 0; i < n; ++i)
    if (pwrite(f->fd, f->buf, BLOCK, 0) != BLOCK)
      return wl_fail("pwrite");
  return 0;
}

const struct workload wl_files[] = {
    {"open_close", "open(O_RDONLY) and close() of a tmpfs file two levels down", 10000, files_setup,
     open_close_run, files_teardown},
    {"stat", "stat() of that file", 40000, files_setup, stat_run, files_teardown},
    {"read_4k", "pread() of 4 KiB at offset 0 (page cache)", 40000, files_setup, read_run,
     files_teardown},
    {"write_4k", "pwrite() of 4 KiB at offset 0 (page cache)", 40000, files_setup, write_run,
     files_teardown},
    {0},
};
