// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

AtomicFile::~AtomicFile() {
  if (created_ && !committed_)
    unlink(temp_.c_str());
}

int AtomicFile::create(mode_t mode) {
  temp_ = path_ + ".tmp.XXXXXX";
  int fd = mkstemp(temp_.data());
  if (fd < 0)
    return -1;
  created_ = true;
  fchmod(fd, mode);
  return fd;
}

bool AtomicFile::commit() {
  if (rename(temp_.c_str(), path_.c_str()) != 0) {
    int err = errno;
    unlink(temp_.c_str());
    committed_ = true; // nothing left to remove
    errno = err;
    return false;
  }
  committed_ = true;
  return true;
}

mode_t AtomicFile::default_mode() {
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

} // namespace inlinetune
