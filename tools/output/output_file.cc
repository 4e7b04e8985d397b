// SPDX-License-Identifier: GPL-3.0-or-later
#include "output/output_file.h"

#include "error.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace inlinetune {

Output::Output(const std::string &path) {
  if (path.empty() || path == "-") {
    file_ = stdout;
    return;
  }
  file_on_disk_ = std::make_unique<AtomicFile>(path);
  int fd = file_on_disk_->create(AtomicFile::default_mode());
  if (fd < 0)
    throw Error("{}: cannot create a temporary file beside it: {}", path, std::strerror(errno));
  file_ = fdopen(fd, "w");
  if (!file_) {
    int err = errno;
    close(fd);
    throw Error("{}: {}", file_on_disk_->temp_path(), std::strerror(err));
  }
}

Output::~Output() {
  if (file_on_disk_ && !closed_)
    fclose(file_); // the AtomicFile then removes it
}

void Output::write(std::string_view text) {
  fwrite(text.data(), 1, text.size(), file_);
}

void Output::commit() {
  if (!file_on_disk_) {
    if (fflush(stdout) != 0 || ferror(stdout))
      throw Error("standard output: write error: {}", std::strerror(errno));
    return;
  }
  bool failed = fflush(file_) != 0 || ferror(file_);
  int err = errno;
  closed_ = true; // the file is closed below whatever happens
  if (fclose(file_) != 0 && !failed) {
    failed = true;
    err = errno;
  }
  if (failed)
    throw Error("{}: write error: {}", file_on_disk_->temp_path(), std::strerror(err));
  if (!file_on_disk_->commit())
    throw Error("{}: cannot rename {} to it: {}", file_on_disk_->path(), file_on_disk_->temp_path(),
                std::strerror(errno));
}

} // namespace inlinetune
