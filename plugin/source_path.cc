// SPDX-License-Identifier: GPL-3.0-or-later
// Source paths relative to the source tree.  Canonicalisation uses libiberty's
// lrealpath: inside the plugin it is cc1's own copy, so the plugin needs no
// library of its own, and unit tests link libiberty.a.
#include "source_path.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <vector>

// glibc's <string.h> declares a C++ basename() that libiberty.h would clash with;
// HAVE_DECL_BASENAME=1 tells libiberty.h a declaration exists (GCC does the same).
#ifndef HAVE_DECL_BASENAME
#define HAVE_DECL_BASENAME 1
#endif
#include <libiberty/libiberty.h>

namespace inlinetune {

namespace {

bool is_absolute(std::string_view p) {
  return !p.empty() && p.front() == '/';
}

std::string join(std::string_view dir, std::string_view rest) {
  std::string out(dir);
  if (out.empty() || out.back() != '/')
    out += '/';
  out += rest;
  return out;
}

std::string current_dir() {
  std::vector<char> buf(4096);
  for (;;) {
    if (getcwd(buf.data(), buf.size()))
      return buf.data();
    if (errno != ERANGE)
      return ".";
    buf.resize(buf.size() * 2);
  }
}

bool exists(const std::string &p) {
  return access(p.c_str(), F_OK) == 0;
}

std::string real_path(const std::string &p) {
  char *r = lrealpath(p.c_str());
  std::string out = r ? r : p;
  free(r);
  return out;
}

// Resolves symlinks in the longest existing ancestor of absolute PATH and
// appends the rest lexically, so a file that does not exist yet (or a
// pseudo-name like "<stdin>") inside a symlinked tree still lands in the tree.
std::string canonical(const std::string &path) {
  std::string norm = normalize_path(path);
  if (exists(path))
    return normalize_path(real_path(path));
  std::string head = norm, tail;
  while (head != "/") {
    size_t slash = head.rfind('/');
    std::string_view last = std::string_view(head).substr(slash + 1);
    tail = tail.empty() ? std::string(last) : join(last, tail);
    head = slash == 0 ? "/" : head.substr(0, slash);
    if (exists(head))
      return normalize_path(join(real_path(head), tail));
  }
  return norm;
}

} // namespace

std::string normalize_path(std::string_view path) {
  bool absolute = is_absolute(path);
  std::vector<std::string_view> segs;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos)
      slash = path.size();
    std::string_view seg = path.substr(start, slash - start);
    start = slash + 1;
    if (seg.empty() || seg == ".")
      continue;
    if (seg == "..") {
      if (!segs.empty() && segs.back() != "..") {
        segs.pop_back();
        continue;
      }
      if (absolute) // "/.." is "/"
        continue;
    }
    segs.push_back(seg);
  }
  std::string out = absolute ? "/" : "";
  for (size_t i = 0; i < segs.size(); ++i) {
    if (i)
      out += '/';
    out += segs[i];
  }
  if (out.empty())
    out = ".";
  return out;
}

std::string relative_source_path(std::string_view file, std::string_view srctree,
                                 std::string_view cwd) {
  std::string base = cwd.empty() ? current_dir() : std::string(cwd);
  if (!is_absolute(base))
    base = join(current_dir(), base);
  auto absolute = [&](std::string_view p) {
    return is_absolute(p) ? std::string(p) : join(base, p.empty() ? "." : p);
  };
  std::string f = canonical(absolute(file));
  std::string root = canonical(absolute(srctree));

  if (f == root)
    return ".";
  if (root == "/")
    return f.substr(1);
  if (f.size() > root.size() && f.compare(0, root.size(), root) == 0 && f[root.size()] == '/')
    return f.substr(root.size() + 1);
  return f;
}

std::string source_tree_root(const std::optional<std::string> &option) {
  if (option)
    return *option;
  const char *env = std::getenv("srctree");
  return env ? env : ".";
}

} // namespace inlinetune
