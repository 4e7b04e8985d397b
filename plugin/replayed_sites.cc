// SPDX-License-Identifier: GPL-3.0-or-later
#include "replayed_sites.h"
#include "functions.h"
#include "inline_observer.h"

#include <stdexcept>

namespace inlinetune {

void ReplayedSites::reset(const Options &options, const std::string &tu_path,
                          const std::string &object) {
  *this = ReplayedSites();
  if (!options.replay)
    return;
  if (!in_scope(options.replay_tus, tu_path))
    return;
  active_ = true;
  fallback_ = options.replay_fallback;
  functions_ = options.replay_functions;
  log_ = ReplayLog::load(*options.replay, tu_path, object);
}

bool ReplayedSites::replays_function(tree decl) const {
  return in_scope(functions_, replay_function_names(function_names(decl).front()));
}

ReplayedSites::Verdict ReplayedSites::decide(log::Pass pass, cgraph_edge *e, cgraph_node *caller,
                                             const InlineChain &where, const CallIdentity &call) {
  const std::vector<std::string> &chain = where.functions;
  if (!active_ || !e->call_stmt || !e->callee)
    return Verdict::gcc;
  tree caller_decl = origin_decl(caller);
  if (!replays_function(caller_decl))
    return Verdict::gcc;
  const std::string &id = call.id_text;
  const std::string &caller_symbol = function_names(caller_decl).front();
  std::optional<bool> recorded = log_->decision(pass, caller_symbol, chain, where.sites, id);
  // The IPA inliner's call not recorded where it is: by the log's records of
  // it in copies of the same body (replay_log.h).
  bool provisional = false;
  if (!recorded && pass == log::Pass::ipa && !chain.empty()) {
    if (chain.size() > 1)
      recorded = log_->copy_decision(caller_symbol, chain.back(), id);
    if (!recorded)
      recorded = log_->body_decision(chain.back(), id);
    // Inlined in some copies of its body, refused in others: refused
    // until its place is known (after GCC's IPA inliner, take).  Not a
    // call on a cycle (recursion, direct or through other functions):
    // its copies are nested in each other, GCC's recursive inliner copies
    // them through a master clone of its own, and the log's chains of
    // them are not followed after GCC's inliner (a function already on
    // the path is not inlined again).
    if (!recorded && e->inline_failed && !log_->knows(pass, caller_symbol, chain, id) &&
        log_->body_disagrees(chain.back(), id) && !on_cycle(e)) {
      recorded = false;
      provisional = true;
    }
  }
  // GCC inlines these whatever anyone says (or fails the compile).
  if (lookup_attribute("always_inline", DECL_ATTRIBUTES(call.callee)))
    return Verdict::gcc;
  const std::string site = ReplayLog::key(pass, caller_symbol, chain, id);
  if (recorded) {
    replayed_.insert(site);
    if (provisional)
      provisional_.insert(e->call_stmt);
    return *recorded ? Verdict::inline_call : Verdict::refuse;
  }
  not_found_.insert(site);
  return fallback_ == "never"    ? Verdict::refuse
         : fallback_ == "always" ? Verdict::inline_call
                                 : Verdict::unknown;
}

ReplayedSites::Verdict ReplayedSites::early(cgraph_edge *e, cgraph_node *fn,
                                            const CallIdentity &call) {
  if (!active_ || !e->call_stmt)
    return Verdict::gcc;
  return decide(log::Pass::einline, e, fn, inline_chain(e->call_stmt, origin_decl(fn)), call);
}

ReplayedSites::Verdict ReplayedSites::ipa(cgraph_edge *e, cgraph_node *root,
                                          const InlineChain &where, const CallIdentity &call) {
  const std::vector<std::string> &chain = where.functions;
  const Verdict v = decide(log::Pass::ipa, e, root, where, call);
  if (v != Verdict::refuse)
    return v;
  auto site = [&] {
    return ReplayLog::key(log::Pass::ipa, function_names(origin_decl(root)).front(), chain,
                          call.id_text);
  };
  if (!e->inline_failed) {
    inlined_against_log_.insert(site());
    return v;
  }
  if (in_ipa_ && refusals_to_gcc_) {
    left_to_gcc_.insert(site());
    return Verdict::gcc;
  }
  return v;
}

void ReplayedSites::set_params(const std::vector<log::ParamValue> &tu,
                               const std::vector<log::FunctionParams> &functions) {
  refusals_to_gcc_ = active_ && log_ && log_->found() && log_->same_params(tu, functions);
}

void ReplayedSites::ipa_indirect(cgraph_edge *e, cgraph_node *root, const InlineChain &chain) {
  if (!active_ || !e->call_stmt || e->call_stmt_cannot_inline_p || refusals_to_gcc_ ||
      chain.functions.empty())
    return;
  if (!replays_function(origin_decl(root)))
    return;
  const std::string location = site_location(gimple_location(e->call_stmt));
  std::optional<bool> recorded = log_->location_decision(chain.functions.back(), location);
  if (recorded && !*recorded)
    refuse(e);
}

bool ReplayedSites::on_cycle(cgraph_edge *e) {
  // The functions E's callee reaches by direct calls, looking for E's
  // caller: a bounded walk (a cycle through more than kMax functions is
  // taken for none).
  constexpr size_t kMax = 2000;
  cgraph_node *from = clone_origin(e->caller->inlined_to ? e->caller->inlined_to : e->caller);
  cgraph_node *start = e->callee->ultimate_alias_target();
  hash_set<cgraph_node *> seen;
  auto_vec<cgraph_node *> work;
  work.safe_push(start);
  seen.add(start);
  while (!work.is_empty() && seen.elements() < kMax) {
    cgraph_node *n = work.pop();
    if (clone_origin(n) == from || clone_origin(n) == clone_origin(e->caller))
      return true;
    for (cgraph_edge *c = n->callees; c; c = c->next_callee) {
      cgraph_node *next = c->callee ? c->callee->ultimate_alias_target() : nullptr;
      if (next && next->definition && !seen.add(next))
        work.safe_push(next);
    }
  }
  return false;
}

bool ReplayedSites::lift_provisional(cgraph_edge *e) {
  auto saved = saved_.find(e->call_stmt);
  if (!e->call_stmt_cannot_inline_p || !provisional_.count(e->call_stmt) || saved == saved_.end())
    return false;
  e->call_stmt_cannot_inline_p = saved->second.first;
  e->inline_failed = saved->second.second;
  return !e->call_stmt_cannot_inline_p;
}

void ReplayedSites::refuse(cgraph_edge *e) {
  saved_.try_emplace(e->call_stmt, unsigned(e->call_stmt_cannot_inline_p), e->inline_failed);
  e->call_stmt_cannot_inline_p = 1;
  e->inline_failed = CIF_UNSPECIFIED;
  refused_stmts_.insert(e->call_stmt);
}

namespace {
// Any growth a call can have (GCC's size estimates are far below it), for
// both limits of want_early_inline_function_p: max-inline-insns-size, within
// which any call is inlined, and early-inlining-insns, which a call's least
// growth (estimate_min_edge_growth) must not pass first, whatever the other
// says (a call the RFC's 14 let in and GCC's default 6 keeps out).
std::vector<GccParam> any_growth() {
  std::vector<GccParam> params;
  for (const char *name : {"max-inline-insns-size", "early-inlining-insns"}) {
    ParamSetting s;
    s.name = name;
    s.value = "1000000";
    GccParam p;
    std::string why;
    if (!check_param(s, &p, &why))
      throw std::runtime_error("replay: " + why);
    params.push_back(p);
  }
  return params;
}
} // namespace

bool ReplayedSites::decide_early_call(cgraph_edge *e, cgraph_node *fn) {
  if (!e->inline_failed || !e->call_stmt || !e->callee || !early_seen_.insert(e->call_stmt).second)
    return true;
  if (e->call_stmt_cannot_inline_p) // GCC's own final refusal, or a policy's
    return cgraph_inline_failed_type(e->inline_failed) == CIF_FINAL_ERROR;
  // A call GCC's early inliner passes over whatever its params (no body to
  // copy in: a builtin, an external function; early_inline_small_functions)
  // need not be known: the always_inline bodies bring builtins that fold
  // away before the log could record them (__builtin_constant_p).
  const ipa_fn_summary *callee_summary =
      ipa_fn_summaries ? ipa_fn_summaries->get(e->callee->ultimate_alias_target()) : nullptr;
  if (!callee_summary || !callee_summary->inlinable)
    return true;
  switch (early(e, fn, call_identity(e))) {
  case Verdict::refuse:
    refuse(e);
    return true;
  case Verdict::inline_call:
    wanted_stmts_.insert(e->call_stmt);
    return true;
  case Verdict::unknown:
    return false;
  case Verdict::gcc:
    return true;
  }
  return true;
}

void ReplayedSites::before_early_inline(cgraph_node *fn) {
  after_early_inline(); // a function whose "after" pass did not run
  // The statements asked about are FN's: freed ones may come back elsewhere.
  refused_stmts_.clear();
  wanted_stmts_.clear();
  saved_.clear();
  if (!active_ || !fn)
    return;
  early_fn_ = fn;
  bool all_known = true;
  for (cgraph_edge *e = fn->callees; e; e = e->next_callee)
    all_known = decide_early_call(e, fn) && all_known;
  // Further iterations look at the calls the inlined bodies brought, which
  // nothing marked.
  if (all_known && !wanted_stmts_.empty() &&
      opts_for_fn(fn->decl)->x_param_early_inliner_max_iterations <= 1) {
    static const std::vector<GccParam> raise = any_growth();
    raise_params(fn->decl, raise, &raised_params_);
    raised_ = true;
  }
}

void ReplayedSites::calls_appeared(cgraph_node *fn) {
  if (!active_ || !fn || fn != early_fn_)
    return;
  bool all_known = true;
  for (cgraph_edge *e = fn->callees; e; e = e->next_callee)
    all_known = decide_early_call(e, fn) && all_known;
  // A call the log does not know is GCC's to decide, at this build's params.
  if (!all_known)
    lower_params();
}

void ReplayedSites::lower_params() {
  if (!raised_)
    return;
  restore_params(raised_params_);
  raised_ = false;
}

void ReplayedSites::after_early_inline() {
  lower_params();
  early_fn_ = nullptr;
  early_seen_.clear();
}

void ReplayedSites::before_split(cgraph_node *fn) {
  after_split(); // a function whose "after" pass did not run
  if (!active_ || !fn || !log_->found())
    return;
  tree decl = origin_decl(fn);
  if (!replays_function(decl))
    return;
  // What GCC's ipa-split.cc (consider_split) reads: the header's size
  // against max-inline-insns-single (a function declared inline) or -auto,
  // and a COMDAT tail against -auto and early-inlining-insns.
  static const char *const split_params[] = {"max-inline-insns-auto", "max-inline-insns-single",
                                             "early-inlining-insns"};
  const std::string &symbol = function_names(decl).front();
  std::vector<GccParam> set;
  for (const char *name : split_params) {
    std::optional<std::string> recorded = log_->recorded_param(symbol, name);
    if (!recorded || recorded == global_param_value(name))
      continue;
    ParamSetting setting;
    setting.name = name;
    setting.value = *recorded;
    GccParam p;
    std::string why;
    if (check_param(setting, &p, &why)) // a log of another GCC may hold values this one refuses
      set.push_back(p);
  }
  set_global_params(set, &split_saved_);
  split_at_recorded_ += !set.empty();
}

void ReplayedSites::edge_duplicated(cgraph_edge *src, cgraph_edge *dst) {
  if (!active_ || !in_ipa_ || !dst || !dst->caller || !dst->caller->inlined_to || !dst->call_stmt ||
      !dst->callee || !dst->inline_failed)
    return;
  cgraph_node *root = dst->caller->inlined_to;
  tree root_decl = origin_decl(root);
  if (!replays_function(root_decl))
    return;
  const CallIdentity call = call_identity(dst);
  if (lookup_attribute("always_inline", DECL_ATTRIBUTES(call.callee)))
    return;
  const std::string &id = call.id_text;
  const std::string &copy_of = function_names(origin_decl(dst->caller)).front();
  std::optional<bool> recorded =
      log_->copy_decision(function_names(root_decl).front(), copy_of, id);
  if (!recorded)
    recorded = log_->body_decision(copy_of, id);
  const bool marked = refused_stmts_.count(dst->call_stmt) && dst->call_stmt_cannot_inline_p;
  // A recursive call (back to the root or to the copy's own function) is
  // GCC's recursive inliner's, which copies through a master clone of its
  // own: it decides.
  tree callee_origin = origin_decl(dst->callee->ultimate_alias_target());
  const bool recursive = callee_origin == root_decl || callee_origin == origin_decl(dst->caller);
  if (recorded && !*recorded && !recursive) {
    if (!dst->call_stmt_cannot_inline_p && !refusals_to_gcc_)
      refuse(dst);
    return;
  }
  // A provisional refusal (decide) stays until the copy's place is known.
  if (!recorded && marked && provisional_.count(dst->call_stmt) &&
      log_->body_disagrees(copy_of, id))
    return;
  auto saved = saved_.find(dst->call_stmt);
  if (marked && saved != saved_.end()) {
    dst->call_stmt_cannot_inline_p = saved->second.first;
    dst->inline_failed = saved->second.second;
  }
}

std::optional<log::ReplaySummary> ReplayedSites::summary() const {
  if (!active_ || !log_)
    return std::nullopt;
  log::ReplaySummary s;
  s.log = log_->origin();
  s.found = log_->found();
  s.fallback = fallback_;
  s.replayed = replayed_.size();
  s.not_found = not_found_.size();
  s.unmatched = log_->unmatched();
  s.ambiguous = log_->ambiguous();
  s.refused = refused_sites_.size();
  s.split_at_recorded_params = split_at_recorded_;
  s.left_to_gcc = left_to_gcc_.size();
  s.inlined_against_log = inlined_against_log_.size();
  return s;
}

} // namespace inlinetune
