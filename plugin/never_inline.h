// SPDX-License-Identifier: GPL-3.0-or-later
// Never-inline lists: a listed function gets exactly what a source
// __attribute__((noinline)) gives it.
#pragma once

#include "gcc_compat.h"
#include "policy.h"

#include <string>
#include <vector>

namespace inlinetune {

struct NeverInlineOutcome {
  const NeverInline *entry;
  std::vector<std::string> applied_to; // functions defined in this TU that it matched
  std::vector<tree> decls;             // the same, as decls
  bool conflict = false;               // it matched an always_inline function (an error)
};

// Marks every function defined in the TU that an entry names.  Runs before any
// inliner (at the start of the IPA passes, when every body, C++ template
// instances included, is known).  An always_inline match is a GCC error at the
// function, naming the list entry.
std::vector<NeverInlineOutcome> apply_never_inline(const std::vector<const NeverInline *> &entries);

} // namespace inlinetune
