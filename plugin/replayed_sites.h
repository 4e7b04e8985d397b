// SPDX-License-Identifier: GPL-3.0-or-later
// Replay (-fplugin-arg-inlinetune-replay=PATH, docs/replay.md): each TU
// takes the decisions its recorded log holds, in the inliner that made
// them, and the fallback (replay-fallback=) for the call sites the log does
// not know.
//
// How, with the two mechanisms the policy's call-site rules use: a call the
// log refused is marked as a forbidden site is (call_sites.h), before the
// inliner that refused it runs; a call the log inlined is forced
// (forced_sites.h): after "einline" ran on its function, or before the IPA
// "inline" pass, in each inline copy as the log's "chain" names it.  The
// early inliner's marks go with the call graph edges GCC rebuilds after the
// early passes, so an early refusal does not stop the IPA inliner.  A policy
// beats replay: a site a policy forbids or forces is the policy's.
//
// Limits: the early inliner's calls inside bodies it inlined in the same
// run (a further iteration, max-early-inliner-iterations > 1) are replayed
// only when the log inlined them; a call GCC makes up (into ipa-split's
// foo.part.0, location "?") is found only where ipa-split cut the same
// part, which before_split sees to.
#pragma once

#include "call_sites.h"
#include "gcc_compat.h"
#include "options.h"
#include "params.h"
#include "records.h"
#include "replay_log.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace inlinetune {

class ReplayedSites {
public:
  // gcc: GCC decides (out of scope, an always_inline callee); unknown: GCC
  // decides a site the log does not know (replay-fallback=gcc).
  enum class Verdict { gcc, unknown, inline_call, refuse };

  // For the TU at TU_PATH (the source, as the header writes it) compiled to
  // OBJECT: nothing without replay= or outside replay-tus=, else its log's
  // decisions (throws Error when the log cannot be read).
  void reset(const Options &options, const std::string &tu_path, const std::string &object);
  bool active() const { return active_; }

  // What replay wants for E, a call in FN's body as "einline" finds it
  // (CHAIN: inline_chain of its statement in FN).
  Verdict early(cgraph_edge *e, cgraph_node *fn, const CallIdentity &call);
  // ... and for E in the IPA inliner: ROOT the out-of-line function, CHAIN
  // the symbols of ROOT and of each inline copy down to E's.  Before and
  // in GCC's IPA inliner, a recorded refusal is left to GCC (Verdict::gcc)
  // when this compile has its log's params (set_params): at the same
  // params GCC's inliner refuses it again, and a mark would change what it
  // does elsewhere (GCC's growth estimates take a marked call for one that
  // can never be inlined, so that the callee's body must stay).  After it,
  // an inlined call the log refused is counted (inlined_against_log).
  Verdict ipa(cgraph_edge *e, cgraph_node *root, const InlineChain &chain,
              const CallIdentity &call);
  // Before the IPA inliner, for E, an indirect call of a body ROOT holds
  // (CHAIN: where): marked refused when the log refused every call written
  // there in every copy of that body.  GCC's IPA inliner makes an indirect
  // call direct when a copy passes it a known function, and keeps the mark
  // (cgraph_edge::make_direct); the new call has no hook of its own to be
  // decided at.
  void ipa_indirect(cgraph_edge *e, cgraph_node *root, const InlineChain &chain);
  // At the start of the IPA passes: this compile's inliner params, the
  // TU's and each function's own, as its log header records them.
  void set_params(const std::vector<log::ParamValue> &tu,
                  const std::vector<log::FunctionParams> &functions);

