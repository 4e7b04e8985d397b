// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

AtomicFile::~AtomicFile() {
  if (created_ && !committed_)
    unlink(temp_.c_str());
}

int AtomicFile::create(mode_t mode) {
  struct stat st;
  if (stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    temp_ = path_;
    in_place_ = true;
    return open(path_.c_str(), O_WRONLY | O_CLOEXEC);
  }
  temp_ = path_ + ".tmp.XXXXXX";
  int fd = mkstemp(temp_.data());
  if (fd < 0)
    return -1;
  created_ = true;
  fchmod(fd, mode);
  return fd;
}

bool AtomicFile::commit() {
  if (in_place_) {
    committed_ = true;
    return true;
  }
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
