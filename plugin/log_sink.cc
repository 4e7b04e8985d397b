// SPDX-License-Identifier: GPL-3.0-or-later
#include "log_sink.h"

#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

std::string zstd_compress(const std::string &text, int level) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), level);
  if (ZSTD_isError(n))
    return {};
  out.resize(n);
  return out;
}

std::string log_file_name(const std::string &object) {
  std::string name = object;
  for (char &c : name)
    if (c == '/')
      c = '%';
  return name + ".jsonl";
}

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
  std::string final_path = dir + "/" + log_file_name(object);
  std::string temp = final_path + ".tmp.XXXXXX";
  int fd = mkstemp(temp.data());
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
      *error = "cannot write decision log '" + temp + "': " + strerror(errno ? errno : ENOSPC);
      close(fd);
      unlink(temp.c_str());
      return false;
    }
    p += n;
    left -= n;
  }
  fchmod(fd, 0644);
  if (close(fd) != 0 || rename(temp.c_str(), final_path.c_str()) != 0) {
    *error = "cannot write decision log '" + final_path + "': " + strerror(errno);
    unlink(temp.c_str());
    return false;
  }
  return true;
}

} // namespace inlinetune
