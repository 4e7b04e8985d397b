// SPDX-License-Identifier: GPL-3.0-or-later
// Where a subcommand's output goes: standard output, or a file that is
// replaced atomically (common/atomic_file.h: written to a temporary file
// beside it, renamed over it by commit()), so that a reader never sees half a
// file and a failed run leaves the old one in place.
#pragma once

#include "atomic_file.h"

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace inlinetune {

class Output {
public:
  // PATH empty or "-": standard output.  Throws Error when the temporary file
  // cannot be created.
  explicit Output(const std::string &path);
  ~Output(); // removes the temporary file unless committed
  Output(const Output &) = delete;
  Output &operator=(const Output &) = delete;

  void write(std::string_view text);
  // Flushes and, for a file, renames it into place.  Throws Error on any
  // write error met so far.
  void commit();

private:
  std::unique_ptr<AtomicFile> file_on_disk_; // null for standard output
  FILE *file_ = nullptr;
  bool closed_ = false;
};

} // namespace inlinetune
