// SPDX-License-Identifier: GPL-3.0-or-later
// A directory of its own for a unit test, removed with its contents when
// the test ends.
#pragma once

#include <cstdlib>
#include <string>
#include <unistd.h>

namespace inlinetune {

// (Not gtest's ::testing::TempDir(), which names a shared directory.)
struct ScratchDir {
  std::string path;
  explicit ScratchDir(const std::string &name) {
    std::string tmpl = "/tmp/" + name + ".XXXXXX";
    const char *d = mkdtemp(tmpl.data());
    path = d ? d : "";
  }
  ~ScratchDir() {
    if (!path.empty())
      std::system(("rm -rf '" + path + "'").c_str());
  }
  ScratchDir(const ScratchDir &) = delete;
  ScratchDir &operator=(const ScratchDir &) = delete;
};

} // namespace inlinetune
