// SPDX-License-Identifier: GPL-3.0-or-later
// Watches both inliners and turns what they decided into decision-log records.
//
// Early inliner: it copies each inlined body in right away and then removes
// the inline clone, so a call graph node-removal hook sees every early
// inlining while "einline" runs on a function F, with the call edge it came
// from (also for calls that only became visible after an always_inline body
// was copied in, which GCC then inlines in the same run).  What stays are F's
// call graph edges after the pass: the calls it kept.
// IPA inliner: sizes and growth estimates are snapshot when "inline" starts;
// an IPA pass placed after it walks the inline trees it built.
#pragma once

#include "call_sites.h"
#include "gcc_compat.h"
#include "records.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace inlinetune {

class ForcedSites;
class ReplayedSites;
using log::Function;
using log::FunctionRef;
using log::Limit;
using log::Pass;
using log::Site;

class InlineObserver {
public:
  // Functions whose never-inline mark came from us / sites we forbade: their
  // refusals get inlinetune's reason instead of GCC's.
  void set_never_inline(std::set<tree> decls) { never_inline_ = std::move(decls); }
  // Sites forced by policy: their records say so (FORCED_BY_POLICY, or
  // FORCE_REFUSED with GCC's reason).
  void set_forced(const ForcedSites *forced) { forced_ = forced; }
  // Replay: its refusals get REPLAYED_REFUSAL, its inlinings (through
  // ForcedSites) REPLAYED_INLINE.
  void set_replay(const ReplayedSites *replay) { replay_ = replay; }
  void note_all_functions(); // at the start of the IPA passes

  void before_early_inline(cgraph_node *fn);
  void early_inline_done(cgraph_node *inline_clone); // from the node-removal hook
  void after_early_inline(cgraph_node *fn);
  void before_ipa_inline();
  void after_ipa_inline();

  const std::vector<Site> &sites() const { return sites_; }
  std::vector<Function> functions() const;
  void clear();

private:
  Site site_for(cgraph_edge *e, Pass pass, cgraph_node *root, const InlineChain &chain);
  void classify_refusal(cgraph_edge *e, Site *site, bool early);
  void walk_inline_tree(cgraph_node *root, cgraph_node *node, InlineChain &chain, int *inlined);

  std::set<tree> never_inline_;
  const ForcedSites *forced_ = nullptr;
  const ReplayedSites *replay_ = nullptr;
  std::vector<tree> function_order_; // every defined function, in symtab order
  std::map<tree, Function> functions_;
  // Early inliner: the function it runs on, and that function's size before.
  cgraph_node *early_fn_ = nullptr;
  int early_size_before_ = 0;
  size_t early_first_site_ = 0; // its first record in sites_
  // IPA inliner snapshot.
  std::map<tree, int> ipa_size_before_;
  std::map<gimple *, int> ipa_growth_; // by call statement, which an edge shares with its clones
  std::vector<Site> sites_;
};

// Where relative source paths are taken from (the TU's srctree and cwd).
void set_source_root(const std::string &srctree, const std::string &cwd);
// A source location as "file:line:col", the file relative to the source tree.
std::string site_location(location_t loc);

} // namespace inlinetune
