// SPDX-License-Identifier: GPL-3.0-or-later
#include "log_sink.h"

#include "atomic_file.h"
#include "format.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

static bool make_dirs(const std::string &dir, std::string *error) {
  std::string path;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    path = dir.substr(0, pos);
    if (path.empty() || mkdir(path.c_str(), 0777) == 0 || errno == EEXIST)
      continue;
    *error = "cannot create log directory '" + path + "': " + strerror(errno);
    return false;
  }
  struct stat st;
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    *error = "log directory '" + dir + "' is not a directory";
    return false;
  }
  return true;
}

bool write_log_file(const std::string &dir, const std::string &object, const std::string &text,
                    std::string *error) {
  if (!make_dirs(dir, error))
    return false;
  AtomicFile file(dir + "/" + log::log_file_name(object));
  int fd = file.create(0644);
  if (fd < 0) {
    *error = "cannot write decision log in '" + dir + "': " + strerror(errno);
    return false;
  }
  const char *p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      *error = "cannot write decision log '" + file.temp_path() +
               "': " + strerror(errno ? errno : ENOSPC);
      close(fd);
      return false;
    }
    p += n;
    left -= n;
  }
  if (close(fd) != 0 || !file.commit()) {
    *error = "cannot write decision log '" + file.path() + "': " + strerror(errno);
    return false;
  }
  return true;
}

} // namespace inlinetune
