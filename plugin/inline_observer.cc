// SPDX-License-Identifier: GPL-3.0-or-later
#include "inline_observer.h"
#include "forced_sites.h"
#include "replayed_sites.h"
#include "functions.h"
#include "source_path.h"

#include <algorithm>

namespace inlinetune {

// ---- names and locations -------------------------------------------------------

// cgraph.h leaves its own DEFCIFCODE defined.
#undef DEFCIFCODE
static const char *const cif_names[] = {
#define DEFCIFCODE(code, type, string) #code,
#include "cif-code.def"
#undef DEFCIFCODE
};

struct OwnReason {
  const char *name, *text;
};
static const OwnReason own_reasons[] = {
#define DEFREASON(name, text) {#name, text},
#include "reasons.def"
#undef DEFREASON
};
enum OwnReasonIndex {
  NEVER_INLINE_LIST,
  FORBIDDEN_CALL_SITE,
  FORCED_BY_POLICY,
  FORCE_REFUSED,
  REPLAYED_INLINE,
  REPLAYED_REFUSAL
};
static_assert(sizeof own_reasons / sizeof own_reasons[0] == REPLAYED_REFUSAL + 1,
              "OwnReasonIndex follows reasons.def");

static void set_reason(Site *s, OwnReasonIndex r) {
  s->reason = own_reasons[r].name;
  s->reason_text = own_reasons[r].text;
}

static std::string source_root_srctree = ".", source_root_cwd = ".";
static std::map<std::string, std::string> relative_file_cache;

void set_source_root(const std::string &srctree, const std::string &cwd) {
  source_root_srctree = srctree;
  source_root_cwd = cwd;
  relative_file_cache.clear();
}

std::string site_location(location_t loc) {
  expanded_location x = expand_location(loc);
  if (!x.file)
    return "?";
  auto it = relative_file_cache.find(x.file);
  if (it == relative_file_cache.end())
    it = relative_file_cache
             .emplace(x.file, relative_source_path(x.file, source_root_srctree, source_root_cwd))
             .first;
  return it->second + ":" + std::to_string(x.line) + ":" + std::to_string(x.column);
}

static FunctionRef ref_of(tree decl) {
  return {display_name(decl), function_names(decl).front()};
}

static int param_value(tree fndecl, const char *name) {
  // Param values are read the way GCC reads them for this function.
  const cl_optimization *opts = opts_for_fn(fndecl);
  if (!strcmp(name, "early-inlining-insns"))
    return opts->x_param_early_inlining_insns;
  if (!strcmp(name, "max-inline-insns-size"))
    return opts->x_param_max_inline_insns_size;
  if (!strcmp(name, "max-early-inliner-iterations"))
    return opts->x_param_early_inliner_max_iterations;
  if (!strcmp(name, "max-inline-insns-auto"))
    return opts->x_param_max_inline_insns_auto;
  if (!strcmp(name, "max-inline-insns-single"))
    return opts->x_param_max_inline_insns_single;
  if (!strcmp(name, "inline-unit-growth"))
    return opts->x_param_inline_unit_growth;
  if (!strcmp(name, "large-function-growth"))
    return opts->x_param_large_function_growth;
  if (!strcmp(name, "large-stack-frame-growth"))
    return opts->x_param_stack_frame_growth;
  return -1;
}

// The symbol of the function whose per-function rule reaches NODE's params:
// a part that ipa-split cut off a function (X.part.N, made after the rules
// were applied, and often outliving X, inlined everywhere) copied X's
// options, so a rule must name X.
static std::string rule_target(cgraph_node *node) {
  std::string symbol = ref_of(origin_decl(node)).symbol;
  size_t part = symbol.find(".part.");
  if (clone_origin(node)->split_part && part != std::string::npos)
    symbol.resize(part);
  return symbol;
}

static bool has_summaries(cgraph_node *callee) {
  return callee && callee->definition && ipa_size_summaries && ipa_size_summaries->get(callee) &&
         ipa_fn_summaries && ipa_fn_summaries->get(callee);
}

// ---- records -------------------------------------------------------------------

Site InlineObserver::site_for(cgraph_edge *e, Pass pass, cgraph_node *root,
                              const InlineChain &chain) {
  Site s;
  s.pass = pass;
  tree callee = origin_decl(e->callee->ultimate_alias_target());
  s.caller = ref_of(origin_decl(root));
  s.lexical_caller = ref_of(lexical_function(e->call_stmt, origin_decl(e->caller)));
  s.callee = ref_of(callee);
  tree called = e->callee->ultimate_alias_target()->decl;
  if (called != callee)
    s.callee_clone = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(called));
  s.location = site_location(gimple_location(e->call_stmt));
  s.chain = chain.functions;
  // Every id known or none (a call without a statement has no id).
  if (std::find(chain.sites.begin(), chain.sites.end(), "") == chain.sites.end())
    s.chain_sites = chain.sites;
  s.inlined = !e->inline_failed;
  if (e->count.ipa().initialized_p())
    s.count = e->count.ipa().to_gcov_type();
  s.frequency = e->sreal_frequency().to_double();
  s.hot = e->maybe_hot_p();
  cgraph_node *target = e->callee->ultimate_alias_target();
  if (ipa_size_summaries && ipa_size_summaries->get(target))
    s.callee_size = ipa_size_summaries->get(target)->size;
  if (s.inlined) {
    s.reason = "OK";
    s.reason_text = "inlined";
  }
  return s;
}

