// SPDX-License-Identifier: GPL-3.0-or-later
// Forbidden call sites ("caller -> callee"): neither the early nor the IPA
// inliner may inline them; other calls of the same callee stay inlinable.
//
// GCC 12 has no per-statement "cannot inline" flag, so the call graph edge is
// marked (call_stmt_cannot_inline_p with a final CIF code, as GCC itself does for
// mismatched arguments).  Edges are rebuilt between passes, so the marks are set
// again before each inliner runs.  A site belongs to the function in whose
// source body the call is written, even after that function was inlined
// elsewhere: the statement's lexical blocks say so.
#pragma once

#include "gcc_compat.h"
#include "policy.h"

#include <set>
#include <string>
#include <vector>

namespace inlinetune {

// A call as a policy names it (CallSelector::matches): the function it is
// written in, its callee, where it is written and its site id (the log's
// "id", docs/log-format.md "Site identity"), the same in every copy of it.
struct CallIdentity {
  tree caller = nullptr, callee = nullptr;
  std::string location;
  uint64_t id = 0;
  std::string id_text; // as the log writes it (16 hex digits)
};
CallIdentity call_identity(cgraph_edge *e);

// Where a call sits: the out-of-line function, then each inline copy down
// to the one whose body holds the call (the log's "chain", symbols), and
// the ids of the calls that made those copies ("chain_sites", one fewer),
// which tell apart two copies of one function in one caller.
struct InlineChain {
  std::vector<std::string> functions;
  std::vector<std::string> sites;
  explicit InlineChain(tree root);
  // One level down: into the copy the inlined call E made.
  void push(cgraph_edge *e);
  void pop() {
    functions.pop_back();
    sites.pop_back();
  }
};
// STMT's chain in FN's body, from its lexical blocks (the early inliner's
// copies).
InlineChain inline_chain(gimple *stmt, tree fn);
bool selects(const CallSelector &rule, const CallIdentity &call);
// "file:line:col caller -> callee", as the TU header lists sites.
std::string describe_site(const CallIdentity &call);

class ForbiddenSites {
public:
  void reset(std::vector<const ForbiddenCall *> rules);
  bool empty() const { return rules_.empty(); }
  // The rule forbidding CALL, or null.
  const ForbiddenCall *rule_for(const CallIdentity &call) const;

  // Before the early inliner runs on FN: its edges and those of every function
  // it can reach (their bodies are what early inlining copies into FN).
  void before_early_inline(cgraph_node *fn);
  // Before the IPA inliner: every edge of the unit.
  void before_ipa_inline();

  // Distinct sites ("file:line:col caller -> callee") marked so far.
  const std::set<std::string> &sites() const { return sites_; }

private:
  void mark_edges_of(cgraph_node *node);

  std::vector<const ForbiddenCall *> rules_;
  std::set<std::string> sites_;
  std::set<std::string> conflicts_;
};

} // namespace inlinetune