  // Before "einline" runs on FN: the calls of FN's body the log refused
  // are marked.  When the log knows every call of FN's body, GCC's early
  // inliner itself is made to inline the others: FN's max-inline-insns-size
  // and early-inlining-insns are raised while it runs
  // (want_early_inline_function_p inlines any call whose growth is within
  // the first, once its least growth is within the second), so the
  // recorded inlinings are made by GCC in GCC's own order and batch, as in
  // the recorded build.  Inlining them
  // after "einline" instead (what is left for a function with calls the
  // log does not know) copies the same bodies in another order, and the
  // code can differ in register allocation.
  void before_early_inline(cgraph_node *fn);
  // While "einline" runs on FN, after GCC inlined an always_inline callee
  // (early_inliner copies those bodies in before it looks at any other
  // call; called from the node-removal hook of their inline clones): the
  // calls the body brought are decided as FN's own were.  One the log
  // does not know puts the raised params back (GCC decides it, and the
  // log's inlinings it leaves are made after "einline").
  void calls_appeared(cgraph_node *fn);
  // Right after "einline" ran on FN: the raised params put back.
  void after_early_inline();
  // Whether the call at STMT is one the log inlined and GCC's early
  // inliner was made to inline (for the log's reason).
  bool inlined_early(gimple *stmt) const { return raised_ && wanted_stmts_.count(stmt) != 0; }
  // After GCC's IPA inliner, for E, a call the log inlined where it now
  // is: takes off a provisional refusal (a call in a body whose copies the
  // log decided otherwise, marked before the IPA inliner until its place
  // was known); whether E may be inlined now.
  bool lift_provisional(cgraph_edge *e);
  // Marks E refused by replay (a call to an always_inline function is
  // left alone: GCC must inline it).
  void refuse(cgraph_edge *e);
  // Whether the call at STMT was refused by replay (for the log's reason).
  bool refused(gimple *stmt) const { return refused_stmts_.count(stmt) != 0; }
  // At the IPA inliner: the early inliner's statements are forgotten; from
  // here to the end of the IPA inliner, the calls of the inline copies it
  // makes are decided as they are made (edge_duplicated).
  void begin_ipa() {
    refused_stmts_.clear();
    saved_.clear();
    provisional_.clear();
    in_ipa_ = true;
  }
  void end_ipa() { in_ipa_ = false; }
  // GCC's edge duplication hook.  A call copied into an inline copy
  // inherits its original's mark; GCC's inliner decides on the copy before
  // the copy's place in the inline tree is known, so the copy is decided by
  // ReplayLog::copy_decision: refused when every record of the call in a
  // copy of that function in that caller was, else GCC decides (the mark
  // taken off).
  void edge_duplicated(cgraph_edge *src, cgraph_edge *dst);

  // Before ipa-split ("fnsplit") runs on FN: the params it reads are set,
  // in the global options while it runs, to the values the recorded build
  // compiled FN with, so that it cuts off the parts (foo.part.0) the
  // recorded build cut, whose calls the log decides.  A split is the first
  // half of GCC's partial inlining, and at other params ipa-split cuts
  // other parts: their calls would not be in the log.
  void before_split(cgraph_node *fn);
  // Right after "fnsplit" ran: the values put back.
  void after_split() { restore_globals(&split_saved_); }
  bool splitting() const { return split_saved_.saved; }

  // A recorded inlining that GCC's legality checks refused (forced_sites.h).
  void note_refused(const std::string &site) { refused_sites_.insert(site); }
  // The TU header's "replay"; nullopt without replay in this TU.
  std::optional<log::ReplaySummary> summary() const;

private:
  // Whether replay-functions= puts DECL's code in scope
  // (replay_function_names: by the symbol the log records).
  bool replays_function(tree decl) const;
  // Decides E, a call of FN as "einline" finds it, once: marked when the
  // log refused it, wanted when it inlined it; false when the log does not
  // know it (GCC decides it).
  bool decide_early_call(cgraph_edge *e, cgraph_node *fn);
  void lower_params();
  // Whether E's callee reaches E's caller again (E is on a cycle).
  static bool on_cycle(cgraph_edge *e);
  Verdict decide(log::Pass pass, cgraph_edge *e, cgraph_node *caller, const InlineChain &chain,
                 const CallIdentity &call);

  bool active_ = false;
  std::string fallback_ = "gcc";
  std::vector<Glob> functions_;
  std::optional<ReplayLog> log_;
  std::set<gimple *> refused_stmts_;
  // The marked calls whose refusal is provisional: the log has their body's
  // copies inlined in some places and refused in others.
  std::set<gimple *> provisional_;
  // Each marked call's state before the mark (copies share the statement).
  std::map<gimple *, std::pair<unsigned, cgraph_inline_failed_t>> saved_;
  bool in_ipa_ = false;
  // The early inliner's function, the calls of it already decided, and
  // the raised params (before_early_inline).
  cgraph_node *early_fn_ = nullptr;
  std::set<gimple *> early_seen_;
  std::set<gimple *> wanted_stmts_;
  bool raised_ = false;
  RaisedParams raised_params_;
  std::set<std::string> replayed_, not_found_, refused_sites_;
  // The IPA inliner's recorded refusals left to GCC (ipa), and the recorded
  // refusals GCC's IPA inliner inlined.
  bool refusals_to_gcc_ = false;
  std::set<std::string> left_to_gcc_, inlined_against_log_;
  // ipa-split at the recorded params (before_split): while it runs, and the
  // functions it ran on so.
  SavedGlobals split_saved_;
  size_t split_at_recorded_ = 0;
};

} // namespace inlinetune