// Why E was not inlined, and for a size limit which param decided it and where
// the decision would flip.
void InlineObserver::classify_refusal(cgraph_edge *e, Site *site, bool early) {
  cgraph_inline_failed_t why = e->inline_failed;
  site->reason = cif_names[why];
  site->reason_text = cgraph_inline_failed_string(why);
  tree callee = origin_decl(e->callee->ultimate_alias_target());
  if (const cgraph_inline_failed_t *refused = forced_ ? forced_->refusal_of(e) : nullptr) {
    // One code per cause (the header keeps one text per code):
    // FORCE_REFUSED_ and GCC's code, as FORCE_REFUSED_FUNCTION_NOT_INLINABLE.
    site->reason = std::string(own_reasons[FORCE_REFUSED].name) + "_" + cif_names[*refused];
    site->reason_text = std::string(own_reasons[FORCE_REFUSED].text) + ": " +
                        cgraph_inline_failed_string(*refused);
    return;
  }
  if (e->call_stmt_cannot_inline_p && why == CIF_UNSPECIFIED) {
    set_reason(site, replay_ && replay_->refused(e->call_stmt) ? REPLAYED_REFUSAL
                                                               : FORBIDDEN_CALL_SITE);
    return;
  }
  if (never_inline_.count(callee) && why == CIF_FUNCTION_NOT_INLINABLE) {
    site->reason = own_reasons[NEVER_INLINE_LIST].name;
    site->reason_text = own_reasons[NEVER_INLINE_LIST].text;
    return;
  }
  // Whose params GCC reads: the early inliner's are the global options,
  // those of the function it runs on (the outermost caller); the IPA
  // inliner reads max-inline-insns-auto and -single from the edge's caller,
  // the inline copy a call sits in (want_inline_small_function_p's
  // inline_insns_auto/single (e->caller)), and its unit and function growth
  // limits from the outermost caller (caller_growth_limits, compute_max_insns).
  cgraph_node *outermost = e->caller->inlined_to ? e->caller->inlined_to : e->caller;
  auto limit_of = [](const char *param, cgraph_node *node) {
    Limit l{param, param_value(node->decl, param), std::nullopt, {}};
    l.params_of = rule_target(node);
    return l;
  };
  if (early) {
    // The early inliner leaves size refusals as FUNCTION_NOT_CONSIDERED; its
    // rule (want_early_inline_function_p): growth <= max-inline-insns-size
    // always inlines, else a cold call never does, else growth <=
    // early-inlining-insns does, and for a callee with calls of its own
    // growth * (calls + 1) <= early-inlining-insns.
    if (why != CIF_FUNCTION_NOT_CONSIDERED || !has_summaries(e->callee->ultimate_alias_target()) ||
        !ipa_call_summaries || !ipa_call_summaries->get(e))
      return;
    int growth = estimate_edge_growth(e);
    site->growth = growth;
    // A call inside a body this early inliner run inlined was never
    // considered: early_inliner looks at the function's own calls, and at
    // those the inlined bodies brought only in a further iteration
    // (max-early-inliner-iterations, 1 by default).  No size param flips it.
    if (site->chain.size() > 1) {
      site->limit = limit_of("max-early-inliner-iterations", outermost);
      return;
    }
    const bool hot = e->maybe_hot_p();
    const char *param = hot ? "early-inlining-insns" : "max-inline-insns-size";
    Limit limit = limit_of(param, outermost);
    // A hot call to a callee that makes N calls (cheap builtins aside,
    // num_calls) must also pass growth * (N + 1) <= early-inlining-insns.
    int64_t flip = growth;
    if (hot) {
      int calls = 0;
      for (cgraph_edge *c = e->callee->ultimate_alias_target()->callees; c; c = c->next_callee)
        if (!is_inexpensive_builtin(c->callee->decl))
          ++calls;
      if (calls)
        flip = int64_t(growth) * (calls + 1);
    }
    if (flip > limit.value) {
      limit.flip_at = flip;
      site->limit = limit;
    }
    return;
  }
  const char *param = nullptr;
  bool flippable = false;
  switch (why) {
  case CIF_MAX_INLINE_INSNS_AUTO_LIMIT:
    param = "max-inline-insns-auto";
    flippable = true;
    break;
  case CIF_MAX_INLINE_INSNS_SINGLE_LIMIT:
    param = "max-inline-insns-single";
    flippable = true;
    break;
  case CIF_INLINE_UNIT_GROWTH_LIMIT:
    param = "inline-unit-growth";
    break;
  case CIF_LARGE_FUNCTION_GROWTH_LIMIT:
    param = "large-function-growth";
    break;
  case CIF_LARGE_STACK_FRAME_GROWTH_LIMIT:
    param = "large-stack-frame-growth";
    break;
  default:
    return;
  }
  Limit limit = limit_of(param, flippable ? e->caller : outermost);
  // want_inline_small_function_p refuses when growth >= the limit; the limit is
  // scaled by inline-heuristics-hint-percent when hints apply, which depends on
  // GCC-internal speedup estimates: then the flip point is "unknown".
  if (flippable && has_summaries(e->callee->ultimate_alias_target()) && ipa_call_summaries &&
      ipa_call_summaries->get(e) && estimate_edge_hints(e) == 0) {
    int growth = estimate_edge_growth(e);
    site->growth = growth;
    limit.flip_at = growth + 1;
  }
  site->limit = limit;
}

