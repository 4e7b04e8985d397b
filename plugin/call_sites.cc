// SPDX-License-Identifier: GPL-3.0-or-later
#include "call_sites.h"
#include "functions.h"
#include "inline_observer.h"

#include <cstdlib>

namespace inlinetune {

namespace {

// The log's "id" of a call from CALLER (lexical) to CALLEE at LOCATION.
std::string site_id_of(tree caller, tree callee, const std::string &location) {
  log::Site s;
  s.lexical_caller.symbol = function_names(caller).front();
  s.callee.symbol = function_names(callee).front();
  s.location = location;
  return log::site_id(s);
}

} // namespace

CallIdentity call_identity(cgraph_edge *e) {
  CallIdentity c;
  c.callee = origin_decl(e->callee->ultimate_alias_target());
  c.caller = lexical_function(e->call_stmt, origin_decl(e->caller));
  c.location = site_location(gimple_location(e->call_stmt));
  c.id_text = site_id_of(c.caller, c.callee, c.location);
  c.id = std::strtoull(c.id_text.c_str(), nullptr, 16);
  return c;
}

InlineChain::InlineChain(tree root) : functions{function_names(root).front()} {}

void InlineChain::push(cgraph_edge *e) {
  functions.push_back(function_names(origin_decl(e->callee)).front());
  sites.push_back(e->call_stmt ? call_identity(e).id_text : std::string());
}

InlineChain inline_chain(gimple *stmt, tree fn) {
  std::vector<InlinedBlock> blocks = inlined_around(stmt);
  InlineChain chain(fn);
  tree caller = fn;
  for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
    // The inlined block's location is its call's (expand_call_inline).
    chain.functions.push_back(function_names(it->function).front());
    chain.sites.push_back(site_id_of(caller, it->function, site_location(it->call)));
    caller = it->function;
  }
  return chain;
}

bool selects(const CallSelector &rule, const CallIdentity &call) {
  return rule.matches(function_names(call.caller), function_names(call.callee), call.location,
                      call.id);
}

std::string describe_site(const CallIdentity &call) {
  return call.location + " " + display_name(call.caller) + " -> " + display_name(call.callee);
}

void ForbiddenSites::reset(std::vector<const ForbiddenCall *> rules) {
  rules_ = std::move(rules);
  sites_.clear();
  conflicts_.clear();
}

const ForbiddenCall *ForbiddenSites::rule_for(const CallIdentity &call) const {
  for (const ForbiddenCall *r : rules_)
    if (selects(*r, call))
      return r;
  return nullptr;
}

void ForbiddenSites::mark_edges_of(cgraph_node *node) {
  for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
    if (!e->inline_failed)
      continue; // already inlined
    if (!e->call_stmt || !e->callee)
      continue;
    const CallIdentity call = call_identity(e);
    const ForbiddenCall *rule = rule_for(call);
    if (!rule)
      continue;
    tree callee = call.callee, caller = call.caller;
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
    sites_.insert(describe_site(call));
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
