// SPDX-License-Identifier: GPL-3.0-or-later
// common/atomic_file.h: a file that appears whole or not at all.  It is
// written as a temporary file beside its final path (PATH.tmp.XXXXXX, on
// the same file system) and renamed over PATH when complete; until then,
// and if anything fails, PATH keeps what it had and the temporary file is
// removed.  The one implementation of the plugin's log files
// (log=DIR), the CLI's -o outputs and its databases.  No exceptions and no
// messages: each caller says what failed in its own words, from errno.
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

  // Creates the temporary file with MODE (mkstemp makes it 0600) and
  // returns its descriptor, which the caller writes and closes; -1 with
  // errno set on failure.
  int create(mode_t mode);
  // Renames the temporary file to the final path.  False with errno set
  // (and the temporary file removed) on failure.
  bool commit();

  const std::string &path() const { return path_; }
  const std::string &temp_path() const { return temp_; }

  // The mode a plain open(O_CREAT, 0666) would give a new file: 0666 less
  // the process's umask.
  static mode_t default_mode();

private:
  std::string path_, temp_;
  bool created_ = false, committed_ = false;
};

} // namespace inlinetune
