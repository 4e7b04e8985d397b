// SPDX-License-Identifier: GPL-3.0-or-later
#include "call_sites.h"
#include "functions.h"

namespace inlinetune {

static bool any_matches(const Glob &glob, tree fndecl) {
  for (const std::string &name : function_names(fndecl))
    if (glob.matches(name))
      return true;
  return false;
}

void ForbiddenSites::reset(std::vector<const ForbiddenCall *> rules) {
  rules_ = std::move(rules);
  sites_.clear();
  conflicts_.clear();
}

const ForbiddenCall *ForbiddenSites::rule_for(cgraph_edge *e) {
  if (!e->call_stmt || !e->callee)
    return nullptr;
  cgraph_node *target = e->callee->ultimate_alias_target();
  tree callee = origin_decl(target);
  tree caller = lexical_function(e->call_stmt, origin_decl(e->caller));
  for (const ForbiddenCall *r : rules_)
    if (any_matches(r->callee, callee) && any_matches(r->caller, caller))
      return r;
  return nullptr;
}

void ForbiddenSites::mark_edges_of(cgraph_node *node) {
  for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
    if (!e->inline_failed)
      continue; // already inlined
    const ForbiddenCall *rule = rule_for(e);
    if (!rule)
      continue;
    tree callee = origin_decl(e->callee->ultimate_alias_target());
    tree caller = lexical_function(e->call_stmt, origin_decl(e->caller));
    if (lookup_attribute("always_inline", DECL_ATTRIBUTES(callee))) {
      if (!conflicts_.insert(display_name(caller) + " -> " + display_name(callee)).second)
        continue; // reported once, not once per pass
      error_at(gimple_location(e->call_stmt),
               "inlinetune: the call from %qs to %qs is forbidden (%s) but %qs is declared "
               "%<always_inline%>",
               display_name(caller).c_str(), display_name(callee).c_str(),
               rule->origin.describe().c_str(), display_name(callee).c_str());
      continue;
    }
    e->call_stmt_cannot_inline_p = 1;
    e->inline_failed = CIF_UNSPECIFIED;
    expanded_location loc = expand_location(gimple_location(e->call_stmt));
    sites_.insert(std::string(loc.file ? loc.file : "?") + ":" + std::to_string(loc.line) + ":" +
                  std::to_string(loc.column) + " " + display_name(caller) + " -> " +
                  display_name(callee));
  }
}

void ForbiddenSites::before_early_inline(cgraph_node *fn) {
  if (rules_.empty() || !fn)
    return;
  // Worklist over callees: bounded by the functions FN can reach in this TU.
  hash_set<cgraph_node *> seen;
  auto_vec<cgraph_node *> work;
  work.safe_push(fn);
  seen.add(fn);
  while (!work.is_empty()) {
    cgraph_node *n = work.pop();
    mark_edges_of(n);
    for (cgraph_edge *e = n->callees; e; e = e->next_callee) {
      cgraph_node *callee = e->callee ? e->callee->ultimate_alias_target() : nullptr;
      if (callee && callee->definition && !seen.add(callee))
        work.safe_push(callee);
    }
  }
}

void ForbiddenSites::before_ipa_inline() {
  if (rules_.empty())
    return;
  cgraph_node *node;
  FOR_EACH_FUNCTION(node) mark_edges_of(node);
}

} // namespace inlinetune
