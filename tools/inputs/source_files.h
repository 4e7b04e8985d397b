// SPDX-License-Identifier: GPL-3.0-or-later
// The source text `inlinetune annotate` lays the decisions beside: a file
// named as the logs name it (relative to the source tree, or absolute
// outside it), looked for under the directories the source tree may be in,
// as perf annotate and opt-viewer look for theirs (--source-root).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

struct SourceText {
  std::string path;               // where it was read
  std::vector<std::string> lines; // without their '\n' (nor a '\r' before it)
};

// The first of ROOT/FILE for ROOTS that is a regular file (FILE itself when
// absolute; ROOTS then are not used), or nullopt.
std::optional<std::string> find_source(const std::string &file,
                                       const std::vector<std::string> &roots);

// PATH's lines.  Throws Error naming PATH when it cannot be read.
SourceText read_source(const std::string &path);

} // namespace inlinetune
