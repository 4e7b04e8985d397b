// SPDX-License-Identifier: GPL-3.0-or-later
// common/atomic_file.h: a file that appears whole or not at all.  It is
// written as a temporary file beside its final path (PATH.tmp.XXXXXX, on
// the same file system) and renamed over PATH when complete; until then,
// and if anything fails, PATH keeps what it had and the temporary file is
// removed.  A PATH that exists and is not a regular file (/dev/null,
// /dev/stdout, a FIFO) is written in place instead: renaming over it would
// replace the device with a file, as `sort -o` and objcopy know.  The one
// implementation of the plugin's log files (log=DIR), the CLI's -o outputs
// and its databases.  No exceptions and no messages: each caller says what
// failed in its own words, from errno.
// GCC-free.
#pragma once

#include <string>
#include <sys/types.h>

namespace inlinetune {

class AtomicFile {
public:
  explicit AtomicFile(std::string path) : path_(std::move(path)) {}
  ~AtomicFile(); // removes the temporary file unless committed
  AtomicFile(const AtomicFile &) = delete;
  AtomicFile &operator=(const AtomicFile &) = delete;

  // Creates the temporary file with MODE (mkstemp makes it 0600), or opens
  // a PATH that is not a regular file for writing, and returns its
  // descriptor, which the caller writes and closes; -1 with errno set on
  // failure.
  int create(mode_t mode);
  // Renames the temporary file to the final path (nothing to do for a PATH
  // written in place).  False with errno set (and the temporary file
  // removed) on failure.
  bool commit();

  const std::string &path() const { return path_; }
  // Where create() writes: the temporary file, or PATH itself.
  const std::string &temp_path() const { return temp_; }
  bool in_place() const { return in_place_; }

  // The mode a plain open(O_CREAT, 0666) would give a new file: 0666 less
  // the process's umask.
  static mode_t default_mode();

private:
  std::string path_, temp_;
  bool created_ = false, committed_ = false, in_place_ = false;
};

} // namespace inlinetune
