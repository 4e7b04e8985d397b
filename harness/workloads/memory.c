// SPDX-License-Identifier: GPL-3.0-or-later
// harness/workloads/memory.c: address-space changes and anonymous page faults
// (every allocator that grows and shrinks a heap; every new buffer).
#include "workload.h"

#include <sys/mman.h>

#define PAGE 4096
#define REGION_PAGES 256

static int mmap_run(void *state, long n) {
  (void)state;
  for (long i = 0; i < n; ++i) {
    void *p = mmap(0, 16 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return wl_fail("mmap");
    if (munmap(p, 16 * PAGE) != 0)
      return wl_fail("munmap");
  }
  return 0;
}

// n faults: regions of 256 pages mapped, written once per page, unmapped.
// An op is the fault of a fresh anonymous page, its zeroing, and its share
// of freeing it again; the region's mmap and munmap calls add 1/256 each.
static int fault_run(void *state, long n) {
  (void)state;
  for (long done = 0; done < n;) {
    long pages = n - done < REGION_PAGES ? n - done : REGION_PAGES;
    volatile char *p =
        mmap(0, pages * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return wl_fail("mmap");
    for (long i = 0; i < pages; ++i)
      p[i * PAGE] = 1;
    if (munmap((void *)p, pages * PAGE) != 0)
      return wl_fail("munmap");
    done += pages;
  }
  return 0;
}

const struct workload wl_memory[] = {
    {"mmap_munmap", "mmap() of 64 KiB anonymous memory, untouched, and munmap()", 20000, 0,
     mmap_run, 0},
    {"page_fault", "first write to a fresh anonymous page, and freeing it (munmap per 256 pages)",
     40000, 0, fault_run, 0},
    {0},
};
