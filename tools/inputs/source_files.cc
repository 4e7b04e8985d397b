// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/source_files.h"

#include "inputs/csv_reader.h"

#include <sys/stat.h>

namespace inlinetune {

namespace {

bool regular_file(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

} // namespace

std::optional<std::string> find_source(const std::string &file,
                                       const std::vector<std::string> &roots) {
  if (!file.empty() && file.front() == '/')
    return regular_file(file) ? std::optional<std::string>(file) : std::nullopt;
  for (const std::string &root : roots) {
    const std::string path =
        root == "." ? file : root + (root.empty() || root.back() == '/' ? "" : "/") + file;
    if (regular_file(path))
      return path;
  }
  return std::nullopt;
}

SourceText read_source(const std::string &path) {
  SourceText s;
  s.path = path;
  const std::string text = read_text_file(path);
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos)
      nl = text.size();
    std::string line = text.substr(at, nl - at);
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    s.lines.push_back(std::move(line));
    at = nl + 1;
  }
  return s;
}

} // namespace inlinetune