void InlineObserver::note_all_functions() {
  cgraph_node *node;
  FOR_EACH_FUNCTION(node) {
    if (!node->definition || node->alias || node->thunk || node->inlined_to)
      continue;
    tree decl = node->decl;
    if (functions_.count(decl))
      continue;
    function_order_.push_back(decl);
    Function f;
    f.function = ref_of(decl);
    f.never_inline = never_inline_.count(decl) > 0;
    f.out_of_line = false; // until after_ipa_inline finds it
    functions_.emplace(decl, f);
  }
}

void InlineObserver::before_early_inline(cgraph_node *fn) {
  early_fn_ = fn;
  early_first_site_ = sites_.size();
  if (fn)
    early_size_before_ = estimate_num_insns_fn(fn->decl, &eni_size_weights);
}

void InlineObserver::early_inline_done(cgraph_node *clone) {
  if (!early_fn_ || clone->inlined_to != early_fn_ || !clone->callers ||
      !clone->callers->call_stmt)
    return;
  cgraph_edge *e = clone->callers;
  tree decl = origin_decl(early_fn_);
  Site s = site_for(e, Pass::einline, early_fn_, inline_chain(e->call_stmt, decl));
  s.inlined = true;
  s.reason = "OK";
  s.reason_text = "inlined";
  if (forced_ && forced_->forced_early(e->call_stmt))
    set_reason(&s, FORCED_BY_POLICY);
  else if ((forced_ && forced_->replayed_early(e->call_stmt)) ||
           (replay_ && replay_->inlined_early(e->call_stmt)))
    set_reason(&s, REPLAYED_INLINE);
  s.caller_size_before = early_size_before_;
  functions_[decl].inlined_callees++;
  sites_.push_back(s);
}

