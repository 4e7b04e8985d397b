// SPDX-License-Identifier: GPL-3.0-or-later
#include "never_inline.h"
#include "functions.h"

namespace inlinetune {

static bool matches(const NeverInline &entry, tree fndecl) {
  for (const std::string &name : function_names(fndecl))
    if (entry.name.matches(name))
      return true;
  return false;
}

// What handle_noinline_attribute does for a source attribute: set the flag and
// keep the attribute, which some passes (ipa-split) look up by name.
static void mark_noinline(tree fndecl) {
  DECL_UNINLINABLE(fndecl) = 1;
  if (!lookup_attribute("noinline", DECL_ATTRIBUTES(fndecl)))
    DECL_ATTRIBUTES(fndecl) =
        tree_cons(get_identifier("noinline"), NULL_TREE, DECL_ATTRIBUTES(fndecl));
}

std::vector<NeverInlineOutcome> apply_never_inline(const std::vector<const NeverInline *> &entries) {
  std::vector<NeverInlineOutcome> outcomes;
  for (const NeverInline *e : entries)
    outcomes.push_back({e, {}, {}, false});
  if (entries.empty())
    return outcomes;

  cgraph_node *node;
  FOR_EACH_FUNCTION(node) {
    tree decl = node->decl;
    if (!node->definition || node->alias || node->thunk)
      continue;
    for (NeverInlineOutcome &out : outcomes) {
      if (!matches(*out.entry, decl))
        continue;
      if (lookup_attribute("always_inline", DECL_ATTRIBUTES(decl))) {
        error_at(DECL_SOURCE_LOCATION(decl),
                 "inlinetune: %qs is on the never-inline list (%qs, %s) but is declared "
                 "%<always_inline%>",
                 display_name(decl).c_str(), out.entry->name.pattern().c_str(),
                 out.entry->origin.describe().c_str());
        out.conflict = true;
        continue;
      }
      mark_noinline(decl);
      out.applied_to.push_back(display_name(decl));
      out.decls.push_back(decl);
    }
  }
  return outcomes;
}

} // namespace inlinetune
