// SPDX-License-Identifier: GPL-3.0-or-later
// Forced call sites (inline-call, inline-site; docs/policy.md "Call
// sites"): inlined whatever GCC's heuristics would say, by the first
// inliner that can, and only where GCC itself could inline them.
//
// How: GCC has no hook to ask "inline this edge".  A pass of ours does at
// each inliner what GCC does for the calls it must inline: right after
// "einline" has run on a function F, F's forced calls are inlined the way
// early_inliner inlines always_inline callees (inline_call, then
// optimize_inline_calls copies the bodies in, the call summaries and F's
// summary are updated); just before the IPA "inline" pass, the forced calls
// left are inlined the way flatten_function does (inline_call into the
// call graph; GCC's inline_transform copies the bodies later), in every
// inline copy made since; then GCC's IPA inliner runs as always on
// everything else.  After "einline", not before: early_inliner verifies
// F's call graph first, and the edges a body copy leaves (calls folded
// away by the copy's cleanup) are only dropped by the passes after it
// (pass_remove_cgraph_callee_edges), as for GCC's own early inlining:
// before it, -fchecking failed on 95 of gcc.c-torture/execute's tests.
// Marking the callee DECL_DISREGARD_INLINE_LIMITS around one caller's early
// inlining was the other way looked at: it is per callee, not per site, so
// every other call of it in that caller would have to be forbidden and
// restored, and in the IPA inliner it would change GCC's decisions on every
// call of the callee in the unit.
//
// Legality first: GCC's own checks (can_inline_edge_p,
// can_early_inline_edge_p and the correctness part of
// can_inline_edge_by_limits_p in ipa-inline.cc) are static there, so
// refusal() makes them again, as strict or stricter: a forced call that
// GCC could not inline stays a call, and its record says why
// (FORCE_REFUSED, with GCC's reason).
#pragma once

#include "call_sites.h"
#include "gcc_compat.h"
#include "policy.h"
#include "replayed_sites.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace inlinetune {

class ForcedSites {
public:
  void reset(std::vector<const ForcedCall *> rules);
  // Replay's recorded inlinings are forced here too, and its refusals
  // marked in the inline copies this pass makes (replayed_sites.h).
  void set_replay(ReplayedSites *replay) { replay_ = replay; }
  bool has_rules() const { return !rules_.empty(); }
  // Nothing to force: no rule, no replay.
  bool empty() const { return rules_.empty() && !(replay_ && replay_->active()); }

  // Right after "einline" ran on FN: FN's forced calls inlined.  Returns
  // the TODO flags the body update needs (optimize_inline_calls').
  unsigned early(cgraph_node *fn, const ForbiddenSites &forbidden);
  // Just before the IPA "inline" pass: every forced call not inlined yet,
  // and replay's refusals marked.
  void ipa(const ForbiddenSites &forbidden);
  // Right after it: replay's recorded inlinings GCC did not make.  After,
  // not before: inlining them ahead of GCC's inliner changed the order of
  // its work and, in 12 of 486 of GCC's own ipa tests, the code of a
  // self-replay whose decisions were all the same.  Whether it inlined any.
  bool after_ipa(const ForbiddenSites &forbidden);

  // For the decision log: whether an early inlining of the call at STMT
  // (the edge's statement when it was inlined) was ours; whether an IPA
  // inline edge was ours; why a forced call was refused (nullopt: it was
  // not a refused forced call).
  bool forced_early(gimple *stmt) const { return early_stmts_.count(stmt) != 0; }
  bool forced_ipa(cgraph_edge *e) const { return ipa_edges_.count(e) != 0; }
  // The same for the inlinings replay forced.
  bool replayed_early(gimple *stmt) const { return replayed_stmts_.count(stmt) != 0; }
  bool replayed_ipa(cgraph_edge *e) const { return replayed_edges_.count(e) != 0; }
  const cgraph_inline_failed_t *refusal_of(cgraph_edge *e) const;
  // Distinct forced sites ("file:line:col caller -> callee") inlined so far,
  // and refused (the same, with GCC's reason).
  const std::set<std::string> &inlined() const { return inlined_; }
  const std::set<std::string> &refused() const { return refused_; }

private:
  enum class Stage { early, before_ipa, after_ipa };
  bool walk_roots(Stage stage, const ForbiddenSites &forbidden); // whether it inlined any
  const ForcedCall *rule_for(const CallIdentity &call) const;
  // Why E cannot be inlined (nullopt: it can), checked as GCC checks it.
  std::optional<cgraph_inline_failed_t> refusal(cgraph_edge *e, bool early) const;
  // Whether E is forced (by a rule, or by replay: *BY_REPLAY) and may be
  // inlined now; a refusal is remembered, a replayed refusal marked.
  // PATH: the functions whose copies E sits in, outermost first, and CHAIN
  // their symbols and the calls that made them, as the log writes them
  // (IPA); ROOT: the out-of-line function E's code is in.
  bool take(cgraph_edge *e, Stage stage, const ForbiddenSites &forbidden, cgraph_node *root,
            const std::vector<cgraph_node *> *path, const InlineChain *chain, bool *by_replay);
  void ipa_into(Stage stage, cgraph_node *root, cgraph_node *node, const ForbiddenSites &forbidden,
                std::vector<cgraph_node *> &path, InlineChain &chain, bool *any);

  std::vector<const ForcedCall *> rules_;
  ReplayedSites *replay_ = nullptr;
  std::set<gimple *> early_stmts_, replayed_stmts_;
  std::set<cgraph_edge *> ipa_edges_, replayed_edges_;
  std::map<gimple *, cgraph_inline_failed_t> refused_stmts_;
  std::set<std::string> inlined_, refused_, conflicts_;
};

} // namespace inlinetune
