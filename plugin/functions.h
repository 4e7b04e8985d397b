// SPDX-License-Identifier: GPL-3.0-or-later
// Which function a decl, a call graph node or a call statement belongs to, and
// the names a policy can match it by.
#pragma once

#include "gcc_compat.h"

#include <string>
#include <vector>

namespace inlinetune {

// The spellings of FNDECL (see symbol_names.h), computed once per decl.
const std::vector<std::string> &function_names(tree fndecl);
// The printable name for messages: the demangled name, else the symbol.
std::string display_name(tree fndecl);

// The node NODE is a clone of (inline, IPA-CP and IPA-SRA clones, in
// memory), or NODE itself.
cgraph_node *clone_origin(cgraph_node *node);
// The decl whose source NODE was made from: IPA-CP and IPA-SRA clones
// ("foo.constprop.0") and inline clones count as their original function.
tree origin_decl(cgraph_node *node);

// The function in whose source body STMT was written: the innermost function
// inlined around it (from the statement's lexical blocks, which GCC keeps for
// inlined functions even at -g0), else FALLBACK.
tree lexical_function(gimple *stmt, tree fallback);

// The functions inlined around STMT (from its lexical blocks), innermost
// first, each with the location of the call that was inlined.
struct InlinedBlock {
  tree function;
  location_t call;
};
std::vector<InlinedBlock> inlined_around(gimple *stmt);

// Drops the per-decl name cache (at the end of a TU).
void forget_function_names();

} // namespace inlinetune
