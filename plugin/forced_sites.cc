// SPDX-License-Identifier: GPL-3.0-or-later
#include "forced_sites.h"
#include "functions.h"

#include <algorithm>

namespace inlinetune {

namespace {

// Options under which code means something else, or is built otherwise,
// when they differ between caller and callee: the correctness part of
// can_inline_edge_by_limits_p (ipa-inline.cc), whose "safe one way"
// checks are made strict here (any difference refuses), plus the level.
// Each exists in GCC 11 to 16 (-fcx-limited-range is not per function in
// 16: it is left out).
bool options_differ(tree caller, tree callee) {
  const cl_optimization *a = opts_for_fn(caller), *b = opts_for_fn(callee);
  if (a == b)
    return false;
#define DIFFER(field) (a->x_##field != b->x_##field)
  return DIFFER(optimize) || DIFFER(optimize_size) || DIFFER(optimize_debug) ||
         DIFFER(flag_wrapv) || DIFFER(flag_trapv) || DIFFER(flag_pcc_struct_return) ||
         DIFFER(flag_rounding_math) || DIFFER(flag_trapping_math) ||
         DIFFER(flag_unsafe_math_optimizations) || DIFFER(flag_finite_math_only) ||
         DIFFER(flag_signaling_nans) || DIFFER(flag_signed_zeros) ||
         DIFFER(flag_associative_math) || DIFFER(flag_reciprocal_math) ||
         DIFFER(flag_fp_int_builtin_inexact) || DIFFER(flag_errno_math) ||
         DIFFER(flag_non_call_exceptions) || DIFFER(flag_exceptions) ||
         DIFFER(flag_devirtualize) || DIFFER(flag_strict_aliasing) ||
         // A user's optimize attribute on the callee is honoured as GCC
         // honours it (any difference refuses).
         lookup_attribute("optimize", DECL_ATTRIBUTES(callee)) != nullptr;
#undef DIFFER
}

// sanitize_attrs_match_for_inline_p (ipa-inline.cc).
bool sanitizers_differ(tree caller, tree callee) {
  for (unsigned code : {unsigned(SANITIZE_ADDRESS), unsigned(SANITIZE_THREAD),
                        unsigned(SANITIZE_UNDEFINED), unsigned(SANITIZE_UNDEFINED_NONDEFAULT),
                        unsigned(SANITIZE_POINTER_COMPARE), unsigned(SANITIZE_POINTER_SUBTRACT)})
    if (sanitize_flags_p(code, caller) != sanitize_flags_p(code, callee))
      return true;
  return false;
}

// Stack scrubbing (GCC 14's strub) has its own inlining rules
// (strub_inlinable_to_p, not exported): a function that has any part in it
// is never forced.
bool has_strub(tree fndecl) {
  return lookup_attribute("strub", DECL_ATTRIBUTES(fndecl)) ||
         lookup_attribute("strub", TYPE_ATTRIBUTES(TREE_TYPE(fndecl)));
}

// The call graph edges of FN whose call statement is gone: "einline"'s own
// body copies leave them when their cleanup folds a call away (a call to
// abort becomes __builtin_unreachable and goes), and GCC drops them in a
// later pass (pass_remove_cgraph_callee_edges).  optimize_inline_calls
// verifies FN's edges under -fchecking, so they go before it.
void drop_stale_edges(cgraph_node *fn) {
  hash_set<gimple *> calls;
  basic_block bb;
  FOR_EACH_BB_FN(bb, DECL_STRUCT_FUNCTION(fn->decl))
  for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
    if (is_gimple_call(gsi_stmt(gsi)))
      calls.add(gsi_stmt(gsi));
  for (cgraph_edge **list : {&fn->callees, &fn->indirect_calls})
    for (cgraph_edge *e = *list, *next; e; e = next) {
      next = e->next_callee;
      if (!e->call_stmt || !calls.contains(e->call_stmt))
        cgraph_edge::remove(e);
    }
}

} // namespace

void ForcedSites::reset(std::vector<const ForcedCall *> rules) {
  rules_ = std::move(rules);
  early_stmts_.clear();
  ipa_edges_.clear();
  replayed_stmts_.clear();
  replayed_edges_.clear();
  refused_stmts_.clear();
  inlined_.clear();
  refused_.clear();
  conflicts_.clear();
}

const ForcedCall *ForcedSites::rule_for(const CallIdentity &call) const {
  for (const ForcedCall *r : rules_)
    if (selects(*r, call))
      return r;
  return nullptr;
}

const cgraph_inline_failed_t *ForcedSites::refusal_of(cgraph_edge *e) const {
  if (!e->call_stmt)
    return nullptr;
  auto it = refused_stmts_.find(e->call_stmt);
  return it == refused_stmts_.end() ? nullptr : &it->second;
}

std::optional<cgraph_inline_failed_t> ForcedSites::refusal(cgraph_edge *e, bool early) const {
  if (e->call_stmt_cannot_inline_p || cgraph_inline_failed_type(e->inline_failed) == CIF_FINAL_ERROR)
    return e->inline_failed; // mismatched arguments, a forbidden site, ...
  cgraph_node *caller = e->caller->inlined_to ? e->caller->inlined_to : e->caller;
  enum availability avail;
  cgraph_node *callee = e->callee->ultimate_alias_target(&avail, caller);
  if (!callee->definition)
    return CIF_BODY_NOT_AVAILABLE;
  if (!opt_for_fn(callee->decl, optimize) || !opt_for_fn(caller->decl, optimize))
    return CIF_FUNCTION_NOT_OPTIMIZED;
  if (callee->calls_comdat_local)
    return CIF_USES_COMDAT_LOCAL;
  if (avail <= AVAIL_INTERPOSABLE)
    return CIF_OVERWRITABLE;
  if (DECL_FUNCTION_PERSONALITY(caller->decl) && DECL_FUNCTION_PERSONALITY(callee->decl) &&
      DECL_FUNCTION_PERSONALITY(caller->decl) != DECL_FUNCTION_PERSONALITY(callee->decl))
    return CIF_EH_PERSONALITY;
  if (is_tm_pure(callee->decl) && !is_tm_pure(caller->decl))
    return CIF_UNSPECIFIED;
  if (!targetm.target_option.can_inline_p(caller->decl, callee->decl))
    return CIF_TARGET_OPTION_MISMATCH;
  if (!ipa_fn_summaries || !ipa_fn_summaries->get(callee) ||
      !ipa_fn_summaries->get(callee)->inlinable)
    return CIF_FUNCTION_NOT_INLINABLE; // noinline, never-inline lists, alloca, va_start, setjmp,
                                       // ...
  if (sanitizers_differ(caller->decl, callee->decl))
    return CIF_SANITIZE_ATTRIBUTE_MISMATCH;
  if (has_strub(caller->decl) || has_strub(callee->decl))
    return CIF_UNSPECIFIED;
  if (options_differ(caller->decl, callee->decl))
    return CIF_OPTIMIZATION_MISMATCH;
  if (e->recursive_p())
    return CIF_RECURSIVE_INLINING;
  // can_early_inline_edge_p: -fprofile-arcs instrumentation must agree.
  if (early && profile_arc_flag &&
      (lookup_attribute("no_profile_instrument_function", DECL_ATTRIBUTES(caller->decl)) ==
       nullptr) != (lookup_attribute("no_profile_instrument_function",
                                     DECL_ATTRIBUTES(callee->decl)) == nullptr))
    return CIF_UNSPECIFIED;
  return std::nullopt;
}

bool ForcedSites::take(cgraph_edge *e, Stage stage, const ForbiddenSites &forbidden,
                       cgraph_node *root, const std::vector<cgraph_node *> *path,
                       const InlineChain *chain, bool *by_replay) {
  *by_replay = false;
  if (!e->call_stmt || !e->callee || !e->inline_failed)
    return false;
  const bool early = stage == Stage::early;
  const CallIdentity call = call_identity(e);
  // After GCC's IPA inliner only replay's inlinings are left to do: a
  // rule's were done before it.
  const ForcedCall *rule = stage == Stage::after_ipa ? nullptr : rule_for(call);
  if (!rule) {
    // Replay, where no policy rule has a say.
    if (!replay_ || !replay_->active() || forbidden.rule_for(call))
      return false;
    using V = ReplayedSites::Verdict;
    const V v = early ? replay_->early(e, root, call) : replay_->ipa(e, root, *chain, call);
    if (v == V::refuse && stage != Stage::after_ipa && !e->call_stmt_cannot_inline_p)
      replay_->refuse(e);
    if (v != V::inline_call || stage == Stage::before_ipa ||
        (stage == Stage::after_ipa && e->call_stmt_cannot_inline_p &&
         !replay_->lift_provisional(e)))
      return false;
    *by_replay = true;
  } else if (const ForbiddenCall *no = forbidden.rule_for(call)) {
    if (conflicts_.insert(describe_site(call)).second)
      error_at(gimple_location(e->call_stmt),
               "inlinetune: the call from %qs to %qs is both forced (%s) and forbidden (%s)",
               display_name(call.caller).c_str(), display_name(call.callee).c_str(),
               rule->describe().c_str(), no->describe().c_str());
    return false;
  }
  if (early) {
    // The early inliner copies bodies already in SSA form, and runs on
    // functions in reverse postorder: a callee in a cycle with FN may not
    // be ready yet.  Not a refusal: the IPA inliner can take it.
    cgraph_node *callee = e->callee->ultimate_alias_target();
    if (callee->definition &&
        (!gimple_has_body_p(callee->decl) || !DECL_STRUCT_FUNCTION(callee->decl) ||
         !gimple_in_ssa_p(DECL_STRUCT_FUNCTION(callee->decl)) ||
         !gimple_in_ssa_p(DECL_STRUCT_FUNCTION(e->caller->decl))))
      return false;
    if (callee->definition && !ipa_fn_summaries->get(callee))
      compute_fn_summary(callee, true);
  }
  std::optional<cgraph_inline_failed_t> why = refusal(e, early);
  // A cycle through copies (a -> b -> a inlined into c): as flatten_function,
  // a function already on the inline path is not inlined again.
  if (!why && path) {
    cgraph_node *callee = clone_origin(e->callee->ultimate_alias_target());
    if (std::find(path->begin(), path->end(), callee) != path->end())
      why = CIF_RECURSIVE_INLINING;
  }
  if (why) {
    refused_stmts_[e->call_stmt] = *why;
    if (*by_replay)
      replay_->note_refused(describe_site(call));
    else
      refused_.insert(describe_site(call) + " (" + cgraph_inline_failed_string(*why) + ")");
    return false;
  }
  refused_stmts_.erase(e->call_stmt);
  if (!*by_replay)
    inlined_.insert(describe_site(call));
  return true;
}

unsigned ForcedSites::early(cgraph_node *fn, const ForbiddenSites &forbidden) {
  // What the log asks about is F's alone, and asked before the next
  // function's turn: statements freed since may come back at the same
  // address, in another function.
  early_stmts_.clear();
  replayed_stmts_.clear();
  refused_stmts_.clear();
  if (empty() || !fn || !ipa_fn_summaries || !ipa_call_summaries)
    return 0;
  // Without early inlining (-fno-early-inlining, -fno-inline) the IPA
  // inliner is the first: forced calls wait for it.
  if (!opt_for_fn(fn->decl, flag_early_inlining) || opt_for_fn(fn->decl, flag_no_inline))
    return 0;
  drop_stale_edges(fn);
  // One round: calls that the bodies copied in bring are left to the IPA
  // force pass, which follows inline paths.
  bool inlined = false;
  for (cgraph_edge *e = fn->callees; e; e = e->next_callee) {
    bool by_replay;
    if (!take(e, Stage::early, forbidden, fn, nullptr, nullptr, &by_replay))
      continue;
    (by_replay ? replayed_stmts_ : early_stmts_).insert(e->call_stmt);
    inline_call(e, true, nullptr, nullptr, false);
    inlined = true;
  }
  if (!inlined)
    return 0;
  // What early_inliner does after inlining always_inline callees.
  const unsigned todo = optimize_inline_calls(current_function_decl);
  for (cgraph_edge *e = fn->callees; e; e = e->next_callee) {
    ipa_call_summary *es = ipa_call_summaries->get_create(e);
    es->call_stmt_size = estimate_num_insns(e->call_stmt, &eni_size_weights);
    es->call_stmt_time = estimate_num_insns(e->call_stmt, &eni_time_weights);
  }
  ipa_update_overall_fn_summary(fn);
  return todo;
}

void ForcedSites::ipa_into(Stage stage, cgraph_node *root, cgraph_node *node,
                           const ForbiddenSites &forbidden, std::vector<cgraph_node *> &path,
                           InlineChain &chain, bool *any) {
  if (stage == Stage::before_ipa && replay_ && replay_->active())
    for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
      replay_->ipa_indirect(e, root, chain);
  for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
    cgraph_node *callee = e->callee ? e->callee->ultimate_alias_target() : nullptr;
    bool by_replay = false;
    if (!e->inline_failed && stage == Stage::after_ipa && replay_ && e->call_stmt)
      replay_->ipa(e, root, chain, call_identity(e)); // GCC inlined it: counted, as asked
    if (e->inline_failed) {
      if (!take(e, stage, forbidden, root, &path, &chain, &by_replay))
        continue;
      (by_replay ? replayed_edges_ : ipa_edges_).insert(e);
      // What flatten_function does; inline_transform copies the bodies in.
      inline_call(e, true, nullptr, nullptr, false);
      *any = true;
    }
    // The copy's calls are sites too (the log's chain names the copy as
    // the observer does).
    path.push_back(clone_origin(callee));
    chain.push(e);
    ipa_into(stage, root, e->callee, forbidden, path, chain, any);
    chain.pop();
    path.pop_back();
  }
}

bool ForcedSites::walk_roots(Stage stage, const ForbiddenSites &forbidden) {
  std::vector<cgraph_node *> roots;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION(node)
  if (!node->inlined_to && !node->alias && !node->thunk)
    roots.push_back(node);
  bool inlined = false;
  for (cgraph_node *root : roots) {
    bool any = false;
    std::vector<cgraph_node *> path = {root};
    InlineChain chain(origin_decl(root));
    ipa_into(stage, root, root, forbidden, path, chain, &any);
    if (any)
      ipa_update_overall_fn_summary(root);
    inlined |= any;
  }
  return inlined;
}

void ForcedSites::ipa(const ForbiddenSites &forbidden) {
  if (empty() || !ipa_fn_summaries)
    return;
  early_stmts_.clear();
  replayed_stmts_.clear();
  refused_stmts_.clear();
  if (replay_)
    replay_->begin_ipa();
  walk_roots(Stage::before_ipa, forbidden);
}

bool ForcedSites::after_ipa(const ForbiddenSites &forbidden) {
  if (!replay_ || !replay_->active() || !ipa_fn_summaries)
    return false;
  replay_->end_ipa();
  return walk_roots(Stage::after_ipa, forbidden);
}

} // namespace inlinetune
