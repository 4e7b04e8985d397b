// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a kernel's logs on every core without changing what comes out: the
// work on each item (a file, a TU) runs on any thread, in any order, and
// what it found is then used on the calling thread in the items' order, as
// if one thread had done it all.  Used by LogSet (files of a directory),
// build_model (TUs), load_diff (the two builds), diff_builds (TUs) and the
// printer (rows).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace inlinetune {

// How many threads to work with, when asked for JOBS: JOBS itself, or for 0
// the environment's INLINETUNE_JOBS when it is a positive number, else the
// number of CPUs.
inline size_t worker_threads(size_t jobs) {
  if (jobs)
    return jobs;
  if (const char *env = std::getenv("INLINETUNE_JOBS")) {
    char *end = nullptr;
    // strtoul takes "-3" for a huge number: digits only.
    unsigned long n = *env >= '0' && *env <= '9' ? std::strtoul(env, &end, 10) : 0;
    if (end && *end == '\0' && n > 0)
      return n < 64 ? n : 64;
  }
  // Asked once: glibc reads /sys/devices/system/cpu/online at every call,
  // and a directory read asks (15,000 opens in a synthetic kernel's diff).
  static const unsigned cpus = std::thread::hardware_concurrency();
  return cpus ? cpus : 1;
}

// Calls WORK(i) for every i in [0, N) on up to JOBS threads (the caller's
// among them) and USE(i) on the calling thread for i = 0, 1, ..., N - 1, each
// once WORK(i) is done, with at most WINDOW items worked ahead of the one
// used (so that what WORK keeps stays bounded).  An exception WORK(i) throws
// is rethrown by the calling thread in USE(i)'s place; one USE throws stops
// the rest (items being worked on are finished, and dropped): either way no
// exception escapes a thread, and every thread is joined before this returns
// or throws.  With JOBS = 1 (or when no thread can be started) it is the loop
// "WORK(i); USE(i);".
template <typename Work, typename Use>
void in_order(size_t n, size_t jobs, size_t window, Work &&work, Use &&use) {
  if (window == 0)
    window = 1;
  std::mutex mu;
  std::condition_variable cv;
  size_t next = 0; // the next item to work on
  size_t used = 0; // the next item to use
  bool stop = false;
  std::vector<char> done(n);
  std::vector<std::exception_ptr> failed(n);
  // Under MU: the next item a thread may take, or N.
  auto take = [&]() -> size_t {
    if (stop || next >= n || next >= used + window)
      return n;
    return next++;
  };
  auto run = [&](size_t i, std::unique_lock<std::mutex> &lock) {
    lock.unlock();
    try {
      work(i);
    } catch (...) {
      failed[i] = std::current_exception();
    }
    lock.lock();
    done[i] = 1;
    cv.notify_all();
  };

  std::vector<std::thread> threads;
  auto finish = [&] {
    {
      std::lock_guard<std::mutex> lock(mu);
      stop = true;
    }
    cv.notify_all();
    for (std::thread &t : threads)
      t.join();
  };
  for (size_t t = 1; t < jobs && t < n; ++t) {
    try {
      threads.emplace_back([&] {
        std::unique_lock<std::mutex> lock(mu);
        for (;;) {
          cv.wait(lock, [&] { return stop || next >= n || next < used + window; });
          size_t i = take();
          if (i == n)
            return;
          run(i, lock);
        }
      });
    } catch (const std::system_error &) {
      break; // no more threads: fewer do the work
    }
  }

  try {
    std::unique_lock<std::mutex> lock(mu);
    while (used < n) {
      if (!done[used]) {
        // Work rather than wait: on the item in use when no other thread has it.
        size_t i = take();
        if (i != n)
          run(i, lock);
        else
          cv.wait(lock, [&] { return done[used] != 0; });
        continue;
      }
      lock.unlock();
      if (failed[used])
        std::rethrow_exception(failed[used]);
      use(used);
      lock.lock();
      ++used;
      cv.notify_all();
    }
  } catch (...) {
    finish();
    throw;
  }
  finish();
}

} // namespace inlinetune