void InlineObserver::after_early_inline(cgraph_node *fn) {
  if (!fn || fn != early_fn_)
    return;
  tree decl = origin_decl(fn);
  int size_after = estimate_num_insns_fn(fn->decl, &eni_size_weights);
  for (size_t i = early_first_site_; i < sites_.size(); i++)
    sites_[i].caller_size_after = size_after;
  for (cgraph_edge *e = fn->callees; e; e = e->next_callee) {
    if (!e->call_stmt || !e->callee)
      continue;
    Site s = site_for(e, Pass::einline, fn, inline_chain(e->call_stmt, decl));
    s.caller_size_before = early_size_before_;
    s.caller_size_after = size_after;
    classify_refusal(e, &s, true);
    sites_.push_back(s);
  }
  early_fn_ = nullptr;
}

void InlineObserver::before_ipa_inline() {
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION(node) {
    if (ipa_size_summaries && ipa_size_summaries->get(node))
      ipa_size_before_[origin_decl(node)] = ipa_size_summaries->get(node)->size;
    for (cgraph_edge *e = node->callees; e; e = e->next_callee)
      if (e->call_stmt && e->callee && has_summaries(e->callee->ultimate_alias_target()) &&
          ipa_call_summaries && ipa_call_summaries->get(e))
        ipa_growth_[e->call_stmt] = estimate_edge_growth(e);
  }
}

void InlineObserver::walk_inline_tree(cgraph_node *root, cgraph_node *node, InlineChain &chain,
                                      int *inlined) {
  for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
    if (!e->call_stmt || !e->callee)
      continue;
    Site s = site_for(e, Pass::ipa, root, chain);
    tree root_decl = origin_decl(root);
    auto before = ipa_size_before_.find(root_decl);
    if (before != ipa_size_before_.end())
      s.caller_size_before = before->second;
    if (ipa_size_summaries && ipa_size_summaries->get(root))
      s.caller_size_after = ipa_size_summaries->get(root)->size;
    if (s.inlined) {
      ++*inlined;
      if (forced_ && forced_->forced_ipa(e))
        set_reason(&s, FORCED_BY_POLICY);
      else if (forced_ && forced_->replayed_ipa(e))
        set_reason(&s, REPLAYED_INLINE);
      // The growth GCC estimated before it started inlining (in the callee's
      // own context, before other inlining into the same caller).
      auto growth = ipa_growth_.find(e->call_stmt);
      if (growth != ipa_growth_.end())
        s.growth = growth->second;
      sites_.push_back(s);
      chain.push(e);
      walk_inline_tree(root, e->callee, chain, inlined);
      chain.pop();
    } else {
      classify_refusal(e, &s, false);
      sites_.push_back(s);
    }
  }
}

void InlineObserver::after_ipa_inline() {
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION(node) {
    if (node->inlined_to || node->alias || node->thunk || !node->has_gimple_body_p())
      continue;
    tree decl = origin_decl(node);
    int inlined = 0;
    InlineChain chain(decl);
    walk_inline_tree(node, node, chain, &inlined);
    auto it = functions_.find(decl);
    if (it == functions_.end())
      continue; // an IPA clone (foo.constprop.0) of a function already recorded
    Function &f = it->second;
    f.out_of_line = true;
    f.inlined_callees += inlined;
    auto before = ipa_size_before_.find(decl);
    if (before != ipa_size_before_.end())
      f.size_before = before->second;
    if (ipa_size_summaries && ipa_size_summaries->get(node))
      f.size_after = ipa_size_summaries->get(node)->size;
  }
}

std::vector<Function> InlineObserver::functions() const {
  std::vector<Function> out;
  for (tree decl : function_order_)
    out.push_back(functions_.at(decl));
  return out;
}

void InlineObserver::clear() {
  never_inline_.clear();
  function_order_.clear();
  functions_.clear();
  early_fn_ = nullptr;
  ipa_size_before_.clear();
  ipa_growth_.clear();
  sites_.clear();
}

} // namespace inlinetune
