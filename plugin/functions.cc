// SPDX-License-Identifier: GPL-3.0-or-later
#include "functions.h"
#include "symbol_names.h"

#include <unordered_map>

namespace inlinetune {

// Keyed by decl address only for lookup; nothing iterates it, so its order
// cannot leak into output.
static std::unordered_map<tree, std::vector<std::string>> name_cache;

const std::vector<std::string> &function_names(tree fndecl) {
  auto it = name_cache.find(fndecl);
  if (it != name_cache.end())
    return it->second;
  std::string symbol = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl));
  std::string source = DECL_NAME(fndecl) ? IDENTIFIER_POINTER(DECL_NAME(fndecl)) : "";
  // C++ DECL_NAMEs are unqualified ("foo" for ns::foo): only C names are
  // spellings of their own.
  if (symbol.rfind("_Z", 0) == 0)
    source.clear();
  return name_cache.emplace(fndecl, symbol_names(symbol, source)).first->second;
}

std::string display_name(tree fndecl) {
  const std::vector<std::string> &names = function_names(fndecl);
  return names.size() > 1 && names[0].rfind("_Z", 0) == 0 ? names[1] : names[0];
}

cgraph_node *clone_origin(cgraph_node *node) {
  while (node->clone_of)
    node = node->clone_of;
  return node;
}

tree origin_decl(cgraph_node *node) {
  node = clone_origin(node);
  if (node->former_clone_of)
    return node->former_clone_of;
  return node->decl;
}

std::vector<InlinedBlock> inlined_around(gimple *stmt) {
  std::vector<InlinedBlock> blocks;
  for (tree block = gimple_block(stmt); block && TREE_CODE(block) == BLOCK;
       block = BLOCK_SUPERCONTEXT(block)) {
    if (!inlined_function_outer_scope_p(block))
      continue;
    tree origin = block_ultimate_origin(block);
    if (origin && TREE_CODE(origin) == FUNCTION_DECL)
      blocks.push_back({origin, BLOCK_SOURCE_LOCATION(block)});
  }
  return blocks;
}

tree lexical_function(gimple *stmt, tree fallback) {
  std::vector<InlinedBlock> blocks = inlined_around(stmt);
  return blocks.empty() ? fallback : blocks.front().function;
}

void forget_function_names() {
  name_cache.clear();
}

} // namespace inlinetune
