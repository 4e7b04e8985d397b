// SPDX-License-Identifier: GPL-3.0-or-later
#include "output.h"

#include "error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

Output::Output(const std::string &path) : path_(path == "-" ? "" : path) {
  if (path_.empty()) {
    file_ = stdout;
    return;
  }
  temp_ = path_ + ".tmp.XXXXXX";
  int fd = mkstemp(temp_.data());
  if (fd < 0)
    throw Error("{}: cannot create a temporary file beside it: {}", path_, std::strerror(errno));
  // mkstemp creates the file 0600; give it the mode a plain create would.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  file_ = fdopen(fd, "w");
  if (!file_) {
    int err = errno;
    close(fd);
    unlink(temp_.c_str());
    throw Error("{}: {}", temp_, std::strerror(err));
  }
}

Output::~Output() {
  if (path_.empty() || committed_)
    return;
  fclose(file_);
  unlink(temp_.c_str());
}

void Output::write(std::string_view text) {
  fwrite(text.data(), 1, text.size(), file_);
}

void Output::commit() {
  if (path_.empty()) {
    if (fflush(stdout) != 0 || ferror(stdout))
      throw Error("standard output: write error: {}", std::strerror(errno));
    return;
  }
  bool failed = fflush(file_) != 0 || ferror(file_);
  int err = errno;
  committed_ = true; // the file is closed below whatever happens
  if (fclose(file_) != 0 && !failed) {
    failed = true;
    err = errno;
  }
  if (failed) {
    unlink(temp_.c_str());
    throw Error("{}: write error: {}", temp_, std::strerror(err));
  }
  if (rename(temp_.c_str(), path_.c_str()) != 0) {
    err = errno;
    unlink(temp_.c_str());
    throw Error("{}: cannot rename {} to it: {}", path_, temp_, std::strerror(err));
  }
}

} // namespace inlinetune
